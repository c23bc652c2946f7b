"""A real server per test: uvicorn on a free port, real HTTP and real WebSockets,
against SQLite and (when ``SPYHOUSE_TEST_POSTGRES_URL`` is set) PostgreSQL."""

from __future__ import annotations

import logging
import os
import secrets
import socket
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


@dataclass
class LiveServer:
    url: str
    ws_url: str
    server: uvicorn.Server
    thread: threading.Thread
    log_start: int = 0

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def errors(self) -> list[str]:
        """Errors logged by any in-process server since this one started, tracebacks
        included: a client's misbehaviour must never become one."""
        return [logging.Formatter().format(r) for r in SERVER_LOG.records[self.log_start :]]


def start_server(database_url: str, **overrides) -> LiveServer:
    settings = Settings.from_env(database_url=database_url, **overrides)
    port = _free_port()
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
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
        time.sleep(0.02)
    return LiveServer(
        f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}", server, thread, log_start
    )


@pytest.fixture
def migrated_url(database_url) -> str:
    upgrade(database_url)
    return database_url


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
