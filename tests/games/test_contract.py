"""The game contract, checked the same way for every game, player count and option set.

Like OpenSpiel's ``random_sim_test``: seeded random games of any game, with the generic
invariants after every action — every reader's view of the declared type, no seat's view,
legal actions or refusals depending on what it cannot know (determinize and twin
histories), every listed action accepted and its odd variants refused for a reason,
events and states that survive JSON (with the keys in any order), copies that share
nothing mutable. The per-game test files hold the rules only.

The quick command (``-m "not slow"``) plays the first seed of each game and option set at
its fewest players; the other seeds and player counts are marked ``slow`` and run in the
full suite. Counts scale with
``SPYHOUSE_TEST_SCALE``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import TypeAdapter

from spyhouse.engine import Event, Game, GameState, Rng, all_games, get_game, load_builtin_games
from spyhouse.engine.bots import random_action
from spyhouse.engine.contract import OutcomeJSON
from spyhouse.engine.testing import (
    assert_json,
    check_copy,
    check_declarations,
    check_determinize_redraws,
    check_no_leak,
    check_outcome,
    check_refusals,
    check_round_trip,
    check_shared_actions,
    check_twin_histories,
    fingerprint,
    json_text,
    scale,
    twin_seeds,
)

load_builtin_games()

GAMES = sorted(g.id for g in all_games())
"""Every registered game (the test-only High Card too): a new game is checked from the
day it is registered."""

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "estoril": [
        {},
        {"promo": True},
        {"double_agent": True},
        {"vip": True, "roulette": True},
        {"promo": True, "double_agent": True, "vip": True, "roulette": True},
    ],
}
"""Every option of every game that has options, each on its own and all together (the
others play with their defaults)."""

SEEDS = {"estoril": 4, "agencia": 12, "spies": 10, "conspiracy": 4, "highcard": 20}
"""Fully checked random games per configuration at scale 1 (a Conspiracy or Estoril game
is 100-250 steps, a La Agencia or Spies game 50-70)."""


def _name(options: dict[str, Any]) -> str:
    return "+".join(k for k, v in options.items() if v) or "base"


def _configurations() -> list[tuple[str, int, dict[str, Any]]]:
    return [
        (game_id, seats, options)
        for game_id in GAMES
        for options in OPTION_SETS.get(game_id, [{}])
        for seats in get_game(game_id).seat_range(get_game(game_id).parse_options(options))
    ]


CONFIGURATIONS = _configurations()


def _cases(seeds: Callable[[str], int]) -> list[Any]:
    """One case per configuration and seed. The quick command runs the first seed of the
    fewest players of each game and option set; the others are ``slow``."""
    fewest = {
        (g, _name(o)): min(seats for g2, seats, o2 in CONFIGURATIONS if (g2, o2) == (g, o))
        for g, _, o in CONFIGURATIONS
    }
    return [
        pytest.param(
            game_id,
            seats,
            options,
            seed,
            id=f"{game_id}-{seats}p-{_name(options)}-{seed}",
            marks=[]
            if seed == 0 and seats == fewest[game_id, _name(options)]
            else [pytest.mark.slow],
        )
        for game_id, seats, options in CONFIGURATIONS
        for seed in range(scale(seeds(game_id)))
    ]


# -- key order ----------------------------------------------------------------------------


def _jsonb_key(key: str) -> tuple[int, bytes]:
    data = key.encode()
    return len(data), data


KEY_ORDERS: dict[str, Callable[[list[str]], list[str]]] = {
    "reverse": lambda keys: sorted(keys, reverse=True),
    "jsonb": lambda keys: sorted(keys, key=_jsonb_key),
}
"""PostgreSQL's JSONB stores object keys shortest first, then bytewise; SQLite and memory
keep insertion order. A reversed order catches what either misses."""


def reorder(value: Any, how: str) -> Any:
    """``value`` with every object's keys re-ordered (recursively)."""
    if isinstance(value, dict):
        return {k: reorder(value[k], how) for k in KEY_ORDERS[how](list(value))}
    if isinstance(value, list):
        return [reorder(v, how) for v in value]
    return value


