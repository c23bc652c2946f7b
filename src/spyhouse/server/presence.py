"""Presence: whether each player is here — connected, away, or gone.

Every socket of a seated player is a row in the shared ``presence`` table, refreshed by a
heartbeat, so every server process sees every player's sockets (a process killed
without closing its sockets stops beating, and its rows go stale). A player's seat is

- ``connected`` while one of their sockets is open and beating;
- ``away`` when the last one closed (or went stale) less than
  ``Settings.presence_grace_seconds`` ago — a reload, a train tunnel —, or before the
  player ever connected;
- ``gone`` after that grace period.

Presence is not part of the table's document (which is a function of its version): a
socket that asks for it at auth gets ``presence`` frames, at once and whenever it
changes.

What it costs does not grow with idle sockets: each process keeps its sockets in memory
(:class:`PresenceBook`) and, once per heartbeat, refreshes all of their rows in one
statement and reads the rows of every table its presence sockets watch in one query,
then sends each watching socket a frame only if its table's presence changed. Sockets
opening and closing are written at once, all that came and went meanwhile in one
transaction, and the tables they watch looked at again right after, so this process's
sockets see them without waiting; on PostgreSQL that transaction also notifies the other
processes, which look at those tables again as soon as the notice arrives. A process
that died is seen at the next beat, when its rows have gone stale.

(Every socket used to run its own session, UPDATE and COMMIT every 10 s: 72–89 ms of
CPU per second for 200 idle sockets; and a socket's arrival and departure, a
transaction each, cost more server CPU than its whole handshake.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass

from fastapi import WebSocket

from spyhouse.kinds import SeatKind
from spyhouse.server.context import Context, load
from spyhouse.server.web import protocol
from spyhouse.store.models import PresenceRow
from spyhouse.store.presence import Arrival, Departure, PresenceStore
from spyhouse.store.snapshots import TableSnapshot

log = logging.getLogger(__name__)


def statuses(
    row: TableSnapshot, sockets: list[PresenceRow], now: float, heartbeat: float, grace: float
) -> dict[int, str]:
    """Each player's seat: ``connected`` | ``away`` | ``gone`` (pure: tests give ``now``)."""
    players = {s.seat for s in row.seats if s.kind == SeatKind.HUMAN or s.held_for is not None}
    fresh = now - 3 * heartbeat
    last: dict[int, float] = {}
    live: set[int] = set()
    for p in sockets:
        if p.open and p.seen_at >= fresh:
            live.add(p.seat)
        last[p.seat] = max(last.get(p.seat, p.seen_at), p.seen_at)
    out: dict[int, str] = {}
    for seat in sorted(players):
        if seat in live:
            out[seat] = "connected"
        elif seat in last and now - last[seat] >= grace:
            out[seat] = "gone"
        else:
            out[seat] = "away"
    return out


def _statuses(ctx: Context, row: TableSnapshot, sockets: list[PresenceRow]) -> dict[int, str]:
    s = ctx.settings
    return statuses(
        row, sockets, s.clock.now(), s.presence_heartbeat_seconds, s.presence_grace_seconds
    )


@dataclass(eq=False)
class _Watcher:
    """A socket that asked for presence frames, and what it was last shown."""

    ws: WebSocket
    shown: dict[int, str] | None = None


