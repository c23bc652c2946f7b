"""The reads every socket makes as it opens, without the ORM: statements written once,
sent through the driver.

A socket opening reads its table (to know whose token it holds), the log entries it
missed and the table's recent talk. Through the ORM on SQLite each read cost ~1 ms of
server CPU (a session, the greenlet hop into the async driver and ~4 thread round
trips); a table's four players opening their sockets spent more on these reads than on
everything else their sockets did. Here each read is one statement (the table and its
seats joined, as the ORM's ``joinedload`` did, so they are one snapshot) and one hop:

- SQLite: a thread of its own with its own connection (in WAL mode reads never wait
  for the moves' writer);
- PostgreSQL: a small asyncpg pool, as the moves use asyncpg.

The values are those the ORM gives: JSON decoded by ``json``, booleans as ``bool``,
times as ``datetime`` (naive on SQLite, as SQLAlchemy reads them there). Driver errors
surface as SQLAlchemy's ``OperationalError`` / ``InterfaceError``, which the server
answers with 503 ``database_busy``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

import asyncpg
from sqlalchemy.exc import OperationalError

from spyhouse.store.hotpath import driver_error
from spyhouse.store.notify import conninfo
from spyhouse.store.snapshots import EntrySnapshot, SeatSnapshot, TableSnapshot

T = TypeVar("T")

_TABLE_COLUMNS = (
    "t.id, t.game_id, t.options, t.num_seats, t.private, t.spectators, t.publish_log,"
    " t.status, t.invite_code, t.host_token_hash, t.seed, t.version, t.state, t.outcome,"
    " t.clock, t.deadline, t.created_at, t.updated_at,"
    " s.seat, s.kind, s.name, s.token_hash, s.bot_level, s.held_for, s.hold, s.chat_muted"
)


def _table_sql(key: str, mark: str) -> str:
    return (
        f"SELECT {_TABLE_COLUMNS} FROM tables t LEFT JOIN seats s ON s.table_id = t.id"
        f" WHERE t.{key} = {mark} ORDER BY s.seat"
    )


def _entries_sql(m1: str, m2: str, m3: str) -> str:
    return (
        "SELECT table_id, version, seat, action, events, request_id, created_at"
        f" FROM log_entries WHERE table_id = {m1} AND version > {m2} AND version <= {m3}"
        " ORDER BY version"
    )


_CHAT_COLUMNS = "SELECT id, table_id, channel, seat, name, text, created_at FROM chat_lines"


@dataclass(frozen=True, slots=True)
class ChatEntry:
    """One stored chat line, as plain values."""

    id: int
    table_id: str
    channel: str
    seat: int | None
    name: str
    text: str
    created_at: datetime | None


def _json(value: Any) -> Any:
    return None if value is None else json.loads(value)


def _time(value: Any) -> datetime | None:
    """A stored time: SQLite keeps text (``CURRENT_TIMESTAMP`` or SQLAlchemy's format)."""
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(value)


def _table(rows: Sequence[Sequence[Any]]) -> TableSnapshot | None:
    if not rows:
        return None
    t = rows[0]
    seats = tuple(
        SeatSnapshot(r[18], r[19], r[20], r[21], r[22], r[23], r[24], bool(r[25]))
        for r in rows
        if r[18] is not None
    )
    return TableSnapshot(
        id=t[0],
        game_id=t[1],
        options=_json(t[2]),
        num_seats=t[3],
        private=bool(t[4]),
        spectators=bool(t[5]),
        publish_log=bool(t[6]),
        status=t[7],
        invite_code=t[8],
        host_token_hash=t[9],
        seed=t[10],
        version=t[11],
        state=_json(t[12]),
        outcome=_json(t[13]),
        clock=_json(t[14]),
        deadline=t[15],
        created_at=_time(t[16]),
        updated_at=_time(t[17]),
        seats=seats,
    )


def _entry(r: Sequence[Any]) -> EntrySnapshot:
    return EntrySnapshot(r[0], r[1], r[2], _json(r[3]), _json(r[4]), r[5], _time(r[6]))


def _chat(r: Sequence[Any]) -> ChatEntry:
    return ChatEntry(r[0], r[1], r[2], r[3], r[4], r[5], _time(r[6]))


class Reads(ABC):
    """The socket's reads on one database (see the module's notes)."""

    @abstractmethod
    async def table(self, table_id: str) -> TableSnapshot | None:
        """The table with its seats, or ``None``."""

    @abstractmethod
    async def table_by_invite(self, code: str) -> TableSnapshot | None:
        """The table an invite code opens, with its seats, or ``None``."""

    @abstractmethod
    async def entries(self, table_id: str, after: int, upto: int) -> list[EntrySnapshot]:
        """Log entries with ``after < version <= upto``, oldest first."""

    @abstractmethod
    async def chat(self, table_id: str, channels: Sequence[str], limit: int) -> list[ChatEntry]:
        """The last ``limit`` lines of these channels, oldest first."""

    @abstractmethod
    async def close(self) -> None:
        """Let the connections go."""


_SQLITE_BY_ID = _table_sql("id", "?")
_SQLITE_BY_INVITE = _table_sql("invite_code", "?")
_SQLITE_ENTRIES = _entries_sql("?", "?", "?")


class SqliteReads(Reads):
    """One reader thread with its own connection."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="sqlite-reader")
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def _on_thread(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            if self._conn is None:
                self._conn = sqlite3.connect(
                    self.path, timeout=30, isolation_level=None, check_same_thread=False
                )
            try:
                return fn(self._conn)
            except sqlite3.OperationalError as exc:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()  # a connection that failed is not used again
                self._conn = None
                raise OperationalError("read", None, exc) from exc

    async def _run(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._on_thread, fn)

    async def table(self, table_id: str) -> TableSnapshot | None:
        return _table(await self._run(lambda c: c.execute(_SQLITE_BY_ID, (table_id,)).fetchall()))

    async def table_by_invite(self, code: str) -> TableSnapshot | None:
        rows = await self._run(lambda c: c.execute(_SQLITE_BY_INVITE, (code,)).fetchall())
        return _table(rows)

    async def entries(self, table_id: str, after: int, upto: int) -> list[EntrySnapshot]:
        args = (table_id, after, upto)
        rows = await self._run(lambda c: c.execute(_SQLITE_ENTRIES, args).fetchall())
        return [_entry(r) for r in rows]

    async def chat(self, table_id: str, channels: Sequence[str], limit: int) -> list[ChatEntry]:
        sql = (
            f"{_CHAT_COLUMNS} WHERE table_id = ? AND channel IN ({', '.join('?' * len(channels))})"
            " ORDER BY id DESC LIMIT ?"
        )
        args = (table_id, *channels, limit)
        rows = await self._run(lambda c: c.execute(sql, args).fetchall())
        return [_chat(r) for r in reversed(rows)]

    async def close(self) -> None:
        def shut() -> None:
            with self._lock:
                if self._conn is not None:
                    self._conn.close()
                    self._conn = None

        await asyncio.get_running_loop().run_in_executor(self._pool, shut)
        self._pool.shutdown(wait=False)


_PG_BY_ID = _table_sql("id", "$1")
_PG_BY_INVITE = _table_sql("invite_code", "$1")
_PG_ENTRIES = _entries_sql("$1", "$2", "$3")
_PG_CHAT = f"{_CHAT_COLUMNS} WHERE table_id = $1 AND channel = ANY($2::varchar[]) ORDER BY id DESC LIMIT $3"


class PgReads(Reads):
    """A small asyncpg pool, opened at the first read."""

    def __init__(self, url: str, size: int = 4) -> None:
        self._dsn = conninfo(url)
        self._size = size
        self._pool: asyncpg.Pool | None = None
        self._opening = asyncio.Lock()

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        try:
            if self._pool is None:
                async with self._opening:
                    if self._pool is None:
                        self._pool = await asyncpg.create_pool(
                            self._dsn, min_size=0, max_size=self._size
                        )
            return list(await self._pool.fetch(sql, *args))
        except Exception as exc:
            raise driver_error(exc) from exc

    async def table(self, table_id: str) -> TableSnapshot | None:
        return _table(await self._fetch(_PG_BY_ID, table_id))

    async def table_by_invite(self, code: str) -> TableSnapshot | None:
        return _table(await self._fetch(_PG_BY_INVITE, code))

    async def entries(self, table_id: str, after: int, upto: int) -> list[EntrySnapshot]:
        return [_entry(r) for r in await self._fetch(_PG_ENTRIES, table_id, after, upto)]

    async def chat(self, table_id: str, channels: Sequence[str], limit: int) -> list[ChatEntry]:
        rows = await self._fetch(_PG_CHAT, table_id, list(channels), limit)
        return [_chat(r) for r in reversed(rows)]

    async def close(self) -> None:
        if self._pool is not None:
            await self._pool.close()
            self._pool = None
