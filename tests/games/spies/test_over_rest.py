"""Spies & Lies is registered with the server and plays to the end over REST."""

from __future__ import annotations

from tests.server.conftest import database_url, http, live, migrated_url  # noqa: F401
from tests.server.helpers import open_table, play_to_end_over_rest, start, view


def test_spies_is_listed_and_plays_to_the_end_over_rest(http):  # noqa: F811
    games = {g["id"]: g for g in http.get("/api/games").json()}
    assert games["spies"]["min_seats"] == 2 and games["spies"]["max_seats"] == 4
    table = open_table(http, "spies", 3, humans=2)
    start(http, table)
    blue = view(http, table, 1)
    assert blue["to_act"] == [0, 1] and blue["legal_actions"]
    doc = play_to_end_over_rest(http, table, seed=4)
    assert doc["outcome"] is not None
    assert doc["outcome"]["detail"]["ending"] in (
        "flag",
        "territory",
        "infiltration_points",
        "draw",
    )
