"""A dropped LISTEN connection loses no update: after it reconnects, every socket resyncs.

A change committed by another process while this process was not listening never reaches
it as a notice; the listener therefore marks every local subscriber dirty as soon as it
listens again, and each socket catches up from the log.
"""

from __future__ import annotations

import asyncio
import threading

import asyncpg
import httpx
import psycopg
import pytest
from sqlalchemy.engine import make_url

from spyhouse.store import notify
from tests.server.conftest import start_server
from tests.server.helpers import auth, open_table, start
from tests.server.test_websocket import Socket


def test_sockets_catch_up_after_the_listen_connection_drops(migrated_url, live, http, monkeypatch):
    if migrated_url.startswith("sqlite"):
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's; SQLite is a single process")
    other = start_server(migrated_url)  # another process committing on the same database
    try:
        table = open_table(http, "highcard", 2)
        start(http, table)
        sock = Socket(live, table.id, table.tokens[1])
        version = sock.state["version"]

        # From now on a listener may reconnect only when the test lets it, so the move
        # below is certain to be committed while nobody listens.
        reconnecting, gate = threading.Event(), threading.Event()
        connect = notify._connect

        async def gated(url: str) -> asyncpg.Connection:
            reconnecting.set()
            while not gate.is_set():
                await asyncio.sleep(0.02)
            return await connect(url)

        monkeypatch.setattr(notify, "_connect", gated)
        conninfo = make_url(migrated_url).set(drivername="postgresql")
        with psycopg.connect(conninfo.render_as_string(hide_password=False)) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND query LIKE 'LISTEN%'"
            )
        assert reconnecting.wait(30), "the listener noticed its connection dropped"

        with httpx.Client(base_url=other.url, timeout=30) as via_other:
            r = via_other.post(  # seat 0 moves through the other process, unheard here
                f"/api/tables/{table.id}/actions",
                json={"action": {"type": "keep"}, "version": version},
                headers=auth(table.tokens[0]),
            )
        assert r.status_code == 200, r.text
        gate.set()
        frame = sock.recv_until("state", version + 1)
        assert [e["type"] for e in frame["events"]] == ["decided"]
        sock.close()
    finally:
        other.stop()
