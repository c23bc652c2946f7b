"""The same fault gets the same reason in every game: a client that plays several games
reads one vocabulary (``spyhouse.engine.refusals``)."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction, get_game, load_builtin_games
from spyhouse.engine.refusals import FORM

load_builtin_games()
GAMES = ["estoril", "agencia", "spies", "conspiracy"]


def _refusal(game_id: str, change) -> str:
    game = get_game(game_id)
    state = game.setup(game.min_seats, game.Options(), 7)
    seat = min(game.to_act(state))
    action = dict(game.legal_actions(state, seat)[0])
    with pytest.raises(IllegalAction) as refused:
        game.apply(state, seat, change(action))
    return refused.value.code


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_of_another_decision_is_wrong_decision(game_id) -> None:
    assert _refusal(game_id, lambda a: {"type": "no_such_decision"}) == "wrong_decision"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_field_the_action_does_not_have_is_unknown_key(game_id) -> None:
    assert _refusal(game_id, lambda a: {**a, "zzz": 1}) == "unknown_key"


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_without_a_type_is_malformed_action(game_id) -> None:
    assert _refusal(game_id, lambda a: {k: v for k, v in a.items() if k != "type"}) == (
        "malformed_action"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_field_of_the_wrong_json_kind_is_bad_value(game_id) -> None:
    def spoil(action: dict) -> dict:
        key = next(k for k in sorted(action) if k != "type")
        return {**action, key: {"not": "this"}}

    assert _refusal(game_id, spoil) == "bad_value"


def test_the_form_reasons_are_the_catalogues() -> None:
    assert {"wrong_decision", "unknown_key", "bad_value", "unknown_name"} <= FORM.keys()
