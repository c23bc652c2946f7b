"""``legal_actions`` is exactly the set of accepted actions, and refusals change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spyhouse.engine import IllegalAction, Rng, get_game, load_builtin_games
from spyhouse.engine.bots import random_action
from tests.games.conspiracy.helpers import BOX, GAME

CITIES = list(BOX.cities)
SPACES = list(BOX.payoff_spaces)


def candidates(seat: int, seats: int) -> list[dict[str, Any]]:
    """A superset of every action a seat could try, legal or not."""
    out: list[dict[str, Any]] = [
        {"type": t}
        for t in ("pass", "stop", "carry_briefcase", "leave_briefcase", "skip_ability", "tempest")
    ]
    out += [{"type": "payoff", "to": s, "amount": n} for s in SPACES for n in range(-1, 32)]
    out += [{"type": "move", "agent": a, "to": c} for a in BOX.agent_names for c in CITIES]
    out += [
        {"type": "burn", "agent": a, "target": t} for a in BOX.agent_names for t in BOX.agent_names
    ]
    out += [{"type": "challenge", "announce": n} for n in range(-1, 32)]
    out += [{"type": "announce", "amount": n} for n in range(-1, 32)]
    out += [{"type": "beacon", "pull": a} for a in BOX.agent_names]
    out += [{"type": "magician", "briefcase_to": c} for c in CITIES]
    out += [{"type": "roulette", "direction": d} for d in ("up", "down", "sideways")]
    out += [
        {"type": "spyglass", "player": p, "on": s} for p in range(-1, seats + 1) for s in SPACES
    ]
    out += [{"type": "push", "agent": a, "to": c} for a in BOX.agent_names for c in CITIES]
    out += [
        {"type": "vagabond", "to": c, "carry_briefcase": b} for c in CITIES for b in (True, False)
    ]
    others = [a for a in BOX.agent_names]
    out += [{"type": "setup_payoff", "agents": [a, b]} for a in others for b in others]
    return out


def key(action: dict[str, Any]) -> str:
    """Compare actions as JSON; the two setup agents may be named in either order."""
    if action["type"] == "setup_payoff":
        action = {**action, "agents": sorted(action["agents"])}
    return json.dumps(action, sort_keys=True)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_legal_actions_are_exactly_the_accepted_ones(seats: int) -> None:
    rng = Rng(seats)
    checked_phases = set()
    for game_seed in range(2):
        state = GAME.setup(seats, GAME.parse_options({}), game_seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            if rng.below(40) == 0 or state.phase not in checked_phases:
                checked_phases.add(state.phase)
                legal = {key(a) for a in GAME.legal_actions(state, seat)}
                before = GAME.dump(state)
                accepted = set()
                for action in candidates(seat, seats):
                    try:
                        GAME.apply(state, seat, action)
                        accepted.add(key(action))
                    except IllegalAction as err:
                        assert err.code and err.message
                    assert GAME.dump(state) == before
                assert legal == accepted
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
    assert checked_phases >= {"setup", "action", "challenge", "duel", "ability"}


def test_malformed_parameters_are_refused_with_a_code() -> None:
    state = GAME.setup(2, GAME.parse_options({}), 1)
    for seat in range(2):
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    seat = state.current
    for action, code in [
        ({"type": "payoff", "to": "Beacon"}, "bad_value"),
        ({"type": "payoff", "to": "Beacon", "amount": "3"}, "bad_value"),
        ({"type": "payoff", "to": 3, "amount": 3}, "bad_value"),
        ({"type": "move", "agent": "Beacon"}, "bad_value"),
        ({"type": "burn", "agent": "Beacon", "target": None}, "bad_value"),
        ({"type": "fly", "agent": "Beacon"}, "wrong_decision"),
    ]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, seat, action)
        assert err.value.code == code


def test_the_game_is_registered() -> None:
    load_builtin_games()
    assert get_game("conspiracy") is GAME
    info = GAME.info()
    assert info["min_seats"] == 2 and info["max_seats"] == 4
