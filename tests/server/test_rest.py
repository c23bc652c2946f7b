"""The REST API end to end, on a real server, on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from spyhouse.engine import all_games
from tests.server.conftest import start_server
from tests.server.helpers import auth, dumps, open_table, play_to_end_over_rest, start, view


def test_games_lists_every_registered_game_with_its_options_schema(http):
    games = {g["id"]: g for g in http.get("/api/games").json()}
    assert {"highcard"} <= set(games)
    hc = games["highcard"]
    assert hc["min_seats"] == 2 and hc["max_seats"] == 3
    assert "top_card" in hc["options_schema"]["properties"]


def test_games_say_how_long_each_bot_level_thinks_and_how_many_decisions_a_seat_makes(http):
    """What the lobby needs to preselect the strongest bot that fits a table's clock."""
    games = {g["id"]: g for g in http.get("/api/games").json()}
    think = {b["level"]: b["think_seconds"] for b in games["highcard"]["bots"]}
    assert think["random"] == think["heuristic"] == 0 < think["search"]
    if {"agencia", "conspiracy"} <= set(games):  # a four-player Conspiracy runs long
        assert games["conspiracy"]["decisions_per_seat"] > games["agencia"]["decisions_per_seat"]


def test_full_game_over_rest(http):
    table = open_table(http, "highcard", 3)
    start(http, table)
    doc = play_to_end_over_rest(http, table, seed=1)
    assert doc["outcome"] is not None
    assert doc["to_act"] == [] and doc["legal_actions"] == []
    # every seat's log holds its own private draw and nobody else's
    swaps, draws = set(), set()
    for seat, token in table.tokens.items():
        events = http.get(f"/api/tables/{table.id}/events", headers=auth(token)).json()
        assert all(e["version"] > 0 for e in events)
        swaps = {e["data"]["seat"] for e in events if e["type"] == "swapped"}
        drew = [e["data"]["card"] for e in events if e["type"] == "drew"]
        assert drew == ([doc["outcome"]["detail"]["hands"][seat]] if seat in swaps else [])
        draws |= {seat} if drew else set()
    assert draws == swaps


