"""A move's commit without the ORM: statements written once, sent through the driver.

Through SQLAlchemy a move cost ~3–4 ms of server CPU on statement building, compiled-cache
lookups, execution contexts, the greenlet hop into the async driver and, on SQLite,
~5 thread round trips per move; the same statements through the raw driver cut a
move's whole CPU by more than half. What the ORM path guaranteed still holds:

- the version compare-and-swap: no row updated means :class:`StaleVersion`, nothing
  written (the log row is inserted only in the same transaction, after the swap);
- the unique ``(table_id, request_id)``: a duplicate is :class:`StaleVersion` too;
- durability: SQLite runs ``synchronous=FULL`` in WAL mode, PostgreSQL commits with its
  default durability, and a move is acknowledged only after its commit returned, so a
  kill -9 loses no acknowledged move;
- driver errors surface as SQLAlchemy's ``OperationalError`` / ``InterfaceError``
  (which the server answers with 503 ``database_busy``), and a connection that failed
  is dropped, never reused.

SQLite: one writer thread per process with its own connection runs the whole
transaction (``BEGIN IMMEDIATE`` … ``COMMIT``) in one hop, moves queued first come first
served (SQLite takes one writer at a time anyway; its busy handler sleeps and retries,
unfairly). Moves that queued while a commit was syncing share the next transaction
(group commit, each in its own savepoint, so a stale one is undone alone): one sync to
disk for all, and each is acknowledged only after that commit returned. PostgreSQL: one statement in autocommit — the swap, the log insert and the
``NOTIFY`` as data-modifying CTEs that all commit or none — prepared once per pooled
connection; a change of seats (rare) adds its updates in one transaction around it.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import psycopg
from psycopg_pool import AsyncConnectionPool, PoolTimeout
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError as SAIntegrityError
from sqlalchemy.exc import InterfaceError, OperationalError

from spyhouse.store import jsontext
from spyhouse.store.notify import CHANNEL, notice
from spyhouse.store.snapshots import SEAT_COLUMNS, SeatChange

T = TypeVar("T")


class Stale(Exception):
    """No row matched the swap (the repository raises ``StaleVersion`` for it)."""


def _json(value: Any) -> str | None:
    return None if value is None else jsontext.dumps(value)


def seat_params(table_id: str, seats: Sequence[SeatChange]) -> list[tuple[Any, ...]]:
    """Each seat change's parameters for :func:`_seat_update`, in its column order."""
    return [(*(getattr(c, k) for k in SEAT_COLUMNS), table_id, c.seat) for c in seats]


def _seat_update(mark: str) -> str:
    """The seat update of one change (``mark``: the driver's parameter marker)."""
    sets = ", ".join(f"{k} = {mark}" for k in SEAT_COLUMNS)
    return f"UPDATE seats SET {sets} WHERE table_id = {mark} AND seat = {mark}"


# -- SQLite ----------------------------------------------------------------------------

_SQLITE_LOG = (
    "INSERT INTO log_entries (table_id, version, seat, action, events, request_id, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, CURRENT_TIMESTAMP)"
)
_SQLITE_SEAT = _seat_update("?")


def _sqlite_swap(columns: tuple[str, ...]) -> str:
    sets = "".join(f", {c} = ?" for c in columns)
    return (
        f"UPDATE tables SET version = ?{sets}, updated_at = CURRENT_TIMESTAMP"
        " WHERE id = ? AND version = ?"
    )


_GROUP = 64
"""The most moves one transaction commits together."""


