"""Positions built in the rulebook's words hold exactly what they say, keep the 30
sovereigns of every player, and leave the public record that the words imply."""

import pytest

from spyhouse.engine import Rng
from spyhouse.engine.testing import check_round_trip
from tests.games.conspiracy.helpers import BOX, DR_SOLOMON, GAME, coins_of, position


def test_a_position_holds_what_it_names():
    state = position(
        4,
        agents={"Beacon": "Zurich", "Spyglass": "Zurich", "Vagabond": "Milan"},
        burned=["Tempest"],
        briefcase="Milan",
        payoffs={2: {"Beacon": 7, DR_SOLOMON: 2}},
        payoffs_made={2: 4},
        burns={3: ["Magician"]},
        restricted=[1],
        to_act=2,
        first_player=0,
        round=3,
        solomon_space=6,
    )
    view = GAME.view(state, None)
    where = {a["name"]: a["city"] for a in view["agents"]}
    assert where["Beacon"] == "Zurich" and where["Vagabond"] == "Milan"
    assert where["Tempest"] is None and state.burned == ["Tempest"]
    assert view["briefcase"] == "Milan" and view["round"] == 3
    assert view["current_player"] == 2 and view["first_player"] == 0
    assert view["dr_solomon"]["space"] == 6
    assert [p["restricted"] for p in view["players"]] == [False, True, False, False]
    assert view["players"][2]["payoffs_made"] == 4
    assert view["players"][3]["burns"] == ["Magician"]
    assert view["players"][3]["coins_removed"] == BOX.burn_cost
    shield = GAME.view(state, 2)["my_shield"]
    assert shield["payoffs"]["Beacon"] == 7 and shield["reserve"] == 21
    assert all(coins_of(state, s) == BOX.sovereigns_per_player for s in range(4))
    assert {a["type"] for a in GAME.legal_actions(state, 2)} == {"payoff", "move", "burn"}
    check_round_trip(GAME, state)


def test_an_announced_number_is_a_fact_every_redraw_keeps():
    state = position(
        3, payoffs={1: {"Spyglass": 8}}, payoffs_made={1: 3}, announced={1: {"Spyglass": 6}}
    )
    assert state.known_minimum[1]["Spyglass"] == 6
    for seed in range(20):
        assert GAME.determinize(state, 0, Rng(seed)).payoffs[1]["Spyglass"] >= 6


@pytest.mark.parametrize(
    ("words", "message"),
    [
        ({"agents": {"Spyglass": "Atlantis"}}, "no city called 'Atlantis'"),
        ({"burned": ["Byrd"]}, "no agent called 'Byrd'"),
        ({"payoffs": {0: {"Beacon": 31}}}, "only 30 sovereigns"),
        ({"payoffs": {0: {"Beacon": 2}}, "announced": {0: {"Beacon": 3}}}, "can't announce 3"),
        ({"to_act": 3}, "seats are 0 to 2"),
        ({"solomon_space": 0}, "Dr. Solomon's die goes from space"),
    ],
)
def test_impossible_words_are_refused_with_a_reason(words, message):
    with pytest.raises(ValueError, match=message):
        position(3, **words)
