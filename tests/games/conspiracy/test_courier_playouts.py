"""Seeded playouts with a greedy courier bot, so the briefcase ending is reached in
property tests too (uniformly random play almost never brings the briefcase home).

The bot prefers moving an agent that stands with the briefcase towards its own HQ,
carrying it, and passing challenges; otherwise it plays a random legal action. Every
step checks the invariants, every few steps the leak test for every seat and a JSON
round-trip.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

import pytest

from spyhouse.engine import Rng
from spyhouse.engine.testing import (
    assert_json,
    check_no_leak,
    check_outcome,
    check_round_trip,
    scale,
)
from spyhouse.games.conspiracy.board import move_destinations
from spyhouse.games.conspiracy.state import ConspiracyState
from tests.games.conspiracy.helpers import BOX, GAME
from tests.games.conspiracy.test_properties import Invariants


@cache
def distance(start: str, goal: str) -> int:
    seen, todo = {start: 0}, deque([start])
    while todo:
        city = todo.popleft()
        for n in move_destinations(city):
            if n not in seen:
                seen[n] = seen[city] + 1
                todo.append(n)
    return seen[goal]


def courier_choice(state: ConspiracyState, seat: int, rng: Rng) -> dict[str, Any]:
    actions = GAME.legal_actions(state, seat)
    if rng.below(4) == 0:
        return rng.choice(actions)
    home = state.hq[seat]
    here = distance(state.briefcase, home)
    good = [a for a in actions if _helps(state, a, home, here)]
    return rng.choice(good or actions)


def _helps(state: ConspiracyState, a: dict[str, Any], home: str, here: int) -> bool:
    """Does this action bring the briefcase closer to ``home`` (or not stand in the way)?"""
    kind = a["type"]
    if kind in ("pass", "carry_briefcase", "stop"):
        return True
    if kind == "move":
        return state.agents[a["agent"]] == state.briefcase and distance(a["to"], home) < here
    if kind == "vagabond":
        return bool(a["carry_briefcase"]) and distance(a["to"], home) < here
    if kind == "magician":
        return distance(a["briefcase_to"], home) < here
    return False


def courier_playout(seats: int, seed: int) -> ConspiracyState:
    rng = Rng(seed)
    state = GAME.setup(seats, GAME.parse_options({}), seed)
    invariants = Invariants()
    for step in range(5_000):
        if step % 7 == 0:
            for seat in range(seats):
                check_no_leak(GAME, state, seat, rng.fork())
            check_round_trip(GAME, state)
        outcome = GAME.outcome(state)
        if outcome is not None:
            check_outcome(GAME, state, outcome)
            return state
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = courier_choice(state, seat, rng)
        assert_json(action, "action")
        state, events = GAME.apply(state, seat, action)
        invariants(state, events)
    raise AssertionError("no outcome")


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_courier_games_reach_the_briefcase_ending(seats: int) -> None:
    endings = []
    for seed in range(scale(40)):
        state = courier_playout(seats, 500 + seed)
        endings.append(state.ending)
        if state.ending == "briefcase":
            assert state.briefcase == state.hq[state.winners[0]]
            assert state.briefcase in BOX.hq_by_player_count[seats]
    assert "briefcase" in endings and "solomon" in endings, endings
