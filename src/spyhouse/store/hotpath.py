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
unfairly, so the writer waits for the lock in short steps of its own). Moves that queued
while a commit was syncing share the next transaction (group commit, each in its own
savepoint, so a stale one is undone alone): one sync to disk for all, and each is
acknowledged only after that commit returned.

PostgreSQL: one statement in autocommit — the swap, the log insert and the ``NOTIFY`` as
data-modifying CTEs that all commit or none — prepared once per pooled connection; a
change of seats (rare) adds its updates in one transaction around it.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import asyncpg
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError as SAIntegrityError
from sqlalchemy.exc import InterfaceError, OperationalError

from spyhouse.store import jsontext
from spyhouse.store.notify import CHANNEL, conninfo, notice
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


NEW_TABLE_COLUMNS: tuple[str, ...] = (
    "id", "game_id", "options", "num_seats", "private", "spectators", "publish_log",
    "status", "invite_code", "host_token_hash", "seed", "version", "clock",
)  # fmt: skip
"""What a new table's row is written with; the rest keep their defaults (the times, no
state, no outcome, no deadline before the start)."""
_JSON_COLUMNS = frozenset({"options", "clock"})


def new_table_params(row: Any) -> tuple[Any, ...]:
    """A new table's (a ``TableRow``'s) values for :data:`NEW_TABLE_COLUMNS`."""
    return tuple(
        _json(getattr(row, c)) if c in _JSON_COLUMNS else getattr(row, c) for c in NEW_TABLE_COLUMNS
    )


def new_seat_params(table_id: str, seats: Sequence[SeatChange]) -> list[tuple[Any, ...]]:
    """A new table's seats, each as ``(table_id, seat, *SEAT_COLUMNS)``."""
    return [(table_id, c.seat, *(getattr(c, k) for k in SEAT_COLUMNS)) for c in seats]


def _insert(table: str, columns: Sequence[str], marks: Sequence[str]) -> str:
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(marks)})"


_NEW_SEAT_COLUMNS = ("table_id", "seat", *SEAT_COLUMNS)


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


_SQLITE_NEW_TABLE = _insert("tables", NEW_TABLE_COLUMNS, ["?"] * len(NEW_TABLE_COLUMNS))
_SQLITE_NEW_SEAT = _insert("seats", _NEW_SEAT_COLUMNS, ["?"] * len(_NEW_SEAT_COLUMNS))


def sqlite_create(
    conn: sqlite3.Connection, table: tuple[Any, ...], seats: list[tuple[Any, ...]]
) -> None:
    """A new table and its seats (on the writer thread, inside its transaction)."""
    conn.execute(_SQLITE_NEW_TABLE, table)
    conn.executemany(_SQLITE_NEW_SEAT, seats)


_GROUP = 64
"""The most moves one transaction commits together."""

_GATHER = 0.001
_STEADY = 0.005
"""While moves keep coming (one arrived within ``_STEADY`` of the last commit), the writer
waits ``_GATHER`` for more to share the next commit. A commit's sync to disk costs about
as much for ten moves as for one: at 50 busy tables, commits of one or two moves cost
the writer ~100 µs of CPU a move, and ~80 µs when they gather (``bench/fanout.py``). A
move that comes after a quiet spell never waits."""

_BUSY_POLL = 0.0005
_BUSY_WAIT = 30.0
"""How often the writer looks again for the write lock another connection holds (a
lobby write, a presence beat), and for how long before the moves are refused."""


