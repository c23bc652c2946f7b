"""Random games over every player count: the rules' invariants and JSON round-trips.

Counts scale with ``SPYHOUSE_TEST_SCALE`` (e.g. ``SPYHOUSE_TEST_SCALE=10`` for a deep run).
The leak check of every step, and every listed action accepted and its odd variants
refused, run in ``tests/games/test_contract.py``.
"""

from __future__ import annotations

import pytest

from spyhouse.engine import Event
from spyhouse.engine.testing import random_playout
from spyhouse.games.spies import GAME
from spyhouse.games.spies.components import ALL_RANKS, components
from spyhouse.games.spies.infiltration import flag_space
from spyhouse.games.spies.state import SpiesState
from tests.games.seeds import seed_parts

SEAT_COUNTS = (2, 3, 4)


def check_invariants(state: SpiesState, events: list[Event]) -> None:
    """IP within 0-9, at most 2 Deception tokens, every soldier in exactly one place."""
    rules = components()
    for side in state.sides:
        assert 0 <= side.infiltration_points < rules.infiltration_goal
        assert 0 <= side.deception_tokens <= rules.deception_tokens_max
        deployed = [r for r in side.missions if r is not None]
        places = [*side.hand, *side.exhausted, *deployed]
        assert sorted(places) == list(ALL_RANKS), places
        assert list(side.hand) == sorted(side.hand)
        assert 1 <= len(side.exhausted) <= 2
        for m, rank in enumerate(side.missions):
            if side.face_up[m]:
                assert rank is not None
            if side.tilted[m]:
                assert side.face_up[m]
    assert abs(state.double_agent) <= flag_space()
    assert (abs(state.double_agent) == flag_space()) <= (state.phase == "over")
    assert len(state.intel_deck) + len(state.old_intel) + (state.current_intel is not None) == len(
        rules.intel_cards
    )
    assert len(state.old_intel) == state.day or state.phase == "over"


@pytest.mark.parametrize("seeds", seed_parts(25, 150))
@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_games_finish_and_keep_the_invariants(seats, seeds):
    """450 games in all; the first 25 of each player count reach both kinds of ending."""
    endings = set()
    for seed in seeds:
        state, outcome = random_playout(
            GAME, seats, {}, seed, on_step=check_invariants, round_trip_every=23
        )
        endings.add(outcome.detail["ending"])
        if state.winner_side is None:
            assert outcome.winners == () and outcome.detail["ending"] == "draw"
        else:
            assert {s % 2 for s in outcome.winners} == {state.winner_side}
    assert {"flag", "territory"} <= endings
