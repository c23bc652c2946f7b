"""Slotted Parts (``engine.parts``): the contract of a pydantic-model Part — declared
fields, unknown keys refused, exact JSON, a copy sharing nothing mutable — on slotted
pydantic dataclasses, which a search playout reads several times faster."""

from __future__ import annotations

import dataclasses

import pytest
from pydantic import Field, ValidationError

from spyhouse.engine import (
    Hidden,
    Mixed,
    Part,
    Private,
    Public,
    Visibility,
    declared_fields,
    frozen_slotted,
    slotted,
    undeclared_fields,
)
from spyhouse.engine.parts import state_adapter
from spyhouse.engine.testing import check_copy


@frozen_slotted
class _Token(Part):
    name: Public[str]


@slotted
class _Hand(Part):
    cards: Private[list[str]]
    marks: Public[tuple[int, ...]] = ()
    token: Public[_Token | None] = None


@slotted
class _State(Part):
    num_seats: Public[int]
    hands: Mixed[list[_Hand]]
    by_seat: Public[dict[str, list[int]]] = Field(default_factory=dict)
    rng: Hidden[int] = 0


def _state() -> _State:
    hand = _Hand(cards=["a"], marks=(1,), token=_Token(name="t"))
    return _State(num_seats=2, hands=[hand, _Hand(cards=[])], by_seat={"0": [1]})


def test_declarations_descend_into_slotted_parts():
    assert declared_fields(_State) == {
        "num_seats": Visibility.PUBLIC,
        "hands[].cards": Visibility.PRIVATE,
        "hands[].marks": Visibility.PUBLIC,
        "hands[].token": Visibility.PUBLIC,
        "by_seat": Visibility.PUBLIC,
        "rng": Visibility.HIDDEN,
    }

    @slotted
    class Loose(Part):
        fine: Public[int] = 0
        secret: int = 0

    assert undeclared_fields(Loose) == ["secret"]


def test_a_copy_shares_only_what_cannot_change():
    state = _state()
    new = state.copy()
    assert new == state and type(new) is _State
    assert new.hands is not state.hands and new.hands[0] is not state.hands[0]
    assert new.hands[0].cards is not state.hands[0].cards
    assert new.by_seat["0"] is not state.by_seat["0"]
    assert new.hands[0].marks is state.hands[0].marks, "a tuple is shared"
    assert new.hands[0].token is state.hands[0].token, "a frozen Part is shared"
    new.hands[0].cards.append("b")
    new.by_seat["0"].append(2)
    new.rng = 7
    assert state == _state(), "changing the copy leaves the original"


class _Game:
    """What :func:`check_copy` asks of a game."""

    id = "slotted"

    def copy(self, state: _State) -> _State:
        return state.copy()

    def dump(self, state: _State) -> object:
        return state_adapter(_State).dump_python(state, mode="json")


def test_check_copy_finds_a_list_a_copy_shares(monkeypatch):
    state = _state()
    check_copy(_Game(), state)  # the compiled copy passes

    def shallow(self: _State) -> _State:
        return dataclasses.replace(self)  # the same lists

    monkeypatch.setattr(_State, "copy", shallow)
    with pytest.raises(AssertionError, match="shares"):
        check_copy(_Game(), state)


def test_a_frozen_slotted_part_holding_a_list_cannot_be_shared():
    @frozen_slotted
    class Bag(Part):
        items: Public[list[int]]

    with pytest.raises(TypeError, match="only immutable fields"):
        Bag(items=[1]).copy()


def test_a_typo_or_a_change_to_a_frozen_part_is_refused():
    state = _state()
    with pytest.raises(AttributeError):
        state.rgn = 1  # type: ignore[attr-defined]
    token = state.hands[0].token
    assert token is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        token.name = "u"  # type: ignore[misc]


def test_the_saved_form_round_trips_and_refuses_unknown_keys():
    adapter = state_adapter(_State)
    data = adapter.dump_python(_state(), mode="json")
    assert data["hands"][0] == {"cards": ["a"], "marks": [1], "token": {"name": "t"}}
    loaded = adapter.validate_python(data)
    assert loaded == _state() and type(loaded.hands[0].marks) is tuple
    with pytest.raises(ValidationError):
        adapter.validate_python({**data, "extra": 1})
    with pytest.raises(ValidationError):
        adapter.validate_python({**data, "hands": [{"cards": [], "x": 1}]})


def test_a_subclass_compiles_its_own_copy():
    """The parent's compiled copy would build a parent and skip the subclass's fields."""

    @slotted
    class Base(Part):
        cards: Public[list[int]]

    @slotted
    class Sub(Base):
        more: Public[list[int]]

    Base(cards=[1]).copy()
    sub = Sub(cards=[2], more=[3])
    new = sub.copy()
    assert type(new) is Sub and new == sub and new.more is not sub.more
