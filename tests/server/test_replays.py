"""Replays are built off the event loop and kept by (table, version, viewpoint): a kept
replay is only ever served for the viewpoint it was built for."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from spyhouse.engine.records import seat_steps
from spyhouse.server import records
from spyhouse.server.records import Replays
from tests.server.helpers import auth, open_table, play_to_end_over_rest, start

VIEWPOINTS = ["0", "1", "public", "all"]


def _finished(http) -> tuple[Any, dict[str, Any]]:
    table = open_table(http, "highcard", 2, publish_log=True)
    start(http, table)
    play_to_end_over_rest(http, table, seed=3)
    record = http.get(f"/api/tables/{table.id}/record", headers=auth(table.tokens[0])).json()
    return table, record


def _want(viewpoint: str) -> int | str | None:
    return int(viewpoint) if viewpoint.isdigit() else None if viewpoint == "public" else "all"


def test_each_viewpoint_is_served_its_own_replay_from_the_cache(live, http):
    table, record = _finished(http)
    kept = live.server.config.app.state.context.replays
    before = len(kept)
    served: dict[str, Any] = {}
    for _ in range(2):  # the second round is served from what the first kept
        for viewpoint in VIEWPOINTS:
            r = http.get(
                f"/api/tables/{table.id}/replay",
                params={"viewpoint": viewpoint},
                headers=auth(table.tokens[0]),
            )
            assert r.status_code == 200, r.text
            body = r.json()
            expected = json.loads(json.dumps(seat_steps(record, _want(viewpoint))))
            assert body["viewpoint"] == _want(viewpoint)
            assert body["steps"] == expected, viewpoint
            served.setdefault(viewpoint, body)
        assert len(kept) == before + len(VIEWPOINTS)
    # The chairs saw different things, so a replay served to the wrong one would show.
    assert served["0"]["steps"] != served["1"]["steps"] != served["public"]["steps"]


def test_a_replay_is_built_off_the_event_loop(live, http, monkeypatch):
    table, _ = _finished(http)
    loops: list[bool] = []

    def steps(record, seat):
        try:
            asyncio.get_running_loop()
            loops.append(True)
        except RuntimeError:
            loops.append(False)
        return seat_steps(record, seat)

    monkeypatch.setattr(records, "seat_steps", steps)
    r = http.get(f"/api/tables/{table.id}/replay", headers=auth(table.tokens[1]))
    assert r.status_code == 200, r.text
    assert loops == [False]


def test_replays_kept_are_bounded_and_a_failed_one_is_not_kept():
    async def scenario() -> None:
        kept = Replays(size=2)
        built: list[tuple[str, int, int | str | None]] = []

        def build(key: tuple[str, int, int | str | None]):
            async def compute() -> dict[str, Any]:
                built.append(key)
                return {"key": key}

            return compute

        for key in [("t", 1, 0), ("t", 1, 1), ("t", 1, 0), ("t", 2, 0), ("t", 1, 1)]:
            assert (await kept.get(key, build(key)))["key"] == key
        # ("t", 1, 1) was the least recently read when ("t", 2, 0) came: built again.
        assert built == [("t", 1, 0), ("t", 1, 1), ("t", 2, 0), ("t", 1, 1)]
        assert len(kept) == 2

        async def fails() -> dict[str, Any]:
            raise ValueError("no replay")

        with pytest.raises(ValueError):
            await kept.get(("u", 1, None), fails)
        assert (await kept.get(("u", 1, None), build(("u", 1, None))))["key"] == ("u", 1, None)

    asyncio.run(scenario())
