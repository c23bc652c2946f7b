"""Names are unique at a table; the host's rematch keeps the seats and invites the others."""

from __future__ import annotations

from tests.server.helpers import auth, open_table, play_to_end_over_rest


def _summary(http, table_id):
    r = http.get(f"/api/tables/{table_id}")
    assert r.status_code == 200, r.text
    return r.json()


def _events(http, table, seat):
    r = http.get(f"/api/tables/{table.id}/events", headers=auth(table.tokens[seat]))
    assert r.status_code == 200, r.text
    return r.json()


def test_a_name_already_at_the_table_is_refused_and_changes_nothing(http):
    r = http.post("/api/tables", json={"game": "highcard", "seats": 3, "host_name": "Ann"})
    created = r.json()
    before = _summary(http, created["table_id"])
    for name in ("Ann", " ann ", "ANN"):
        r = http.post(f"/api/invites/{created['invite_code']}/join", json={"name": name})
        assert r.status_code == 422, r.text
        assert r.json()["code"] == "name_taken"
    assert _summary(http, created["table_id"]) == before
    r = http.post(f"/api/invites/{created['invite_code']}/join", json={"name": "Bob"})
    assert r.status_code == 201, r.text
    r = http.post(f"/api/invites/{created['invite_code']}/join", json={"name": "bob"})
    assert r.json()["code"] == "name_taken"


def test_rematch_keeps_the_seats_and_invites_only_the_other_players(http):
    table = open_table(http, "highcard", 3, humans=2, publish_log=True)
    r = http.post(f"/api/tables/{table.id}/rematch", json={}, headers=auth(table.host_token))
    assert r.status_code == 409 and r.json()["code"] == "not_finished"
    http.post(f"/api/tables/{table.id}/start", headers=auth(table.host_token))
    play_to_end_over_rest(http, table)
    r = http.post(f"/api/tables/{table.id}/rematch", json={}, headers=auth(table.tokens[1]))
    assert r.status_code == 403  # a player's token is not the host's

    r = http.post(
        f"/api/tables/{table.id}/rematch", json={"host_seat": 0}, headers=auth(table.host_token)
    )
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["seat"]["seat"] == 0 and new["seat"]["seat_token"]
    seats = _summary(http, new["table_id"])["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [
        ("human", "P0"),
        ("open", "P1"),
        ("bot", "Bot 3"),
    ]

    # The invitation reaches the other player only.
    invites = [e for e in _events(http, table, 1) if e["type"] == "rematch"]
    assert [e["data"]["invite_code"] for e in invites] == [new["invite_code"]]
    assert all("audience" not in e or e["audience"] == [1] for e in invites)
    assert not [e for e in _events(http, table, 0) if e["type"] == "rematch"]

    # The kept seat waits for its player's name; nobody else may take it.
    r = http.post(f"/api/invites/{new['invite_code']}/join", json={"name": "Cid"})
    assert r.status_code == 409 and r.json()["code"] == "table_full"
    r = http.post(f"/api/invites/{new['invite_code']}/join", json={"name": "p1"})
    assert r.status_code == 201 and r.json()["seat"] == 1
    r = http.post(f"/api/tables/{new['table_id']}/start", headers=auth(new["host_token"]))
    assert r.status_code == 204, r.text


def test_rematch_refuses_a_bot_seat_for_the_host(http):
    table = open_table(http, "highcard", 2, humans=1)
    http.post(f"/api/tables/{table.id}/start", headers=auth(table.host_token))
    play_to_end_over_rest(http, table)
    r = http.post(
        f"/api/tables/{table.id}/rematch", json={"host_seat": 1}, headers=auth(table.host_token)
    )
    assert r.status_code == 422 and r.json()["code"] == "not_a_player_seat"
