"""Seeded random games over every player count: the rules' invariants and round-trips.

Counts scale with ``SPYHOUSE_TEST_SCALE`` (e.g. ``SPYHOUSE_TEST_SCALE=10`` for a deep run).
There are no table options yet, so the player count is the only axis to spread over. The
leak check of every step runs in ``tests/games/test_contract.py``.
"""

from __future__ import annotations

import pytest

from spyhouse.engine.testing import random_playout
from spyhouse.games.agencia import GAME
from tests.games.agencia.helpers import check_invariants
from tests.games.seeds import seed_parts

SEATS = [3, 4, 5, 6]


@pytest.mark.parametrize("seeds", seed_parts(10, 100))
@pytest.mark.parametrize("seats", SEATS)
def test_random_games_finish_and_keep_every_invariant(seats, seeds):
    """400 games in all: 8 cards each, no negative Information, every point accounted
    for, after every action; a JSON round-trip at points that vary from game to game."""
    hands = set()
    for seed in seeds:
        state, outcome = random_playout(
            GAME, seats, {}, seed, on_step=check_invariants, round_trip_every=19 + seed % 23
        )
        hands.add(state.hand)
        assert outcome.winners
    assert hands == {seats * state.rounds}
