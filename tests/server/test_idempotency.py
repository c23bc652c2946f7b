"""A retried move is answered with the committed result, even when the retry races the
original: two POSTs with one ``request_id`` both get 200."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.server.conftest import LiveServer, start_server
from tests.server.helpers import auth, open_table, start, view

TABLES = 8
ROUNDS = 3


def test_concurrent_posts_with_one_request_id_both_get_the_committed_move(migrated_url):
    live = start_server(migrated_url, rate_limits=False)  # many tables opened at once
    try:
        for round_ in range(ROUNDS):
            _race_pairs(live, round_)
    finally:
        live.stop()
    assert live.errors() == []


def _race_pairs(live: LiveServer, round_: int) -> None:
    """``TABLES`` pairs of identical POSTs (same seat, version and request_id), all
    released together: each pair must get the one committed move, twice."""
    with httpx.Client(base_url=live.url, timeout=30) as sync:
        tables = [open_table(sync, "highcard", 2) for _ in range(TABLES)]
        for table in tables:
            start(sync, table)
        versions = [view(sync, t, 0)["version"] for t in tables]
    gate = threading.Barrier(2 * TABLES)

    def submit(i: int) -> tuple[int, int | None]:
        table, v = tables[i // 2], versions[i // 2]
        body = {"action": {"type": "keep"}, "version": v, "request_id": f"r{round_}-{i // 2}"}
        with httpx.Client(base_url=live.url, timeout=60) as client:
            request = client.build_request(
                "POST", f"/api/tables/{table.id}/actions", json=body, headers=auth(table.tokens[0])
            )
            gate.wait()
            r = client.send(request)
            return r.status_code, r.json().get("version")

    with ThreadPoolExecutor(2 * TABLES) as pool:
        answers = list(pool.map(submit, range(2 * TABLES)))
    with httpx.Client(base_url=live.url, timeout=30) as sync:
        for i, table in enumerate(tables):
            pair = answers[2 * i : 2 * i + 2]
            assert pair == [(200, versions[i] + 1)] * 2, (round_, i, pair)
            assert view(sync, table, 0)["version"] == versions[i] + 1
