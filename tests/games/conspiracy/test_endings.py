"""Dr. Solomon's turn, his track and die, and both ways the game ends."""

from spyhouse.engine import Rng
from spyhouse.games.conspiracy.endings import dr_solomon_recovers_the_briefcase
from spyhouse.games.conspiracy.solomon import SOLOMON_FACE, dr_solomons_turn
from tests.games.conspiracy.helpers import DR_SOLOMON, GAME, act, position, types


def end_round(state):
    """Every player bluffs a payoff; returns the state after Dr. Solomon's turn."""
    events = []
    for _ in range(state.num_seats):
        state, new = act(state, state.current, "payoff", to=DR_SOLOMON, amount=0)
        events += new
    return state, events


def test_the_die_walks_down_one_space_per_round():
    state = position(2, solomon_space=15)
    for expected in (14, 13, 12):
        state, events = end_round(state)
        assert state.solomon_space == expected and "solomon_advanced" in types(events)
    assert state.round == 4 and GAME.outcome(state) is None


def test_on_the_last_space_the_die_is_rolled_with_two_solomon_faces_in_six():
    faces = []
    for seed in range(600):
        state = position(2, solomon_space=1)
        state.rng = Rng(seed).next64()
        dr_solomons_turn(state)
        faces.append(state.last_roll)
        assert state.solomon_space == 1
        assert (state.phase == "over") == (state.last_roll == SOLOMON_FACE)
    share = faces.count(SOLOMON_FACE) / len(faces)
    assert 0.25 < share < 0.42, share


def test_a_blank_roll_leaves_the_die_on_the_last_space_and_play_goes_on():
    seed = next(s for s in range(100) if (Rng(s).die(6) > 2))
    state = position(2, solomon_space=1)
    state.rng = seed
    state, events = end_round(state)
    assert "solomon_rolled" in types(events) and state.last_roll == "blank"
    assert state.solomon_space == 1 and state.phase == "action" and state.round == 2


def test_solomons_face_ends_the_game_at_once_and_reveals_the_shields():
    seed = next(s for s in range(100) if Rng(s).die(6) <= 2)
    state = position(
        3, solomon_space=1, payoffs={0: {DR_SOLOMON: 2}, 1: {DR_SOLOMON: 3}, 2: {DR_SOLOMON: 1}}
    )
    state.rng = seed
    state, events = end_round(state)
    assert state.phase == "over" and GAME.to_act(state) == frozenset()
    lifted = next(e for e in events if e.type == "shields_lifted")
    assert lifted.audience is None and lifted.data["payoffs_to_solomon"] == [2, 3, 1]
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,) and outcome.scores == (2.0, 3.0, 1.0)
    assert GAME.view(state, 0)["final_reveal"]["payoffs_to_solomon"] == [2, 3, 1]


def test_solomon_tie_goes_to_the_larger_reserve():
    state = position(
        3,
        payoffs={
            0: {DR_SOLOMON: 2, "Tempest": 5},
            1: {DR_SOLOMON: 2, "Beacon": 3},
            2: {DR_SOLOMON: 1},
        },
    )
    dr_solomon_recovers_the_briefcase(state)
    assert GAME.outcome(state).winners == (1,)
    assert GAME.outcome(state).detail["reserves"] == [23, 25, 29]


def test_solomon_tie_with_equal_reserves_is_shared():
    state = position(
        4,
        payoffs={
            0: {DR_SOLOMON: 2},
            1: {DR_SOLOMON: 1},
            2: {DR_SOLOMON: 2},
            3: {DR_SOLOMON: 2, "Beacon": 1},
        },
    )
    dr_solomon_recovers_the_briefcase(state)
    outcome = GAME.outcome(state)
    assert outcome.winners == (0, 2) and outcome.detail["shared"] is True


def test_briefcase_outcome_scores_the_winner():
    state = position(2, agents={"Beacon": "Paris"}, briefcase="Paris")
    state, _ = act(state, 0, "move", agent="Beacon", to="London")
    state, _ = act(state, 1, "pass")
    state, events = act(state, 0, "carry_briefcase")
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.scores == (1.0, 0.0)
    assert outcome.detail == {"ending": "briefcase", "city": "London", "winner": 0}
    assert GAME.view(state, 1)["winners"] == [0]
    assert GAME.view(state, 1)["final_reveal"] is None