def check_key_order(game: Game, state: GameState, seat: int, action: Any) -> None:
    """``state`` stored with its keys in another order behaves byte for byte the same: no
    order (of a view's lists, of legal actions, of a determinized world, of events) may
    come from the order of a dict's keys."""
    dumped = game.dump(state)
    seats = range(state.num_seats)
    for how in KEY_ORDERS:
        other = game.load(json.loads(json_text(reorder(dumped, how))))
        assert game.to_act(other) == game.to_act(state), how
        for reader in [None, *seats]:
            assert json_text(game.view(other, reader)) == json_text(game.view(state, reader)), (
                f"{game.id}: the view of {reader} follows the stored key order ({how})"
            )
        for s in seats:
            assert json_text(game.legal_actions(other, s)) == json_text(
                game.legal_actions(state, s)
            ), f"{game.id}: seat {s}'s legal actions follow the stored key order ({how})"
            mine = game.determinize(state, s, Rng(s + 1))
            theirs = game.determinize(other, s, Rng(s + 1))
            assert fingerprint(game, mine) == fingerprint(game, theirs), (
                f"{game.id}: determinize for seat {s} follows the stored key order ({how})"
            )
        after, events = game.apply(state, seat, action)
        after_other, events_other = game.apply(other, seat, action)
        assert json_text([e.to_json() for e in events_other]) == json_text(
            [e.to_json() for e in events]
        ), f"{game.id}: the events follow the stored key order ({how})"
        assert fingerprint(game, after_other) == fingerprint(game, after), how


# -- the checks after every action --------------------------------------------------------


def check_events(game: Game, seats: int, events: list[Event]) -> None:
    """Events are plain JSON, load back equal, and are addressed to seats of this game."""
    for event in events:
        assert_json(event.to_json(), "event")
        assert Event.from_json(event.to_json()) == event
        if event.audience is not None:
            assert event.audience and event.audience <= frozenset(range(seats)), (
                f"{game.id}: {event.type} is addressed to {sorted(event.audience)}"
            )


def check_steps_on_copies(game: Game, state: GameState, seat: int, rng: Rng) -> None:
    """Legal actions applied in place to a copy, and to a copy of a determinized world,
    leave the original as it was (a copy may share frozen parts, never a mutable one)."""
    before = fingerprint(game, state)
    legal = game.legal_actions(state, seat)
    for action in legal if len(legal) <= 4 else [rng.choice(legal) for _ in range(4)]:
        game.apply_action(game.copy(state), seat, dict(action))
    world = game.copy(game.determinize(state, seat, rng.fork()))
    game.apply_action(world, seat, dict(rng.choice(game.legal_actions(world, seat))))
    assert fingerprint(game, state) == before, f"{game.id}: a step on a copy changed the state"


EVERY = 3
"""The dearer checks (refusals, copies) run at every third step, key orders and JSON
round-trips at every ninth, each at a phase that moves with the seed, so the seeds of a
configuration between them reach every step."""


def play_checked(game: Game, seats: int, options: dict[str, Any], seed: int) -> int:
    """One seeded random game to the end with the generic checks after every action;
    returns the number of actions."""
    rng = Rng(seed * 7_919 + seats)
    views = None if game.ViewType is None else TypeAdapter(list[game.ViewType])  # type: ignore[name-defined]
    actions = TypeAdapter(list[game.ActionType])  # type: ignore[name-defined]
    state = game.setup(seats, game.parse_options(options), seed)
    check_events(game, seats, game.setup_events(state))
    readers: list[int | None] = [None, *range(seats)]
    before = ""
    for step in range(20_000):
        dumped = fingerprint(game, state)
        assert dumped != before, f"{game.id}: an action changed nothing"
        before = dumped
        seen = game.views(state, readers)  # as the server reads them: all at once
        if step % EVERY == seed % EVERY:
            assert seen == [game.view(state, reader) for reader in readers]
            assert game.views(state, readers[::-1]) == seen[::-1]
        assert_json(seen, "view")
        if views is not None:  # closed TypedDicts: no field the type does not name
            views.validate_json(json_text(seen), strict=True)
        legals = [game.legal_actions(state, s) for s in range(seats)]
        for s in range(seats):
            check_no_leak(
                game, state, s, rng.fork(), dumped=dumped, view=seen[s + 1], legal=legals[s]
            )
        outcome = game.outcome(state)
        if outcome is not None:
            check_outcome(game, state, outcome)
            assert seen == [game.view(state, reader) for reader in readers]
            TypeAdapter(OutcomeJSON).validate_json(json_text(outcome.to_json()), strict=True)
            check_round_trip(game, state)
            assert all(legal == [] for legal in legals)
            return step
        pending = sorted(game.to_act(state))
        assert pending, f"{game.id}: nobody to act but no outcome"
        for s, legal in enumerate(legals):
            assert (legal != []) == (s in pending), f"{game.id}: seat {s} offered {legal}"
            actions.validate_json(json_text(legal), strict=True)
        seat = rng.choice(pending)
        action = random_action(game, state, seat, rng)
        if step % EVERY == seed % EVERY:
            check_refusals(game, state, seat, rng.fork(), samples=2, worlds=1)
            check_shared_actions(game, state, seat)
            check_copy(game, state)
            check_steps_on_copies(game, state, seat, rng.fork())
        if step % (3 * EVERY) == seed % (3 * EVERY):
            check_key_order(game, state, seat, action)
            check_round_trip(game, state)
        state, events = game.apply(state, seat, action)
        check_events(game, seats, events)
    raise AssertionError(f"{game.id}: no outcome after 20,000 steps (seed {seed})")


