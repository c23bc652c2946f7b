"""Random games over every player count and option set; the rules' invariants after every
action, and what copies and shortcuts taken for speed must keep."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from dataclasses import FrozenInstanceError

import pytest

from spyhouse.engine import Event, GameState, Rng, fast_copy
from spyhouse.engine.testing import random_playout
from spyhouse.games.estoril import GAME
from spyhouse.games.estoril.components import COLOURS, character, characters, sets_in_play
from spyhouse.games.estoril.state import EstorilState, Location
from tests.games.estoril.helpers import all_tiles
from tests.games.seeds import seed_parts

OPTION_NAMES = ("promo", "double_agent", "vip", "roulette")
OPTION_SETS = [
    dict(zip(OPTION_NAMES, combo, strict=True))
    for combo in itertools.product([False, True], repeat=4)
    if not (combo[3] and not combo[2])  # the Roulette comes with VIP
]
CONFIGS = [
    (seats, options)
    for options in OPTION_SETS
    for seats in range(2, 6 if options["double_agent"] else 5)
]
"""42 configurations: 12 option sets x 3 or 4 player counts."""


def config_id(config: tuple[int, dict[str, bool]]) -> str:
    seats, options = config
    on = [k for k, v in options.items() if v] or ["base"]
    return f"{seats}p-{'+'.join(on)}"


_EXPECTED: dict[tuple[int, bool, bool, bool], list[int]] = {}


def tiles_in_game(state: EstorilState) -> list[int]:
    """Sorted catalogue indices of every tile this game uses (cached per configuration)."""
    o = state.options
    key = (state.num_seats, o.promo, o.double_agent, o.vip)
    if key not in _EXPECTED:
        sets = sets_in_play(o.promo, o.double_agent, o.vip)
        _EXPECTED[key] = sorted(
            c.index
            for c in characters()
            if (c.colour is None and c.set in sets) or c.colour in COLOURS[: state.num_seats]
        )
    return _EXPECTED[key]


def check_invariants(state: GameState, events: list[Event]) -> None:
    assert isinstance(state, EstorilState)
    # Every character tile is in exactly one place.
    assert sorted(all_tiles(state)) == tiles_in_game(state)
    # Tile markers per player are constant: in supply + on the board.
    on_board = Counter(o.controller for loc in state.grid for o in loc.spaces if o is not None)
    for seat in range(state.num_seats):
        assert state.markers[seat] + on_board[seat] == state.markers_each
        assert state.markers[seat] >= 0
        # A hand holds its own network's starting tiles, never another colour's.
        colours = {character(t).colour for t in state.hands[seat]} - {None}
        assert colours <= {COLOURS[seat]}
    # Shields: 10, in the box or on characters.
    shielded = sum(o.shield for loc in state.grid for o in loc.spaces if o is not None)
    assert state.shields + shielded == 10
    # Hand limit: after the discards, every new Round starts with at most 6 tiles in hand.
    if any(e.type == "round_started" for e in events):
        assert all(len(h) <= 6 for h in state.hands)
    # Double Agents: a controlled tile belongs to someone else.
    for loc in state.grid:
        for o in loc.spaces:
            if o is not None and o.double_agent:
                assert o.controller != o.owner


SEEDS = seed_parts(1, 8)
"""The first game of each configuration runs in the quick command, seven more in the full
suite (336 games at scale 1; the leak, copy and round-trip checks of every step run for
every option set and player count in ``tests/games/test_contract.py``)."""


@pytest.mark.parametrize("seeds", SEEDS)
@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_keep_the_invariants(config, seeds):
    """Tiles, markers and shields are conserved, hands keep to their colour and the hand
    limit, a Double Agent is controlled by another player, after every action."""
    seats, options = config
    for seed in seeds:
        state, outcome = random_playout(
            GAME,
            seats,
            options,
            seed,
            on_step=check_invariants,
            round_trip_every=37 if seed % 4 == 0 else 0,
        )
        assert isinstance(state, EstorilState) and state.round == 4
        assert outcome.scores is not None and len(outcome.scores) == seats
        assert outcome.winners


@pytest.mark.parametrize("seed", range(3))
def test_a_step_on_a_copy_never_changes_the_original(seed):
    """A copy shares its Locations and tiles (a cheaper copy): every step taken on a copy,
    including on a determinized world, must leave the original state as it was."""
    options = {"promo": True, "double_agent": True, "vip": True, "roulette": True}
    seen: list[GameState] = []
    random_playout(GAME, 5, options, seed, on_step=lambda s, e: seen.append(s))
    rng = Rng(seed)
    for state in seen:
        before = GAME.dump(state)
        for seat in sorted(GAME.to_act(state)):
            for action in GAME.legal_actions(state, seat):
                GAME.apply_action(GAME.copy(state), seat, action)
            world = GAME.copy(GAME.determinize(state, seat, rng))
            GAME.apply_action(world, seat, GAME.legal_actions(world, seat)[0])
        assert GAME.dump(state) == before, "a step on a copy changed the original"


def test_locations_are_values():
    """A Location is frozen and holds tuples: a stray change raises instead of reaching
    another state that shares it. Saved states (lists in the JSON) load as tuples."""
    state = GAME.setup(4, GAME.parse_options({}), 1)
    loc = state.grid[0]
    with pytest.raises(FrozenInstanceError):
        loc.resolved = True
    assert isinstance(loc.spaces, tuple) and isinstance(loc.rewards, tuple)
    dumped = GAME.dump(state)
    assert isinstance(dumped["grid"][0]["spaces"], list)
    loaded = GAME.load(json.loads(json.dumps(dumped)))
    assert isinstance(loaded.grid[0].spaces, tuple) and GAME.dump(loaded) == dumped


def test_a_fast_copy_changes_only_what_it_is_told():
    """``fast_copy`` (a Location or a tile replaced without validating it again) keeps
    every other field, leaves the original as it was, and refuses a field that does not
    exist; the state's slots hold no stray attribute (slotted Parts)."""
    state = GAME.setup(4, GAME.parse_options({"vip": True}), 1)
    loc = state.grid[0]
    before = GAME.dump(state)
    changed = fast_copy(loc, resolved=True, die=7)
    assert type(changed) is Location and changed.resolved and changed.die == 7
    assert changed == dataclasses.replace(loc, resolved=True, die=7)
    assert GAME.dump(state) == before and not loc.resolved
    with pytest.raises(TypeError):
        fast_copy(loc, resovled=True)
    with pytest.raises(AttributeError):
        state.phse = "over"  # type: ignore[attr-defined]
    assert not hasattr(loc, "__dict__") and not hasattr(state, "__dict__")


