"""Setup steps 1-10 and the secret simultaneous choice of two more agents."""

import pytest

from spyhouse.engine import IllegalAction
from tests.games.conspiracy.helpers import BOX, DR_SOLOMON, GAME, OPTIONS, act, coins_of, types


@pytest.mark.parametrize(("seats", "space"), [(2, 15), (3, 15), (4, 20)])
def test_setup_board_briefcase_die_and_reserves(seats, space):
    state = GAME.setup(seats, OPTIONS, 5)
    assert state.briefcase == "Vienna"
    assert state.solomon_space == space == state.solomon_start
    assert sorted(state.agents.values()) == sorted(BOX.agent_start_cities)
    assert state.hq == list(BOX.hq_by_player_count[seats])
    for seat in range(seats):
        assert state.payoffs[seat][state.starting_agent[seat]] == 3
        assert state.reserve[seat] == 27
        assert coins_of(state, seat) == 30
    assert len(set(state.starting_agent)) == seats


def test_agents_are_placed_at_random_in_the_six_start_cities():
    placements = {tuple(GAME.setup(3, OPTIONS, seed).agents.items()) for seed in range(30)}
    assert len(placements) > 10


def test_first_player_is_random_and_dr_solomon_sits_at_their_right():
    firsts = {GAME.setup(4, OPTIONS, seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = GAME.setup(4, OPTIONS, 3)
    assert GAME.view(state, None)["dr_solomon"]["plays_after"] == (state.first_player - 1) % 4


def test_seat_counts():
    with pytest.raises(ValueError):
        GAME.setup(5, OPTIONS, 1)
    assert list(GAME.seat_range(OPTIONS)) == [2, 3, 4]


def test_everyone_chooses_at_once_and_coins_go_down_when_all_have_chosen():
    state = GAME.setup(3, OPTIONS, 2)
    assert GAME.to_act(state) == frozenset({0, 1, 2})
    picks = {}
    for seat in (2, 0):
        choice = GAME.legal_actions(state, seat)[0]
        picks[seat] = choice["agents"]
        state, events = GAME.apply(state, seat, choice)
        assert state.reserve[seat] == 27, "nothing is placed before everyone has chosen"
        assert [e.type for e in events if e.audience is None] == ["setup_agents_chosen"]
    assert GAME.to_act(state) == frozenset({1})
    choice = GAME.legal_actions(state, 1)[-1]
    picks[1] = choice["agents"]
    state, events = GAME.apply(state, 1, choice)
    assert state.phase == "action" and GAME.to_act(state) == {state.first_player}
    for seat, agents in picks.items():
        assert state.reserve[seat] == 25
        for agent in agents:
            assert state.payoffs[seat][agent] == 1
        assert state.payoffs[seat][DR_SOLOMON] == 0
    placed = [e for e in events if e.type == "setup_payoffs_placed"]
    assert all(e.audience == frozenset([e.data["player"]]) for e in placed)
    assert "game_started" in types(events)


def test_setup_choices_are_two_other_agents():
    state = GAME.setup(2, OPTIONS, 4)
    mine = state.starting_agent[0]
    choices = GAME.legal_actions(state, 0)
    assert len(choices) == 10
    assert all(mine not in c["agents"] and len(set(c["agents"])) == 2 for c in choices)
    other = [a for a in BOX.agent_names if a != mine]
    bad = {
        "starting_agent": [mine, other[0]],
        "duplicate_choice": [other[0], other[0]],
        "unknown_name": [other[0], DR_SOLOMON],
        "wrong_count": [other[0]],
    }
    for code, agents in bad.items():
        with pytest.raises(IllegalAction) as err:
            act(state, 0, "setup_payoff", agents=agents)
        assert err.value.code == code
    state, _ = act(state, 0, "setup_payoff", agents=[other[1], other[0]])
    assert state.setup_picks[0] == [other[0], other[1]]
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "setup_payoff", agents=other[2:4])
    assert err.value.code == "not_your_turn"
