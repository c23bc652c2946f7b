"""Small helpers for driving the public API in tests."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import httpx

from spyhouse.engine import Rng


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    id: str
    host_token: str
    invite_code: str
    tokens: dict[int, str] = field(default_factory=dict)


def open_table(
    http: httpx.Client, game: str, seats: int, *, humans: int | None = None, **body: Any
) -> Table:
    """Create a table, seat ``humans`` players by invite (default: all), bots elsewhere."""
    r = http.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert r.status_code == 201, r.text
    created = r.json()
    table = Table(created["table_id"], created["host_token"], created["invite_code"])
    humans = seats if humans is None else humans
    for i in range(humans):
        r = http.post(f"/api/invites/{table.invite_code}/join", json={"name": f"P{i}"})
        assert r.status_code == 201, r.text
        table.tokens[r.json()["seat"]] = r.json()["seat_token"]
    for seat in range(humans, seats):
        r = http.post(f"/api/tables/{table.id}/seats/{seat}/bot", headers=auth(table.host_token))
        assert r.status_code == 204, r.text
    return table


def start(http: httpx.Client, table: Table) -> None:
    r = http.post(f"/api/tables/{table.id}/start", headers=auth(table.host_token))
    assert r.status_code == 204, r.text


def view(http: httpx.Client, table: Table, seat: int | None) -> dict[str, Any]:
    headers = auth(table.tokens[seat]) if seat is not None else {}
    r = http.get(f"/api/tables/{table.id}/view", headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def play_to_end_over_rest(http: httpx.Client, table: Table, seed: int = 0) -> dict[str, Any]:
    """Every human seat plays random legal actions until the game ends."""
    rng = Rng(seed)
    for _ in range(20_000):
        docs = {s: view(http, table, s) for s in table.tokens}
        any_doc = next(iter(docs.values()))
        if any_doc["status"] == "finished":
            return any_doc
        movers = [s for s, d in docs.items() if d["legal_actions"]]
        assert movers, f"nobody can move: {any_doc['to_act']}"
        seat = rng.choice(movers)
        doc = docs[seat]
        action = rng.choice(doc["legal_actions"])
        r = http.post(
            f"/api/tables/{table.id}/actions",
            json={"action": action, "version": doc["version"]},
            headers=auth(table.tokens[seat]),
        )
        assert r.status_code == 200, r.text
    raise AssertionError("game did not end")


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