class SqliteWriter:
    """One thread with its own connection, running each move's transaction in one hop."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._jobs: queue.SimpleQueue[tuple[Callable[..., Any], tuple[Any, ...], Any] | None]
        self._jobs = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._swaps: dict[tuple[str, ...], str] = {}

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")  # a committed move survives a crash
        conn.execute("PRAGMA busy_timeout=30000")
        conn.execute("PRAGMA foreign_keys=ON")
        return conn

    def _serve(self) -> None:
        conn: sqlite3.Connection | None = None
        stopping = False
        while not stopping:
            job = self._jobs.get()
            if job is None:
                break
            batch = [job]
            while len(batch) < _GROUP:  # whatever queued meanwhile shares the commit
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            try:
                if conn is None:
                    conn = self._connect()
                outcomes = self._group(conn, batch)
            except sqlite3.OperationalError as exc:
                with contextlib.suppress(Exception):
                    if conn is not None:
                        conn.close()  # a connection that failed is not used again
                conn = None
                failed = OperationalError("commit", None, exc)
                outcomes = [(None, failed) for _ in batch]
            # Answered only now: after the COMMIT that holds them (or failed them all).
            for (_, _, done), (result, error) in zip(batch, outcomes, strict=True):
                done(result, error)
        if conn is not None:
            conn.close()

    def _group(
        self, conn: sqlite3.Connection, batch: list[tuple[Callable[..., Any], tuple[Any, ...], Any]]
    ) -> list[tuple[Any, BaseException | None]]:
        """Group commit: the moves queued together in one transaction, one sync to disk,
        each in a savepoint so a stale one is undone alone."""
        outcomes: list[tuple[Any, BaseException | None]] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for fn, args, _ in batch:
                conn.execute("SAVEPOINT move")
                error: BaseException | None
                try:
                    result, error = fn(conn, *args), None
                except sqlite3.IntegrityError as exc:
                    result, error = None, SAIntegrityError("commit", None, exc)
                except sqlite3.OperationalError:
                    raise
                except Exception as exc:  # Stale, or a bug: handed to its caller
                    result, error = None, exc
                if error is not None:
                    conn.execute("ROLLBACK TO move")
                conn.execute("RELEASE move")
                outcomes.append((result, error))
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
            raise
        return outcomes

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(connection, *args)`` on the writer thread; its result or its error."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="sqlite-writer", daemon=True)
            self._thread.start()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()

        def done(result: Any, error: BaseException | None) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
                loop.call_soon_threadsafe(_settle, future, result, error)

        self._jobs.put((fn, args, done))
        return await future

    def commit(
        self,
        conn: sqlite3.Connection,
        table_id: str,
        expected: int,
        values: dict[str, Any],
        log: tuple[Any, ...],
        seats: list[tuple[Any, ...]],
    ) -> None:
        """The swap, the log row and the seats (on the thread, inside its transaction)."""
        columns = tuple(values)
        sql = self._swaps.get(columns)
        if sql is None:
            sql = self._swaps[columns] = _sqlite_swap(columns)
        swapped = conn.execute(sql, (expected + 1, *values.values(), table_id, expected))
        if swapped.rowcount != 1:
            raise Stale(table_id)
        conn.execute(_SQLITE_LOG, log)
        if seats:
            conn.executemany(_SQLITE_SEAT, seats)

    def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=10)
            self._thread = None


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def sqlite_values(
    state: Any, status: Any, outcome: Any, clock: Any, has_clock: bool, deadline: Any
) -> dict[str, Any]:
    """The table's columns a change writes, encoded for SQLite (``None``: unchanged)."""
    values: dict[str, Any] = {}
    if state is not None:
        values["state"] = _json(state)
    if status is not None:
        values["status"] = status
    if outcome is not None:
        values["outcome"] = _json(outcome)
    if has_clock:
        values["clock"] = _json(clock)
        values["deadline"] = deadline
    return values


def sqlite_log(table_id: str, version: int, entry: Any) -> tuple[Any, ...]:
    return (table_id, version, entry.seat, _json(entry.action), _json(entry.events),
            entry.request_id)  # fmt: skip


def sqlite_path(url: str) -> str | None:
    """The file of a ``sqlite:///`` URL (``None`` in memory: the ORM path serves it)."""
    database = make_url(url).database
    return None if not database or database == ":memory:" else database


# -- PostgreSQL ------------------------------------------------------------------------

