"""The position builder speaks the rulebook's words and refuses what the rules refuse."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction
from spyhouse.engine.testing import check_round_trip
from spyhouse.games.spies import GAME
from spyhouse.games.spies.positions import position


def test_a_mission_phase_position_from_public_facts():
    state = position(
        4,
        red=["Spy", 4, "Miner", "Marshal"],
        blue=["Scout", "Miner", "Colonel", "General"],
        day=2,
        starting="blue",
        intel="Intel 7-8-9-10",
        exhausted={"red": ["Bomb", "General"]},
        deception_tokens={"blue": 0},
        double_agent="blue wall",
    )
    view = GAME.view(state, None)
    assert (view["day"], view["phase"], view["starting_side"]) == (2, "missions", "blue")
    assert view["intel"]["current"]["name"] == "Intel 7-8-9-10"
    assert [s["name"] for s in view["sides"]["red"]["exhausted"]] == ["Bomb", "General"]
    assert view["double_agent"]["space"] == "blue wall"
    assert view["turn"] == {
        "mission": 1,
        "guessing_side": "blue",
        "defending_side": "red",
        "guesser": 1,
        "defender": 0,
        "step": "deception",
    }
    assert [m["soldier"]["name"] for m in GAME.view(state, 2)["sides"]["red"]["missions"]] == [
        "Spy",
        "Sergeant",
        "Miner",
        "Marshal",
    ]
    check_round_trip(GAME, state)


def test_without_line_ups_it_is_the_deployment_phase():
    state = position(3, infiltration_points={"blue": 7})
    assert state.phase == "deploy" and GAME.to_act(state) == {0, 1}
    assert GAME.view(state, 1)["sides"]["blue"]["infiltration_points"] == 7


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"red": ["Spy", "Joker", "Miner", "Marshal"], "blue": [1, 2, 3, 5]}, ValueError),
        ({"red": [1, 2, 3, 5]}, ValueError),
        ({"starting": "green"}, ValueError),
        ({"double_agent": "the moon"}, ValueError),
        ({"intel": "Intel 1-2-3"}, ValueError),
        ({"red": [5, 3, 2, 1], "blue": [1, 2, 3, 6]}, IllegalAction),  # out of rank order
        (
            {"red": [1, 2, 3, 6], "blue": [1, 2, 3, 6], "exhausted": {"red": ["Captain"]}},
            IllegalAction,
        ),
    ],
)
def test_what_the_rules_refuse_cannot_be_built(kwargs, error):
    with pytest.raises(error):
        position(**kwargs)