def test_lobby_flow_with_host_seat_bots_and_removal(http):
    r = http.post(
        "/api/tables",
        json={"game": "highcard", "seats": 3, "host_name": "Ann", "private": False},
    )
    assert r.status_code == 201
    created = r.json()
    host, code, tid = created["host_token"], created["invite_code"], created["table_id"]
    assert created["seat"]["seat"] == 0 and len(created["seat"]["seat_token"]) >= 43
    assert created["invite_url"].endswith(code)
    assert any(t["table_id"] == tid for t in http.get("/api/tables").json())
    r = http.post(f"/api/invites/{code}/join", json={"name": "Bob"})
    assert r.json()["seat"] == 1
    # only the host may add bots, remove seats or start
    bob = r.json()["seat_token"]
    assert http.post(f"/api/tables/{tid}/start", headers=auth(bob)).json()["code"] == "not_host"
    r = http.post(f"/api/tables/{tid}/start", headers=auth(host))
    assert r.status_code == 409 and r.json()["code"] == "seats_open"
    assert http.delete(f"/api/tables/{tid}/seats/1", headers=auth(host)).status_code == 204
    seats = http.get(f"/api/invites/{code}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "open", "open"]
    # Bob's old token no longer works
    assert http.get(f"/api/tables/{tid}/view", headers=auth(bob)).status_code == 403
    for seat in (1, 2):
        assert (
            http.post(f"/api/tables/{tid}/seats/{seat}/bot", headers=auth(host)).status_code == 204
        )
    r = http.post(f"/api/invites/{code}/join", json={"name": "Late"})
    assert r.status_code == 409 and r.json()["code"] == "table_full"
    assert http.post(f"/api/tables/{tid}/start", headers=auth(host)).status_code == 204
    # public listing shows only waiting tables
    assert all(t["table_id"] != tid for t in http.get("/api/tables").json())
    doc = http.get(f"/api/tables/{tid}/view", headers=auth(created["seat"]["seat_token"])).json()
    assert doc["status"] == "playing" and doc["you"] == 0


def test_private_tables_are_not_listed(http):
    table = open_table(http, "highcard", 2, humans=0)
    assert all(t["table_id"] != table.id for t in http.get("/api/tables").json())


def test_spectators_see_only_public_information(http):
    table = open_table(http, "highcard", 2, spectators=True)
    start(http, table)
    public = view(http, table, None)
    assert public["you"] is None and public["legal_actions"] == []
    assert public["view"]["my_card"] is None
    events = http.get(f"/api/tables/{table.id}/events").json()
    assert all(e["type"] != "drew" for e in events)
    closed = open_table(http, "highcard", 2)
    r = http.get(f"/api/tables/{closed.id}/view")
    assert r.status_code == 401 and r.json()["code"] == "missing_token"


def _snapshot(http, table):
    return dumps({s: view(http, table, s) for s in table.tokens})


BAD_INPUTS = [
    # (description, method, path template, json/content, headers kind, status, code)
    (
        "unknown table",
        "post",
        "/api/tables/nope/actions",
        {"action": {"type": "keep"}, "version": 1},
        "seat0",
        404,
        "unknown_table",
    ),
    (
        "missing token",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep"}, "version": 1},
        None,
        401,
        "missing_token",
    ),
    (
        "invalid token",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep"}, "version": 1},
        "bogus",
        403,
        "invalid_token",
    ),
    (
        "host is not a seat",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep"}, "version": 1},
        "host",
        403,
        "not_a_seat",
    ),
    (
        "stale version",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep"}, "version": 0},
        "seat0",
        409,
        "stale_version",
    ),
    (
        "illegal action",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "show"}, "version": None},
        "seat0",
        422,
        "illegal_action",
    ),
    (
        "malformed action",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"kind": "x"}, "version": None},
        "seat0",
        422,
        "illegal_action",
    ),
    (
        "version as text",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep"}, "version": "0"},
        "seat0",
        422,
        "malformed_body",
    ),
    (
        "seconds as text",
        "post",
        "/api/tables/{id}/clock/add",
        {"seconds": "10"},
        "host",
        422,
        "malformed_body",
    ),
    (
        "muted as text",
        "post",
        "/api/tables/{id}/seats/1/mute",
        {"muted": "yes"},
        "host",
        422,
        "malformed_body",
    ),
    (
        "missing version",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep"}},
        "seat0",
        422,
        "malformed_body",
    ),
    (
        "unknown field",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep"}, "version": None, "x": 1},
        "seat0",
        422,
        "malformed_body",
    ),
    (
        "malformed json",
        "post",
        "/api/tables/{id}/actions",
        b"{not json",
        "seat0",
        400,
        "bad_request",
    ),
    ("truncated json", "post", "/api/tables", b'{"game": ', None, 400, "bad_request"),
    ("not utf-8", "post", "/api/invites/{code}/join", b"\xff\xfe", None, 400, "bad_request"),
    (
        "oversized body",
        "post",
        "/api/tables/{id}/actions",
        {"action": {"type": "keep", "pad": "x" * 70_000}, "version": None},
        "seat0",
        413,
        "body_too_large",
    ),
    ("start twice", "post", "/api/tables/{id}/start", None, "host", 409, "already_started"),
    (
        "unknown invite",
        "post",
        "/api/invites/nope/join",
        {"name": "X"},
        None,
        404,
        "unknown_invite",
    ),
    (
        "join started table",
        "post",
        "/api/invites/{code}/join",
        {"name": "X"},
        None,
        409,
        "already_started",
    ),
    ("bad name", "post", "/api/invites/{code}/join", {"name": ""}, None, 422, "malformed_body"),
]


@pytest.mark.parametrize(
    "what,method,path,body,who,status,code", BAD_INPUTS, ids=[b[0] for b in BAD_INPUTS]
)
def test_bad_input_is_refused_and_changes_nothing(
    http, what, method, path, body, who, status, code
):
    table = open_table(http, "highcard", 2)
    start(http, table)
    before = _snapshot(http, table)
    version = view(http, table, 0)["version"]
    headers = {
        None: {},
        "seat0": auth(table.tokens[0]),
        "host": auth(table.host_token),
        "bogus": auth("not-a-token"),
    }[who]
    url = path.format(id=table.id, code=table.invite_code)
    if isinstance(body, dict) and "version" in body and body["version"] is None:
        body = {**body, "version": version}
    if isinstance(body, bytes):
        r = http.request(
            method, url, content=body, headers={**headers, "content-type": "application/json"}
        )
    else:
        r = http.request(method, url, json=body, headers=headers)
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == code
    assert "Traceback" not in r.text
    assert _snapshot(http, table) == before


def test_illegal_action_error_reveals_no_hidden_state(http):
    table = open_table(http, "highcard", 2)
    start(http, table)
    v = view(http, table, 0)
    other_card = view(http, table, 1)["view"]["my_card"]
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": {"type": "peek"}, "version": v["version"]},
        headers=auth(table.tokens[0]),
    )
    assert r.status_code == 422
    assert str(other_card) not in r.json()["detail"]


