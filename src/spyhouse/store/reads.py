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
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any, TypeVar

import asyncpg
from sqlalchemy.exc import OperationalError

from spyhouse.store.hotpath import driver_error
from spyhouse.store.notify import conninfo
from spyhouse.store.snapshots import EntrySnapshot, SeatSnapshot, TableSnapshot

T = TypeVar("T")


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


def _as_is(value: Any) -> Any:
    return value


_DECODE: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(("options", "state", "outcome", "clock", "action", "events"), _json),
    **dict.fromkeys(("private", "spectators", "publish_log", "chat_muted"), bool),
    **dict.fromkeys(("created_at", "updated_at"), _time),
}
"""How a column read through the driver becomes the value the ORM gives (by its name);
any other column is read as it is."""


def _columns(kind: type[Any], *, leave: tuple[str, ...] = ()) -> tuple[str, ...]:
    """A snapshot's fields, which are the columns it is read from (in their order)."""
    return tuple(f.name for f in fields(kind) if f.name not in leave)


_TABLE = _columns(TableSnapshot, leave=("seats",))
_SEAT = _columns(SeatSnapshot)
_ENTRY = _columns(EntrySnapshot)
_CHAT = _columns(ChatEntry)


def _decoded(names: tuple[str, ...], row: Sequence[Any]) -> dict[str, Any]:
    return {name: _DECODE.get(name, _as_is)(value) for name, value in zip(names, row, strict=True)}


def _table_sql(key: str, mark: str) -> str:
    listed = ", ".join([*(f"t.{c}" for c in _TABLE), *(f"s.{c}" for c in _SEAT)])
    return (
        f"SELECT {listed} FROM tables t LEFT JOIN seats s ON s.table_id = t.id"
        f" WHERE t.{key} = {mark} ORDER BY s.seat"
    )


def _entries_sql(m1: str, m2: str, m3: str) -> str:
    return (
        f"SELECT {', '.join(_ENTRY)} FROM log_entries"
        f" WHERE table_id = {m1} AND version > {m2} AND version <= {m3} ORDER BY version"
    )


_CHAT_COLUMNS = f"SELECT {', '.join(_CHAT)} FROM chat_lines"


def _table(rows: Sequence[Sequence[Any]]) -> TableSnapshot | None:
    """The table and its seats from the rows of :func:`_table_sql` (one per seat)."""
    if not rows:
        return None
    split = len(_TABLE)
    seats = tuple(SeatSnapshot(**_decoded(_SEAT, r[split:])) for r in rows if r[split] is not None)
    return TableSnapshot(**_decoded(_TABLE, rows[0][:split]), seats=seats)


def _entry(r: Sequence[Any]) -> EntrySnapshot:
    return EntrySnapshot(**_decoded(_ENTRY, r))


def _chat(r: Sequence[Any]) -> ChatEntry:
    return ChatEntry(**_decoded(_CHAT, r))


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
    """One reader thread with its own connection (only that thread touches it)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="sqlite-reader")
        self._conn: sqlite3.Connection | None = None

    def _on_thread(self, fn: Callable[[sqlite3.Connection], T]) -> T:
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
            if self._conn is not None:
                self._conn.close()
                self._conn = None

        await asyncio.get_running_loop().run_in_executor(self._pool, shut)
        self._pool.shutdown(wait=False)


_PG_BY_ID = _table_sql("id", "$1")
_PG_BY_INVITE = _table_sql("invite_code", "$1")
_PG_ENTRIES = _entries_sql("$1", "$2", "$3")
_PG_CHAT = f"{_CHAT_COLUMNS} WHERE table_id = $1 AND channel = ANY($2::varchar[]) ORDER BY id DESC LIMIT $3"


async def _reads_only(conn: asyncpg.Connection) -> None:
    """A connection back from a read needs no reset: these reads leave nothing in the
    session (no transaction, cursor, listener or setting). asyncpg's default reset is one
    more round trip per read, ~15 % of a socket's opening on PostgreSQL."""


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
                            self._dsn, min_size=0, max_size=self._size, reset=_reads_only
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
