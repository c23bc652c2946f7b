"""Presence kept in each process's memory and beaten in batches still shows across
processes: a player whose socket is on one server is seen coming and going by a socket
on another (both on the same database)."""

from __future__ import annotations

import httpx

from tests.server.conftest import start_server
from tests.server.helpers import open_table, start
from tests.server.test_presence import Sock


def test_presence_shows_across_two_processes(migrated_url):
    a = start_server(migrated_url, presence_heartbeat_seconds=0.05)
    b = start_server(migrated_url, presence_heartbeat_seconds=0.05)
    try:
        with httpx.Client(base_url=a.url, timeout=30) as http:
            table = open_table(http, "highcard", 3)
            start(http, table)
        watcher = Sock(a, table.id, table.tokens[0], presence=True)
        first = watcher.until(lambda f: f["type"] == "presence")
        assert first["seats"] == {"0": "connected", "1": "away", "2": "away"}
        others = [Sock(b, table.id, table.tokens[1]), Sock(b, table.id, table.tokens[2])]
        watcher.until(
            lambda f: (
                f["type"] == "presence"
                and f["seats"] == {"0": "connected", "1": "connected", "2": "connected"}
            )
        )
        # still connected after several beats: the batched heartbeat keeps B's rows fresh
        ctx = b.server.config.app.state.context
        assert len(ctx.presence.live) == 2
        others[0].ws.close()
        watcher.until(
            lambda f: (
                f["type"] == "presence"
                and f["seats"] == {"0": "connected", "1": "away", "2": "connected"}
            )
        )
        others[1].ws.close()
        watcher.until(lambda f: f["type"] == "presence" and f["seats"]["2"] == "away")
        watcher.ws.close()
    finally:
        a.stop()
        b.stop()
    assert a.errors() == [] and b.errors() == []


def test_idle_sockets_are_beaten_in_one_statement_per_period(migrated_url, monkeypatch):
    """Many idle sockets of one process: one UPDATE per heartbeat, not one per socket."""
    from spyhouse.store.presence import PresenceStore

    calls: list[int] = []
    beat_many = PresenceStore.beat_many

    async def counting(self, conns, now):
        calls.append(len(conns))
        await beat_many(self, conns, now)

    monkeypatch.setattr(PresenceStore, "beat_many", counting)
    srv = start_server(migrated_url, presence_heartbeat_seconds=0.05)
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            tables = [open_table(http, "highcard", 3) for _ in range(3)]
        socks = [Sock(srv, t.id, tok) for t in tables for tok in t.tokens.values()]
        for s in socks:
            s.until(lambda f: f["type"] == "state")
        calls.clear()
        import time

        # Every socket of the process in one statement, once each has registered (a
        # loaded machine may take a few beats): never one statement per socket.
        deadline = time.monotonic() + 15
        while not (calls and max(calls) == 9) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert calls and max(calls) == 9
        for s in socks:
            s.ws.close()
    finally:
        srv.stop()
    assert srv.errors() == []
