"""The state: JSON round-trip and a copy that shares nothing mutable."""

import dataclasses

import pytest

from spyhouse.engine.parts import is_frozen
from spyhouse.engine.testing import check_round_trip
from spyhouse.engine.visibility import fields_of, is_part_class
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
    if is_part_class(type(value)):
        return not is_frozen(type(value))
    return isinstance(value, (list, dict))


def test_copy_shares_no_mutable_part():
    state = busy_state()
    assert state.looks and state.burned_at
    copy = GAME.copy(state)
    assert GAME.dump(copy) == GAME.dump(state)
    for name in fields_of(ConspiracyState):
        value = getattr(state, name)
        if mutable(value):
            assert getattr(copy, name) is not value, name
            if isinstance(value, list):
                for a, b in zip(value, getattr(copy, name), strict=True):
                    assert not mutable(a) or a is not b, name


def test_round_trip_mid_duel_and_after_setup():
    check_round_trip(GAME, busy_state())
    check_round_trip(GAME, GAME.setup(4, GAME.parse_options({}), 12))


def test_the_state_is_slotted_and_its_looks_and_orders_are_values():
    """Slotted Parts: a typo in an assignment raises instead of adding an
    attribute, and a frozen part (a Spyglass look) refuses a change; the copy shares it."""
    state = busy_state()
    assert isinstance(state.duel, Duel) and mutable(state.duel) and not mutable(state.looks[0])
    with pytest.raises(AttributeError):
        state.phse = "over"  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.looks[0].floor = 0  # type: ignore[misc]
    assert GAME.copy(state).looks[0] is state.looks[0]
