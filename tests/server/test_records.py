"""Game records and replays: only after the end, the full one only when published, and
a chair's replay equals, step by step, what that chair was shown live."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from spyhouse.cli import app as cli
from spyhouse.engine import Rng
from tests.server.helpers import auth, open_table, start, view


def play_watching(http, table, seed: int = 0) -> dict[int, dict[int, dict]]:
    """Play random moves to the end; what each seat was shown at each version."""
    rng = Rng(seed)
    shown: dict[int, dict[int, dict]] = {s: {} for s in table.tokens}
    while True:
        docs = {s: view(http, table, s) for s in table.tokens}
        for s, doc in docs.items():
            shown[s][doc["version"]] = doc["view"]
        if next(iter(docs.values()))["status"] == "finished":
            return shown
        seat = rng.choice([s for s, d in docs.items() if d["legal_actions"]])
        action = rng.choice(docs[seat]["legal_actions"])
        r = http.post(
            f"/api/tables/{table.id}/actions",
            json={"action": action, "version": docs[seat]["version"]},
            headers=auth(table.tokens[seat]),
        )
        assert r.status_code == 200, r.text


def test_no_record_or_replay_before_the_end(http):
    table = open_table(http, "highcard", 2, publish_log=True)
    start(http, table)
    for path in ("record", "replay"):
        r = http.get(f"/api/tables/{table.id}/{path}", headers=auth(table.host_token))
        assert r.status_code == 409, r.text
        assert r.json()["code"] == "game_not_over"
        assert "seed" not in r.text


@pytest.mark.parametrize("game", ["highcard", "spies"])
def test_published_record_replays_and_each_chair_replay_is_what_it_saw(http, tmp_path, game):
    table = open_table(http, game, 2, publish_log=True)
    start(http, table)
    shown = play_watching(http, table, seed=4)
    record = http.get(f"/api/tables/{table.id}/record", headers=auth(table.tokens[1])).json()
    assert record["format"] == "spyhouse-record" and isinstance(record["seed"], int)
    assert [s["name"] for s in record["seats"]] == ["P0", "P1"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{len(record['moves'])} moves replayed" in result.output

    for seat in (0, 1):
        r = http.get(
            f"/api/tables/{table.id}/replay",
            params={"viewpoint": str(seat)},
            headers=auth(table.tokens[1 - seat]),  # published: any participant, any chair
        )
        assert r.status_code == 200, r.text
        steps = r.json()["steps"]
        by_version = {s["version"]: s["view"] for s in steps if s["version"] is not None}
        live = {v: seen for v, seen in shown[seat].items() if v in by_version}
        assert live, "no common version to compare"
        assert {v: by_version[v] for v in live} == live
        assert steps[-1]["view"] == shown[seat][max(shown[seat])]
    everyone = http.get(
        f"/api/tables/{table.id}/replay",
        params={"viewpoint": "all"},
        headers=auth(table.host_token),
    ).json()
    assert all(len(step["views"]) == 2 for step in everyone["steps"])


def test_tampered_record_is_refused_by_the_cli(http, tmp_path):
    table = open_table(http, "spies", 2, publish_log=True)
    start(http, table)
    play_watching(http, table, seed=2)
    record = http.get(f"/api/tables/{table.id}/record", headers=auth(table.tokens[0])).json()
    record["moves"] = record["moves"][: len(record["moves"]) // 2]
    path = tmp_path / "cut.json"
    path.write_text(json.dumps(record))
    result = CliRunner().invoke(cli, ["replay", str(path)])
    assert result.exit_code == 1
    assert "before the game ended" in result.output


def test_unpublished_record_holds_only_what_the_seat_saw(http):
    table = open_table(http, "highcard", 2, publish_log=False)
    start(http, table)
    play_watching(http, table, seed=1)
    mine = http.get(f"/api/tables/{table.id}/record", headers=auth(table.tokens[0])).json()
    assert mine["viewpoint"] == 0 and "seed" not in mine and "moves" not in mine
    events = http.get(f"/api/tables/{table.id}/events", headers=auth(table.tokens[0])).json()
    assert [e for entry in mine["entries"] for e in entry["events"]] == [
        {"type": e["type"], "data": e["data"]} for e in events
    ]
    assert all(e["action"] is None for e in mine["entries"] if e["seat"] != 0)
    own = http.get(f"/api/tables/{table.id}/replay", headers=auth(table.tokens[0]))
    assert own.status_code == 200 and own.json()["viewpoint"] == 0
    other = http.get(
        f"/api/tables/{table.id}/replay", params={"viewpoint": "1"}, headers=auth(table.tokens[0])
    )
    assert other.status_code == 403 and other.json()["code"] == "log_not_published"
    everyone = http.get(
        f"/api/tables/{table.id}/replay", params={"viewpoint": "all"}, headers=auth(table.tokens[0])
    )
    assert everyone.status_code == 403
    stranger = http.get(f"/api/tables/{table.id}/record")
    assert stranger.status_code in (401, 403)
