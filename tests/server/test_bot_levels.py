"""Bot levels over the API, and bots thinking off the event loop (a request never waits for one)."""

from __future__ import annotations

import json
import threading
import time

import httpx
import pytest
from typer.testing import CliRunner
from websockets.sync.client import connect

from spyhouse.cli import app as cli
from spyhouse.client import Spyhouse
from tests.server.conftest import start_server
from tests.server.helpers import auth, open_table, play_to_end_over_rest, start, view


def seats_of(http: httpx.Client, table_id: str) -> dict[int, tuple[str, str | None]]:
    doc = http.get(f"/api/tables/{table_id}").json()
    return {s["seat"]: (s["kind"], s["bot_level"]) for s in doc["seats"]}


def test_the_level_is_stored_with_the_seat_and_shown(http):
    table = open_table(http, "agencia", 4, humans=1)  # seats 1-3: bots with no body
    host = auth(table.host_token)
    assert seats_of(http, table.id)[1] == ("bot", "random")  # the API's default
    url = f"/api/tables/{table.id}/seats"
    assert http.post(f"{url}/2/bot", json={"level": "heuristic"}, headers=host).status_code == 204
    assert http.post(f"{url}/3/bot", json={"level": "search"}, headers=host).status_code == 204
    seats = seats_of(http, table.id)
    assert seats == {
        0: ("human", None),
        1: ("bot", "random"),
        2: ("bot", "heuristic"),
        3: ("bot", "search"),
    }
    assert view(http, table, 0)["seats"][3]["bot_level"] == "search"


def test_an_unknown_level_is_refused_and_changes_nothing(http):
    table = open_table(http, "agencia", 3, humans=1)
    before = seats_of(http, table.id)
    r = http.post(
        f"/api/tables/{table.id}/seats/1/bot",
        json={"level": "genius"},
        headers=auth(table.host_token),
    )
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == "malformed_body"
    assert seats_of(http, table.id) == before


def test_bots_of_every_level_play_a_game_to_the_end(migrated_url):
    srv = start_server(migrated_url, bot_think_seconds=0.02, bot_search_iterations=30)
    try:
        with httpx.Client(base_url=srv.url, timeout=60) as http:
            table = open_table(http, "agencia", 4, humans=1)
            for seat, level in ((1, "random"), (2, "heuristic"), (3, "search")):
                r = http.post(
                    f"/api/tables/{table.id}/seats/{seat}/bot",
                    json={"level": level},
                    headers=auth(table.host_token),
                )
                assert r.status_code == 204
            start(http, table)
            final = play_to_end_over_rest(http, table, seed=3)
            assert final["outcome"] is not None
    finally:
        srv.stop()
    assert srv.errors() == []


@pytest.mark.slow  # search bots think for real, 1.5 s a decision
@pytest.mark.timeout(120)
def test_sockets_answer_while_search_bots_think_at_several_tables(migrated_url):
    """A ping is answered while a search is in progress: the pong comes back before the
    decision being computed completes, so the event loop is not blocked by thinking."""
    srv = start_server(
        migrated_url, bot_think_seconds=1.5, bot_search_iterations=10**9, max_bot_moves_per_commit=2
    )
    thinking = srv.server.config.app.state.context.thinking
    starters: list[threading.Thread] = []
    try:
        # Until the workers have started, the rules of thumb answer and nothing is in
        # flight: the tables would play their two moves and wait for the resume sweep.
        deadline = time.monotonic() + 60
        while not thinking.ready():
            assert time.monotonic() < deadline, "the search workers never started"
            time.sleep(0.05)
        with httpx.Client(base_url=srv.url, timeout=120) as http:
            quiet = open_table(http, "spies", 2)  # two people, never started
            tables = []
            for _ in range(3):
                t = open_table(http, "agencia", 3, humans=0)
                for seat in range(3):
                    http.post(
                        f"/api/tables/{t.id}/seats/{seat}/bot",
                        json={"level": "search"},
                        headers=auth(t.host_token),
                    )
                tables.append(t)

            def start_in_background(t=None) -> None:
                with httpx.Client(base_url=srv.url, timeout=120) as c:
                    c.post(f"/api/tables/{t.id}/start", headers=auth(t.host_token))

            for t in tables:
                starters.append(threading.Thread(target=start_in_background, args=(t,)))
                starters[-1].start()
            with connect(f"{srv.ws_url}/ws/tables/{quiet.id}", open_timeout=30) as ws:
                ws.send(json.dumps({"type": "auth", "token": quiet.tokens[0], "since": 0}))
                assert json.loads(ws.recv(timeout=30))["type"] == "state"
                answered_mid_search = 0
                deadline = time.monotonic() + 90
                while answered_mid_search < 3 and time.monotonic() < deadline:
                    if thinking.in_flight == 0:
                        time.sleep(0.01)
                        continue
                    done_before = thinking.completed
                    ws.send(json.dumps({"type": "ping"}))
                    assert json.loads(ws.recv(timeout=30))["type"] == "pong"
                    if thinking.in_flight > 0 and thinking.completed == done_before:
                        answered_mid_search += 1
                assert answered_mid_search == 3, "no pong came back while a search was running"
    finally:
        for thread in starters:
            thread.join(timeout=60)
        srv.stop()
    assert srv.errors() == []


