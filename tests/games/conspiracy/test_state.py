"""The state: JSON round-trip and a copy that shares nothing mutable."""

from pydantic import BaseModel

from spyhouse.engine.testing import check_round_trip
from spyhouse.games.conspiracy.state import ConspiracyState, Duel, SpyglassLook
from tests.games.conspiracy.helpers import GAME, play, position


def busy_state() -> ConspiracyState:
    state = position(
        3, agents={"Spyglass": "Paris"}, payoffs={0: {"Spyglass": 4}, 1: {"Spyglass": 6}}
    )
    state.looks.append(SpyglassLook(looker=1, player=0, space="Tempest", amount=0, floor=0))
    state, _ = play(
        state,
        (0, {"type": "move", "agent": "Spyglass", "to": "Zurich"}),
        (1, {"type": "challenge", "announce": 2}),
    )
    assert isinstance(state.duel, Duel)
    return state


def test_copy_shares_no_mutable_part():
    state = busy_state()
    copy = GAME.copy(state)
    assert GAME.dump(copy) == GAME.dump(state)
    for name in ConspiracyState.model_fields:
        value = getattr(state, name)
        frozen = isinstance(value, BaseModel) and value.model_config.get("frozen")
        if isinstance(value, (list, dict, BaseModel)) and not frozen:
            assert getattr(copy, name) is not value, name
            if isinstance(value, list):
                for a, b in zip(value, getattr(copy, name), strict=True):
                    assert not isinstance(a, (list, dict, BaseModel)) or a is not b, name


def test_round_trip_mid_duel_and_after_setup():
    check_round_trip(GAME, busy_state())
    check_round_trip(GAME, GAME.setup(4, GAME.parse_options({}), 12))
