"""Fan-out of committed changes to WebSocket subscribers, in this process.

``notify`` only marks subscribers dirty; each socket's own writer then reads the latest
committed table and sends *its own* view plus the events it has not seen yet. Bursts of
commits (bots playing) therefore coalesce, and a slow socket never blocks a move.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass, field


@dataclass(eq=False)
class Subscription:
    table_id: str
    seat: int | None
    last_version: int
    holder: str | None = None
    """The hash of the token the socket authenticated with, re-checked on every frame."""
    dirty: asyncio.Event = field(default_factory=asyncio.Event)


class Hub:
    def __init__(self) -> None:
        self._subs: dict[str, set[Subscription]] = defaultdict(set)

    def subscribe(
        self, table_id: str, seat: int | None, last_version: int, holder: str | None = None
    ) -> Subscription:
        sub = Subscription(table_id, seat, last_version, holder)
        self._subs[table_id].add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.table_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._subs[sub.table_id]

    def notify(self, table_id: str) -> None:
        for sub in self._subs.get(table_id, ()):
            sub.dirty.set()

    def resync(self) -> None:
        """Mark every subscriber dirty: notices may have been missed (LISTEN reconnected)."""
        for subs in self._subs.values():
            for sub in subs:
                sub.dirty.set()