@pytest.fixture
def quick_bots(migrated_url):
    """A server whose search bots think briefly (tests cap iterations, never time)."""
    srv = start_server(migrated_url, bot_think_seconds=30.0, bot_search_iterations=20)
    yield srv
    srv.stop()
    assert srv.errors() == []


def test_a_seat_asks_for_the_bots_move_only_on_its_turn(quick_bots):
    with httpx.Client(base_url=quick_bots.url, timeout=60) as http:
        table = open_table(http, "spies", 2)
        start(http, table)
        for seat in (0, 1):
            doc = view(http, table, seat)
            url = f"/api/tables/{table.id}/suggestion"
            for level in ("random", "heuristic", "search"):
                r = http.get(url, params={"level": level}, headers=auth(table.tokens[seat]))
                if doc["legal_actions"]:
                    assert r.status_code == 200, r.text
                    assert r.json()["action"] in doc["legal_actions"]
                    assert r.json()["version"] == doc["version"]
                else:
                    assert r.status_code == 409 and r.json()["code"] == "not_your_turn"
        assert view(http, table, 0)["version"] == doc["version"]  # asking changes nothing


def test_sdk_and_cli_play_a_seat_with_the_servers_bots(quick_bots):
    with Spyhouse(quick_bots.url) as api:
        table = api.create_table("agencia", seats=3, host_name="Ann")
        table.fill_with_bots("heuristic")
        assert [s["bot_level"] for s in table.summary()["seats"]] == [
            None,
            "heuristic",
            "heuristic",
        ]
        table.start()
        assert table.seat is not None
        outcome = table.seat.play("search", seed=1)
        assert outcome == table.seat.view()["outcome"]
    args = ["play", "spies", "--server", quick_bots.url, "--bot", "search", "--seed", "2"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "winners:" in result.output
    refused = CliRunner().invoke(cli, ["play", "spies", "--server", quick_bots.url, "--bot", "x"])
    assert refused.exit_code != 0


async def test_search_bots_think_again_after_a_worker_process_dies(highcard):
    """A killed worker (out of memory, an operator's kill) breaks a process pool for
    good; the next decision gets a fresh pool instead of failing every table's bots."""
    from spyhouse.server.autoplay.thinking import Thinking

    thinking = Thinking(workers=1, budget=0.05, iterations=20)
    try:
        state = highcard.setup(2, highcard.parse_options({}), 7)
        await thinking.warm()  # (while the worker starts, the rules of thumb answer)
        first = await thinking.choose(highcard, state, 0, "search")
        assert first in highcard.legal_actions(state, 0)
        pool = thinking._executor()
        for process in list(pool._processes.values()):  # type: ignore[attr-defined]
            process.kill()
            process.join()
        again = await thinking.choose(highcard, state, 1, "search")
        assert again in highcard.legal_actions(state, 1)
        assert thinking._executor() is not pool
    finally:
        thinking.close()
