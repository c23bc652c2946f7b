"""The engine's generic hidden-information checks, for every option set.

Every state field declares who may know it; ``determinize`` redraws every Hidden one;
twin histories (two seeds, the same actions) show a seat the same view while it saw the
same events; and the setup's events are the ones the log stores.
"""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from spyhouse.engine import Rng
from spyhouse.engine.testing import (
    check_declarations,
    check_determinize_redraws,
    check_twin_histories,
    scale,
)
from spyhouse.games.estoril import GAME, setup
from spyhouse.games.estoril.game import Estoril1942
from spyhouse.games.estoril.state import EstorilState

OPTION_SETS = [
    pytest.param(4, {}, id="base"),
    pytest.param(4, {"promo": True}, id="enigma"),
    pytest.param(4, {"double_agent": True}, id="double_agent"),
    pytest.param(5, {"double_agent": True, "promo": True}, id="fifth_player"),
    pytest.param(3, {"vip": True, "roulette": True}, id="vip"),
]


def test_every_state_field_is_declared():
    check_declarations(GAME)


@pytest.mark.parametrize(("seats", "options"), OPTION_SETS)
def test_determinize_redraws_every_hidden_field(seats, options):
    for seed in range(scale(1)):
        check_determinize_redraws(GAME, seats, options, seed)


@pytest.mark.parametrize(("seats", "options"), OPTION_SETS)
def test_twin_histories(seats, options):
    for seed in range(scale(3)):
        check_twin_histories(GAME, seats, options, seed, seed + 1000)


@pytest.mark.parametrize(("seats", "options"), OPTION_SETS)
def test_setup_events_are_what_the_setup_showed(seats, options):
    for seed in range(scale(5)):
        opts = GAME.parse_options(options)
        state = GAME.setup(seats, opts, seed)
        _, made = setup.set_up(seats, opts, seed)
        shown = GAME.setup_events(state)
        assert [e.to_json() for e in shown] == [e.to_json() for e in made]
        assert all(e.audience is None for e in shown), "the setup shows nothing private"


def test_setup_events_name_the_layout_but_no_face_down_reward():
    for seed in range(scale(10)):
        state = GAME.setup(4, GAME.parse_options({}), seed)
        started = next(e for e in GAME.setup_events(state) if e.type == "round_started")
        laid = started.data["grid"]
        assert [g["location"] for g in laid] == [
            GAME.view(state, None)["grid"]["locations"][s]["location"] for s in range(6)
        ]
        for loc, shown in zip(state.grid, laid, strict=True):
            assert shown["rotation"] == loc.rotation * 90
            for reward, label in zip(loc.rewards, shown["rewards"], strict=True):
                assert (label is None) == (not reward.face_up)


class HiddenTwins(Estoril1942):
    """Seed ``s + TWIN`` sets up the game of seed ``s`` with only its hidden parts redrawn
    (the pile's order, the face-down Reward tiles, the RNG), so twin histories start
    from the same public setup and stay comparable until something hidden is revealed.
    The redraw is written here, independently of ``determinize``."""

    def setup(self, seats: int, options: BaseModel, seed: int) -> EstorilState:
        state = super().setup(seats, options, seed % TWIN)
        if seed < TWIN:
            return state
        rng = Rng(seed)
        unseen = [
            (slot, i)
            for slot, loc in enumerate(state.grid)
            for i, r in enumerate(loc.rewards)
            if not r.face_up
        ]
        tiles = [state.grid[slot].rewards[i].tile for slot, i in unseen] + state.pile
        rng.shuffle(tiles)
        for (slot, i), tile in zip(unseen, tiles, strict=False):
            state.change_reward(slot, i, tile=tile)
        state.pile = tiles[len(unseen) :]
        state.rng = rng.next64()
        return state


TWIN = 1_000_000


@pytest.mark.parametrize(("seats", "options"), OPTION_SETS)
def test_twin_histories_from_the_same_public_setup(seats, options):
    game = HiddenTwins()
    played = 0
    for seed in range(scale(3)):
        a = game.setup(seats, game.parse_options(options), seed)
        b = game.setup(seats, game.parse_options(options), seed + TWIN)
        assert [e.to_json() for e in game.setup_events(a)] == [
            e.to_json() for e in game.setup_events(b)
        ]
        assert GAME.dump(a) != GAME.dump(b)
        played += check_twin_histories(game, seats, options, seed, seed + TWIN)
    assert played >= 10 * scale(3), "the twins shared a real history"
