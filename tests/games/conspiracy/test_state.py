"""The state: JSON round-trip and a copy that shares nothing mutable."""

from pydantic import BaseModel

from spyhouse.engine.testing import check_round_trip
from spyhouse.games.conspiracy.state import ConspiracyState, Duel
from tests.games.conspiracy.helpers import GAME, play, position


def busy_state() -> ConspiracyState:
    state = position(
        3,
        agents={"Spyglass": "Paris"},
        burned=["Beacon"],
        payoffs={0: {"Spyglass": 4}, 1: {"Spyglass": 6}},
        looks=[(1, 0, "Tempest")],
    )
    state, _ = play(
        state,
        (0, {"type": "move", "agent": "Spyglass", "to": "Zurich"}),
        (1, {"type": "challenge", "announce": 2}),
    )
    assert isinstance(state.duel, Duel)
    return state


def mutable(value: object) -> bool:
    """A frozen part (an order, a Spyglass look) can't change, so copies may share it."""
    frozen = isinstance(value, BaseModel) and value.model_config.get("frozen")
    return isinstance(value, (list, dict, BaseModel)) and not frozen


def test_copy_shares_no_mutable_part():
    state = busy_state()
    assert state.looks and state.burned_at
    copy = GAME.copy(state)
    assert GAME.dump(copy) == GAME.dump(state)
    for name in ConspiracyState.model_fields:
        value = getattr(state, name)
        if mutable(value):
            assert getattr(copy, name) is not value, name
            if isinstance(value, list):
                for a, b in zip(value, getattr(copy, name), strict=True):
                    assert not mutable(a) or a is not b, name


def test_round_trip_mid_duel_and_after_setup():
    check_round_trip(GAME, busy_state())
    check_round_trip(GAME, GAME.setup(4, GAME.parse_options({}), 12))
