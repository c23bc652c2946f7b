"""The position builder speaks the rulebook's words and refuses impossible tables."""

from __future__ import annotations

import pytest

from spyhouse.engine.testing import check_round_trip
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.positions import position
from tests.games.agencia.helpers import check_invariants


def test_cards_in_the_rulebooks_positions():
    state = position(
        [
            {"face up": "1 Agent", "facing owner": "Infiltrator"},
            {"on the table, face down": "5 Agents"},
            {"facing others": "Recruiter"},
        ],
        ambassador=1,
        information=[2, 5, 9],
        reward=3,
        decks=[[], ["Recruiter", "Infiltrator"], []],
    )
    check_invariants(state)
    check_round_trip(GAME, state)
    me = GAME.view(state, 0)["players"][0]["positions"]
    assert [(p["position"], p.get("card", {}).get("name")) for p in me] == [
        ("table_face_up", "1 Agent"),
        ("table_face_down", None),
        ("hand_facing_owner", "Infiltrator"),
        ("hand_facing_others", None),
    ]
    assert GAME.view(state, 0)["players"][2]["positions"][3]["card"]["name"] == "Recruiter"
    assert state.players[1].deck[-2:] == ["Recruiter", "Infiltrator"]
    assert GAME.to_act(state) == {1} and GAME.view(state, None)["reward_tile"] == 3


@pytest.mark.parametrize(
    "hands",
    [
        [{"face up": "1 Agent"}] * 2,  # too few players
        [{"pocket": "1 Agent"}, {}, {}],  # no such position
        [{"face up": "6 Agents"}, {}, {}],  # no such card
        [{"face up": "Infiltrator", "face down": "Infiltrator"}, {}, {}],  # one per agency
    ],
)
def test_impossible_tables_are_refused(hands):
    with pytest.raises(ValueError):
        position(hands)
