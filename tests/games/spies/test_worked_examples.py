"""Every worked example of the Spies & Lies rule text, as the exact position it shows."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction
from spyhouse.games.spies import GAME
from spyhouse.games.spies.components import soldier_name

from .helpers import BLUE, RED, before_deployment, guess, position, skip_to_turn


def test_the_red_spy_is_correctly_identified_and_retreats():
    """'The red Spy (1) is correctly identified and retreats': blue scores 2."""
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    state, _ = guess(state, 1)
    red = state.sides[RED]
    assert red.face_up[0] and red.tilted[0]
    assert state.sides[BLUE].infiltration_points == 2
    assert red.infiltration_points == 0 and red.deception_tokens == 1 and not red.spy_active


def test_i_guess_your_scout_is_on_mission_1():
    """Blue misses the red Spy: red moves 1 step and receives a Deception token."""
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    state, events = guess(state, 2)
    red = state.sides[RED]
    assert red.face_up[0] and not red.tilted[0]
    assert red.infiltration_points == 1
    assert red.deception_tokens == 2
    assert state.sides[BLUE].infiltration_points == 0
    assert "deception_token_won" in [e.type for e in events]


def test_i_guess_your_general_is_on_mission_3():
    """Red plays a Deception token on its Sergeant on Mission 3; blue guesses the General:
    red moves 4 steps for the Sergeant and an extra 4 for the Deception token."""
    state = position([2, 6, 4, 10], [1, 2, 3, 6], starting=BLUE)
    state = skip_to_turn(state, 4)
    state.sides[RED].infiltration_points = 0
    assert state.sides[RED].deception_tokens == 1
    state, events = guess(state, 9, deception=True)
    red = state.sides[RED]
    assert red.infiltration_points == 8
    assert red.deception_tokens == 0, "after using the Deception token, it goes out of play"
    earned = [e.data["earned"] for e in events if e.type == "infiltration_points"]
    assert earned == [4, 4]


def test_red_reaches_10_in_round_2_and_the_double_agent_advances_2_spaces():
    """'The red Infiltration token has reached 10 on the track in round 2. Now the Double
    Agent advances 2 spaces towards the blue player's fort.'"""
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=RED, day=2, ip={RED: 8})
    state, _ = guess(state, 2)
    assert state.sides[RED].infiltration_points == 0
    assert state.double_agent == 2
    assert GAME.view(state, None)["double_agent"]["space"] == "blue territory 2"


def test_colonel_from_7_carries_5_over():
    """'If your Infiltration marker is on 7 and the Colonel is activated, move 3 spaces to
    the 10, advance the Double Agent, then ... move the remaining 5 spaces.'"""
    state = position([1, 2, 8, 10], [1, 2, 3, 6], starting=BLUE)
    state = skip_to_turn(state, 4)
    state.sides[RED].infiltration_points = 7
    state, _ = guess(state, 9)
    assert state.double_agent == 1, "day 1: one space towards blue's fort"
    assert state.sides[RED].infiltration_points == 5


def test_valid_line_up_2_7_4_10():
    """'For example, 2-7-4-10 is a valid line-up' (the Sergeant may sit anywhere)."""
    state = before_deployment(exhausted={RED: [1], BLUE: [1]})
    names = [soldier_name(r) for r in (2, 7, 4, 10)]
    state, _ = GAME.apply(state, RED, {"type": "deploy", "soldiers": names})
    assert state.sides[RED].missions == (2, 7, 4, 10)


@pytest.mark.parametrize(
    ("line_up", "culprit"),
    [((1, 5, 3, 8), "Miner"), ((2, 5, 9, 7), "Bomb")],
    ids=["incorrect_the_miner_is_out_of_sequence", "incorrect_the_bomb_is_out_of_sequence"],
)
def test_incorrect_line_ups_are_refused(line_up, culprit):
    """'Incorrect: the Miner (3) is out of sequence' / 'the Bomb (7) is out of sequence'."""
    state = before_deployment(exhausted={RED: [10], BLUE: [10]})
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, RED, {"type": "deploy", "soldiers": [soldier_name(r) for r in line_up]})
    assert refused.value.code == "out_of_rank_order"
    assert culprit in refused.value.message
    assert GAME.dump(state) == before


def test_the_double_agent_reaches_the_blue_flag_in_round_2_so_red_wins():
    """The Double Agent waits on the blue wall; red infiltrates on day 2 and takes the flag."""
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=RED, day=2, ip={RED: 8}, double_agent=5)
    state, events = guess(state, 2)
    assert "flag_captured" in [e.type for e in events]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (RED,)
    assert outcome.detail["ending"] == "flag" and outcome.detail["day"] == 2


def test_the_double_agent_ends_round_3_in_red_territory_so_blue_wins():
    """'The Double Agent is at the end of round 3 in the territory of the red player, so
    the blue player wins the game!'"""
    state = position([1, 2, 3, 6], [2, 3, 6, 8], day=3, double_agent=-2, ip={RED: 1})
    state = skip_to_turn(state, 8)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (BLUE,)
    assert outcome.detail["ending"] == "territory"
    assert outcome.detail["double_agent"] == "red territory 2"
