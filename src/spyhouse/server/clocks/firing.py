"""Clocks: firing expired deadlines, exactly once, from any process.

When a seat's time runs out, the bot that replaces absent players makes its pending
decision through the same commit path as any move, and everyone reads a public
``timed_out`` event naming only the seat and its player ("time ran out — Spyhouse played
for Bob"): nothing the move itself would not reveal. After ``handover_after`` consecutive
timeouts a bot *holds* the seat until its player comes back (``server/holds.py``).

Every process looks for expired deadlines at start-up and every
``Settings.clock_scan_seconds``; when two find the same one, the version compare-and-swap
lets exactly one commit, and the other, reloading, finds the deadline gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from spyhouse.engine import Event
from spyhouse.kinds import Hold, SeatKind, TableStatus
from spyhouse.server import play
from spyhouse.server.autoplay import levels
from spyhouse.server.clocks import arithmetic
from spyhouse.server.clocks.settling import settle_clock
from spyhouse.server.context import Context, game_of, try_commit
from spyhouse.server.web.problems import Problem
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change, SeatChange, StaleVersion

log = logging.getLogger(__name__)
_RETRIES = 16


async def fire_expired(ctx: Context, table_id: str) -> int:
    """Play for every seat of this table whose time has run out; the number fired.

    Safe to call from any number of processes at once: a deadline fires in exactly one.
    """
    fired = 0
    for _ in range(_RETRIES * 4):
        row = await ctx.store.get(table_id)
        if row is None or row.status != TableStatus.PLAYING or row.clock is None:
            break
        now = ctx.settings.clock.now()
        due = arithmetic.due(row.clock, now)
        if not due:
            break
        try:
            await try_commit(ctx, row, await _timeout(ctx, row, due[0], now))
        except StaleVersion:
            continue  # someone moved, or another process fired it: look again
        fired += 1
    if fired:
        ctx.autoplay.wake(table_id)
    return fired


async def _timeout(ctx: Context, row: TableRow, seat: int, now: float) -> Change:
    """The bot's move for ``seat``, the public ``timed_out`` event, and the hand-over to a
    holding bot once the seat has timed out ``handover_after`` times in a row."""
    assert row.clock is not None
    game = game_of(row)
    state = game.load(row.state or {})
    holder = next(s for s in row.seats if s.seat == seat)
    seats: list[SeatChange] = []
    # The bot that replaces absent players plays as well as the table allows.
    level = levels.strongest_level(ctx, row, seat)
    if seat in game.to_act(state):
        # Thinking off the event loop like any bot.
        action = await ctx.thinking.choose(game, state, seat, level)
        change, _ = play.change_for(game, state, seat, action)
    else:  # not the seat's turn after all: just stop its clock
        change = Change(events=[], seat=seat, action={})
    change.events.insert(0, Event.public("timed_out", seat=seat, name=holder.name).to_json())
    timeouts = row.clock["seats"][seat]["timeouts"] + 1
    if timeouts >= row.clock["handover_after"] and holder.kind == SeatKind.HUMAN:
        seats.append(
            SeatChange(
                seat, SeatKind.BOT, holder.name, None, level, holder.token_hash, hold=Hold.ABSENT
            )
        )
        change.events.append(Event.public("seat_held", seat=seat, name=holder.name).to_json())
    change.seats = seats
    settle_clock(row, change, now, timed_out=True)
    return change


async def scan(ctx: Context) -> int:
    """Fire every expired deadline in the database; the number fired."""
    fired = 0
    for table_id in await ctx.store.due(ctx.settings.clock.now()):
        try:
            fired += await fire_expired(ctx, table_id)
        except Problem:
            continue  # a game this server no longer ships: nothing to play
    return fired


async def _keep_scanning(ctx: Context) -> None:
    while True:
        try:
            await scan(ctx)
        except asyncio.CancelledError:
            raise
        except Exception:  # the database went away for a moment: try again later
            log.warning("clock scan failed", exc_info=True)
        await asyncio.sleep(ctx.settings.clock_scan_seconds)


@contextlib.asynccontextmanager
async def watching(ctx: Context) -> AsyncIterator[None]:
    """Fire expired deadlines in the background while the app runs (first at once, so
    deadlines that passed while no server ran fire on start-up)."""
    task = asyncio.create_task(_keep_scanning(ctx))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
