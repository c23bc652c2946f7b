"""A real server per test: uvicorn on a free port, real HTTP and real WebSockets,
against SQLite and (when ``SPYHOUSE_TEST_POSTGRES_URL`` is set) PostgreSQL.

Each test gets a database of its own, already at the schema's head: a copy of one that
each worker migrates once (running the migrations costs ~0.6 s a database, copying a
SQLite file a few milliseconds). A PostgreSQL copy costs ~0.3 CPU-seconds (the catalogs
are copied too), so a worker empties the databases its tests are done with and hands
them to later tests. ``test_migrations.py`` and ``test_cli.py`` still migrate empty ones."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import os
import secrets
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import psycopg
import pytest
import uvicorn
from sqlalchemy.engine import make_url

from spyhouse.server import create_app
from spyhouse.settings import Settings
from spyhouse.store import upgrade
from tests.server import frame_check

PG_ADMIN_URL = os.environ.get("SPYHOUSE_TEST_POSTGRES_URL")


def _backends() -> list:
    skip_pg = pytest.mark.skipif(
        not PG_ADMIN_URL and not os.environ.get("CI"),
        reason="set SPYHOUSE_TEST_POSTGRES_URL to test on PostgreSQL",
    )
    return ["sqlite", pytest.param("postgres", marks=skip_pg)]


@contextmanager
def fresh_database(backend: str, directory: Path) -> Iterator[str]:
    """The URL of an empty database on ``backend`` ("sqlite" or "postgres"), dropped after."""
    if backend == "sqlite":
        yield f"sqlite:///{directory / 'spyhouse.db'}"
        return
    assert PG_ADMIN_URL, "CI must set SPYHOUSE_TEST_POSTGRES_URL"
    name = f"spyhouse_test_{secrets.token_hex(6)}"
    admin = make_url(PG_ADMIN_URL).set(drivername="postgresql")
    conninfo = admin.render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield admin.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# What a PostgreSQL database's schema is: its columns, indexes, constraints and Alembic
# version. A database is handed to another test only while this is the template's.
_SCHEMA = """
SELECT md5(string_agg(part, ';' ORDER BY part)) FROM (
    SELECT concat_ws(':', table_name, column_name, data_type, is_nullable, column_default)
    FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT conname || pg_get_constraintdef(oid) FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'alembic ' || version_num FROM alembic_version
) AS schema(part)
"""


class _Templates:
    """Databases migrated to head once per worker process, copied for each test: the
    SQLite file is copied, a PostgreSQL database is created with it as ``TEMPLATE``
    (PostgreSQL's own file copy; the template must have no session open, and the
    migrations close theirs), or is one an earlier test used, emptied (``reuse``)."""

    def __init__(self) -> None:
        self.directory: Path | None = None
        self.sqlite: Path | None = None
        self.postgres: str | None = None
        self.schema: str | None = None
        self.spare: list[str] = []

    def sqlite_file(self) -> Path:
        if self.sqlite is None:
            self.directory = Path(tempfile.mkdtemp(prefix="spyhouse-template-"))
            path = self.directory / "template.db"
            upgrade(f"sqlite:///{path}")
            self.sqlite = path
        return self.sqlite

    def postgres_name(self, conninfo: str) -> str:
        if self.postgres is None:
            name = f"spyhouse_template_{secrets.token_hex(6)}"
            with psycopg.connect(conninfo, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{name}"')
            admin = make_url(PG_ADMIN_URL or "").set(drivername="postgresql")
            self.postgres = name
            url = admin.set(database=name).render_as_string(hide_password=False)
            upgrade(url)
            with psycopg.connect(url, autocommit=True) as conn:
                self.schema = _fingerprint(conn)
        return self.postgres

    def reuse(self, conninfo: str, name: str) -> bool:
        """Empty a test's database for the next test, if it is still the template's
        schema: every session on it is ended first (a test's server may have left one,
        holding locks), then every table but Alembic's is truncated, sequences too."""
        with psycopg.connect(conninfo, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )
        url = make_url(conninfo).set(database=name).render_as_string(hide_password=False)
        with psycopg.connect(url, autocommit=True) as conn:
            if _fingerprint(conn) != self.schema:
                return False
            tables = conn.execute(
                "SELECT string_agg(quote_ident(tablename), ', ') FROM pg_tables"
                " WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
            ).fetchone()
            conn.execute(f"TRUNCATE {tables[0]} RESTART IDENTITY CASCADE")
        self.spare.append(name)
        return True

    def drop(self) -> None:
        """At the worker's exit (browser tests use the templates too, outside this
        directory's fixtures)."""
        if self.postgres is not None and PG_ADMIN_URL:
            admin = make_url(PG_ADMIN_URL).set(drivername="postgresql")
            with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True) as c:
                for name in [*self.spare, self.postgres]:
                    c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if self.directory is not None:
            shutil.rmtree(self.directory, ignore_errors=True)


