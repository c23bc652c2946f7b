"""Table chat over real sockets: who hears a line, what survives a reconnect, what is
refused (too long, too fast, muted) — and that talking never moves the game."""

from __future__ import annotations

import pytest

from tests.server.helpers import auth, open_table, start
from tests.server.test_websocket import Socket


def chat_frames(sock: Socket) -> list[dict]:
    return [f for f in sock.frames if f["type"] == "chat"]


def test_a_line_reaches_every_socket_of_the_table_and_nothing_beyond(http, live):
    table = open_table(http, "highcard", 2, spectators=True)
    other = open_table(http, "highcard", 2, spectators=True)
    start(http, table)
    ann, bob = Socket(live, table.id, table.tokens[0]), Socket(live, table.id, table.tokens[1])
    watcher = Socket(live, table.id, None)
    elsewhere = Socket(live, other.id, other.tokens[0])
    version = ann.state["version"]

    ann.send({"type": "chat", "text": "  I have the 9, trust me  "})
    for sock in (ann, bob, watcher):
        line = sock.recv_until("chat")
        assert line["text"] == "I have the 9, trust me"
        assert (line["seat"], line["name"], line["channel"]) == (0, "P0", "table")
        assert line["at"]
    bob.send({"type": "ping"})
    bob.recv_until("pong")  # anything queued for bob has arrived by now
    elsewhere.send({"type": "ping"})
    elsewhere.recv_until("pong")
    assert chat_frames(elsewhere) == []
    assert http.get(f"/api/tables/{table.id}").json()["version"] == version
    assert all(
        f["version"] == version for s in (ann, bob) for f in s.frames if f["type"] == "state"
    )
    for s in (ann, bob, watcher, elsewhere):
        s.close()


def test_spectators_talk_among_themselves(http, live):
    table = open_table(http, "highcard", 2, spectators=True)
    ann = Socket(live, table.id, table.tokens[0])
    watcher, other_watcher = Socket(live, table.id, None), Socket(live, table.id, None)
    watcher.send({"type": "chat", "text": "Ann is bluffing"})
    assert other_watcher.recv_until("chat")["channel"] == "spectators"
    assert watcher.recv_until("chat")["text"] == "Ann is bluffing"
    ann.send({"type": "ping"})
    ann.recv_until("pong")
    assert chat_frames(ann) == []
    assert http.get(f"/api/tables/{table.id}/chat", headers=auth(table.tokens[0])).json() == []
    for s in (ann, watcher, other_watcher):
        s.close()


def test_chat_survives_a_reconnect(http, live):
    table = open_table(http, "highcard", 2)
    for i in range(3):
        r = http.post(
            f"/api/tables/{table.id}/chat",
            json={"text": f"line {i}"},
            headers=auth(table.tokens[i % 2]),
        )
        assert r.status_code == 201, r.text
    again = Socket(live, table.id, table.tokens[1])
    history = again.recv_until("chat_history")["lines"]
    assert [line["text"] for line in history] == ["line 0", "line 1", "line 2"]
    again.close()


def test_refusals_too_long_too_fast_muted(http, live):
    table = open_table(http, "highcard", 2)
    say = lambda seat, text: http.post(  # noqa: E731
        f"/api/tables/{table.id}/chat", json={"text": text}, headers=auth(table.tokens[seat])
    )
    too_long = say(0, "x" * 501)
    assert too_long.status_code == 422 and too_long.json()["code"] == "chat_too_long"
    assert say(0, "   ").json()["code"] == "bad_chat"
    assert say(0, "bell\x07").json()["code"] == "bad_chat"
    codes = [say(0, f"spam {i}").status_code for i in range(8)]
    assert codes[:5] == [201] * 5 and 429 in codes[5:]
    r = say(0, "one more")
    assert r.status_code == 429 and r.json()["code"] == "chat_rate_limited"

    r = http.post(
        f"/api/tables/{table.id}/seats/1/mute", json={"muted": True}, headers=auth(table.tokens[0])
    )
    assert r.status_code == 403  # only the host mutes
    r = http.post(
        f"/api/tables/{table.id}/seats/1/mute", json={"muted": True}, headers=auth(table.host_token)
    )
    assert r.status_code == 204
    muted = say(1, "let me speak")
    assert muted.status_code == 403 and muted.json()["code"] == "muted"
    bob = Socket(live, table.id, table.tokens[1])
    bob.send({"type": "chat", "text": "over the socket then"})
    error = bob.recv_until("error")
    assert error["code"] == "muted"
    bob.close()
    texts = [
        line["text"]
        for line in http.get(f"/api/tables/{table.id}/chat", headers=auth(table.tokens[0])).json()
    ]
    assert "let me speak" not in texts and "over the socket then" not in texts
    assert "x" * 501 not in texts


