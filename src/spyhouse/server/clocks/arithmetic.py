"""Time controls as pure arithmetic on a table's stored clock (no I/O, no "now" of its own).

A table's clock is one JSON document stored with the table, so every server process
reads the same deadlines::

    {"kind": "bank", "seconds": 300, "increment": 5, "handover_after": 2, "paused": false,
     "seats": [{"remaining": 300.0, "deadline": null, "timeouts": 0}, ...]}

- ``per_decision`` / ``correspondence``: each decision has ``seconds``.
- ``bank``: a chess-style bank per seat, ``+increment`` after each decision the player
  makes. Once a bank ran out (the seat timed out), each later decision has at least
  :data:`MIN_SECONDS`, so a returning player is never timed out the instant they act.

A seat's clock runs while the game waits for it (``to_act``) and a person holds it: in a
simultaneous decision every pending seat's clock runs at once. ``deadline`` is the
instant the running clock hits zero (``None`` when stopped); ``remaining`` is what was
left when it last stopped.
"""

from __future__ import annotations

import copy
from collections.abc import Collection
from typing import Any, TypedDict

MIN_SECONDS = 5
MAX_SECONDS = 30 * 24 * 3600
KINDS = ("per_decision", "bank", "correspondence")

ClockDoc = dict[str, Any]


class SeatClock(TypedDict):
    remaining: float
    deadline: float | None
    timeouts: int


def new_clock(spec: dict[str, Any], handover_after: int, num_seats: int) -> ClockDoc:
    """A table's clock before the start: every seat stopped with its full time."""
    seconds = float(spec["seconds"])
    return {
        "kind": spec["kind"],
        "seconds": seconds,
        "increment": float(spec.get("increment", 0)),
        "handover_after": handover_after,
        "paused": False,
        "seats": [
            SeatClock(remaining=seconds, deadline=None, timeouts=0) for _ in range(num_seats)
        ],
    }


def settle(
    clock: ClockDoc,
    running: Collection[int],
    now: float,
    mover: int | None = None,
    timed_out: bool = False,
) -> ClockDoc:
    """The clock after a commit: ``running`` are the seats whose clock should now run
    (pending and held by a person); ``mover`` made a decision (``timed_out``: the bot made
    it for them when their time ran out)."""
    out = copy.deepcopy(clock)
    per_decision = out["kind"] != "bank"
    for seat, c in enumerate(out["seats"]):
        left = c["remaining"] if c["deadline"] is None else max(0.0, c["deadline"] - now)
        if seat == mover:  # a decision made: the next one starts afresh
            c["timeouts"] = c["timeouts"] + 1 if timed_out else 0
            c["deadline"] = None
            if per_decision:
                c["remaining"] = out["seconds"]
            else:
                c["remaining"] = left + out["increment"]
                if timed_out or left == 0:
                    c["remaining"] = max(c["remaining"], MIN_SECONDS)
        elif c["deadline"] is not None and (seat not in running or out["paused"]):
            c["deadline"] = None
            c["remaining"] = out["seconds"] if per_decision and seat not in running else left
        if c["deadline"] is None and seat in running and not out["paused"]:
            if per_decision:
                c["remaining"] = out["seconds"]
            c["deadline"] = now + max(c["remaining"], 0.0)
    return out


def pause(clock: ClockDoc, now: float) -> ClockDoc:
    """Every clock frozen with what it had left."""
    out = copy.deepcopy(clock)
    out["paused"] = True
    for c in out["seats"]:
        if c["deadline"] is not None:
            c["remaining"] = max(0.0, c["deadline"] - now)
            c["deadline"] = None
    return out


def resume(clock: ClockDoc, running: Collection[int], now: float) -> ClockDoc:
    """Clocks restart from what they had left when paused (a per-decision clock too)."""
    out = copy.deepcopy(clock)
    out["paused"] = False
    for seat, c in enumerate(out["seats"]):
        if seat in running and c["deadline"] is None:
            c["deadline"] = now + c["remaining"]
    return out


def add_time(clock: ClockDoc, seats: Collection[int], seconds: float) -> ClockDoc:
    """``seconds`` more for each of ``seats``, running or not (this decision only, for a
    per-decision clock)."""
    out = copy.deepcopy(clock)
    for seat in seats:
        c = out["seats"][seat]
        if c["deadline"] is not None:
            c["deadline"] += seconds
        else:
            c["remaining"] += seconds
    return out


def due(clock: ClockDoc, now: float) -> list[int]:
    """Seats whose time has run out, earliest deadline first."""
    late = [
        (c["deadline"], seat)
        for seat, c in enumerate(clock["seats"])
        if c["deadline"] is not None and c["deadline"] <= now
    ]
    return [seat for _, seat in sorted(late)]


def next_deadline(clock: ClockDoc | None) -> float | None:
    """The earliest running deadline (stored in its own column, so expired ones are found
    with an index)."""
    if clock is None:
        return None
    deadlines = [c["deadline"] for c in clock["seats"] if c["deadline"] is not None]
    return min(deadlines) if deadlines else None


def public(clock: ClockDoc, now: float) -> dict[str, Any]:
    """What every reader is shown: the same deadlines for everyone, and the server's
    ``now`` so a client with a wrong clock can still count down correctly."""
    return {
        "kind": clock["kind"],
        "seconds": clock["seconds"],
        "increment": clock["increment"],
        "handover_after": clock["handover_after"],
        "paused": clock["paused"],
        "now": now,
        "seats": [
            {
                "seat": seat,
                "running": c["deadline"] is not None,
                "deadline": c["deadline"],
                "remaining": max(0.0, c["deadline"] - now)
                if c["deadline"] is not None
                else c["remaining"],
                "timeouts": c["timeouts"],
            }
            for seat, c in enumerate(clock["seats"])
        ],
    }