def test_a_refused_move_names_the_rule_in_its_reason(http):
    table = open_table(http, "highcard", 2)
    start(http, table)
    v = view(http, table, 0)["version"]
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": {"type": "show"}, "version": v},
        headers=auth(table.tokens[0]),
    )
    assert r.status_code == 422
    assert (r.json()["code"], r.json()["reason"]) == ("illegal_action", "wrong_decision")
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": {"kind": "keep"}, "version": v},
        headers=auth(table.tokens[0]),
    )
    assert (r.json()["code"], r.json()["reason"]) == ("illegal_action", "malformed_action")


def test_wrong_seat_is_refused(http):
    table = open_table(http, "highcard", 2)
    start(http, table)
    for seat in (0, 1):
        v = view(http, table, seat)["version"]
        http.post(
            f"/api/tables/{table.id}/actions",
            json={"action": {"type": "keep"}, "version": v},
            headers=auth(table.tokens[seat]),
        )
    doc = view(http, table, 1)  # show phase: seat 0's turn
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": {"type": "show"}, "version": doc["version"]},
        headers=auth(table.tokens[1]),
    )
    assert r.status_code == 422 and r.json()["code"] == "not_your_turn"
    assert view(http, table, 1)["version"] == doc["version"]


def test_retried_request_is_idempotent(http):
    table = open_table(http, "highcard", 2)
    start(http, table)
    v = view(http, table, 0)["version"]
    body = {"action": {"type": "keep"}, "version": v, "request_id": "abc-1"}
    first = http.post(f"/api/tables/{table.id}/actions", json=body, headers=auth(table.tokens[0]))
    again = http.post(f"/api/tables/{table.id}/actions", json=body, headers=auth(table.tokens[0]))
    assert first.status_code == again.status_code == 200
    assert first.json()["version"] == again.json()["version"] == v + 1
    other = {**body, "action": {"type": "swap"}}
    r = http.post(f"/api/tables/{table.id}/actions", json=other, headers=auth(table.tokens[0]))
    assert r.status_code == 409 and r.json()["code"] == "request_id_reused"


def test_concurrent_double_submit_one_wins(live):
    """Four requests at the same version, released together: exactly one commits."""
    with httpx.Client(base_url=live.url) as sync:
        table = open_table(sync, "highcard", 2)
        start(sync, table)
        v = view(sync, table, 0)["version"]
    # seats 0 and 1 are both to act at version v: only one commit can take v+1
    seats = (0, 1, 0, 1)
    gate = threading.Barrier(len(seats))

    def submit(seat: int) -> int:
        with httpx.Client(base_url=live.url, timeout=30) as client:
            request = client.build_request(
                "POST",
                f"/api/tables/{table.id}/actions",
                json={"action": {"type": "keep"}, "version": v},
                headers=auth(table.tokens[seat]),
            )
            gate.wait()
            return client.send(request).status_code

    with ThreadPoolExecutor(len(seats)) as pool:
        statuses = list(pool.map(submit, seats))
    assert sorted(statuses) == [200, 409, 409, 409], statuses
    with httpx.Client(base_url=live.url) as sync:
        assert view(sync, table, 0)["version"] == v + 1


def test_restart_resumes_mid_game_with_identical_views(migrated_url):
    first = start_server(migrated_url)
    with httpx.Client(base_url=first.url) as http:
        table = open_table(http, "highcard", 3)
        start(http, table)
        v = view(http, table, 0)["version"]
        http.post(
            f"/api/tables/{table.id}/actions",
            json={"action": {"type": "swap"}, "version": v},
            headers=auth(table.tokens[0]),
        )
        before = _snapshot(http, table)
    first.stop()
    second = start_server(migrated_url)
    try:
        with httpx.Client(base_url=second.url) as http:
            assert _snapshot(http, table) == before
            play_to_end_over_rest(http, table, seed=3)
    finally:
        second.stop()


REAL_GAMES = [g.id for g in all_games() if g.id != "highcard"]


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_each_real_game_plays_to_the_end_over_rest(http, game_id):
    info = next(g for g in http.get("/api/games").json() if g["id"] == game_id)
    seats = info["min_seats"]
    table = open_table(http, game_id, seats, humans=min(2, seats))
    start(http, table)
    doc = play_to_end_over_rest(http, table, seed=11)
    assert doc["outcome"] is not None and doc["status"] == "finished"
