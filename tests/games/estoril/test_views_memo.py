"""The spectator's view of each Location is remembered between moves: at every step of
random games, and in the worlds a search bot samples (which share the Locations they do
not redraw), the remembered views are the ones built afresh."""

from __future__ import annotations

import pytest

from spyhouse.engine import Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import random_playout
from spyhouse.games.estoril import GAME, views
from spyhouse.games.estoril.state import Phase

EVERYTHING = {"promo": True, "double_agent": True, "vip": True, "roulette": True}


def built_afresh(state):
    layout = state.layout()
    return [
        views.location_view(state, views._place(state.cols, layout, slot), loc, None)
        for slot, loc in enumerate(state.grid)
    ]


@pytest.mark.parametrize(("seats", "options"), [(4, {}), (3, {"promo": True}), (5, EVERYTHING)])
def test_remembered_locations_are_the_ones_built_afresh(seats, options):
    rng = Rng(seats)

    def check(state, _events):
        worlds = [state]
        if GAME.outcome(state) is None:
            worlds.append(GAME.determinize(state, rng.below(seats), rng.fork()))
        for world in worlds:
            assert views.grid_view(world, None)["locations"] == built_afresh(world)

    random_playout(GAME, seats, options, seats, on_step=check)


def test_the_rest_of_the_state_a_location_shows_is_read_again():
    """The same Location objects with the game over, the Enigma moved, the Roulette on,
    or laid in other slots: each shows what a view built afresh shows."""
    state = GAME.setup(4, GAME.parse_options({"promo": True, "vip": True}), 0)
    rng = Rng(0)
    for _ in range(12):  # face-down tiles on the board, the Casino among the Locations
        seat = rng.choice(sorted(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
    assert state.slot_of("casino") is not None and state.phase == Phase.PLACE
    views.views(state, [None, 0])  # remembers the spectator's Locations
    over, enigma, roulette, moved = (GAME.copy(state) for _ in range(4))
    over.phase = Phase.OVER
    enigma.enigma_slot = 1 if state.enigma_slot == 0 else 0
    roulette.options = state.options.model_copy(update={"roulette": True})
    moved.grid = [*state.grid[1:], state.grid[0]]
    for other in (over, enigma, roulette, moved):
        assert {id(loc) for loc in other.grid} == {id(loc) for loc in state.grid}
        assert views.grid_view(other, None)["locations"] == built_afresh(other)