def _begin(conn: sqlite3.Connection) -> None:
    """``BEGIN IMMEDIATE``, taking the write lock as soon as another writer lets it go.

    SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25… ms between tries: moves
    queued behind a few short writes waited 80 ms with the lock free most of that time,
    and their acknowledgements went past 100 ms."""
    deadline = time.monotonic() + _BUSY_WAIT
    while True:
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
        time.sleep(_BUSY_POLL)


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
        conn.execute("PRAGMA foreign_keys=ON")
        # The transaction's BEGIN waits for other writers in :func:`_begin`, not in
        # SQLite's busy handler; inside it, this connection holds the write lock.
        conn.execute("PRAGMA busy_timeout=0")
        return conn

    def _serve(self) -> None:
        conn: sqlite3.Connection | None = None
        stopping = False
        last_commit = 0.0
        while not stopping:
            job = self._jobs.get()
            if job is None:
                break
            batch = [job]
            if time.monotonic() - last_commit < _STEADY:
                time.sleep(_GATHER)
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
            last_commit = time.monotonic()
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
        _begin(conn)
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
        version = $1,
        state = COALESCE($2::jsonb, state),
        status = COALESCE($3::varchar, status),
        outcome = COALESCE($4::jsonb, outcome),
        clock = CASE WHEN $5::boolean THEN $6::jsonb ELSE clock END,
        deadline = CASE WHEN $5::boolean THEN $7::float8 ELSE deadline END,
        updated_at = now()
    WHERE id = $8::varchar AND version = $9::integer
    RETURNING id
), logged AS (
    INSERT INTO log_entries (table_id, version, seat, action, events, request_id, created_at)
    SELECT id, $1::integer, $10::integer, $11::jsonb, $12::jsonb, $13::varchar, now()
    FROM moved
    RETURNING version
)
SELECT pg_notify($14::text, $15::text) FROM logged
"""


_PG_MOVES = """
WITH m AS (
    SELECT * FROM unnest(
        $1::integer[], $2::jsonb[], $3::varchar[], $4::jsonb[], $5::boolean[], $6::jsonb[],
        $7::float8[], $8::varchar[], $9::integer[], $10::integer[], $11::jsonb[], $12::jsonb[],
        $13::varchar[]
    ) AS m(version, state, status, outcome, has_clock, clock, deadline, id, expected, seat,
           action, events, request_id)
), moved AS (
    UPDATE tables AS t SET
        version = m.version,
        state = COALESCE(m.state, t.state),
        status = COALESCE(m.status, t.status),
        outcome = COALESCE(m.outcome, t.outcome),
        clock = CASE WHEN m.has_clock THEN m.clock ELSE t.clock END,
        deadline = CASE WHEN m.has_clock THEN m.deadline ELSE t.deadline END,
        updated_at = now()
    FROM m
    WHERE t.id = m.id AND t.version = m.expected
    RETURNING t.id
), logged AS (
    INSERT INTO log_entries (table_id, version, seat, action, events, request_id, created_at)
    SELECT m.id, m.version, m.seat, m.action, m.events, m.request_id, now()
    FROM m JOIN moved ON moved.id = m.id
    RETURNING table_id, version
)
SELECT table_id, pg_notify($14::text, table_id || ':' || version) FROM logged
"""
""":data:`_PG_MOVE` for several tables at once (at most one move a table): each row its
own compare-and-swap, a log row and a notice for each that swapped."""


def _pg_seat_update() -> str:
    """The seat update of one change, with asyncpg's numbered markers."""
    sets = ", ".join(f"{k} = ${i}" for i, k in enumerate(SEAT_COLUMNS, 1))
    n = len(SEAT_COLUMNS)
    return f"UPDATE seats SET {sets} WHERE table_id = ${n + 1} AND seat = ${n + 2}"


_PG_SEAT = _pg_seat_update()


_WAIT_SECONDS = 30.0
"""The longest a move waits for a connection before it is answered ``database_busy``."""

_LOST = (asyncpg.PostgresConnectionError, asyncpg.InterfaceError, OSError, TimeoutError)
"""Driver errors after which a connection is not to be trusted again."""


