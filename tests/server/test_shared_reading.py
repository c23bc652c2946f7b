"""What a committed version's readers share: a socket's token is hashed once for its
life, not per move, and each seat's document (its view and legal actions) is built once
per version for that seat's sockets and its REST reads alike."""

from __future__ import annotations

from collections import Counter
from typing import Any

from spyhouse.engine import get_game
from spyhouse.server import access
from tests.server.helpers import auth as bearer
from tests.server.helpers import open_table, start, view
from tests.server.test_websocket import Socket, play_over_websockets


def _count_hashes(monkeypatch) -> Counter[str]:
    hashed: Counter[str] = Counter()
    real = access.hash_token

    def counted(token: str) -> str:
        hashed[token] += 1
        return real(token)

    monkeypatch.setattr(access, "hash_token", counted)  # same_token and holder_hash too
    return hashed


def test_moves_over_a_socket_hash_no_token(http, live, monkeypatch):
    table = open_table(http, "highcard", 3)
    sockets = {seat: Socket(live, table.id, token) for seat, token in table.tokens.items()}
    started = view(http, table, 0)["version"] + 1
    start(http, table)
    for sock in sockets.values():
        sock.recv_until("state", started)
    hashed = _count_hashes(monkeypatch)
    final = play_over_websockets(sockets, seed=5)
    assert final["version"] > started  # moves were played, over the sockets
    assert not hashed, f"tokens hashed during socket moves: {sum(hashed.values())}"
    for sock in sockets.values():
        sock.close()


def test_a_seat_document_is_built_once_per_version_for_its_socket_and_rest(http, live, monkeypatch):
    table = open_table(http, "highcard", 3)
    sockets = {seat: Socket(live, table.id, token) for seat, token in table.tokens.items()}
    started = view(http, table, 0)["version"] + 1
    start(http, table)
    for sock in sockets.values():
        sock.recv_until("state", started)
    game = get_game("highcard")
    assert game is not None
    built: Counter[tuple[int | None, int]] = Counter()
    real_view = type(game).view

    def counted_view(self: Any, state: Any, seat: int | None) -> Any:
        built[(seat, len(built))] += 1
        return real_view(self, state, seat)

    monkeypatch.setattr(type(game), "view", counted_view)
    mover = next(s for s, sock in sockets.items() if sock.state["legal_actions"])
    doc = sockets[mover].state
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": doc["legal_actions"][0], "version": doc["version"]},
        headers=bearer(table.tokens[mover]),
    )
    assert r.status_code == 200, r.text
    version = r.json()["version"]
    for sock in sockets.values():
        sock.recv_until("state", version)
    after_frames = sum(built.values())
    for seat in sockets:  # REST reads of the version the sockets were just sent
        assert view(http, table, seat)["version"] == version
    assert sum(built.values()) == after_frames, "a REST read built its document again"
    assert after_frames == len(sockets)  # one view per seat for the move's answer and frames
    for sock in sockets.values():
        sock.close()
