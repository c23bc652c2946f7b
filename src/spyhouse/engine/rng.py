"""A tiny deterministic RNG whose whole state is one integer.

Chance lives inside the game state (design.md): shuffles and dice must replay exactly
from a seed, survive a JSON round-trip, and stay hidden (knowing the state reveals the
deck). ``random.Random`` has a 625-word state; SplitMix64 has one 64-bit word, which
makes snapshots small and determinization trivial (draw a fresh state).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_TWO64 = 1 << 64
_MASK = _TWO64 - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 with unbiased bounded draws."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias).

        The :meth:`next64` step is written out here: a random player draws two or three
        times a step, and the call was a third of a draw."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _TWO64 - _TWO64 % n
        state = self.state
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in ``[low, high]``, like ``random.randint``."""
        return low + self.below(high - low + 1)

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def __repr__(self) -> str:  # never printed into a view; state is hidden
        return "Rng(<hidden>)"
