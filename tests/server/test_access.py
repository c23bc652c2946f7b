"""Who may read or act for a seat: reading never writes, and a player whose time ran out
takes their seat back only by writing (a move, a chat line) or opening their socket."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any, get_args

import httpx
import pytest
from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from spyhouse.now import ManualClock
from spyhouse.server import access
from spyhouse.server.web.routes import chat, clocks, lobby, play, reading, records
from tests.server.conftest import start_server
from tests.server.helpers import Table, auth, open_table, start


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def quick(migrated_url, clock) -> Iterator[httpx.Client]:
    """A server that scans for expired deadlines every 20 ms, on a ManualClock."""
    srv = start_server(migrated_url, clock=clock, clock_scan_seconds=0.02)
    with httpx.Client(base_url=srv.url, timeout=30) as http:
        yield http
    srv.stop()
    assert srv.errors() == []


def _host_view(http: httpx.Client, table: Table) -> dict[str, Any]:
    r = http.get(f"/api/tables/{table.id}/view", headers=auth(table.host_token))
    assert r.status_code == 200, r.text
    return r.json()


def _held_after_timeout(http: httpx.Client, clock: ManualClock) -> Table:
    """A started table whose seat 1 a bot holds because its time ran out, standing still
    while the game waits for seat 0 (the only other seat, a person on a manual clock)."""
    table = open_table(
        http, "highcard", 2, clock={"kind": "per_decision", "seconds": 30}, handover_after=1
    )
    start(http, table)
    doc = _host_view(http, table)
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": {"type": "keep"}, "version": doc["version"]},
        headers=auth(table.tokens[0]),
    )
    assert r.status_code == 200, r.text
    clock.advance(31)  # seat 1's time runs out: the bot plays for it and holds the seat
    deadline = time.monotonic() + 20
    while True:
        doc = _host_view(http, table)
        if doc["seats"][1]["held"] == "absent" and doc["to_act"] == [0]:
            return table
        assert time.monotonic() < deadline, doc
        time.sleep(0.02)


def _table_gets(http: httpx.Client) -> list[str]:
    """Every GET of the published API that names a table, and only a table."""
    paths = http.get("/openapi.json").json()["paths"]
    return [
        path
        for path, operations in paths.items()
        if "get" in operations and "{table_id}" in path and path.count("{") == 1
    ]


def test_no_read_of_a_table_commits_even_for_a_player_whose_seat_is_held(quick, clock):
    http = quick
    table = _held_after_timeout(http, clock)
    before = _host_view(http, table)
    token = table.tokens[1]
    gets = _table_gets(http)
    assert "/api/tables/{table_id}/view" in gets and "/api/tables/{table_id}/events" in gets
    for path in gets:
        r = http.get(path.replace("{table_id}", table.id), headers=auth(token))
        assert r.status_code < 500, (path, r.text)
    after = _host_view(http, table)
    assert after["version"] == before["version"]
    assert after["seats"][1]["held"] == "absent"

    # The same token takes the seat back with a write of its own: the reads above could
    # have done it too.
    r = http.post(f"/api/tables/{table.id}/chat", json={"text": "back"}, headers=auth(token))
    assert r.status_code == 201, r.text
    back = _host_view(http, table)
    assert back["seats"][1]["kind"] == "human" and back["seats"][1]["held"] is None
    log = http.get(f"/api/tables/{table.id}/events", headers=auth(table.host_token)).json()
    assert "returned" in [e["type"] for e in log]


def test_a_held_player_coming_back_plays_the_seat_they_take_back(quick, clock):
    http = quick
    table = _held_after_timeout(http, clock)
    doc = _host_view(http, table)
    r = http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": {"type": "show"}, "version": doc["version"]},
        headers=auth(table.tokens[1]),
    )
    # Taking the seat back is a commit of its own, so the move chosen before it is stale:
    # refused for its version, not for a stale view of who holds the seat (403
    # seat_held), and the seat is the player's again.
    assert (r.status_code, r.json()["code"]) == (409, "stale_version"), r.text
    assert _host_view(http, table)["seats"][1]["kind"] == "human"


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    for sub in dependant.dependencies:
        if sub.call is not None:
            yield sub.call
        yield from _calls(sub)


def test_only_writes_resolve_the_table_a_returning_player_took_back():
    returned = get_args(access.Returned)[1].dependency
    modules = (chat, clocks, lobby, play, reading, records)
    routes = [r for m in modules for r in m.router.routes if isinstance(r, APIRoute)]
    writes = {r.path for r in routes if returned in set(_calls(r.dependant))}
    assert "/api/tables/{table_id}/actions" in writes and "/api/tables/{table_id}/chat" in writes
    for route in routes:
        if "GET" in route.methods:
            assert returned not in set(_calls(route.dependant)), route.path