@pytest.mark.parametrize(
    ("game_id", "seats", "options", "seed"), _cases(lambda game_id: SEEDS.get(game_id, 4))
)
def test_random_games_keep_the_contract(
    game_id: str, seats: int, options: dict[str, Any], seed: int
) -> None:
    game = get_game(game_id)
    assert play_checked(game, seats, options, 1_000 * seats + seed) > 0


@pytest.mark.parametrize(("game_id", "seats", "options", "seed"), _cases(lambda _: 2))
def test_determinize_redraws_every_hidden_field(
    game_id: str, seats: int, options: dict[str, Any], seed: int
) -> None:
    """A field declared Hidden that ``determinize`` copies is how a chance outcome leaks
    without the leak check seeing it."""
    check_determinize_redraws(get_game(game_id), seats, options, seed)


@pytest.mark.parametrize(("game_id", "seats", "options", "seed"), _cases(lambda _: 3))
def test_twin_histories_from_unrelated_seeds(
    game_id: str, seats: int, options: dict[str, Any], seed: int
) -> None:
    """Histories that differ at once still check every reader's first view and prompt."""
    check_twin_histories(get_game(game_id), seats, options, seed, seed + 500)


TWIN_SEARCH = {"agencia": 20_000, "spies": 3_000, "conspiracy": 6_000}
"""How many setups to search for pairs a reader cannot tell apart. Estoril deals its
locations face up, so two seeds differ at once; its own tests redraw only the hidden part
of one setup instead."""

TWIN_OBSERVERS: dict[str, list[int | None]] = {
    "agencia": [None],
    "spies": [None, 0, 1],
    "conspiracy": [None, 0, 1],
}
"""La Agencia deals each seat cards of its own, so only spectators meet twin setups."""


@pytest.mark.parametrize(
    ("game_id", "seats", "options", "observer"),
    [
        pytest.param(g, seats, options, o, id=f"{g}-{seats}p-{'spectator' if o is None else o}")
        for g, seats, options in CONFIGURATIONS
        if g in TWIN_SEARCH
        for o in TWIN_OBSERVERS[g]
    ],
)
def test_twin_histories_a_reader_cannot_tell_apart(
    game_id: str, seats: int, options: dict[str, Any], observer: int | None
) -> None:
    """What a reader sees and may do depends only on the events it was shown: two setups
    that showed it the same events are played with the same actions, compared until they
    show it something different."""
    game = get_game(game_id)
    pairs = twin_seeds(
        game, seats, options, observer=observer, pairs=scale(3), search=TWIN_SEARCH[game_id]
    )
    assert pairs, "no two setups look alike to this reader: search longer"
    applied = [check_twin_histories(game, seats, options, a, b) for a, b in pairs]
    assert max(applied) > 0, "the twins never got past the setup"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_state_field_declares_who_may_know_it(game_id: str) -> None:
    check_declarations(get_game(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_seed_plays_the_same_game(game_id: str) -> None:
    game = get_game(game_id)
    seats = max(game.seat_range(game.Options()))

    def play() -> list[str]:
        rng = Rng(99)
        state = game.setup(seats, game.Options(), 42)
        seen = [fingerprint(game, state)]
        while game.outcome(state) is None:
            seat = rng.choice(sorted(game.to_act(state)))
            state, events = game.apply(state, seat, random_action(game, state, seat, rng))
            seen.append(
                json_text([e.to_json() for e in events]).decode() + fingerprint(game, state)
            )
        return seen

    assert play() == play()