class PgMoves:
    """The move statement (and the writes that ride with it) on connections of its own,
    through asyncpg, in autocommit.

    asyncpg, not the ORM's psycopg: measured on this statement, psycopg's async
    connection spent ~0.22–0.26 ms of client CPU per statement (its generator-based wait
    registers the socket with the event loop at every wait) and asyncpg ~0.14–0.18 ms.

    ``size`` connections, lent first come first served: a job takes a free connection at
    once only when no job waits before it, and a connection freed while jobs wait goes to
    the oldest of them, never to a newcomer (a pool that lets a newcomer take a
    connection freed for a waiter starves that waiter, and with it a table; seen as one
    bot table lapped a dozen times by the others after a restart). A job runs in its
    caller's task: handing every move to a connection's own task cost two task switches
    and a queue's futures, about 5 % of a move's CPU in a profile of the server. A
    connection opens at its first use and is dropped after any error that may have left
    it broken, or when its job was cancelled with a statement under way.

    Moves are the exception: they go in one statement at a time, each statement carrying
    every move that queued while the one before was under way (:meth:`_send_queued`).
    """

    def __init__(self, url: str, size: int = 12) -> None:
        # With PostgreSQL durable (fsync on) a move's statement waits ~1.5 ms for its
        # commit to reach the disk; with four connections at most four moves waited at
        # once and moves queued behind them. Twelve let PostgreSQL flush several commits
        # together, and the server's CPU per move fell by ~20 % at 50 busy tables
        # (``bench/fanout.py``), for eight more idle connections per process.
        self._dsn = conninfo(url)
        self._size = size
        self._idle: list[asyncpg.Connection] = []
        self._lent = 0
        """Connections lent to a job, or being opened for one."""
        self._waiting: deque[asyncio.Future[asyncpg.Connection | None]] = deque()
        """Jobs waiting their turn, oldest first; each is handed a connection, or
        ``None``: a free place to open one."""
        self._queued: list[_QueuedMove] = []
        """Moves waiting for the statement under way to finish: they go together next."""
        self._sending: asyncio.Task[None] | None = None
        self._closed = False

    async def commit(
        self, table_id: str, expected: int, change: Any, version: int, entry: Any
    ) -> None:
        args = (
            version,
            _json(change.state),
            change.status,
            _json(change.outcome),
            change.clock is not None,
            _json(change.clock),
            change.deadline,
            table_id,
            expected,
            entry.seat,
            _json(entry.action),
            _json(entry.events),
            entry.request_id,
            CHANNEL,
            notice(table_id, version),
        )
        if change.seats:  # rare (a seat changes hands): alone, with its seats' rows
            await self.run(_pg_move, table_id, args, seat_params(table_id, change.seats))
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queued.append(_QueuedMove(table_id, args, done))
        if self._sending is None or self._sending.done():
            self._sending = asyncio.create_task(self._send_queued(), name="moves")
        await done

    async def _send_queued(self) -> None:
        """Group commit: the moves queued while a statement is under way go together in
        the next one, one round trip and one transaction however many they are.

        A move's statement costs the server ~0.1–0.2 ms of CPU whatever it carries (the
        sends, the wake-ups, the reply): at 50 busy tables on a durable PostgreSQL, that
        was a fifth of a move's CPU. Each move is still its own compare-and-swap, and
        each is answered only after the commit that holds it. Moves of one table go in
        separate statements (the second is stale by then, as it would be alone)."""
        while self._queued:
            batch: list[_QueuedMove] = []
            later: list[_QueuedMove] = []
            tables: set[str] = set()
            for move in self._queued:
                if move.table_id in tables or len(batch) >= _GROUP:
                    later.append(move)
                else:
                    tables.add(move.table_id)
                    batch.append(move)
            self._queued = later
            try:
                await self._send(batch)
            finally:  # cancelled (the server stopping): no move is left waiting
                for move in batch:
                    if not move.done.done():
                        move.done.cancel()

    async def _send(self, batch: list[_QueuedMove]) -> None:
        try:
            swapped = await self.run(_pg_moves, [m.args for m in batch])
        except SAIntegrityError:  # a log row taken meanwhile: each alone finds its own
            for move in batch:
                await self._alone(move)
            return
        except Exception as exc:
            for move in batch:
                _settle(move.done, None, exc)
            return
        for move in batch:
            _settle(move.done, None, None if move.table_id in swapped else Stale(move.table_id))

    async def _alone(self, move: _QueuedMove) -> None:
        try:
            await self.run(_pg_move, move.table_id, move.args, [])
        except Exception as exc:
            _settle(move.done, None, exc)
        else:
            _settle(move.done, None, None)

    async def run(self, fn: Callable[..., Awaitable[T]], *args: Any) -> T:
        """``fn(connection, *args)`` on a connection lent in turn; its result or its error
        (driver errors as SQLAlchemy's, which the server answers ``database_busy``).
        Presence writes ride here too, as on SQLite's writer."""
        conn = await self._borrow()
        try:
            result = await fn(conn, *args)
        except (Stale, SAIntegrityError):  # the statement was answered: the connection is fine
            self._give_back(conn)
            raise
        except BaseException as exc:  # broken, or cancelled mid-statement: never reused
            self._drop(conn)
            if isinstance(exc, Exception):
                raise driver_error(exc) from exc
            raise
        self._give_back(conn)
        return result

    async def _borrow(self) -> asyncpg.Connection:
        if self._closed:
            raise OperationalError("connect", None, ConnectionError("closing"))
        if not self._waiting:
            if self._idle:
                self._lent += 1
                return self._idle.pop()
            if self._lent < self._size:
                self._lent += 1
                return await self._open()
        # Wait our turn. Waiting is bounded (an overloaded database is 503
        # ``database_busy``); a statement already sent is waited for, never abandoned.
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[asyncpg.Connection | None] = loop.create_future()
        self._waiting.append(turn)
        timer = loop.call_later(_WAIT_SECONDS, _give_up, turn)
        try:
            conn = await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # handed its turn just as it left
                handed = turn.result()
                if handed is None:
                    self._free_place()
                else:
                    self._give_back(handed)
            raise
        finally:
            timer.cancel()
        return conn if conn is not None else await self._open()

    async def _open(self) -> asyncpg.Connection:
        """A new connection, in a place already counted as lent."""
        try:
            return await asyncpg.connect(self._dsn)
        except BaseException as exc:
            self._free_place()
            if isinstance(exc, Exception):
                raise driver_error(exc) from exc
            raise

    def _next_turn(self) -> asyncio.Future[asyncpg.Connection | None] | None:
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():  # not cancelled, not given up
                return turn
        return None

    def _give_back(self, conn: asyncpg.Connection) -> None:
        if self._closed or conn.is_closed():
            self._drop(conn)
        elif (turn := self._next_turn()) is not None:
            turn.set_result(conn)  # still lent: to the oldest waiting job
        else:
            self._lent -= 1
            self._idle.append(conn)

    def _drop(self, conn: asyncpg.Connection) -> None:
        conn.terminate()
        self._free_place()

    def _free_place(self) -> None:
        """A lent place is free again: the oldest waiting job opens a connection in it."""
        if not self._closed and (turn := self._next_turn()) is not None:
            turn.set_result(None)
        else:
            self._lent -= 1

    async def close(self) -> None:
        self._closed = True
        closing = OperationalError("connect", None, ConnectionError("closing"))
        while (turn := self._next_turn()) is not None:
            turn.set_exception(closing)
        for move in self._queued:
            _settle(move.done, None, closing)
        self._queued = []
        for conn in self._idle:
            conn.terminate()
        self._idle = []


