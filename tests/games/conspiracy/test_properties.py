"""Random playouts: conservation of sovereigns, burned agents stay burned, public lower
bounds hold, JSON round-trips.

Counts scale with ``SPYHOUSE_TEST_SCALE`` (e.g. ``SPYHOUSE_TEST_SCALE=10`` for a deep run).
At scale 1: 300 games with the invariants after every action. The leak check of every
step runs in ``tests/games/test_contract.py``.
"""

from __future__ import annotations

import pytest

from spyhouse.engine import Event
from spyhouse.engine.testing import random_playout
from spyhouse.games.conspiracy.components import DR_SOLOMON
from spyhouse.games.conspiracy.state import ConspiracyState
from tests.games.conspiracy.helpers import BOX, GAME, coins_of
from tests.games.seeds import seed_parts

SEEDS = seed_parts(10, 100)


class Invariants:
    """Checked after every action of one game."""

    def __init__(self) -> None:
        self.burned: set[str] = set()
        self.finished = False

    def __call__(self, state: ConspiracyState, events: list[Event]) -> None:
        assert isinstance(state, ConspiracyState)
        for seat in range(state.num_seats):
            assert coins_of(state, seat) == BOX.sovereigns_per_player
            assert state.reserve[seat] >= 0 and min(state.payoffs[seat].values()) >= 0
            assert state.removed[seat] == BOX.burn_cost * len(state.burns_by[seat])
            assert state.payoffs[seat][DR_SOLOMON] <= state.payoffs_made[seat]
            for agent, least in state.known_minimum[seat].items():
                assert least <= state.payoffs[seat][agent], "a public lower bound is false"
        for agent in self.burned:
            assert state.agents[agent] is None, f"burned {agent} came back"
        self.burned = {a for a, c in state.agents.items() if c is None}
        assert self.burned == set(state.burned)
        assert len(state.burned) == len(set(state.burned)) <= len(BOX.agent_names) - 1
        assert 1 <= state.solomon_space <= state.solomon_start
        assert state.briefcase in BOX.cities
        for event in events:
            assert event.audience is None or len(event.audience) == 1
        if state.phase == "over":
            assert not self.finished or not events, "actions after the end"
            self.finished = True


def _check_outcome(state: ConspiracyState) -> None:
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners
    if state.ending == "briefcase":
        (winner,) = outcome.winners
        assert state.briefcase == state.hq[winner]


@pytest.mark.parametrize("seeds", SEEDS)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_keep_the_invariants(seats: int, seeds: range) -> None:
    for seed in seeds:
        state, _ = random_playout(
            GAME, seats, {}, seed, on_step=Invariants(), round_trip_every=41 + seed % 17
        )
        _check_outcome(state)  # type: ignore[arg-type]
