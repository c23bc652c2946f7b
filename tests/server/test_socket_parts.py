"""Sockets that ask for parts (``"parts": true`` at auth) are sent each unchanged part of
a view once: what they are shown, references replaced, is exactly what a socket without
parts is shown, and a reference names a part by its content alone."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.sync.client import connect

from spyhouse.engine import Rng
from tests.server.frame_check import with_parts
from tests.server.helpers import open_table, start
from tests.server.test_websocket import Socket


class PartsSocket:
    """A seat's socket with parts: keeps each state frame as sent and as resolved."""

    def __init__(self, live, table_id: str, token: str | None) -> None:
        self.ws = connect(f"{live.ws_url}/ws/tables/{table_id}", open_timeout=10).__enter__()
        hello: dict[str, Any] = {"type": "auth", "parts": True}
        if token:
            hello["token"] = token
        self.ws.send(json.dumps(hello))
        self.held: dict[str, Any] = {}
        self.sent: list[dict[str, Any]] = []
        self.states: list[dict[str, Any]] = []

    def recv_until_version(self, version: int) -> None:
        while not self.states or self.states[-1]["version"] < version:
            frame = json.loads(self.ws.recv(timeout=10))
            if frame["type"] == "state":
                self.sent.append(frame)
                self.states.append(with_parts(frame, self.held))

    def close(self) -> None:
        self.ws.close()


def _without_events(frame: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in frame.items() if k != "events"}


def _play(sockets: dict[int, Socket], moves: int, seed: int) -> int:
    """``moves`` random moves over the plain sockets; the last version."""
    rng = Rng(seed)
    version = max(s.state["version"] for s in sockets.values())
    for _ in range(moves):
        latest = max((s.state for s in sockets.values()), key=lambda d: d["version"])
        if latest["status"] == "finished":
            break
        seat = rng.choice([seat for seat, s in sockets.items() if s.state["legal_actions"]])
        sock = sockets[seat]
        sock.send(
            {
                "type": "action",
                "action": rng.choice(sock.state["legal_actions"]),
                "version": sock.state["version"],
            }
        )
        version = sock.recv_until("ack")["version"]
        for s in sockets.values():
            s.recv_until("state", version)
    return version


@pytest.mark.parametrize(("game", "seats"), [("estoril", 4), ("conspiracy", 2), ("spies", 2)])
def test_a_socket_with_parts_is_shown_what_a_socket_without_them_is(http, live, game, seats):
    table = open_table(http, game, seats, spectators=True)
    start(http, table)
    plain = {seat: Socket(live, table.id, token) for seat, token in table.tokens.items()}
    with_them = {seat: PartsSocket(live, table.id, token) for seat, token in table.tokens.items()}
    with_them[None] = PartsSocket(live, table.id, None)  # type: ignore[index]
    watcher = Socket(live, table.id, None)
    version = _play(plain, 30, seed=3)
    watcher.recv_until("state", version)
    readers: dict[int | None, Socket] = {**plain, None: watcher}
    referenced = 0
    for reader, sock in with_them.items():
        sock.recv_until_version(version)
        shown = {f["version"]: f for f in readers[reader].frames if f["type"] == "state"}
        for frame in sock.states:  # the events differ where one socket caught up on several
            assert _without_events(frame) == _without_events(shown[frame["version"]])
        # Every part the socket holds, it was shown whole once: later frames name it.
        later = json.dumps(sock.sent[1:])
        referenced += later.count('"$part"')
        assert sum(len(f["parts"]) for f in sock.sent[1:]) < later.count('"$part"')
        sock.close()
    assert referenced > 0
    for sock in (*plain.values(), watcher):
        sock.close()


def test_a_part_is_named_by_its_content(http, live):
    """Two sockets see the same digest for the same part, whenever they opened and
    whoever reads: a reference says no more than the part's content."""
    table = open_table(http, "estoril", 4)
    start(http, table)
    plain = {seat: Socket(live, table.id, token) for seat, token in table.tokens.items()}
    early = {seat: PartsSocket(live, table.id, token) for seat, token in table.tokens.items()}
    _play(plain, 10, seed=8)
    late = {seat: PartsSocket(live, table.id, token) for seat, token in table.tokens.items()}
    version = _play(plain, 10, seed=9)
    by_digest: dict[str, str] = {}
    by_content: dict[str, str] = {}
    for sock in (*early.values(), *late.values()):
        sock.recv_until_version(version)
        for frame in sock.sent:
            for digest, part in frame["parts"].items():
                content = json.dumps(part, sort_keys=True)
                assert by_digest.setdefault(digest, content) == content
                assert by_content.setdefault(content, digest) == digest
        sock.close()
    assert len(by_digest) > 6
    for sock in plain.values():
        sock.close()