@dataclass(frozen=True, slots=True)
class _QueuedMove:
    table_id: str
    args: tuple[Any, ...]
    """:data:`_PG_MOVE`'s parameters."""
    done: asyncio.Future[None]


def _give_up(turn: asyncio.Future[Any]) -> None:
    """No connection came in time: the job is told the database is busy."""
    if not turn.done():
        turn.set_exception(OperationalError("connect", None, TimeoutError("no connection in time")))


async def _pg_move(
    conn: asyncpg.Connection, table_id: str, args: tuple[Any, ...], seats: list[tuple[Any, ...]]
) -> None:
    """The move's statement (and its seats' changes, in one transaction with it)."""
    try:
        if seats:
            async with conn.transaction():
                if await conn.fetchrow(_PG_MOVE, *args) is None:
                    raise Stale(table_id)
                await conn.executemany(_PG_SEAT, seats)
        elif await conn.fetchrow(_PG_MOVE, *args) is None:
            raise Stale(table_id)
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise SAIntegrityError("commit", None, exc) from exc


async def _pg_moves(conn: asyncpg.Connection, moves: list[tuple[Any, ...]]) -> set[str]:
    """Several moves' statements as one (:data:`_PG_MOVES`); the tables that swapped."""
    try:
        columns = [list(column) for column in zip(*(m[:13] for m in moves), strict=True)]
        rows = await conn.fetch(_PG_MOVES, *columns, CHANNEL)
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise SAIntegrityError("commit", None, exc) from exc
    return {row[0] for row in rows}


_PG_NEW_TABLE = _insert(
    "tables",
    NEW_TABLE_COLUMNS,
    [f"${i}::jsonb" if c in _JSON_COLUMNS else f"${i}" for i, c in enumerate(NEW_TABLE_COLUMNS, 1)],
)
_PG_NEW_SEAT = _insert(
    "seats", _NEW_SEAT_COLUMNS, [f"${i}" for i in range(1, 3 + len(SEAT_COLUMNS))]
)


async def pg_create(
    conn: asyncpg.Connection, table: tuple[Any, ...], seats: list[tuple[Any, ...]]
) -> None:
    """A new table and its seats, in one transaction."""
    try:
        async with conn.transaction():
            await conn.execute(_PG_NEW_TABLE, *table)
            await conn.executemany(_PG_NEW_SEAT, seats)
    except asyncpg.IntegrityConstraintViolationError as exc:
        raise SAIntegrityError("create", None, exc) from exc


def driver_error(exc: Exception) -> Exception:
    """What the repository and the server expect: SQLAlchemy's ``OperationalError`` /
    ``InterfaceError`` for a database in trouble (503 ``database_busy``), anything else
    (a bug) as it is."""
    if isinstance(exc, asyncpg.InterfaceError):
        return InterfaceError("commit", None, exc)
    if isinstance(exc, (*_LOST, asyncpg.PostgresError)):
        return OperationalError("commit", None, exc)
    return exc
