"""Small helpers for driving the public API in tests."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

from spyhouse.engine import Rng

BOT_WAIT_SECONDS = 60
"""How long a test waits for bots to reply (a liveness bound, not a timing assertion)."""


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
    """Every human seat plays random legal actions until the game ends (bots reply in
    the background: while only bots are to act, it waits for them)."""
    rng = Rng(seed)
    bots_since = None
    for _ in range(20_000):
        docs = {s: view(http, table, s) for s in table.tokens}
        any_doc = next(iter(docs.values()))
        if any_doc["status"] == "finished":
            return any_doc
        movers = [s for s, d in docs.items() if d["legal_actions"]]
        if not movers and set(any_doc["to_act"]) - set(table.tokens):
            bots_since = bots_since or time.monotonic()
            assert time.monotonic() - bots_since < BOT_WAIT_SECONDS, "the bots never moved"
            time.sleep(0.01)
            continue
        bots_since = None
        assert movers, f"nobody can move: {any_doc['to_act']}"
        seat = rng.choice(movers)
        doc = docs[seat]
        action = rng.choice(doc["legal_actions"])
        r = http.post(
            f"/api/tables/{table.id}/actions",
            json={"action": action, "version": doc["version"]},
            headers=auth(table.tokens[seat]),
        )
        if r.status_code == 409 and r.json()["code"] == "stale_version":
            # a bot deciding at the same time (a simultaneous choice) committed first
            assert len(any_doc["seats"]) > len(table.tokens), r.text
            continue
        assert r.status_code == 200, r.text
    raise AssertionError("game did not end")


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True)
