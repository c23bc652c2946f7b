"""Time controls over HTTP, and the host's controls over absent players: hand a seat to a
bot, give it back, remove a player — who is then told so, not shown an error."""

from __future__ import annotations

import json

import pytest
from websockets.sync.client import connect

from tests.server.helpers import auth, open_table, start, view

DAY = {"kind": "correspondence", "seconds": 86400}


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "per_decision", "seconds": 4},
        {"kind": "bank", "seconds": 60, "increment": -1},
        {"kind": "sudden_death", "seconds": 60},
        {"kind": "per_decision", "seconds": 60, "increment": 5},
        {"kind": "correspondence", "seconds": 10**9},
    ],
)
def test_a_bad_time_control_is_refused_with_a_clear_422(http, clock):
    r = http.post("/api/tables", json={"game": "highcard", "seats": 2, "clock": clock})
    assert r.status_code == 422 and r.json()["code"] == "malformed_body"
    assert any("clock" in e["loc"] for e in r.json()["errors"])


def test_the_time_control_is_in_the_schema_and_every_document(http):
    schema = http.get("/openapi.json").json()["components"]["schemas"]
    assert {"PerDecisionClock", "BankClock", "CorrespondenceClock"} <= set(schema)
    table = open_table(http, "highcard", 2, clock={"kind": "bank", "seconds": 600, "increment": 10})
    summary = http.get(f"/api/tables/{table.id}").json()
    assert summary["clock"]["kind"] == "bank" and summary["clock"]["paused"] is False
    start(http, table)
    doc = view(http, table, 0)
    assert [s["running"] for s in doc["clock"]["seats"]] == [True, True]
    assert (
        doc["clock"]["seats"][0]["deadline"]
        == view(http, table, 1)["clock"]["seats"][0]["deadline"]
    )


def test_host_clock_controls_are_announced_and_refused_without_a_clock(http):
    table = open_table(http, "highcard", 2, clock=DAY)
    start(http, table)
    host = auth(table.host_token)
    for path, body in (("pause", None), ("resume", None), ("add", {"seconds": 60, "seat": 1})):
        r = http.post(f"/api/tables/{table.id}/clock/{path}", json=body, headers=host)
        assert r.status_code == 204, r.text
    r = http.post(f"/api/tables/{table.id}/clock/pause", headers=auth(table.tokens[0]))
    assert r.status_code == 403 and r.json()["code"] == "not_host"
    log = http.get(f"/api/tables/{table.id}/events", headers=host).json()
    assert {"clocks_paused", "clocks_resumed", "time_added"} <= {e["type"] for e in log}
    plain = open_table(http, "highcard", 2)
    start(http, plain)
    r = http.post(f"/api/tables/{plain.id}/clock/pause", headers=auth(plain.host_token))
    assert r.status_code == 409 and r.json()["code"] == "no_clock"


def test_a_seat_handed_to_a_bot_goes_back_to_its_player(http):
    table = open_table(http, "highcard", 3)
    start(http, table)
    host = auth(table.host_token)
    assert http.post(f"/api/tables/{table.id}/seats/2/bot", headers=host).status_code == 204
    r = http.get(f"/api/tables/{table.id}/view", headers=auth(table.tokens[2]))
    assert r.status_code == 403 and r.json()["code"] == "seat_held"
    seat = view(http, table, 0)["seats"][2]
    assert (seat["kind"], seat["name"], seat["held"]) == ("bot", "P2", "host")
    assert http.post(f"/api/tables/{table.id}/seats/2/give-back", headers=host).status_code == 204
    assert view(http, table, 2)["you"] == 2
    r = http.post(f"/api/tables/{table.id}/seats/2/give-back", headers=host)
    assert r.status_code == 409 and r.json()["code"] == "not_held"


