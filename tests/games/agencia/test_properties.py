"""Seeded random games over every player count: contract, invariants, round-trips, leaks.

Counts scale with ``SPYHOUSE_TEST_SCALE`` (e.g. ``SPYHOUSE_TEST_SCALE=10`` for a deep run).
There are no table options yet, so the player count is the only axis to spread over.
"""

from __future__ import annotations

import pytest

from spyhouse.engine.testing import random_playout, scale
from spyhouse.games.agencia import GAME
from tests.games.agencia.helpers import check_invariants

SEATS = [3, 4, 5, 6]


@pytest.mark.parametrize("seats", SEATS)
def test_random_games_finish_and_keep_every_invariant(seats):
    """≥ 1,000 games in all: 8 cards each, no negative Information, every point accounted
    for, after every action; a JSON round-trip at points that vary from game to game."""
    hands = set()
    for seed in range(scale(250)):
        state, outcome = random_playout(
            GAME, seats, {}, seed, on_step=check_invariants, round_trip_every=19 + seed % 23
        )
        hands.add(state.hand)
        assert outcome.winners
    assert hands == {seats * state.rounds}


@pytest.mark.parametrize("seats", SEATS)
def test_random_games_never_leak(seats):
    """≥ 200 games in all with the determinization leak check for every seat at every step."""
    for seed in range(scale(50)):
        random_playout(GAME, seats, {}, 100_000 + seed, leak_check=True, on_step=check_invariants)


def test_same_seed_same_game():
    first, outcome = random_playout(GAME, 5, {}, 42)
    again, outcome_again = random_playout(GAME, 5, {}, 42)
    assert GAME.dump(first) == GAME.dump(again) and outcome == outcome_again
