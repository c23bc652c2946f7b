"""What a game builds from frozen parts, remembered while the same parts are shown.

A frozen part (a Location, a pending decision, a printed card) is a value: a change makes
a new one and older states keep theirs. So what is built from a few parts alone (a
Location's view, its saved form) can be kept by the parts' identity and handed out
again for as long as those objects are in play: views and saved states are built after
every move, and most moves change one part of many.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class PartMemo(Generic[V]):
    """Values built from frozen parts, at most ``size`` of them; when full, it starts
    afresh.

    A key names the parts by ``id()`` (and adds whatever else the value read). Each
    entry holds its parts, so no other object can take their ids while it lasts: a key
    found is the very parts it was kept for. A miss (a cleared memo, two threads at once)
    only builds the value again. Nothing may change a value once kept: every caller
    shares it."""

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int) -> None:
        self._size = size
        self._entries: dict[Hashable, tuple[tuple[object, ...], V]] = {}

    def get(self, key: Hashable) -> V | None:
        entry = self._entries.get(key)
        return None if entry is None else entry[1]

    def keep(self, key: Hashable, parts: tuple[object, ...], value: V) -> V:
        """Keep ``value``, built from ``parts`` (the objects whose ids ``key`` holds)."""
        if len(self._entries) >= self._size:
            self._entries.clear()
        self._entries[key] = (parts, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)