def _fingerprint(conn: psycopg.Connection) -> str:
    row = conn.execute(_SCHEMA).fetchone()
    assert row is not None
    return str(row[0])


TEMPLATES = _Templates()
atexit.register(TEMPLATES.drop)


@contextmanager
def migrated_database(backend: str, directory: Path) -> Iterator[str]:
    """The URL of a database on ``backend`` at the schema's head, dropped after: a copy of
    the worker's template (the same tables, indexes and Alembic version a fresh
    ``upgrade`` writes)."""
    if backend == "sqlite":
        path = directory / "spyhouse.db"
        shutil.copyfile(TEMPLATES.sqlite_file(), path)
        yield f"sqlite:///{path}"
        return
    assert PG_ADMIN_URL, "CI must set SPYHOUSE_TEST_POSTGRES_URL"
    admin = make_url(PG_ADMIN_URL).set(drivername="postgresql")
    conninfo = admin.render_as_string(hide_password=False)
    template = TEMPLATES.postgres_name(conninfo)
    if TEMPLATES.spare:
        name = TEMPLATES.spare.pop()
    else:
        name = f"spyhouse_test_{secrets.token_hex(6)}"
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    yield admin.set(database=name).render_as_string(hide_password=False)
    if not TEMPLATES.reuse(conninfo, name):
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(autouse=True)
def _frames_follow_the_asyncapi_document(monkeypatch) -> None:
    """Every frame a test receives over a socket is checked against ``/asyncapi.json``."""
    frame_check.install(monkeypatch)


@pytest.fixture(params=_backends())
def database_url(request, tmp_path) -> Iterator[str]:
    with fresh_database(request.param, tmp_path) as url:
        yield url


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _ServerLog(logging.Handler):
    """Every error the in-process servers log (uvicorn's "Exception in ASGI application"
    with its traceback, or an asyncio task that died), so a test can prove there was none."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def install(self) -> None:
        # uvicorn's Config re-applies its logging config (dropping handlers): re-attach.
        for name in ("uvicorn.error", "asyncio"):
            logger = logging.getLogger(name)
            if self not in logger.handlers:
                logger.addHandler(self)


SERVER_LOG = _ServerLog()


class _Server(uvicorn.Server):
    """uvicorn's server, stopped as soon as it is asked: uvicorn looks for ``should_exit``
    every 0.1 s, and when stopping gives open connections a fixed 0.1 s to close, 0.2 s
    of nothing in each of the ~1,000 tests that stop a server. Here a stop wakes the main
    loop at once, and the shutdown goes on as soon as the connections and their tasks
    are gone; the steps and their order are uvicorn's."""

    _stop: asyncio.Event | None = None
    _loop: asyncio.AbstractEventLoop | None = None

    def request_stop(self) -> None:
        self.should_exit = True
        if self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):  # its loop has already closed
                self._loop.call_soon_threadsafe(self._stop.set)

    async def main_loop(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        counter = 0
        should_exit = await self.on_tick(counter)
        while not should_exit:
            counter = (counter + 1) % 864_000
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), 0.1)
            should_exit = await self.on_tick(counter)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()
        for sock in sockets or []:
            sock.close()
        state = self.server_state
        for connection in list(state.connections):
            connection.shutdown()
        while state.connections or state.tasks:
            await asyncio.sleep(0.005)
        for server in self.servers:
            await server.wait_closed()
        await self.lifespan.shutdown()


@dataclass
class LiveServer:
    url: str
    ws_url: str
    server: _Server
    thread: threading.Thread
    log_start: int = 0

    def stop(self) -> None:
        self.server.request_stop()
        self.thread.join(timeout=10)

    def errors(self) -> list[str]:
        """Errors logged by any in-process server since this one started, tracebacks
        included: a client's misbehaviour must never become one."""
        return [logging.Formatter().format(r) for r in SERVER_LOG.records[self.log_start :]]


def start_server(database_url: str, *, port: int | None = None, **overrides) -> LiveServer:
    """A server in a thread of this process, on ``port`` or a free one."""
    settings = Settings.from_env(database_url=database_url, **overrides)
    port = port or _free_port()
    config = uvicorn.Config(
        create_app(settings),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        **settings.uvicorn_options(),
        lifespan="on",
    )
    SERVER_LOG.install()
    log_start = len(SERVER_LOG.records)
    server = _Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    return LiveServer(
        f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", server, thread, log_start
    )


@pytest.fixture(params=_backends())
def migrated_url(request, tmp_path) -> Iterator[str]:
    """A database at the schema's head (see ``migrated_database``)."""
    with migrated_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def live(migrated_url) -> Iterator[LiveServer]:
    srv = start_server(migrated_url)
    yield srv
    srv.stop()
    assert srv.errors() == [], "the server logged errors:\n" + "\n".join(srv.errors())


@pytest.fixture
def http(live) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live.url, timeout=30) as client:
        yield client
