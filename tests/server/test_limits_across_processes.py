"""Two server processes sharing one PostgreSQL database: a table's limits and its
notices hold across them. The second process is a real ``spyhouse serve`` (a process of
its own, so nothing kept in a module's memory can be shared by accident)."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from types import SimpleNamespace

import httpx
import pytest
from websockets.sync.client import connect

from spyhouse.store import upgrade
from tests.server.conftest import LiveServer, _free_port, start_server
from tests.server.helpers import auth, open_table, start
from tests.server.test_cli import _serve
from tests.server.test_websocket import Socket

HOST_CONTROLS = "6/minute"


@dataclass
class Two:
    a: LiveServer
    b_ws: SimpleNamespace
    """What :class:`Socket` needs of a server: its ``ws_url``."""
    http_a: httpx.Client
    http_b: httpx.Client


@pytest.fixture
def two(database_url) -> Iterator[Two]:
    if database_url.startswith("sqlite"):
        pytest.skip("SQLite serves one process; several share PostgreSQL")
    migrated_url = database_url
    upgrade(migrated_url)
    a = start_server(migrated_url, rate_limit_host_controls=HOST_CONTROLS)
    port = _free_port()
    b = _serve(
        migrated_url,
        port,
        SPYHOUSE_RATE_LIMIT_HOST_CONTROLS=HOST_CONTROLS,
        SPYHOUSE_RATE_LIMIT_CREATE="2/minute",
    )
    try:
        with (
            httpx.Client(base_url=a.url, timeout=30) as http_a,
            httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http_b,
        ):
            yield Two(a, SimpleNamespace(ws_url=f"ws://127.0.0.1:{port}"), http_a, http_b)
    finally:
        b.send_signal(signal.SIGTERM)
        b.wait(timeout=30)
        a.stop()
    assert a.errors() == [], "\n".join(a.errors())


def test_one_seat_talking_through_two_processes_gets_its_limit_once(two):
    """A seat with a socket on each of two processes used to send 10 lines in 10 s where
    the limit is 5."""
    table = open_table(two.http_a, "highcard", 2)
    codes = [
        http.post(
            f"/api/tables/{table.id}/chat",
            json={"text": f"line {i}"},
            headers=auth(table.tokens[0]),
        ).status_code
        for i in range(5)
        for http in (two.http_a, two.http_b)
    ]
    assert codes.count(201) == 5 and codes[:5] == [201] * 5
    assert set(codes[5:]) == {429}
    there = Socket(two.b_ws, table.id, table.tokens[0])
    there.send({"type": "chat", "text": "and over a socket"})
    error = there.recv_until("error")
    assert error["code"] == "chat_rate_limited" and error["retry_after"] >= 1
    there.close()
    lines = two.http_a.get(f"/api/tables/{table.id}/chat", headers=auth(table.tokens[1])).json()
    assert len(lines) == 5
    # Another seat has its own count.
    r = two.http_b.post(
        f"/api/tables/{table.id}/chat", json={"text": "me too"}, headers=auth(table.tokens[1])
    )
    assert r.status_code == 201


def test_host_controls_are_counted_once_for_every_process(two):
    table = open_table(two.http_a, "highcard", 2, clock={"kind": "correspondence", "seconds": 600})
    start(two.http_a, table)
    host = auth(table.host_token)
    codes = [
        http.post(f"/api/tables/{table.id}/clock/{step}", headers=host).status_code
        for step in ("pause", "resume") * 4
        for http in [two.http_a if step == "pause" else two.http_b]
    ]
    assert codes == [204] * 6 + [429] * 2
    for http in (two.http_a, two.http_b):
        r = http.post(f"/api/tables/{table.id}/clock/pause", headers=host)
        assert r.status_code == 429 and r.json()["code"] == "host_rate_limited"


def test_a_mute_reaches_the_sockets_of_every_process(two):
    """A seat muted through one process used to get no ``chat_muted`` frame on its
    socket at another (the mute itself was enforced there)."""
    table = open_table(two.http_a, "highcard", 2)
    start(two.http_a, table)
    here = Socket(two.a, table.id, table.tokens[0])
    there = Socket(two.b_ws, table.id, table.tokens[1])
    host = auth(table.host_token)

    def mute(http: httpx.Client, muted: bool) -> None:
        r = http.post(f"/api/tables/{table.id}/seats/1/mute", json={"muted": muted}, headers=host)
        assert r.status_code == 204, r.text

    mute(two.http_a, True)
    assert there.recv_until("chat_muted") | {"type": None} == {
        "type": None,
        "seat": 1,
        "muted": True,
    }
    assert here.recv_until("chat_muted")["muted"] is True
    later = Socket(two.b_ws, table.id, table.tokens[0])  # its first frame: from B's memory
    assert [s["muted"] for s in later.state["seats"]] == [False, True]
    mute(two.http_b, False)
    assert here.recv_until("chat_muted")["muted"] is False
    assert there.recv_until("chat_muted")["muted"] is False
    for sock in (here, there):  # every notice has arrived: each socket was told once each
        sock.send({"type": "ping"})
        sock.recv_until("pong")
        muted = [f["muted"] for f in sock.frames if f["type"] == "chat_muted"]
        assert muted == [True, False]
    for sock in (here, there, later):
        sock.close()


def test_spyhouse_serve_ignores_a_forwarded_address_by_default(two):
    """``spyhouse serve`` used to believe ``X-Forwarded-For`` from any local client."""
    codes = [
        two.http_b.post(
            "/api/tables",
            json={"game": "highcard", "seats": 2},
            headers={"x-forwarded-for": f"203.0.113.{i}"},
        ).status_code
        for i in range(3)
    ]
    assert codes == [201, 201, 429]


def test_presence_is_seen_from_every_process(two):
    """Presence is a table-wide notice too: a player connected to one process is shown
    connected on the other's sockets, and away once they left, as soon as it is
    written, not at the other process's next heartbeat (10 s here: longer than the
    wait)."""
    table = open_table(two.http_a, "highcard", 2)
    start(two.http_a, table)
    with connect(f"{two.a.ws_url}/ws/tables/{table.id}", open_timeout=10) as here:
        here.send(json.dumps({"type": "auth", "token": table.tokens[0], "presence": True}))

        def shown_until(status: str) -> None:
            deadline = time.monotonic() + 5
            while True:
                frame = json.loads(here.recv(timeout=deadline - time.monotonic()))
                if frame["type"] == "presence" and frame["seats"]["1"] == status:
                    return

        shown_until("away")  # before the player ever connected
        there = Socket(two.b_ws, table.id, table.tokens[1])
        shown_until("connected")
        there.close()
        shown_until("away")
