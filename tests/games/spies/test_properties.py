"""Random games over every player count: contract, invariants, leaks, JSON round-trips.

Counts scale with ``SPYHOUSE_TEST_SCALE`` (e.g. ``SPYHOUSE_TEST_SCALE=10`` for a deep run).
"""

from __future__ import annotations

import pytest

from spyhouse.engine import Event, IllegalAction
from spyhouse.engine.bots import random_action
from spyhouse.engine.rng import Rng
from spyhouse.engine.testing import check_round_trip, random_playout, scale
from spyhouse.games.spies import GAME
from spyhouse.games.spies.components import ALL_RANKS, components
from spyhouse.games.spies.infiltration import flag_space
from spyhouse.games.spies.state import SpiesState

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


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_games_finish_and_keep_the_invariants(seats):
    endings = set()
    for seed in range(scale(340)):
        state, outcome = random_playout(
            GAME, seats, {}, seed, on_step=check_invariants, round_trip_every=23
        )
        endings.add(outcome.detail["ending"])
        if state.winner_side is None:
            assert outcome.winners == () and outcome.detail["ending"] == "draw"
        else:
            assert {s % 2 for s in outcome.winners} == {state.winner_side}
    assert {"flag", "territory"} <= endings


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_random_games_do_not_leak(seats):
    for seed in range(scale(70)):
        random_playout(GAME, seats, {}, 10_000 + seed, leak_check=True, on_step=check_invariants)


def test_every_listed_action_is_accepted_and_refusals_change_nothing():
    rng = Rng(5)
    for seed in range(scale(12)):
        seats = SEAT_COUNTS[seed % 3]
        state = GAME.setup(seats, GAME.Options(), seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            actions = GAME.legal_actions(state, seat)
            sample = actions if len(actions) <= 12 else [rng.choice(actions) for _ in range(12)]
            for action in sample:
                GAME.apply(state, seat, action)
            before = GAME.dump(state)
            with pytest.raises(IllegalAction):
                GAME.apply(state, seat, {"type": "nonsense"})
            assert GAME.dump(state) == before
            if rng.below(10) == 0:
                check_round_trip(GAME, state)
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))


def test_same_seed_same_game():
    a, oa = random_playout(GAME, 4, {}, 321)
    b, ob = random_playout(GAME, 4, {}, 321)
    assert GAME.dump(a) == GAME.dump(b) and oa == ob
