"""Every decision refuses a wrong-typed and an out-of-range action with its own reason,
the reason comes from the same check that decides legality, and it tells nothing hidden."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction, Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import check_refusals, refusal, scale
from spyhouse.games.spies import GAME, decisions

from .helpers import BLUE, RED, before_deployment, guess, position


def deception_step():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    assert state.step == "deception"
    return state


def guess_step():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE, deception={RED: 0, BLUE: 0})
    assert state.step == "guess"
    return state


def captain_step():
    state = position([6, 7, 8, 10], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [9], BLUE: [5]})
    state, _ = guess(state, 1)
    assert state.pending is not None and state.pending.kind == "captain"
    return state


def marshal_step():
    state = position([1, 2, 3, 10], [1, 2, 3, 4], starting=BLUE, exhausted={RED: [9], BLUE: [5]})
    for rank in (1, 1, 2, 2, 3, 3):
        state, _ = guess(state, rank)
    state, _ = guess(state, 9)
    assert state.pending is not None and state.pending.kind == "marshal"
    return state


def intel_step(sergeant: bool):
    state = before_deployment()
    red = ["Spy", "Sergeant", "Miner", "Bomb"] if sergeant else ["Spy", "Scout", "Miner", "Bomb"]
    state, _ = GAME.apply(state, RED, {"type": "deploy", "soldiers": red})
    state, _ = GAME.apply(
        state, BLUE, {"type": "deploy", "soldiers": ["Spy", "Scout", "Miner", "Bomb"]}
    )
    assert state.phase == "intel"
    return state


CASES = [
    # (position, action, code, message)
    (before_deployment, {"type": "deploy", "soldiers": "Spy"}, "bad_value",
     'Give "soldiers": a list of soldier names, Mission order.'),
    (before_deployment, {"type": "deploy", "soldiers": ["Spy", "Scout", "Miner", 11]},
     "unknown_name", "Name soldiers by title (Spy ... Marshal) or rank 1-10."),
    (before_deployment, {"type": "deploy", "soldiers": ["Spy", "Scout", "Miner", True]},
     "unknown_name", "Name soldiers by title (Spy ... Marshal) or rank 1-10."),
    (before_deployment, {"type": "deploy", "soldiers": ["Spy", "Scout", "Miner", "Bomb"], "x": 1},
     "unknown_key", 'Unknown field "x" in a deploy action.'),
    (lambda: intel_step(True), {"type": "place_intel", "sergeant_token": 1},
     "bad_value", 'Your Sergeant is deployed: give "sergeant_token": true or false.'),
    (lambda: intel_step(True), {"type": "place_intel", "sergeant_token": "yes"},
     "bad_value", 'Your Sergeant is deployed: give "sergeant_token": true or false.'),
    (lambda: intel_step(False), {"type": "place_intel", "sergeant_token": False},
     "no_sergeant", "You have no Sergeant on your Missions."),
    (lambda: intel_step(False), {"type": "place_intel", "token": False},
     "unknown_key", 'Unknown field "token" in a place_intel action.'),
    (deception_step, {"type": "play_deception", "mission": True},
     "bad_value", '"mission" must be a whole number.'),
    (deception_step, {"type": "no_deception", "mission": 5},
     "out_of_range", '"mission" must be between 1 and 4.'),
    (guess_step, {"type": "guess", "mission": 1, "soldier": True},
     "unknown_name", "Name a soldier by title (Spy ... Marshal) or rank 1-10."),
    (guess_step, {"type": "guess", "mission": 1, "soldier": 11},
     "unknown_name", "Name a soldier by title (Spy ... Marshal) or rank 1-10."),
    (guess_step, {"type": "guess", "mission": "1", "soldier": "Spy"},
     "bad_value", '"mission" must be a whole number.'),
    (guess_step, {"type": "guess", "mission": 0, "soldier": "Spy"},
     "out_of_range", '"mission" must be between 1 and 4.'),
    (captain_step, {"type": "captain", "option": 6},
     "unknown_name", 'Choose "earn_6" or "use_exhausted".'),
    (captain_step, {"type": "captain", "option": "use_exhausted", "soldier": 11},
     "not_exhausted", "Choose one of your exhausted soldiers."),
    (captain_step, {"type": "captain", "option": "earn_6", "soldier": "General"},
     "unknown_key", 'Unknown field "soldier" in a captain action.'),
    (marshal_step, {"type": "marshal", "option": True},
     "unknown_name", 'Choose "earn_10" or "earn_5_reduce_5".'),
    (marshal_step, {"type": "marshal", "option": "earn_100"},
     "unknown_name", 'Choose "earn_10" or "earn_5_reduce_5".'),
]  # fmt: skip


@pytest.mark.parametrize(("build", "action", "code", "message"), CASES)
def test_each_decision_refuses_with_its_reason(build, action, code, message):
    state = build()
    (seat, *_) = sorted(GAME.to_act(state))
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
    kinds = set()
    for build, _action, _code, _message in CASES:
        state = build()
        kinds.add(decisions.pending_decision(state))
    assert kinds == set(decisions.ACTION_TYPES)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_legality_and_refusals_agree_over_random_games(seats):
    """Every listed action is accepted and its odd variants (true for 1, 10**6, a stray
    field...) refused exactly when they are not listed, for the same reason in every
    world the seat cannot tell apart."""
    rng = Rng(seats)
    for seed in range(scale(2)):
        state = GAME.setup(seats, GAME.Options(), seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            check_refusals(GAME, state, seat, rng.fork())
            for action in GAME.legal_actions(state, seat)[:5]:
                assert GAME.can(state, seat, action)
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