class PresenceBook:
    """One process's sockets: who is here, beaten and read in one statement each."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.store = PresenceStore(ctx.store.db)
        self.live: dict[str, str] = {}
        """Open sockets of seated players: connection id → table."""
        self.watchers: dict[str, set[_Watcher]] = {}
        """Table → the sockets that asked for presence frames."""
        self._arrivals: list[Arrival] = []
        self._departures: list[Departure] = []
        self._due: set[str] = set()
        """Tables whose watchers are shown their presence after the next write."""
        self._writer: asyncio.Task[None] | None = None
        self._task: asyncio.Task[None] | None = None

    def _ensure_running(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="presence")

    def arrive(
        self, table_id: str, seat: int | None, ws: WebSocket | None
    ) -> tuple[str | None, _Watcher | None]:
        """Record a socket: its seat's row (written with whatever else came and went
        meanwhile) and, for ``ws``, a watcher sent its table's presence from now on."""
        conn: str | None = None
        if seat is not None:
            # Live before the row says so: whoever reads the row as connected (another
            # process, at once) finds this process beating it.
            conn = secrets.token_hex(16)
            self.live[conn] = table_id
            self._arrivals.append(Arrival(conn, table_id, seat, self.ctx.settings.clock.now()))
        watcher = None
        if ws is not None:
            watcher = _Watcher(ws)
            self.watchers.setdefault(table_id, set()).add(watcher)
        self._ensure_running()
        if conn is not None or watcher is not None:
            self._write_soon(table_id)
        return conn, watcher

    def leave(
        self, table_id: str, seat: int | None, conn: str | None, watcher: _Watcher | None
    ) -> None:
        if watcher is not None:
            watching = self.watchers.get(table_id, set())
            watching.discard(watcher)
            if not watching:
                self.watchers.pop(table_id, None)
        if seat is not None and conn is not None:
            self.live.pop(conn, None)
            self._departures.append(Departure(conn, table_id, self.ctx.settings.clock.now()))
            self._write_soon(table_id)

    def on_notice(self, payload: str) -> None:
        """Another process's players came or went (PostgreSQL ``NOTIFY``): show this
        process's watchers of that table, with the next write."""
        origin, _, table_id = payload.partition(":")
        if origin != self.ctx.origin and table_id in self.watchers:
            self._write_soon(table_id)

    def _write_soon(self, table_id: str) -> None:
        self._due.add(table_id)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write(), name="presence writes")

    async def _write(self) -> None:
        """Write what came and went, then show the watchers of those tables; what came
        meanwhile goes in the next write. One transaction however many sockets moved:
        a table's four players arriving cost four transactions (and, on SQLite, four
        syncs to disk) where one does."""
        while self._arrivals or self._departures or self._due:
            arrivals, departures, due = self._arrivals, self._departures, self._due
            self._arrivals, self._departures, self._due = [], [], set()
            try:
                await self.store.record(arrivals, departures, self.ctx.origin)
            except Exception as exc:
                # Best effort, as a missed beat: those seats look away until their
                # player's next socket.
                for a in arrivals:
                    self.live.pop(a.conn, None)
                log.warning(
                    "%d sockets' presence was not recorded: %r",
                    len(arrivals) + len(departures),
                    exc,
                )
            watched = [t for t in due if t in self.watchers]
            if watched:
                with contextlib.suppress(Exception):  # the next beat shows it instead
                    await self._show(watched)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.ctx.settings.presence_heartbeat_seconds)
            # A missed beat only makes a seat look away for a moment.
            with contextlib.suppress(Exception):
                now = self.ctx.settings.clock.now()
                if self.live:
                    await self.store.beat_many(list(self.live), now)
                await self.store.forget(now - 2 * self.ctx.settings.presence_grace_seconds)
                if self.watchers:
                    await self._show(list(self.watchers))

    async def _show(self, tables: list[str]) -> None:
        """Send every watcher of ``tables`` its table's presence, if it changed."""
        rows = await self.store.of_tables(tables)
        for table_id in tables:
            watching = self.watchers.get(table_id)
            if not watching:
                continue
            row = self.ctx.hub.latest_row(table_id) or await load(self.ctx, table_id)
            now = _statuses(self.ctx, row, rows.get(table_id, []))
            for watcher in list(watching):
                if watcher.shown != now:
                    watcher.shown = now
                    with contextlib.suppress(Exception):  # its own socket handles a closed one
                        await watcher.ws.send_text(protocol.presence(now))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._writer is not None:  # what came and went last is written still
            with contextlib.suppress(Exception):
                await self._writer


@contextlib.asynccontextmanager
async def attending(
    ctx: Context, table_id: str, seat: int | None, ws: WebSocket | None
) -> AsyncIterator[None]:
    """While a socket is open: its player is present, and ``ws`` (if given) is sent
    ``presence`` frames.

    The arrival is written beside the socket's life, not before it: a page may send a
    move the moment its first frame arrives, and that move must not wait for this
    write (a first move's acknowledgement once took up to 300 ms behind it)."""
    conn, watcher = ctx.presence.arrive(table_id, seat, ws)
    try:
        yield
    finally:
        ctx.presence.leave(table_id, seat, conn, watcher)
