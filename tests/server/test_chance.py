"""Where a server's chance comes from: the operating system's entropy unless a test seeds
it, and then the same deal and the same bot choices every time."""

from __future__ import annotations

import time
from typing import Any

import httpx

from spyhouse.chance import SeededChance, SystemChance
from spyhouse.settings import Settings
from tests.server.conftest import start_server
from tests.server.helpers import BOT_WAIT_SECONDS, auth, open_table, start


def test_a_server_draws_from_the_systems_entropy_unless_told_otherwise():
    assert isinstance(Settings().chance, SystemChance)
    assert isinstance(Settings.from_env().chance, SystemChance)


def _status(http: httpx.Client, table_id: str, host_token: str) -> str:
    r = http.get(f"/api/tables/{table_id}/view", headers=auth(host_token))
    assert r.status_code == 200, r.text
    return str(r.json()["status"])


def _record(url: str, seed: int) -> dict[str, Any]:
    """A Conspiracy table of three bots played to its end on a server whose chance is
    seeded with ``seed``: its seed and its moves, from the host's full record."""
    srv = start_server(url, chance=SeededChance(seed))
    try:
        with httpx.Client(base_url=srv.url, timeout=60) as http:
            table = open_table(http, "conspiracy", 3, humans=0, publish_log=True)
            start(http, table)
            deadline = time.monotonic() + BOT_WAIT_SECONDS
            while _status(http, table.id, table.host_token) != "finished":
                assert time.monotonic() < deadline, "the bots never finished"
                time.sleep(0.05)
            r = http.get(f"/api/tables/{table.id}/record", headers=auth(table.host_token))
            assert r.status_code == 200, r.text
            record = r.json()
    finally:
        srv.stop()
    assert srv.errors() == []
    return {"seed": record["seed"], "moves": record["moves"]}


def test_a_seeded_server_deals_and_plays_the_same_game_every_time(migrated_url):
    first, again = _record(migrated_url, 7), _record(migrated_url, 7)
    assert first == again
    assert _record(migrated_url, 8)["seed"] != first["seed"]
