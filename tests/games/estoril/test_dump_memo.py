"""The saved state remembers each Location's dump between moves (``state.dump_state``): at
every step of random games, and in the worlds a search bot samples (which share the
Locations they do not redraw), it is byte for byte what pydantic dumps of the whole state,
and it loads back to the same state."""

from __future__ import annotations

import orjson
import pytest

from spyhouse.engine import Rng
from spyhouse.engine.parts import state_adapter
from spyhouse.engine.testing import random_playout
from spyhouse.games.estoril import GAME
from spyhouse.games.estoril.state import EstorilState

EVERYTHING = {"promo": True, "double_agent": True, "vip": True, "roulette": True}


def pydantic_dump(state: EstorilState) -> bytes:
    return orjson.dumps(state_adapter(EstorilState).dump_python(state, mode="json"))


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (4, {"promo": True}), (5, {"double_agent": True}), (3, EVERYTHING)],
)
def test_the_remembered_dump_is_the_one_pydantic_makes(seats, options):
    rng = Rng(seats)
    seen = []

    def check(state, _events):
        worlds = [state]
        if GAME.outcome(state) is None:
            worlds.append(GAME.determinize(state, rng.below(seats), rng.fork()))
        for world in worlds:
            dumped = GAME.dump(world)
            assert orjson.dumps(dumped) == pydantic_dump(world)
            assert orjson.dumps(GAME.dump(GAME.load(dumped))) == orjson.dumps(dumped)
            seen.append(world)

    random_playout(GAME, seats, options, seats, on_step=check)
    for state in seen:  # no dump changed another's Locations
        assert orjson.dumps(GAME.dump(state)) == pydantic_dump(state)
