"""Presence across sockets, and a seat a bot held for a timed-out player coming back to
them when they reconnect — on a real server whose time is a ManualClock."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy.exc import OperationalError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spyhouse.now import ManualClock
from spyhouse.store.presence import PresenceStore
from tests.server.conftest import start_server
from tests.server.helpers import auth, open_table, start, view

GRACE = 60.0


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def quick(migrated_url, clock) -> Iterator[tuple[Any, httpx.Client]]:
    """A server that scans for deadlines and checks presence every 20 ms."""
    srv = start_server(
        migrated_url,
        clock=clock,
        clock_scan_seconds=0.02,
        presence_heartbeat_seconds=0.02,
        presence_grace_seconds=GRACE,
    )
    with httpx.Client(base_url=srv.url, timeout=30) as http:
        yield srv, http
    srv.stop()
    assert srv.errors() == []


class Sock:
    def __init__(self, srv, table_id: str, token: str, presence: bool = False) -> None:
        self.ws = connect(f"{srv.ws_url}/ws/tables/{table_id}", open_timeout=10).__enter__()
        self.ws.send(json.dumps({"type": "auth", "token": token, "presence": presence}))

    def until(self, test) -> dict[str, Any]:
        while True:
            frame = json.loads(self.ws.recv(timeout=15))
            if test(frame):
                return frame

    def close_code(self) -> int | None:
        try:
            while True:
                self.ws.recv(timeout=15)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None


def test_presence_shows_who_is_connected_away_and_gone(quick, clock):
    srv, http = quick
    table = open_table(http, "highcard", 2)
    start(http, table)
    watcher = Sock(srv, table.id, table.tokens[0], presence=True)
    seen = watcher.until(lambda f: f["type"] == "presence")
    assert seen["seats"]["1"] == "away"  # never connected yet
    other = Sock(srv, table.id, table.tokens[1])
    watcher.until(
        lambda f: f["type"] == "presence" and f["seats"] == {"0": "connected", "1": "connected"}
    )
    other.ws.close()
    watcher.until(lambda f: f["type"] == "presence" and f["seats"]["1"] == "away")
    clock.advance(GRACE + 1)
    watcher.until(lambda f: f["type"] == "presence" and f["seats"]["1"] == "gone")
    watcher.ws.close()


def test_a_seat_held_after_timeouts_comes_back_to_its_player_on_reconnect(quick, clock):
    srv, http = quick
    table = open_table(
        http, "highcard", 2, clock={"kind": "per_decision", "seconds": 30}, handover_after=1
    )
    start(http, table)
    absent = Sock(srv, table.id, table.tokens[1])
    absent.until(lambda f: f["type"] == "state")
    v = view(http, table, 0)["version"]
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": {"type": "keep"}, "version": v},
        headers=auth(table.tokens[0]),
    )
    assert r.status_code == 200
    clock.advance(31)  # seat 1's time runs out: the bot plays and holds the seat
    assert absent.close_code() == 4403
    host_log = http.get(f"/api/tables/{table.id}/events", headers=auth(table.host_token)).json()
    kinds = [e["type"] for e in host_log]
    assert "timed_out" in kinds and "seat_held" in kinds
    held = view(http, table, 0)["seats"][1]
    assert (held["kind"], held["name"], held["held"]) == ("bot", "P1", "absent")
    back = Sock(srv, table.id, table.tokens[1])  # the player returns
    state = back.until(lambda f: f["type"] == "state")
    assert state["you"] == 1 and state["seats"][1]["kind"] == "human"
    assert state["view"]["my_card"] is not None
    assert "returned" in [e["type"] for e in state["events"]]
    back.ws.close()


def test_a_move_sent_with_the_first_frame_is_answered_before_presence_is_written(
    migrated_url, monkeypatch
):
    """A page may move the moment its first frame arrives. The socket reads that move at
    once: its presence row is written beside it, not before (here the write is held
    back until the move's acknowledgement came, and only then lets the seat show)."""
    gate = threading.Event()
    record = PresenceStore.record

    async def held_back(self: PresenceStore, *args: Any) -> None:
        await asyncio.to_thread(gate.wait, 60)
        await record(self, *args)

    monkeypatch.setattr(PresenceStore, "record", held_back)
    srv = start_server(migrated_url, presence_heartbeat_seconds=0.05)
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            table = open_table(http, "highcard", 2)
            start(http, table)
            mover = next(s for s in table.tokens if view(http, table, s)["legal_actions"])
        sock = Sock(srv, table.id, table.tokens[mover])
        first = sock.until(lambda f: f["type"] == "state")
        action = first["legal_actions"][0]
        sock.ws.send(json.dumps({"type": "action", "action": action, "version": first["version"]}))
        answer = sock.until(lambda f: f["type"] in ("ack", "error"))
        assert answer == {"type": "ack", "version": first["version"] + 1, "request_id": None}
        gate.set()
        watcher = Sock(srv, table.id, table.tokens[1 - mover], presence=True)
        watcher.until(
            lambda f: f["type"] == "presence" and f["seats"] == {"0": "connected", "1": "connected"}
        )
        sock.ws.close()
        watcher.ws.close()
    finally:
        gate.set()
        srv.stop()
    assert srv.errors() == []


def test_a_socket_whose_presence_the_database_refused_stays_open_and_plays(
    migrated_url, monkeypatch, caplog
):
    """Presence is best effort, as a missed heartbeat is: a failed write leaves the seat
    looking away and is logged as a warning, and the socket goes on playing."""

    async def refused(self: PresenceStore, *args: Any) -> None:
        raise OperationalError("INSERT INTO presence", None, Exception("database is locked"))

    monkeypatch.setattr(PresenceStore, "record", refused)
    srv = start_server(migrated_url)
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            table = open_table(http, "highcard", 2)
            start(http, table)
            mover = next(s for s in table.tokens if view(http, table, s)["legal_actions"])
        sock = Sock(srv, table.id, table.tokens[mover], presence=True)
        got: dict[str, dict[str, Any]] = {}  # the first state and presence, in either order
        while len(got) < 2:
            frame = sock.until(lambda f: f["type"] in {"state", "presence"} - set(got))
            got[frame["type"]] = frame
        first = got["state"]
        assert got["presence"]["seats"] == {"0": "away", "1": "away"}
        sock.ws.send(
            json.dumps(
                {"type": "action", "action": first["legal_actions"][0], "version": first["version"]}
            )
        )
        assert sock.until(lambda f: f["type"] in ("ack", "error"))["type"] == "ack"
        sock.ws.close()
    finally:
        srv.stop()
    assert srv.errors() == []
    assert any("presence was not recorded" in r.getMessage() for r in caplog.records)
