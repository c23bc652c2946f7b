"""Clocks: firing expired deadlines, exactly once, from any process; the host's clock controls.

When a seat's time runs out, the bot that replaces absent players makes its pending
decision through the same commit path as any move, and everyone reads a public
``timed_out`` event naming only the seat and its player ("time ran out — Spyhouse played
for Bob"): nothing the move itself would not reveal. After ``handover_after`` consecutive
timeouts a bot *holds* the seat until its player comes back (``server/absent.py``).

Every process looks for expired deadlines at start-up, then sleeps until the earliest
deadline it knows of: the earliest in the database when it last looked, or one its own
commits set since (:class:`Alarm`), and at most ``Settings.clock_scan_seconds`` (so a
deadline set by a process that died meanwhile fires that much late at worst). An idle
server so makes one look per period, where it used to query every half second; when
two processes find the same deadline, the version compare-and-swap lets exactly one
commit, and the other, reloading, finds the deadline gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from spyhouse.engine import Event
from spyhouse.server import botlevels, play, timekeeping
from spyhouse.server.context import Context, commit, game_of, settle_clock, try_commit
from spyhouse.server.problems import Problem
from spyhouse.store.repository import Change, SeatChange, StaleVersion
from spyhouse.store.snapshots import TableSnapshot

log = logging.getLogger(__name__)
_RETRIES = 16


async def fire_expired(ctx: Context, table_id: str) -> int:
    """Play for every seat of this table whose time has run out; the number fired.

    Safe to call from any number of processes at once: a deadline fires in exactly one.
    """
    fired = 0
    for _ in range(_RETRIES * 4):
        row = await ctx.store.get(table_id)
        if row is None or row.status != "playing" or row.clock is None:
            break
        now = ctx.settings.clock.now()
        due = timekeeping.due(row.clock, now)
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


async def _timeout(ctx: Context, row: TableSnapshot, seat: int, now: float) -> Change:
    """The bot's move for ``seat``, the public ``timed_out`` event, and the hand-over to a
    holding bot once the seat has timed out ``handover_after`` times in a row."""
    assert row.clock is not None
    game = game_of(row)
    state = game.load(row.state or {})
    holder = next(s for s in row.seats if s.seat == seat)
    seats: list[SeatChange] = []
    # The bot that replaces absent players plays as well as the table allows.
    level = botlevels.strongest_level(ctx, row, seat)
    if seat in game.to_act(state):
        # Thinking off the event loop like any bot.
        action = await ctx.thinking.choose(game, state, seat, level)
        change, _ = play.change_for(game, state, seat, action)
    else:  # not the seat's turn after all: just stop its clock
        change = Change(events=[], seat=seat, action={})
    change.events.insert(0, Event.public("timed_out", seat=seat, name=holder.name).to_json())
    timeouts = row.clock["seats"][seat]["timeouts"] + 1
    if timeouts >= row.clock["handover_after"] and holder.kind == "human":
        seats.append(
            SeatChange(seat, "bot", holder.name, None, level, holder.token_hash, hold="absent")
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


class Alarm:
    """When this process next looks for expired deadlines: woken early by a commit of its
    own that sets a deadline before the one it sleeps towards."""

    def __init__(self) -> None:
        self.at = float("inf")
        """The time (the settings' clock) of the next look."""
        self._waiter: asyncio.Future[bool] | None = None

    def set_for(self, deadline: float | None) -> None:
        """A commit set ``deadline``: look then, if that is before the next look."""
        if deadline is not None and deadline < self.at:
            self.at = deadline
            _answer(self._waiter, True)

    async def sleep(self, seconds: float) -> bool:
        """Until ``seconds`` pass (``False``) or :meth:`set_for` moves the look earlier
        (``True``). One future and one timer: ``asyncio.wait_for`` (a task per sleep)
        may swallow a cancel that meets a wake-up on Python 3.11, and the server would
        never stop."""
        loop = asyncio.get_running_loop()
        self._waiter = waiter = loop.create_future()
        timer = loop.call_later(seconds, _answer, waiter, False)
        try:
            return bool(await waiter)
        finally:
            timer.cancel()
            self._waiter = None


def _answer(waiter: asyncio.Future[bool] | None, rung: bool) -> None:
    if waiter is not None and not waiter.done():
        waiter.set_result(rung)


async def _keep_scanning(ctx: Context) -> None:
    alarm, clock = ctx.alarm, ctx.settings.clock
    period = ctx.settings.clock_scan_seconds
    while True:
        earliest, alarm.at = None, float("inf")  # a commit during the scan may lower it
        try:
            await scan(ctx)
            earliest = await ctx.store.earliest_deadline()
        except asyncio.CancelledError:
            raise
        except Exception:  # the database went away for a moment: try again later
            log.warning("clock scan failed", exc_info=True)
        now = clock.now()
        # A deadline still past after a scan could not be fired (a game no longer
        # shipped): looked at again a period later, not at once in a loop.
        soon = earliest if earliest is not None and earliest > now else now + period
        alarm.at = min(alarm.at, soon, now + period)
        # Slept out means look (the settings' clock need not be the machine's: tests
        # move it by hand); rung means an earlier deadline: sleep towards that one.
        while (wait := alarm.at - clock.now()) > 0 and await alarm.sleep(wait):
            pass


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


# -- the host's controls ---------------------------------------------------------------


def _clock_of(row: TableSnapshot) -> dict[str, Any]:
    if row.clock is None:
        raise Problem(409, "no_clock", "This table plays without a clock.")
    if row.status != "playing":
        raise Problem(409, "not_playing", "Clocks run only while the game is played.")
    return row.clock


def _running(row: TableSnapshot) -> set[int]:
    game = game_of(row)
    humans = {s.seat for s in row.seats if s.kind == "human"}
    return set(game.to_act(game.load(row.state or {}))) & humans


async def pause(ctx: Context, row: TableSnapshot) -> None:
    """Host: freeze every clock with what it has left."""
    clock = _clock_of(row)
    if clock["paused"]:
        raise Problem(409, "already_paused", "The clocks are already paused.")
    new = timekeeping.pause(clock, ctx.settings.clock.now())
    await _clock_commit(ctx, row, new, Event.public("clocks_paused"))


async def resume(ctx: Context, row: TableSnapshot) -> None:
    """Host: restart the clocks from where they stopped."""
    clock = _clock_of(row)
    if not clock["paused"]:
        raise Problem(409, "not_paused", "The clocks are not paused.")
    new = timekeeping.resume(clock, _running(row), ctx.settings.clock.now())
    await _clock_commit(ctx, row, new, Event.public("clocks_resumed"))


async def add_time(ctx: Context, row: TableSnapshot, seat: int | None, seconds: int) -> None:
    """Host: ``seconds`` more for one seat, or for every seat; 422 ``clock_too_long``
    (nothing added) when a seat would have more than a new clock may (30 days)."""
    clock = _clock_of(row)
    if seat is not None and not 0 <= seat < row.num_seats:
        raise Problem(404, "unknown_seat", f"This table has no seat {seat}.")
    seats = range(row.num_seats) if seat is None else [seat]
    new = timekeeping.add_time(clock, seats, seconds)
    # The cap a clock is created with holds afterwards too: added time is not a way to
    # a clock of years (nor to deadlines past what any client counts down).
    shown = timekeeping.public(new, ctx.settings.clock.now())["seats"]
    if any(shown[s]["remaining"] > timekeeping.MAX_SECONDS for s in seats):
        days = timekeeping.MAX_SECONDS // 86400
        raise Problem(
            422, "clock_too_long", f"A seat's clock holds at most {days} days; add less time."
        )
    await _clock_commit(ctx, row, new, Event.public("time_added", seat=seat, seconds=seconds))


async def _clock_commit(
    ctx: Context, row: TableSnapshot, clock: dict[str, Any], event: Event
) -> None:
    change = Change(events=[event.to_json()], clock=clock)
    change.deadline = timekeeping.next_deadline(clock)
    await commit(ctx, row, change)
