"""Where "now" comes from: an injectable clock, so no test ever sleeps to reach a deadline.

The server reads the time only through a :class:`Clock` (``Settings.clock``); tests pass a
:class:`ManualClock` and move it forward by hand, then call the function that fires.
Times are seconds since the Unix epoch (wall time: deadlines are stored with the table
and compared by every server process, so they must mean the same instant everywhere).
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the Unix epoch."""
        ...


class SystemClock:
    """The machine's wall clock."""

    def now(self) -> float:
        return time.time()


class ManualClock:
    """A clock that moves only when told to (tests)."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds
