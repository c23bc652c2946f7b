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


def test_sdk_creates_a_table_with_a_clock_and_exposes_it(live):
    with Spyhouse(live.url) as api:
        table = api.create_table(
            "highcard",
            seats=2,
            host_name="Ann",
            clock={"kind": "bank", "seconds": 600, "increment": 5},
            handover_after=3,
        )
        clock = table.clock()
        assert clock is not None
        assert (clock["kind"], clock["seconds"], clock["increment"]) == ("bank", 600, 5)
        assert clock["handover_after"] == 3
        table.fill_with_bots()
        table.start()
        assert table.seat is not None
        assert table.seat.clock()["kind"] == "bank"
        table.seat.play_randomly(seed=1)
        # The SDK's player acted every time before its clock ran out: no timeout.
        assert not [e for e in table.seat.events() if e["type"] == "timed_out"]
        with pytest.raises(ApiError) as err:
            api.create_table("highcard", clock={"kind": "per_decision", "seconds": 2})
        assert err.value.status == 422


def test_seconds_left_reads_this_seats_running_clock():
    from spyhouse.client.sdk import _seconds_left

    clock = {"paused": False, "seats": [{"seat": 0, "running": True, "remaining": 2.5}]}
    assert _seconds_left({"you": 0, "clock": clock}) == 2.5
    assert _seconds_left({"you": 0, "clock": None}) == float("inf")
    assert _seconds_left({"you": 0, "clock": {**clock, "paused": True}}) == float("inf")


def test_cli_play_with_a_clock(live):
    args = ["play", "highcard", "--server", live.url, "--seed", "4", "--clock", "per_decision:30"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "winners:" in result.output
    with Spyhouse(live.url) as api:
        table_id = result.output.split()[1]
        assert api.request("GET", f"/api/tables/{table_id}")["clock"]["kind"] == "per_decision"


@pytest.mark.parametrize("bad", ["per_decision:3", "hourglass:60", "per_decision:60:5", "bank:x"])
def test_cli_play_refuses_a_bad_clock(bad):
    result = CliRunner().invoke(cli, ["play", "highcard", "--clock", bad])
    assert result.exit_code == 2
    assert "--clock" in result.output
