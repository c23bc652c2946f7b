"""The one decision mechanism: every game dispatches its actions through a declared
``DecisionTable``, ``Game.refusal`` / ``Game.can`` ask the same reason functions as
``apply`` without changing anything, and one number policy holds in every game."""

from __future__ import annotations

import json

import pytest

from spyhouse.engine import DecisionTable, IllegalAction, Rng, is_one_of
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import odd_variants
from spyhouse.games.agencia import GAME as AGENCIA
from spyhouse.games.conspiracy import GAME as CONSPIRACY
from spyhouse.games.estoril import GAME as ESTORIL
from spyhouse.games.spies import GAME as SPIES

GAMES = [ESTORIL, AGENCIA, SPIES, CONSPIRACY]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_declares_a_decision_table_covering_its_action_types(game):
    table = game.decision_table
    assert isinstance(table, DecisionTable)
    schema = game.schemas()["action"]
    published = {
        variant["properties"]["type"]["const"] for variant in schema.get("$defs", {}).values()
    }
    assert set(table.kinds) == published, "every action type has one decision kind"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_refusal_and_can_agree_with_apply_and_change_nothing(game):
    """Over random games: every listed action is one ``can`` accepts, every odd variant
    ``apply`` refuses is refused by ``refusal`` with the same code and message, and
    asking leaves the state as it was."""
    options = game.parse_options({})
    for seats in (game.min_seats, game.max_seats if game is not ESTORIL else 4):
        state, rng = game.setup(seats, options, seats), Rng(seats)
        while game.outcome(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            before = json.dumps(game.dump(state))
            legal = game.legal_actions(state, seat)
            for action in [rng.choice(legal)] + odd_variants(rng.choice(legal)):
                asked = game.refusal(state, seat, action)
                try:
                    game.apply(state, seat, action)
                except IllegalAction as exc:
                    assert asked is not None and (asked.code, asked.message) == (
                        exc.code,
                        exc.message,
                    )
                else:
                    assert asked is None and is_one_of(action, legal)
                assert game.can(state, seat, action) == (asked is None)
            others = [s for s in range(seats) if s not in game.to_act(state)]
            for other in others[:1]:
                refused = game.refusal(state, other, legal[0])
                assert refused is not None and refused.code == "not_your_turn"
            assert game.refusal(state, seat, ["not", "an", "object"]).code == "malformed_action"
            assert json.dumps(game.dump(state)) == before, "asking changed the state"
            state, _ = game.apply(state, seat, random_action(game, state, seat, rng))
        assert game.refusal(state, 0, {"type": "pass"}).code == "game_over"


def _estoril_setting_the_airport_die():
    """An Estoril game played on by random moves until the Airport's die is to be set."""
    options = ESTORIL.parse_options({"vip": True})
    for seed in range(200):
        state, rng = ESTORIL.setup(4, options, seed), Rng(seed)
        while ESTORIL.outcome(state) is None:
            seat = rng.choice(sorted(ESTORIL.to_act(state)))
            legal = ESTORIL.legal_actions(state, seat)
            if legal[0]["type"] == "set_die":
                return state, seat, legal
            state, _ = ESTORIL.apply(state, seat, random_action(ESTORIL, state, seat, rng))
    raise AssertionError("no game reached the Airport")


def test_estoril_refuses_an_integral_float_for_the_airport_die():
    """``{"type": "set_die", "value": 9.0}`` is not ``9``: one number policy in every game
    (Estoril alone read an integral float as the integer)."""
    state, seat, legal = _estoril_setting_the_airport_die()
    value = legal[0]["value"]
    with pytest.raises(IllegalAction) as refused:
        ESTORIL.apply(state, seat, {"type": "set_die", "value": float(value)})
    assert refused.value.code == "bad_value"
    assert not ESTORIL.can(state, seat, {"type": "set_die", "value": float(value)})
    assert ESTORIL.can(state, seat, {"type": "set_die", "value": value})


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_refuses_an_integral_float_where_a_whole_number_is_asked(game):
    options = game.parse_options({})
    seen = 0
    for seed in range(3):
        state, rng = game.setup(game.min_seats, options, seed), Rng(seed)
        while game.outcome(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            for action in game.legal_actions(state, seat):
                for key, value in action.items():
                    if type(value) is int:
                        seen += 1
                        refused = game.refusal(state, seat, {**action, key: float(value)})
                        assert refused is not None, f"{game.id} accepts {key}={float(value)}"
                        assert refused.code == "bad_value"
            state, _ = game.apply(state, seat, random_action(game, state, seat, rng))
    assert seen, f"{game.id} never asks for a whole number"


def test_a_game_without_a_table_is_asked_through_a_copy():
    """A game that writes its own ``apply_action`` (the toy game) still answers
    ``refusal`` and ``can``: they try the action on a copy, which changes nothing."""
    from tests.toygame import HighCard

    game = HighCard()
    state = game.setup(2, game.parse_options({}), 1)
    seat = min(game.to_act(state))
    before = json.dumps(game.dump(state))
    for action in game.legal_actions(state, seat):
        assert game.can(state, seat, action)
    refused = game.refusal(state, seat, {"type": "no_such_action"})
    assert refused is not None
    with pytest.raises(IllegalAction) as applied:
        game.apply(state, seat, {"type": "no_such_action"})
    assert (refused.code, refused.message) == (applied.value.code, applied.value.message)
    assert json.dumps(game.dump(state)) == before
