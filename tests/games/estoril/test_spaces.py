"""Spaces as players name them: text and JSON round-trip to the same grid space."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction
from spyhouse.games.estoril.spaces import Space, slot_named
from tests.games.estoril.helpers import new_state


@pytest.mark.parametrize(
    ("seats", "options"), [(4, {}), (5, {"double_agent": True}), (3, {"vip": True})]
)
def test_every_space_of_every_grid_round_trips(seats, options):
    for seed in range(10):
        state = new_state(seats, seed=seed, **options)
        for slot, loc in enumerate(state.grid):
            for n in range(len(loc.spaces)):
                space = Space.at(state, (slot, n))
                assert Space.parse(str(space)) == space
                assert Space.from_json(space.to_json()) == space
                assert space.ref(state) == (slot, n)


def test_parse_reads_names_with_spaces_and_refuses_nonsense():
    assert Space.parse("Hell's mouth III") == Space("Hell's mouth", "III")
    for text in ("Casino", "Casino 2", "II", ""):
        with pytest.raises(ValueError):
            Space.parse(text)


def test_a_space_not_on_this_grid_is_refused_with_a_reason():
    state = new_state(4, seed=1)
    names = {Space.at(state, (s, 0)).location for s in range(len(state.grid))}
    absent = next(
        n for n in ("Church", "Casino", "Museum", "Muchaxo", "Tamariz beach") if n not in names
    )
    with pytest.raises(IllegalAction) as err:
        Space(absent, "I").ref(state)
    assert err.value.code == "unknown_name"
    with pytest.raises(IllegalAction) as err:
        slot_named(state, {"location": absent})
    assert err.value.code == "unknown_name"