def test_a_removed_player_is_told_so_over_rest_and_socket(http, live):
    table = open_table(http, "highcard", 3)
    start(http, table)
    r = http.post(f"/api/tables/{table.id}/seats/1/remove", headers=auth(table.host_token))
    assert r.status_code == 204
    r = http.get(f"/api/tables/{table.id}/view", headers=auth(table.tokens[1]))
    assert r.status_code == 403
    assert r.json()["code"] == "removed_from_table" and "removed" in r.json()["detail"]
    with connect(f"{live.ws_url}/ws/tables/{table.id}") as ws:
        ws.send(json.dumps({"type": "auth", "token": table.tokens[1]}))
        assert json.loads(ws.recv(timeout=10))["code"] == "removed_from_table"
    log = http.get(f"/api/tables/{table.id}/events", headers=auth(table.tokens[0])).json()
    removed = [e["data"] for e in log if e["type"] == "player_removed"]
    assert removed == [{"seat": 1, "name": "P1"}]
    r = http.post(f"/api/tables/{table.id}/seats/1/give-back", headers=auth(table.host_token))
    assert r.status_code == 409


@pytest.mark.parametrize(
    ("clock", "level"),
    [
        (None, "search"),
        (DAY, "search"),
        ({"kind": "per_decision", "seconds": 30}, "search"),
        # A searching bot's second a decision, over a game's decisions, overruns the bank.
        ({"kind": "bank", "seconds": 60}, "heuristic"),
    ],
)
def test_a_bot_taking_a_seat_in_play_plays_at_the_strongest_level_the_table_allows(
    http, clock, level
):
    table = open_table(http, "highcard", 3, **({"clock": clock} if clock else {}))
    start(http, table)
    host = auth(table.host_token)
    assert http.post(f"/api/tables/{table.id}/seats/2/bot", headers=host).status_code == 204
    seat = view(http, table, 0)["seats"][2]
    assert (seat["kind"], seat["held"], seat["bot_level"]) == ("bot", "host", level)


def test_search_is_allowed_for_a_few_bots_only(http):
    table = open_table(http, "agencia", 6, humans=2)
    host = auth(table.host_token)
    for seat in (2, 3, 4):
        r = http.post(
            f"/api/tables/{table.id}/seats/{seat}/bot", json={"level": "search"}, headers=host
        )
        assert r.status_code == 204, r.text
    start(http, table)
    assert http.post(f"/api/tables/{table.id}/seats/1/bot", headers=host).status_code == 204
    assert view(http, table, 0)["seats"][1]["bot_level"] == "heuristic"


def test_a_held_seat_is_watched_from_its_seat_and_asked_back(http):
    """While the host's bot holds Bob's seat, Bob watches the table as his seat sees it
    (nothing to decide), asks for it back, and the host reads the request in the log."""
    table = open_table(http, "spies", 2)
    start(http, table)
    host = auth(table.host_token)
    bob = auth(table.tokens[1])
    before = view(http, table, 1)
    assert http.post(f"/api/tables/{table.id}/seats/1/bot", headers=host).status_code == 204
    r = http.get(f"/api/tables/{table.id}/held", headers=bob)
    assert r.status_code == 200, r.text
    held = r.json()
    assert (held["seat"], held["hold"], held["asked"]) == (1, "host", False)
    doc = held["document"]
    assert doc["you"] == 1 and doc["legal_actions"] == [] and doc["events"]
    # His own seat's view, never another's: the same view he read while seated.
    assert doc["view"].keys() == before["view"].keys()
    assert doc["view"] != view(http, table, 0)["view"]
    # Nobody else may ask for him, nor watch through his seat.
    for who in (host, auth(table.tokens[0])):
        assert http.get(f"/api/tables/{table.id}/held", headers=who).json()["code"] == "not_held"
        r = http.post(f"/api/tables/{table.id}/held/ask-back", headers=who)
        assert r.status_code == 409 and r.json()["code"] == "not_held"
    version = view(http, table, 0)["version"]
    assert http.post(f"/api/tables/{table.id}/held/ask-back", headers=bob).status_code == 204
    assert http.get(f"/api/tables/{table.id}/held", headers=bob).json()["asked"] is True
    # Asking again while the request stands writes nothing more.
    asked_at = view(http, table, 0)["version"]
    assert asked_at > version
    assert http.post(f"/api/tables/{table.id}/held/ask-back", headers=bob).status_code == 204
    log = http.get(f"/api/tables/{table.id}/events", headers=host).json()
    asked = [e for e in log if e["type"] == "seat_requested"]
    assert [(e["data"]["seat"], e["data"]["name"]) for e in asked] == [(1, "P1")]
    # Given back: the seat is his again, and there is nothing held to watch.
    assert http.post(f"/api/tables/{table.id}/seats/1/give-back", headers=host).status_code == 204
    r = http.get(f"/api/tables/{table.id}/held", headers=bob)
    assert r.status_code == 409 and r.json()["code"] == "not_held"
    assert view(http, table, 1)["you"] == 1


