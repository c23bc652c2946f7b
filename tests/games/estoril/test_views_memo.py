"""The spectator's view of each Location, and each player's where they know face-down
tiles, are remembered between moves: at every step of random games, and in the worlds a
search bot samples (which share the Locations they do not redraw), the remembered views
are the ones built afresh."""

from __future__ import annotations

import pytest

from spyhouse.engine import Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import random_playout
from spyhouse.games.estoril import GAME, views
from spyhouse.games.estoril.state import Phase, Reward

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
            players = range(world.num_seats)
            assert views.views(world, [*players]) == [views.view(world, s) for s in players]

    random_playout(GAME, seats, options, seats, on_step=check)


def test_the_rest_of_the_state_a_location_shows_is_read_again():
    """The same Location objects with the game over, the Enigma moved, the Roulette on,
    or laid in other slots: each shows what a view built afresh shows, to a spectator
    and to the players who know its face-down tiles."""
    state = GAME.setup(4, GAME.parse_options({"promo": True, "vip": True}), 0)
    rng = Rng(0)
    for _ in range(12):  # face-down tiles on the board, the Casino among the Locations
        seat = rng.choice(sorted(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
    assert state.slot_of("casino") is not None and state.phase == Phase.PLACE
    players = [*range(state.num_seats)]
    views.views(state, [None, *players])  # remembers the Locations each one sees
    over, roulette, moved = (GAME.copy(state) for _ in range(3))
    over.phase = Phase.OVER
    roulette.options = state.options.model_copy(update={"roulette": True})
    moved.grid = [*state.grid[1:], state.grid[0]]
    enigmas = [GAME.copy(state) for _ in state.grid]
    for slot, enigma in enumerate(enigmas):
        enigma.enigma_slot = slot
    for other in (over, roulette, moved, *enigmas):
        assert {id(loc) for loc in other.grid} == {id(loc) for loc in state.grid}
        assert views.grid_view(other, None)["locations"] == built_afresh(other)
        assert views.views(other, players) == [views.view(other, s) for s in players]


def test_players_who_know_other_tiles_of_a_location_see_them():
    """Two players who each looked at another face-down Reward tile of one Location see
    the one they know: a player's view of a Location hangs on who they are."""
    state = GAME.setup(3, GAME.parse_options({}), 0)
    loc = state.grid[0]
    first, second = state.pile[:2]
    state.change_location(
        0,
        rewards=(
            Reward(tile=first, face_up=False, known_by=(0,)),
            Reward(tile=second, face_up=False, known_by=(1,)),
        ),
    )
    assert state.grid[0] is not loc
    seen = views.views(state, [0, 1])
    assert seen == [views.view(state, 0), views.view(state, 1)]
    tiles = [v["grid"]["locations"][0]["reward"]["tiles"] for v in seen]
    assert [["tile" in t for t in ts] for ts in tiles] == [[True, False], [False, True]]
