"""Which seats' clocks run after a commit, and the clock the commit writes.

A seat's clock runs while the game waits for it and a person holds it
(:mod:`.arithmetic`); this is the one place that reads "who is running" off a table, for
every commit (:func:`settle_clock`) and for the host's resume alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from spyhouse.kinds import SeatKind, TableStatus
from spyhouse.server.clocks import arithmetic

if TYPE_CHECKING:
    from spyhouse.store.models import TableRow
    from spyhouse.store.repository import Change


def running(row: TableRow, change: Change | None = None, state: Any = None) -> set[int]:
    """The seats whose clock runs once ``change`` (if any) is committed: those the game
    waits for that a person holds. ``state``: the engine state after the change, when at
    hand (else loaded from the change or the row)."""
    status = change.status if change is not None and change.status else row.status
    if status != TableStatus.PLAYING:
        return set()
    # The commit path goes through this module, so the game's lookup is imported late.
    from spyhouse.server.context import game_of

    game = game_of(row)
    if state is None:
        stored = change.state if change is not None and change.state is not None else None
        state = game.load(stored if stored is not None else row.state or {})
    kinds: Mapping[int, str] = {s.seat: s.kind for s in row.seats}
    if change is not None:
        kinds = {**kinds, **{c.seat: c.kind for c in change.seats}}
    return {seat for seat in game.to_act(state) if kinds.get(seat) == SeatKind.HUMAN}


def settle_clock(
    row: TableRow, change: Change, now: float, timed_out: bool = False, state: Any = None
) -> None:
    """Set ``change.clock``: after the change, the clocks of the seats the game waits for
    and a person holds run; the others stop. ``state``: the engine state after the
    change, when at hand."""
    assert row.clock is not None
    mover = change.seat if change.action is not None else None
    change.clock = arithmetic.settle(row.clock, running(row, change, state), now, mover, timed_out)
    for c in change.seats:  # a player back at their seat starts with a clean record
        if c.kind == SeatKind.HUMAN:
            change.clock["seats"][c.seat]["timeouts"] = 0
    change.deadline = arithmetic.next_deadline(change.clock)
