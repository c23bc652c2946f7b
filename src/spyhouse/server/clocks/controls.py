"""The host's clock controls: pause, resume, and more time for a seat or for all.

Each is one versioned commit with a public event, so every reader's log says who was
given time and when the clocks stood still.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Event
from spyhouse.kinds import TableStatus
from spyhouse.server.clocks import arithmetic, settling
from spyhouse.server.context import Context, commit
from spyhouse.server.web.problems import Problem
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change


def _clock_of(row: TableRow) -> dict[str, Any]:
    if row.clock is None:
        raise Problem(409, "no_clock", "This table plays without a clock.")
    if row.status != TableStatus.PLAYING:
        raise Problem(409, "not_playing", "Clocks run only while the game is played.")
    return row.clock


async def pause(ctx: Context, row: TableRow) -> None:
    """Host: freeze every clock with what it has left."""
    clock = _clock_of(row)
    if clock["paused"]:
        raise Problem(409, "already_paused", "The clocks are already paused.")
    new = arithmetic.pause(clock, ctx.settings.clock.now())
    await _clock_commit(ctx, row, new, Event.public("clocks_paused"))


async def resume(ctx: Context, row: TableRow) -> None:
    """Host: restart the clocks from where they stopped."""
    clock = _clock_of(row)
    if not clock["paused"]:
        raise Problem(409, "not_paused", "The clocks are not paused.")
    new = arithmetic.resume(clock, settling.running(row), ctx.settings.clock.now())
    await _clock_commit(ctx, row, new, Event.public("clocks_resumed"))


async def add_time(ctx: Context, row: TableRow, seat: int | None, seconds: int) -> None:
    """Host: ``seconds`` more for one seat, or for every seat; 422 ``clock_too_long``
    (nothing added) when a seat would have more than a new clock may (30 days)."""
    clock = _clock_of(row)
    if seat is not None and not 0 <= seat < row.num_seats:
        raise Problem(404, "unknown_seat", f"This table has no seat {seat}.")
    seats = range(row.num_seats) if seat is None else [seat]
    new = arithmetic.add_time(clock, seats, seconds)
    # The cap a clock is created with holds afterwards too: added time is not a way to
    # a clock of years (nor to deadlines past what any client counts down).
    shown = arithmetic.public(new, ctx.settings.clock.now())["seats"]
    if any(shown[s]["remaining"] > arithmetic.MAX_SECONDS for s in seats):
        days = arithmetic.MAX_SECONDS // 86400
        raise Problem(
            422, "clock_too_long", f"A seat's clock holds at most {days} days; add less time."
        )
    await _clock_commit(ctx, row, new, Event.public("time_added", seat=seat, seconds=seconds))


async def _clock_commit(ctx: Context, row: TableRow, clock: dict[str, Any], event: Event) -> None:
    change = Change(events=[event.to_json()], clock=clock)
    change.deadline = arithmetic.next_deadline(clock)
    await commit(ctx, row, change)