def test_a_mute_is_shown_at_once_and_to_later_readers_without_moving_the_game(http, live):
    table = open_table(http, "highcard", 2)
    start(http, table)
    ann, bob = Socket(live, table.id, table.tokens[0]), Socket(live, table.id, table.tokens[1])
    version = ann.state["version"]
    mute = lambda muted: http.post(  # noqa: E731
        f"/api/tables/{table.id}/seats/1/mute",
        json={"muted": muted},
        headers=auth(table.host_token),
    )
    assert mute(True).status_code == 204
    for sock in (ann, bob):
        assert sock.recv_until("chat_muted") | {"type": None} == {
            "type": None,
            "seat": 1,
            "muted": True,
        }
    seats = lambda doc: [s["muted"] for s in doc["seats"]]  # noqa: E731
    assert seats(http.get(f"/api/tables/{table.id}").json()) == [False, True]
    later = Socket(live, table.id, table.tokens[0])  # its first frame comes from the hub
    assert seats(later.state) == [False, True]
    assert later.state["version"] == version
    assert mute(False).status_code == 204
    assert bob.recv_until("chat_muted")["muted"] is False
    assert seats(http.get(f"/api/tables/{table.id}").json()) == [False, False]
    assert http.get(f"/api/tables/{table.id}").json()["version"] == version
    for s in (ann, bob, later):
        s.close()


@pytest.mark.parametrize("text", ["<b>bold</b>", "<script>alert(1)</script>"])
def test_chat_is_text_stored_as_sent(http, text):
    table = open_table(http, "highcard", 2)
    r = http.post(
        f"/api/tables/{table.id}/chat", json={"text": text}, headers=auth(table.tokens[0])
    )
    assert r.status_code == 201 and r.json()["text"] == text


def test_a_line_said_in_one_process_reaches_sockets_of_another_once(migrated_url, live, http):
    if migrated_url.startswith("sqlite"):
        pytest.skip("SQLite is single-process; cross-process chat is PostgreSQL's NOTIFY")
    from tests.server.conftest import start_server

    other = start_server(migrated_url)
    try:
        table = open_table(http, "highcard", 2)
        here, there = (
            Socket(live, table.id, table.tokens[0]),
            Socket(other, table.id, table.tokens[1]),
        )
        http.post(
            f"/api/tables/{table.id}/chat", json={"text": "from A"}, headers=auth(table.tokens[0])
        )
        assert there.recv_until("chat")["text"] == "from A"
        here.send({"type": "chat", "text": "also from A"})
        assert there.recv_until("chat")["text"] == "also from A"
        for sock in (here, there):
            sock.send({"type": "ping"})
            sock.recv_until("pong")
        here.send({"type": "ping"})  # the NOTIFY echo of A's own lines has had time to arrive
        here.recv_until("pong")
        assert [f["text"] for f in chat_frames(here)] == ["from A", "also from A"]
        assert [f["text"] for f in chat_frames(there)] == ["from A", "also from A"]
        here.close()
        there.close()
    finally:
        other.stop()


async def test_a_mute_told_by_another_process_is_on_the_seat_list_before_any_socket_hears():
    """A page opening at one process just after another process muted a seat was shown the
    seat unmuted: the sockets were told at once, the table re-read only afterwards."""
    from types import SimpleNamespace

    from spyhouse.kinds import SeatKind, TableStatus
    from spyhouse.server import chat
    from spyhouse.server.fanout import Hub
    from spyhouse.store.snapshots import SeatSnapshot, TableSnapshot

    seats = tuple(SeatSnapshot(s, SeatKind.HUMAN, f"P{s}", None) for s in range(2))
    row = TableSnapshot(
        id="T1", game_id="highcard", options={}, num_seats=2, private=True, spectators=True,
        publish_log=False, status=TableStatus.PLAYING, invite_code="C", host_token_hash="h", seed=1,
        version=3, state=None, outcome=None, clock=None, deadline=None, created_at=None,
        updated_at=None, seats=seats,
    )  # fmt: skip
    hub = Hub()
    sub = hub.subscribe(row.id, 0, row.version)
    hub.seed(row)
    told = []
    hub.broadcast = lambda table_id, frame, to: told.append(  # type: ignore[method-assign]
        [s.chat_muted for s in hub.latest_row(table_id).seats]
    )
    chat.on_notice(SimpleNamespace(hub=hub, origin="here"), f"{row.id}:muted:1:1:there")
    assert told == [[False, True]]  # the seat list had it when the sockets were told
    assert [s.chat_muted for s in hub.latest_row(row.id).seats] == [False, True]
    hub.unsubscribe(sub)
