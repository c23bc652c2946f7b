"""Fan-out of committed changes to the WebSocket subscribers of this process.

A commit hands the hub its result — a :class:`Snapshot` of the table as committed (row,
seats and the game state already in memory) and its log entry. Every socket of that
table then builds its frame from that one snapshot: no database read per socket per
commit, the state loaded at most once per version, events filtered from the entries kept
in memory, and sockets due the same frame (spectators, the host) share one encoding.

A change committed by another process arrives as a notice ``(table, version)``: a
version this process already has (its own commit echoed back by PostgreSQL) is dropped,
and a newer one is loaded once for the table, however many sockets watch it. Sockets
only mark themselves dirty and build their frame when they get to it, so bursts of
commits coalesce and a slow socket never blocks a move; one that fell too far behind (or
reconnected with an old ``since``) catches up from the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from spyhouse.store.snapshots import EntrySnapshot, TableSnapshot

log = logging.getLogger(__name__)

RECENT = 64
"""Log entries kept in memory per watched table: a socket further behind reads the log."""

Loader = Callable[[str, int | None], Awaitable[tuple[TableSnapshot | None, list[EntrySnapshot]]]]
"""``(table_id, after)`` → the committed table and its entries after ``after``."""


@dataclass(eq=False)
class Snapshot:
    """One committed version of a table, shared by every socket that shows it.

    ``row`` is never mutated. ``frames`` caches encoded frames by ``(seat, since)``;
    ``memo`` what its readers share (``server/reading.py``: the public summary, each
    seat's document), so REST reads and sockets of one version build each once.
    """

    row: TableSnapshot
    state: Any = None
    frames: dict[tuple[int | None, int], str] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.row.version


@dataclass(eq=False, slots=True)
class Subscription:
    """What the hub keeps per socket: slotted and with nothing allocated ahead of need
    (an idle socket's memory is mostly the web server's own; this adds little to it)."""

    table_id: str
    seat: int | None
    last_version: int
    holder: str | None = None
    """The hash of the token the socket authenticated with, re-checked on every frame."""
    greeted: bool = False
    """Whether the socket got its first frame (sent even when it is already up to date)."""
    parts: set[str] | None = None
    """The view parts the socket holds, if it asked for parts (``server/frames.py``)."""
    outbox: deque[str] | None = None
    """Encoded frames that are not table states (chat lines): they never change a version."""
    dirty: bool = False
    """Something is due: a newer version, or a line in the outbox."""
    wake: asyncio.Future[None] | None = None
    """While the socket's writer waits for :meth:`mark`."""

    def mark(self) -> None:
        """Something is due to this socket: wake its writer."""
        self.dirty = True
        if self.wake is not None and not self.wake.done():
            self.wake.set_result(None)

    async def due(self) -> None:
        """Wait until something is due (marks made meanwhile coalesce into one)."""
        while not self.dirty:
            self.wake = asyncio.get_running_loop().create_future()
            try:
                await self.wake
            finally:
                self.wake = None
        self.dirty = False


@dataclass(eq=False)
class Feed:
    """What the hub keeps for one watched table."""

    subs: set[Subscription] = field(default_factory=set)
    latest: Snapshot | None = None
    entries: dict[int, EntrySnapshot] = field(default_factory=dict)
    requests: int = 0
    committing: int = 0
    deferred: tuple[int | None, ...] = ()
    loading: asyncio.Task[None] | None = None

    def keep(self, entries: list[EntrySnapshot]) -> None:
        for e in entries:
            self.entries[e.version] = e
        if len(self.entries) > RECENT:
            for v in sorted(self.entries)[: len(self.entries) - RECENT]:
                del self.entries[v]

    def between(self, after: int, upto: int) -> list[EntrySnapshot] | None:
        """The entries ``after < version <= upto`` if all are in memory, else ``None``."""
        out = []
        for v in range(after + 1, upto + 1):
            entry = self.entries.get(v)
            if entry is None:
                return None
            out.append(entry)
        return out


class Hub:
    CHAT_MEMORY = 4096
    """How many recent chat line ids a process remembers, to drop its own NOTIFY echo."""

    def __init__(self, loader: Loader | None = None) -> None:
        self._feeds: dict[str, Feed] = {}
        self._loader = loader
        self._chat_seen: OrderedDict[tuple[str, int], None] = OrderedDict()

    # -- sockets ------------------------------------------------------------------------

    def subscribe(
        self, table_id: str, seat: int | None, last_version: int, holder: str | None = None
    ) -> Subscription:
        sub = Subscription(table_id, seat, last_version, holder)
        self._feeds.setdefault(table_id, Feed()).subs.add(sub)
        return sub

    def readers(self, table_id: str) -> set[int | None]:
        """The seats this process's sockets of the table read as (``None``: spectators)."""
        feed = self._feeds.get(table_id)
        return set() if feed is None else {sub.seat for sub in feed.subs}

    def unsubscribe(self, sub: Subscription) -> None:
        feed = self._feeds.get(sub.table_id)
        if feed is not None:
            feed.subs.discard(sub)
            if not feed.subs:  # nobody here watches it any more: forget it
                if feed.loading is not None:
                    feed.loading.cancel()
                del self._feeds[sub.table_id]

    def seed(self, row: TableSnapshot) -> None:
        """A row just read for a watched table: the newest version known, if it is."""
        feed = self._feeds.get(row.id)
        if feed is not None:
            self._advance(feed, Snapshot(row))

    def refresh(self, row: TableSnapshot | None) -> None:
        """A change outside the game (a chat mute) re-read at the same version: frames
        built from now on show it (sockets already open are told by their own frame)."""
        if row is None or (feed := self._feeds.get(row.id)) is None:
            return
        if feed.latest is not None and feed.latest.version == row.version:
            feed.latest = Snapshot(row, feed.latest.state)

    def muted(self, table_id: str, seat: int, muted: bool) -> None:
        """A mute another process made, marked on the snapshot held here at once: a
        socket that opens after its sockets were told is shown the seat as it now is
        (a re-read of the table, awaited, left a moment when it was shown as before)."""
        feed = self._feeds.get(table_id)
        if feed is None or feed.latest is None:
            return
        row = feed.latest.row
        seats = tuple(replace(s, chat_muted=muted) if s.seat == seat else s for s in row.seats)
        feed.latest = Snapshot(replace(row, seats=seats), feed.latest.state)

    async def snapshot(self, table_id: str) -> Snapshot | None:
        """The newest version this process knows of a watched table (loaded if need be)."""
        feed = self._feeds.get(table_id)
        if feed is None:
            return None
        if feed.latest is None:
            await self._refresh(table_id, feed)
        return feed.latest

    def latest_row(self, table_id: str) -> TableSnapshot | None:
        """The newest committed row held in memory, if the table is watched here: a cache
        the version compare-and-swap validates (a stale row can never commit)."""
        feed = self._feeds.get(table_id)
        return feed.latest.row if feed is not None and feed.latest is not None else None

    def state_of(self, row: TableSnapshot) -> Any:
        """The game state of ``row`` already in memory (a lobby change keeps it), or None."""
        feed = self._feeds.get(row.id)
        if feed is not None and feed.latest is not None and feed.latest.version == row.version:
            return feed.latest.state
        return None

    def holding(self, row: TableSnapshot) -> Snapshot | None:
        """The hub's snapshot of ``row``'s version and seats, if this process holds it
        (a chat mute re-read at the same version is a different snapshot)."""
        feed = self._feeds.get(row.id)
        snap = feed.latest if feed is not None else None
        if snap is None or snap.version != row.version:
            return None
        return snap if snap.row is row or snap.row.seats == row.seats else None

    def recent(self, table_id: str, after: int, upto: int) -> list[EntrySnapshot] | None:
        """Entries ``after < version <= upto`` from memory, or ``None`` (read the log)."""
        feed = self._feeds.get(table_id)
        return feed.between(after, upto) if feed is not None else None

    # -- commits ------------------------------------------------------------------------

    def publish(self, snapshot: Snapshot, entry: EntrySnapshot) -> None:
        """A commit of this process: its sockets build their frames from ``snapshot``."""
        feed = self._feeds.get(snapshot.row.id)
        if feed is None:
            return  # nobody here watches this table
        feed.keep([entry])
        self._advance(feed, snapshot)

    @contextlib.contextmanager
    def committing(self, table_id: str) -> Iterator[None]:
        """Around a commit of this process: its own NOTIFY may overtake the publish, so
        notices wait until the commit has published, then are weighed against it."""
        feed = self._feeds.get(table_id)
        if feed is None:
            yield
            return
        feed.committing += 1
        try:
            yield
        finally:
            feed.committing -= 1
            if not feed.committing and feed.deferred:
                deferred, feed.deferred = feed.deferred, ()
                for version in deferred:
                    self.notice(table_id, version)

    def notice(self, table_id: str, version: int | None) -> None:
        """A commit of any process (PostgreSQL NOTIFY). Versions already delivered here
        (our own commits) are dropped; a newer one is loaded once for the table."""
        feed = self._feeds.get(table_id)
        if feed is None:
            return
        if feed.committing:
            feed.deferred = (*feed.deferred, version)
            return
        if version is not None and feed.latest is not None and feed.latest.version >= version:
            return
        self._reload(table_id, feed)

    def resync(self) -> None:
        """Reload every watched table: notices may have been missed (LISTEN reconnected)."""
        for table_id, feed in self._feeds.items():
            self._reload(table_id, feed)

    def notify(self, table_id: str) -> None:
        """Something changed but we were not told what: reload the table once."""
        self.notice(table_id, None)

    # -- chat -----------------------------------------------------------------------------

    def watched(self, table_id: str) -> bool:
        return table_id in self._feeds

    def broadcast(self, table_id: str, frame: str, to: Callable[[int | None], bool]) -> None:
        """Queue an encoded frame for every socket of the table whose seat ``to`` accepts."""
        feed = self._feeds.get(table_id)
        for sub in feed.subs if feed is not None else ():
            if to(sub.seat):
                if sub.outbox is None:
                    sub.outbox = deque()
                sub.outbox.append(frame)
                sub.mark()

    def first_delivery(self, table_id: str, line_id: int) -> bool:
        """True the first time this process sees a chat line (said here or elsewhere)."""
        key = (table_id, line_id)
        if key in self._chat_seen:
            return False
        self._chat_seen[key] = None
        if len(self._chat_seen) > self.CHAT_MEMORY:
            self._chat_seen.popitem(last=False)
        return True

    # -- internals ----------------------------------------------------------------------

    def _advance(self, feed: Feed, snapshot: Snapshot) -> None:
        if feed.latest is None or snapshot.version > feed.latest.version:
            feed.latest = snapshot
            for sub in feed.subs:
                sub.mark()

    def _reload(self, table_id: str, feed: Feed) -> asyncio.Task[None]:
        """Ask for a load; requests made while one runs are served by one more load."""
        feed.requests += 1
        if feed.loading is None or feed.loading.done():
            feed.loading = asyncio.create_task(self._load_loop(table_id, feed))
        return feed.loading

    async def _refresh(self, table_id: str, feed: Feed) -> None:
        with contextlib.suppress(Exception):
            await asyncio.shield(self._reload(table_id, feed))

    async def _load_loop(self, table_id: str, feed: Feed) -> None:
        assert self._loader is not None, "a hub that loads tables needs a loader"
        try:
            while True:
                seen = feed.requests
                after = feed.latest.version if feed.latest else None
                row, entries = await self._loader(table_id, after)
                if row is not None:
                    feed.keep(entries)
                    self._advance(feed, Snapshot(row))
                if feed.requests == seen:
                    return
        except Exception:  # a database hiccup: the next notice or resync loads again
            log.warning("could not load table %s", table_id, exc_info=True)