_PG_MOVE = """
WITH moved AS (
    UPDATE tables SET
        version = %(version)s,
        state = COALESCE(%(state)s::jsonb, state),
        status = COALESCE(%(status)s::varchar, status),
        outcome = COALESCE(%(outcome)s::jsonb, outcome),
        clock = CASE WHEN %(has_clock)s::boolean THEN %(clock)s::jsonb ELSE clock END,
        deadline = CASE WHEN %(has_clock)s::boolean THEN %(deadline)s::float8 ELSE deadline END,
        updated_at = now()
    WHERE id = %(id)s::varchar AND version = %(expected)s::integer
    RETURNING id
), logged AS (
    INSERT INTO log_entries (table_id, version, seat, action, events, request_id, created_at)
    SELECT id, %(version)s::integer, %(seat)s::integer, %(action)s::jsonb, %(events)s::jsonb,
           %(request_id)s::varchar, now()
    FROM moved
    RETURNING version
)
SELECT pg_notify(%(channel)s::text, %(notice)s::text) FROM logged
"""
_PG_SEAT = _seat_update("%s")


class PgMoves:
    """A small pool of psycopg connections of its own, in autocommit, for the move
    statement. psycopg's pool serves waiting moves first come first served: a pool that
    lets a newcomer take a connection freed for a waiter starves that waiter, and with it
    a table (seen as one bot table lapped a dozen times by the others after a restart)."""

    def __init__(self, url: str, size: int = 12) -> None:
        # With PostgreSQL durable (fsync on) a move's statement waits ~1.5 ms for its
        # commit to reach the disk; with four connections at most four moves waited at
        # once and moves queued behind them. Twelve let PostgreSQL flush several commits
        # together, and the server's CPU per move fell by ~20 % at 50 busy tables
        # (``bench/fanout.py``), for eight more idle connections per process.
        conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self._pool: AsyncConnectionPool[psycopg.AsyncConnection[Any]] = AsyncConnectionPool(
            conninfo, min_size=0, max_size=size, kwargs={"autocommit": True}, open=False
        )
        self._opened = False
        self._opening = asyncio.Lock()

    async def _take(self) -> psycopg.AsyncConnection[Any]:
        if not self._opened:  # opened by the first move: its tasks need the running loop
            async with self._opening:
                if not self._opened:
                    await self._pool.open()
                    self._opened = True
        try:
            return await self._pool.getconn(timeout=30)
        except PoolTimeout as exc:
            raise OperationalError("connect", None, exc) from exc

    async def commit(
        self, table_id: str, expected: int, change: Any, version: int, entry: Any
    ) -> None:
        params = {
            "version": version,
            "state": _json(change.state),
            "status": change.status,
            "outcome": _json(change.outcome),
            "has_clock": change.clock is not None,
            "clock": _json(change.clock),
            "deadline": change.deadline,
            "id": table_id,
            "expected": expected,
            "seat": entry.seat,
            "action": _json(entry.action),
            "events": _json(entry.events),
            "request_id": entry.request_id,
            "channel": CHANNEL,
            "notice": notice(table_id, version),
        }
        conn = await self._take()
        healthy = False
        try:
            if change.seats:
                async with conn.transaction():
                    row = await (await conn.execute(_PG_MOVE, params, prepare=True)).fetchone()
                    if row is None:
                        raise Stale(table_id)
                    async with conn.cursor() as cur:
                        await cur.executemany(_PG_SEAT, seat_params(table_id, change.seats))
            else:
                row = await (await conn.execute(_PG_MOVE, params, prepare=True)).fetchone()
            healthy = True
        except psycopg.IntegrityError as exc:
            healthy = True
            raise SAIntegrityError("commit", None, exc) from exc
        except Stale:
            healthy = True
            raise
        except psycopg.InterfaceError as exc:
            raise InterfaceError("commit", None, exc) from exc
        except psycopg.OperationalError as exc:
            raise OperationalError("commit", None, exc) from exc
        finally:
            if not healthy:  # a connection that failed is dropped, never reused
                with contextlib.suppress(Exception):
                    await conn.close()
            await self._pool.putconn(conn)  # the pool discards a closed connection
        if row is None:
            raise Stale(table_id)

    async def close(self) -> None:
        if self._opened:
            await self._pool.close()
