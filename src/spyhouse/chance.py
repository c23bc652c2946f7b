"""Where chance comes from: the seed a table's shuffles follow and the fresh draw each bot
decision searches with.

The server draws both through a :class:`Chance` (``Settings.chance``). It is the
operating system's entropy (:mod:`secrets`): nobody can predict a table's deal, or work
back to it from a bot's choices. Tests that play whole games through the pages pass a
:class:`SeededChance` instead, as they pass a manual clock: each run deals the same game
and its bots choose the same, so a game that went wrong can be played again, and a test
takes the same time every run.
"""

from __future__ import annotations

import random
import secrets
from typing import Protocol


class Chance(Protocol):
    def randbits(self, k: int) -> int:
        """A non-negative integer of ``k`` random bits."""
        ...


class SystemChance:
    """The operating system's entropy."""

    def randbits(self, k: int) -> int:
        return secrets.randbits(k)


class SeededChance:
    """The same draws, in the same order, from the same seed (tests)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def randbits(self, k: int) -> int:
        return self._rng.getrandbits(k)
