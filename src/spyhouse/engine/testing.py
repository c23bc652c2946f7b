"""Generic checks every game's test-suite reuses (random playouts, leaks, round-trips).

They live in the package (not in ``tests/``) so each game's tests import them the same
way, and so a deep run can drive them from a script.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel

from spyhouse.engine.bots import random_action
from spyhouse.engine.contract import Event, Game, Outcome, StateModel
from spyhouse.engine.rng import Rng

StepHook = Callable[[StateModel, list[Event]], None]


def scale(count: int) -> int:
    """Scale a property-test count by ``SPYHOUSE_TEST_SCALE`` (default 1) for deep runs."""
    return max(1, int(count * float(os.environ.get("SPYHOUSE_TEST_SCALE", "1"))))


def assert_json(value: Any, what: str) -> None:
    """``value`` must survive ``json.dumps``/``loads`` unchanged (views, events, actions)."""
    text = json.dumps(value, sort_keys=True)
    assert json.loads(text) == value, f"{what} is not plain JSON"


def check_round_trip(game: Game, state: StateModel) -> None:
    """JSON round-trip of the full state is lossless, views and legal actions included."""
    dumped = game.dump(state)
    text = json.dumps(dumped)
    restored = game.load(json.loads(text))
    assert game.dump(restored) == dumped, "state changed through a JSON round-trip"
    seats = range(num_seats(game, state))
    for seat in [None, *seats]:
        assert game.view(restored, seat) == game.view(state, seat)
    assert game.to_act(restored) == game.to_act(state)
    for seat in seats:
        assert game.legal_actions(restored, seat) == game.legal_actions(state, seat)


def num_seats(game: Game, state: StateModel) -> int:
    """Every game state carries ``num_seats`` (the contract's one required field)."""
    return int(state.num_seats)


def check_no_leak(
    game: Game,
    state: StateModel,
    seat: int,
    rng: Rng,
    *,
    dumped: str | None = None,
) -> None:
    """Redrawing all that ``seat`` cannot know must not change what it sees or may do.

    ``dumped`` (the state's sorted JSON) saves re-encoding the state when one step checks
    every seat.
    """
    before = dumped if dumped is not None else _fingerprint(game, state)
    other = game.determinize(state, seat, rng)
    assert _fingerprint(game, state) == before, "determinize mutated its input"
    seen = game.view(state, seat)
    assert game.view(other, seat) == seen, f"seat {seat}'s view depends on hidden information"
    assert game.legal_actions(other, seat) == game.legal_actions(state, seat), (
        f"seat {seat}'s legal actions depend on hidden information"
    )
    assert game.to_act(other) == game.to_act(state), "who is to act depends on hidden info"
    assert (game.outcome(other) is None) == (game.outcome(state) is None)


def _fingerprint(game: Game, state: StateModel) -> str:
    return json.dumps(game.dump(state), sort_keys=True)


def check_outcome(game: Game, state: StateModel, outcome: Outcome) -> None:
    n = num_seats(game, state)
    assert all(0 <= w < n for w in outcome.winners), outcome
    assert len(set(outcome.winners)) == len(outcome.winners)
    if outcome.scores is not None:
        assert len(outcome.scores) == n
    assert_json(outcome.to_json(), "outcome")
    assert game.to_act(state) == frozenset(), "seats still to act after the game ended"


def random_playout(
    game: Game,
    seats: int,
    options: BaseModel | Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    on_step: StepHook | None = None,
    leak_check: bool = False,
    round_trip_every: int = 0,
    max_steps: int = 20_000,
) -> tuple[StateModel, Outcome]:
    """Play random legal actions to the end, checking the contract at every step.

    ``on_step(state, events)`` runs after every action (put invariants there).
    ``leak_check`` runs :func:`check_no_leak` for every seat at every step;
    ``round_trip_every=k`` checks a JSON round-trip every k steps.
    """
    if not isinstance(options, BaseModel):
        options = game.parse_options(options)
    rng = Rng(seed * 7919 + 17)
    state = game.setup(seats, options, seed)
    if on_step:
        on_step(state, [])
    for step in range(max_steps):
        if leak_check:
            dumped = _fingerprint(game, state)
            for seat in range(seats):
                check_no_leak(game, state, seat, rng.fork(), dumped=dumped)
        if round_trip_every and step % round_trip_every == 0:
            check_round_trip(game, state)
        outcome = game.outcome(state)
        if outcome is not None:
            check_outcome(game, state, outcome)
            for seat in [None, *range(seats)]:
                assert_json(game.view(state, seat), "view")
            return state, outcome
        pending = sorted(game.to_act(state))
        assert pending, f"{game.id}: nobody to act but no outcome"
        for seat in range(seats):
            if seat not in pending:
                assert game.legal_actions(state, seat) == [], f"seat {seat} not to act"
        seat = rng.choice(pending)
        action = random_action(game, state, seat, rng)
        assert_json(action, "action")
        state, events = game.apply(state, seat, action)
        for event in events:
            assert_json(event.to_json(), "event")
        if on_step:
            on_step(state, events)
    raise AssertionError(f"{game.id}: no outcome after {max_steps} steps (seed {seed})")
