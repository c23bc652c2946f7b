"""A seat that changes hands takes every socket and token of its previous holder with it.

Authority is checked for every frame: once the host empties a seat or hands it to a bot,
each socket authenticated as that seat's previous holder gets a ``seat_revoked`` problem
document and close code 4403 before any later state, and its token is refused over REST.
"""

from __future__ import annotations

import json
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.helpers import auth, open_table, start, view


class Watcher:
    """A socket that records frames until the server closes it."""

    def __init__(self, live, table_id: str, token: str) -> None:
        self.ws = connect(f"{live.ws_url}/ws/tables/{table_id}", open_timeout=10).__enter__()
        self.ws.send(json.dumps({"type": "auth", "token": token}))
        self.frames: list[dict[str, Any]] = []
        self.close_code: int | None = None
        self.next()

    def next(self) -> dict[str, Any] | None:
        """The next frame, or ``None`` once the server closed the socket."""
        try:
            frame = json.loads(self.ws.recv(timeout=15))
        except ConnectionClosed as closed:
            self.close_code = closed.rcvd.code if closed.rcvd else None
            return None
        self.frames.append(frame)
        return frame

    def until_closed(self, revoked_at: int) -> None:
        """Read to the close; fail at once on any state at or after ``revoked_at``."""
        while (frame := self.next()) is not None:
            if frame["type"] == "state":
                assert frame["version"] < revoked_at, f"state after revocation: {frame}"


def _version_of(http, table, kind: str) -> int:
    """The version of the (last) public event ``kind``, as the host reads the log."""
    log = http.get(f"/api/tables/{table.id}/events", headers=auth(table.host_token)).json()
    return [e["version"] for e in log if e["type"] == kind][-1]


def _assert_revoked(sock: Watcher) -> None:
    errors = [f for f in sock.frames if f["type"] == "error"]
    assert [e["code"] for e in errors] == ["seat_revoked"]
    assert errors[0]["status"] == 403
    assert sock.frames[-1] is errors[0], "the problem document is the last frame"
    assert sock.close_code == 4403


def test_emptied_seat_loses_its_sockets_before_the_next_holder_sees_anything(http, live):
    table = open_table(http, "highcard", 2)
    old_token = table.tokens[1]
    old = [Watcher(live, table.id, old_token) for _ in range(2)]  # two tabs, one player
    r = http.delete(f"/api/tables/{table.id}/seats/1", headers=auth(table.host_token))
    assert r.status_code == 204
    revoked_at = _version_of(http, table, "seat_emptied")
    r = http.post(f"/api/invites/{table.invite_code}/join", json={"name": "Newcomer"})
    assert r.status_code == 201 and r.json()["seat"] == 1
    table.tokens[1] = r.json()["seat_token"]
    start(http, table)
    assert view(http, table, 1)["view"]["my_card"] is not None  # the newcomer's secret
    for sock in old:
        sock.until_closed(revoked_at)
        _assert_revoked(sock)
    r = http.get(f"/api/tables/{table.id}/view", headers=auth(old_token))
    assert r.status_code == 403 and r.json()["code"] == "invalid_token"
    again = Watcher(live, table.id, old_token)  # nor can it come back by reconnecting
    assert again.frames[-1]["code"] == "invalid_token"


def test_seat_handed_to_a_bot_mid_game_stops_streaming_to_the_replaced_player(http, live):
    table = open_table(http, "highcard", 3)
    start(http, table)
    old_token = table.tokens[2]
    old = [Watcher(live, table.id, old_token) for _ in range(2)]
    assert old[0].frames[-1]["view"]["my_card"] is not None
    r = http.post(f"/api/tables/{table.id}/seats/2/bot", headers=auth(table.host_token))
    assert r.status_code == 204
    revoked_at = _version_of(http, table, "bot_seated")
    for seat in (0, 1):  # the game goes on, the bot playing seat 2
        for _ in range(50):  # the bot chooses at the same time, in the background
            v = view(http, table, seat)["version"]
            r = http.post(
                f"/api/tables/{table.id}/actions",
                json={"action": {"type": "keep"}, "version": v},
                headers=auth(table.tokens[seat]),
            )
            if r.status_code != 409 or r.json()["code"] != "stale_version":
                break
        assert r.status_code == 200, r.text
    for sock in old:
        sock.until_closed(revoked_at)
        _assert_revoked(sock)
    r = http.get(f"/api/tables/{table.id}/view", headers=auth(old_token))
    assert r.status_code == 403
