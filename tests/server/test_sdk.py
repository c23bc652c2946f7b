"""The Python SDK and the `spyhouse play` command against a live server."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from typer.testing import CliRunner

from spyhouse.cli import app as cli
from spyhouse.client import ApiError, Spyhouse


def test_sdk_hosts_joins_and_plays_a_game_to_the_end(live):
    with Spyhouse(live.url) as api:
        assert "highcard" in {g["id"] for g in api.games()}
        table = api.create_table("highcard", seats=3, host_name="Ann")
        bob = api.join(table.invite_code, "Bob")
        assert bob.seat == 1
        table.fill_with_bots()
        assert [s["kind"] for s in table.summary()["seats"]] == ["human", "human", "bot"]
        table.start()
        assert table.seat is not None
        with ThreadPoolExecutor(2) as pool:  # Ann and Bob play at the same time
            outcomes = list(pool.map(lambda s: s.play_randomly(seed=s.seat), [table.seat, bob]))
        assert outcomes[0] == outcomes[1] == bob.view()["outcome"]
        assert bob.view()["status"] == "finished"
        assert all(e["version"] > 0 for e in bob.events())


def test_sdk_raises_the_problem_code(live):
    with Spyhouse(live.url) as api:
        with pytest.raises(ApiError) as err:
            api.join("no-such-code", "X")
        assert err.value.status == 404 and err.value.code == "unknown_invite"


def test_cli_play_hosts_a_table_of_bots_and_reports_the_outcome(live):
    result = CliRunner().invoke(cli, ["play", "highcard", "--server", live.url, "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "winners:" in result.output
    listing = CliRunner().invoke(cli, ["games", "--server", live.url])
    assert "highcard" in listing.output