def test_decisions_and_results_are_values():
    """Pending decisions and a round's results are frozen too (a copy shares them): a
    used symbol replaces the decision, and the strength totals are read-only. The JSON
    is what it was (a list of symbols, totals keyed by seat)."""
    seen: list[GameState] = []
    random_playout(GAME, 4, {}, 2, on_step=lambda s, e: seen.append(s))
    with_results = next(s for s in seen if isinstance(s, EstorilState) and s.results)
    result = with_results.results[0]
    with pytest.raises(FrozenInstanceError):
        result.winner = None
    with pytest.raises(TypeError):
        result.strengths[0] = 99  # type: ignore[index]
    with_ability = next(
        s for s in seen if isinstance(s, EstorilState) and s.pending and s.pending[0].abilities
    )
    pending = with_ability.pending[0]
    with pytest.raises(FrozenInstanceError):
        pending.seat = 0
    assert isinstance(pending.abilities, tuple)
    for state in (with_results, with_ability):
        dumped = GAME.dump(state)
        assert all(isinstance(k, str) for r in dumped["results"] for k in r["strengths"])
        assert all(isinstance(p["abilities"], list) for p in dumped["pending"])
        loaded = GAME.load(json.loads(json.dumps(dumped)))
        assert GAME.dump(loaded) == dumped
        assert GAME.copy(loaded).results == loaded.results


@pytest.mark.parametrize("seed", range(4))
def test_shortcuts_agree_with_the_full_lists(seed):
    """``is_option`` (a placement checked without listing every space) never accepts a
    space ``placement_spaces`` leaves out, and accepts every option #1/#2 space it lists;
    ``can_use`` is exactly "``actions`` lists a use", for every tile being resolved."""
    from spyhouse.games.estoril import abilities, placement

    options = {"double_agent": True, "vip": True, "roulette": True}
    seen: list[GameState] = []
    random_playout(GAME, 5, options, seed, on_step=lambda s, e: seen.append(s))
    placements = uses = 0
    for state in seen:
        assert isinstance(state, EstorilState)
        if state.phase == "place" and not state.pending:
            seat = state.turn
            listed = set(placement.placement_spaces(state, seat))
            for slot, loc in enumerate(state.grid):
                for n in range(len(loc.spaces)):
                    if placement.is_option(state, seat, (slot, n)):
                        assert (slot, n) in listed
                        placements += 1
            free = placement.free_spaces(state, seat)
            if set(free) != listed:  # not the rare "any free space" case
                assert all(placement.is_option(state, seat, ref) for ref in listed)
        for slot, loc in enumerate(state.grid):
            for n, occ in enumerate(loc.spaces):
                if occ is not None:
                    for ability in set(abilities.usable_abilities(state, (slot, n))):
                        expected = bool(abilities.actions(state, (slot, n), ability))
                        assert abilities.can_use(state, (slot, n), ability) == expected
                        uses += 1
    assert placements and uses