def test_asking_for_a_held_seat_back_is_no_race_with_the_bot_playing_it(http, monkeypatch):
    """The bot holding Bob's seat plays in a task of its own: its move committing between
    Bob's read and his request is no reason to refuse him (it was, now and then, a 409)."""
    from spyhouse.server import holds
    from spyhouse.server.web.problems import Problem

    table = open_table(http, "spies", 2)
    start(http, table)
    bob = auth(table.tokens[1])
    r = http.post(f"/api/tables/{table.id}/seats/1/bot", headers=auth(table.host_token))
    assert r.status_code == 204
    real = holds.commit
    lost: list[int] = []

    async def a_bot_moved_first(ctx, row, change, state=None):  # type: ignore[no-untyped-def]
        if not lost:
            lost.append(row.version)
            raise Problem(409, "stale_version", "The table changed; reload and retry.")
        return await real(ctx, row, change, state)

    monkeypatch.setattr(holds, "commit", a_bot_moved_first)
    r = http.post(f"/api/tables/{table.id}/held/ask-back", headers=bob)
    assert r.status_code == 204, r.text
    assert lost and http.get(f"/api/tables/{table.id}/held", headers=bob).json()["asked"] is True


def test_a_removed_player_may_not_watch_through_their_old_seat(http):
    table = open_table(http, "spies", 2)
    start(http, table)
    host = auth(table.host_token)
    assert http.post(f"/api/tables/{table.id}/seats/1/remove", headers=host).status_code == 204
    r = http.get(f"/api/tables/{table.id}/held", headers=auth(table.tokens[1]))
    assert r.status_code == 403 and r.json()["code"] == "removed_from_table"


async def test_a_host_change_that_lost_a_race_is_made_again_on_the_fresh_table():
    """Bots move in a task of their own: a bot's commit between the host's read and
    commit makes the change run again on the table as it is now, never a 409 for a
    change the host did not choose at a version."""
    from types import SimpleNamespace

    from spyhouse.server.context import HOST_RACE_RETRIES, against_latest
    from spyhouse.server.fanout import Hub
    from spyhouse.server.web.problems import Problem

    committed = SimpleNamespace(id="T0000000000000000000000", version=7)

    async def get(table_id: str) -> SimpleNamespace:
        return committed

    ctx = SimpleNamespace(store=SimpleNamespace(get=get), hub=Hub())  # watching no table
    seen: list[int] = []

    async def hand_over(row: SimpleNamespace) -> str:
        seen.append(row.version)
        if row.version != committed.version:
            raise Problem(409, "stale_version", "The table changed; reload and retry.")
        return "handed"

    stale = SimpleNamespace(id=committed.id, version=6)
    assert await against_latest(ctx, stale, hand_over) == "handed"
    assert seen == [6, 7]

    async def refused(row: SimpleNamespace) -> None:
        raise Problem(409, "not_held", "No bot holds this seat.")

    with pytest.raises(Problem) as other:
        await against_latest(ctx, stale, refused)
    assert other.value.code == "not_held"  # the rules of the change still answer

    async def always_late(row: SimpleNamespace) -> None:
        seen.append(-1)
        raise Problem(409, "stale_version", "The table changed; reload and retry.")

    seen.clear()
    with pytest.raises(Problem) as busy:
        await against_latest(ctx, stale, always_late)
    assert busy.value.code == "busy" and len(seen) == HOST_RACE_RETRIES
