"""Every decision refuses a wrong-typed and an out-of-range action with its own reason,
the reason comes from the same check that decides legality, and it tells nothing hidden."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction, Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import check_refusals, refusal, scale
from spyhouse.games.agencia import GAME, decisions
from spyhouse.games.agencia.state import Phase
from tests.games.agencia.helpers import UP, arrange

FOUR = [{UP: "1 Agent"}, {UP: "Recruiter"}, {UP: "2 Agents"}, {UP: "3 Agents"}]


def choose_location():
    return arrange(FOUR)


def play():
    state, _ = GAME.apply(arrange(FOUR), 0, {"type": "choose_location", "location": "Hall"})
    return state


def recruit():
    state = play()
    for seat in (1, 2, 3, 0):
        state, _ = GAME.apply(state, seat, {"type": "play", "position": "table_face_up"})
    assert state.phase is Phase.CHOOSE_TARGET
    return state


POSITIONS = "table_face_up, table_face_down, hand_facing_owner, hand_facing_others"
CASES = [
    (choose_location, {"type": "choose_location", "location": 1},
     "bad_value", 'The Embassy is either "Hall" or "Garden".'),
    (choose_location, {"type": "choose_location", "location": "Roof"},
     "unknown_name", 'The Embassy is either "Hall" or "Garden".'),
    (choose_location, {"type": "choose_location", "location": "Hall", "x": 1}, "unknown_key",
     'Unknown field "x" in a choose_location action.'),  # the engine's words, as every game's
    (play, {"type": "play", "position": True},
     "bad_value", f"Play from one of: {POSITIONS}."),
    (play, {"type": "play", "position": "pocket"},
     "unknown_name", f"Play from one of: {POSITIONS}."),
    (recruit, {"type": "recruit", "target": True},
     "bad_value", "Choose one of the players who can be targeted: [2, 3, 0]."),
    (recruit, {"type": "recruit", "target": 2.0},  # 2.0 is not the player 2
     "bad_value", "Choose one of the players who can be targeted: [2, 3, 0]."),
    (recruit, {"type": "recruit", "target": 7},
     "illegal_choice", "Choose one of the players who can be targeted: [2, 3, 0]."),
]  # fmt: skip


@pytest.mark.parametrize(("build", "action", "code", "message"), CASES)
def test_each_decision_refuses_with_its_reason(build, action, code, message):
    state = build()
    (seat,) = GAME.to_act(state)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, seat, action)
    assert (refused.value.code, refused.value.message) == (code, message)
    assert not GAME.can(state, seat, action)
    assert GAME.dump(state) == before
    for world in range(4):
        other = GAME.determinize(state, seat, Rng(world))
        assert refusal(GAME, other, seat, action) == (code, message), "the reason leaks"


def test_every_decision_kind_is_covered():
    assert {decisions.expected_type(build()) for build, *_ in CASES} == {
        "choose_location",
        "play",
        "recruit",
    }


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_legality_and_refusals_agree_over_random_games(seats):
    rng = Rng(seats)
    for seed in range(scale(2)):
        state = GAME.setup(seats, GAME.Options(), seed)
        while GAME.outcome(state) is None:
            (seat,) = GAME.to_act(state)
            check_refusals(GAME, state, seat, rng.fork())
            for action in GAME.legal_actions(state, seat):
                assert GAME.can(state, seat, action)
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
