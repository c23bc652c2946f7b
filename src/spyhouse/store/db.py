"""Engines and sessions. One URL picks the database; drivers are chosen for it.

``sqlite:///file.db`` or ``postgresql://user@host/db`` are accepted as given by a user;
the app uses the async driver (aiosqlite / psycopg) and migrations the sync one; moves
and notices on PostgreSQL go through asyncpg (``hotpath``, ``notify``).
"""

from __future__ import annotations

import asyncio

from sqlalchemy import event
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from spyhouse.store import jsontext
from spyhouse.store.hotpath import PgMoves, SqliteWriter, sqlite_path
from spyhouse.store.reads import PgReads, Reads, SqliteReads


def _with_driver(url: str, sqlite: str, postgres: str) -> str:
    u = make_url(url)
    backend = u.get_backend_name()
    if backend == "sqlite":
        return u.set(drivername=sqlite).render_as_string(hide_password=False)
    if backend in ("postgresql", "postgres"):
        return u.set(drivername=postgres).render_as_string(hide_password=False)
    raise ValueError(f"unsupported database: {backend} (use sqlite or postgresql)")


def async_url(url: str) -> str:
    return _with_driver(url, "sqlite+aiosqlite", "postgresql+psycopg")


def sync_url(url: str) -> str:
    return _with_driver(url, "sqlite", "postgresql+psycopg")


class Database:
    """The async engine and a session factory for one database URL."""

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = url
        self.is_sqlite = make_url(url).get_backend_name() == "sqlite"
        # Stored states and events are encoded by orjson (decoded by json: see jsontext).
        kwargs: dict[str, object] = {"json_serializer": jsontext.dumps}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": 30}
        else:
            # A fixed pool: overflow connections were opened and closed per burst (464 new
            # connections in 303 moves); waiting briefly for a pooled one is far cheaper.
            kwargs.update(pool_size=pool_size, max_overflow=0, pool_timeout=30)
        self.engine: AsyncEngine = create_async_engine(async_url(url), **kwargs)
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self.autocommit: AsyncEngine = self.engine.execution_options(isolation_level="AUTOCOMMIT")
        """The same pool, each statement its own transaction: a one-statement commit."""
        path = sqlite_path(url) if self.is_sqlite else None
        self.sqlite_writer: SqliteWriter | None = SqliteWriter(path) if path else None
        """Where a process's moves commit on SQLite (``store/hotpath.py``): one thread, one
        connection, first come first served."""
        self.pg_moves: PgMoves | None = None if self.is_sqlite else PgMoves(url)
        """Where moves commit on PostgreSQL: the driver's own connections, in autocommit."""
        self.reads: Reads | None = (
            (SqliteReads(path) if path else None) if self.is_sqlite else PgReads(url)
        )
        """The reads a socket makes as it opens, through the driver (``store/reads.py``);
        ``None`` for SQLite in memory, which the ORM's one connection serves."""

    def session(self) -> AsyncSession:
        return self.sessions()

    async def dispose(self) -> None:
        if self.sqlite_writer is not None:
            await asyncio.to_thread(self.sqlite_writer.close)
        if self.pg_moves is not None:
            await self.pg_moves.close()
        if self.reads is not None:
            await self.reads.close()
        await self.engine.dispose()


def _sqlite_pragmas(dbapi_conn, _record) -> None:  # type: ignore[no-untyped-def]
    """WAL + a busy timeout so concurrent writers wait instead of failing; FKs on.

    ``synchronous=FULL`` syncs the WAL at every commit, so a committed move survives not
    only a killed process but a crashed machine too.
    """
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
