"""Every decision refuses a wrong-typed and an out-of-range action with its own reason.

A refusal names the rule (code + message), changes nothing, and its message tells the
seat nothing it could not see: no face-down tile, hand or pile is named unless the
seat's own action or view already names it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from spyhouse.engine import IllegalAction, Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.matching import is_one_of
from spyhouse.engine.testing import check_refusals, scale
from spyhouse.games.estoril import GAME, decisions
from spyhouse.games.estoril.components import NUMERALS, character, characters
from spyhouse.games.estoril.locations import location_name
from spyhouse.games.estoril.positions import position
from spyhouse.games.estoril.state import EstorilState, Pending, Phase
from tests.games.estoril.helpers import (
    BASE_LAYOUT,
    BLUE,
    GREEN,
    RED,
    act,
    give,
    lay_out,
    new_state,
    put,
    set_reward,
    slot,
    start_resolving,
    where,
)

Build = Callable[[], tuple[EstorilState, int]]


BASE_BOARDS = [
    "Hotel Palácio",
    "Tamariz beach",
    "Museum",
    "Hotel Atlântico",
    "Casino",
    "Hell's mouth",
]
PLACING = {
    "Tamariz beach I": "Garbo by blue",
    "Hotel Atlântico I": "C. Lucky Luciano by blue, face down",
}


def placing() -> tuple[EstorilState, int]:
    """Red to place; Blue has Garbo face up on Tamariz I and a face-down Lucky Luciano."""
    return position(4, boards=BASE_BOARDS, tiles=PLACING, to_place="red"), RED


def discarding() -> tuple[EstorilState, int]:
    state = new_state(3)
    lay_out(state, BASE_LAYOUT)
    give(state, RED, "C. Lucky Luciano")
    start_resolving(state)
    assert decisions.choices(state) == ("discard",)
    return state, RED


def placing_enigma() -> tuple[EstorilState, int]:
    state = new_state(4, promo=True)
    lay_out(state, BASE_LAYOUT)
    state.pending = [Pending(kind="place_enigma", seat=BLUE)]
    return state, BLUE


def feeding_the_roulette() -> tuple[EstorilState, int]:
    state = new_state(4, vip=True, roulette=True)
    lay_out(state, [("casino", 0), *BASE_LAYOUT[1:4], ("church", 0), ("hells_mouth", 0)])
    state.turn, state.placed = RED, False
    state, _ = act(
        state, RED, {"type": "place", "tile": "Araújo (red)", **where(state, "casino", "I")}
    )
    return state, RED


def rotating() -> tuple[EstorilState, int]:
    state = new_state(4, double_agent=True)
    lay_out(state, [("alcantara", 0), *BASE_LAYOUT[1:]])
    state.turn, state.placed = RED, False
    state, _ = act(
        state, RED, {"type": "place", "tile": "Araújo (red)", **where(state, "alcantara", "II")}
    )
    return state, RED


def setting_the_die() -> tuple[EstorilState, int]:
    state = new_state(4, vip=True)
    lay_out(state, [("airport", 0), *BASE_LAYOUT[1:]])
    state.change_location(0, die=4)
    state.turn, state.placed = RED, False
    state, _ = act(
        state, RED, {"type": "place", "tile": "Araújo (red)", **where(state, "airport", "I")}
    )
    return state, RED


def looking() -> tuple[EstorilState, int]:
    """Red placed on Hotel Atlântico III (look: here or adjacent); a face-down tile is at
    Hell's mouth, out of reach, and one face-down Reward tile lies on the Atlântico."""
    tiles = {**PLACING, "Hell's mouth I": "Pires by green, face down"}
    tiles["Hotel Atlântico II"] = "Amélia by green"
    rewards = {"Hotel Atlântico": ["Hedy L., face down"]}
    state = position(4, boards=BASE_BOARDS, tiles=tiles, rewards=rewards, to_place="red")
    state, _ = act(
        state, RED, {"type": "place", "tile": "Araújo (red)", **where(state, "atlantico", "III")}
    )
    assert state.pending[0].kind == "look"
    return state, RED


def using() -> tuple[EstorilState, int]:
    """Red's Assassin (Nora S.) resolves at Tamariz; Blue's face-down tile is at the Casino."""
    tiles = {
        "Tamariz beach I": "Nora S. by red",
        "Tamariz beach II": "Garbo by blue",
        "Casino I": "C. Lucky Luciano by blue, face down",
    }
    state = position(4, boards=BASE_BOARDS, tiles=tiles)
    tamariz = slot(state, "tamariz")
    state.phase = Phase.RESOLVE
    state.pending = [
        Pending(kind="ability", seat=RED, slot=tamariz, space=0, abilities=["Assassin"])
    ]
    return state, RED


def removing() -> tuple[EstorilState, int]:
    tiles = {
        "Hell's mouth I": "Nora S. by red",
        "Hell's mouth II": "Linda X. (red) by red",
        "Hell's mouth III": "Garbo by blue",
    }
    state = position(4, boards=BASE_BOARDS, tiles=tiles)
    state.phase = Phase.RESOLVE
    state.pending = [Pending(kind="hells_mouth", seat=RED, slot=slot(state, "hells_mouth"))]
    return state, RED


def conspiring() -> tuple[EstorilState, int]:
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Otto M.", GREEN)
    set_reward(state, "tamariz", "Garbo")
    start_resolving(state)
    state, _ = act(state, GREEN, {"type": "use", "ability": "Conspiracy"})
    return state, GREEN


TILE = '"tile" must be a tile\'s name, e.g. "Hans R. (red)".'
CASES: list[tuple[Build, dict[str, Any], str, str]] = [
    # place: wrong type, out of range, taken by a face-down tile, an unknown field
    (
        placing,
        {"type": "place", "tile": 7, **{"location": "Casino", "space": "I"}},
        "bad_value",
        TILE,
    ),
    (
        placing,
        {"type": "place", "tile": "Hans R. (red)", "location": "Casino", "space": "V"},
        "unknown_name",
        "Casino has no space V.",
    ),
    (
        placing,
        {"type": "place", "tile": "Hans R. (red)", "location": "Hotel Atlântico", "space": "I"},
        "space_taken",
        "Hotel Atlântico I is not free.",
    ),
    (
        placing,
        {"type": "place", "tile": "Hans R. (red)", "location": "Casino", "space": 1},
        "bad_value",
        'Name a space by "location" and "space", e.g. "Casino" and "II".',
    ),
    (
        placing,
        {"type": "place", "tile": "Hans R. (red)", "location": "Casino", "space": "I", "up": 1},
        "unknown_key",
        'Unknown field "up" in a place action.',
    ),
    # discard
    (discarding, {"type": "discard", "tile": ["Garbo"]}, "bad_value", TILE),
    (
        discarding,
        {"type": "discard", "tile": "Garbo"},
        "not_in_hand",
        '"Garbo" is not a tile in your hand.',
    ),
    # place_enigma
    (
        placing_enigma,
        {"type": "place_enigma", "location": 3},
        "bad_value",
        '"location" must be a Location\'s name.',
    ),
    (
        placing_enigma,
        {"type": "place_enigma", "location": "Atlantis"},
        "unknown_name",
        "There is no Location called 'Atlantis' this Round.",
    ),
    # roulette
    (feeding_the_roulette, {"type": "roulette", "tile": None, "from": "hand"}, "bad_value", TILE),
    (
        feeding_the_roulette,
        {"type": "roulette", "tile": "Garbo", "from": "pocket"},
        "unknown_name",
        '"from" must be "hand" or "discards".',
    ),
    (
        feeding_the_roulette,
        {"type": "roulette", "tile": "Garbo", "from": "discards"},
        "not_in_discards",
        '"Garbo" is not a tile in your discard pile.',
    ),
    # rotate
    (
        rotating,
        {"type": "rotate", "degrees": True},
        "bad_value",
        '"degrees" must be a whole number.',
    ),
    (
        rotating,
        {"type": "rotate", "degrees": 45},
        "out_of_range",
        "Rotate Alcântara by 0, 90, -90 or 180 degrees.",
    ),
    (
        rotating,
        {"type": "rotate", "degrees": 270},
        "out_of_range",
        '"degrees" must be between -90 and 180.',
    ),
    # set_die: true is not the value 1
    (
        setting_the_die,
        {"type": "set_die", "value": True},
        "bad_value",
        '"value" must be a whole number.',
    ),
    (
        setting_the_die,
        {"type": "set_die", "value": 9},
        "out_of_range",
        '"value" must be between 3 and 5.',
    ),
    # look
    (
        looking,
        {"type": "look", "location": "Hotel Atlântico", "space": 1},
        "bad_value",
        'Name a space by "location" and "space", e.g. "Casino" and "II".',
    ),
    (
        looking,
        {"type": "look", "location": "Hotel Atlântico", "reward": 5},
        "out_of_range",
        '"reward" must be between 1 and 1.',
    ),
    (
        looking,
        {"type": "look", "location": "Hell's mouth", "space": "I"},
        "illegal_choice",
        "This look symbol reaches this and adjacent Locations.",
    ),
    (
        looking,
        {"type": "look", "location": "Hotel Atlântico", "space": "II"},
        "illegal_choice",
        "That tile is face up already.",
    ),
    # use: an Assassin at an unreachable (face-down) tile, a symbol the tile lacks
    (
        using,
        {"type": "use", "ability": 1, "location": "Tamariz beach", "space": "II"},
        "bad_value",
        '"ability" must name one of your Character\'s symbols.',
    ),
    (
        using,
        {"type": "use", "ability": "Assassin", "location": "Casino", "space": "I"},
        "illegal_choice",
        "An Assassin reaches only Character tiles at its own Location.",
    ),
    (
        using,
        {"type": "use", "ability": "Assassin", "location": "Tamariz beach", "space": "I"},
        "illegal_choice",
        "A Character cannot assassinate itself.",
    ),
    (
        using,
        {"type": "use", "ability": "Seduction", "location": "Casino", "space": "I", "to": "III"},
        "ability_not_available",
        'This Character has no unused "Seduction" symbol now (unused: Assassin).',
    ),
    # remove (Hell's mouth)
    (
        removing,
        {"type": "remove", "location": "Hell's mouth", "space": True},
        "bad_value",
        'Name a space by "location" and "space", e.g. "Casino" and "II".',
    ),
    (
        removing,
        {"type": "remove", "location": "Hell's mouth", "space": "IV"},
        "unknown_name",
        "Hell's mouth has no space IV.",
    ),
    (
        removing,
        {"type": "remove", "location": "Hell's mouth", "space": "III"},
        "illegal_choice",
        "That Character is not under your Tile marker.",
    ),
    # the choices without parameters refuse any field
    (
        conspiring,
        {"type": "keep_reward", "tile": "Garbo"},
        "unknown_key",
        'Unknown field "tile" in a keep_reward action.',
    ),
    (
        using,
        {"type": "pass", "really": True},
        "unknown_key",
        'Unknown field "really" in a pass action.',
    ),
    (
        conspiring,
        {"type": "pass"},
        "wrong_decision",
        "Now you must choose: keep_reward or swap_reward.",
    ),
]


@pytest.mark.parametrize(("build", "action", "code", "message"), CASES)
def test_each_refusal_says_which_rule_and_changes_nothing(build, action, code, message):
    state, seat = build()
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert (err.value.code, err.value.message) == (code, message)
    assert GAME.dump(state) == before
    assert not decisions.is_legal(state, seat, action)
    assert_reveals_nothing(state, seat, action, err.value.message)


def test_every_decision_kind_has_a_wrong_typed_and_an_out_of_range_case():
    kinds = {action["type"] for _, action, _, _ in CASES}
    parameterised = {"place", "discard", "place_enigma", "roulette", "rotate", "set_die"}
    assert parameterised | {"look", "use", "remove"} <= kinds


def assert_reveals_nothing(state: EstorilState, seat: int, action: dict, message: str) -> None:
    """No tile is named unless the action or the seat's own view names it already."""
    known = json.dumps(action, ensure_ascii=False) + json.dumps(
        GAME.view(state, seat), ensure_ascii=False
    )
    for c in characters():
        if c.name in message:
            assert c.name in known, f"the refusal names {c.name}, which seat {seat} cannot see"


def test_true_is_not_the_die_value_1():
    state, seat = setting_the_die()
    state.change_location(0, die=2)  # the range 1..3 includes 1
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, {"type": "set_die", "value": True})
    assert err.value.code == "bad_value"
    new, _ = GAME.apply(state, seat, {"type": "set_die", "value": 1})
    assert new.grid[0].die == 1


# -- the refusal and the legal list never disagree -----------------------------------------------


def candidates(state: EstorilState, seat: int) -> list[dict[str, Any]]:
    """Actions of every type the pending decision takes, over every name on the table."""
    names = [location_name(state, s) for s in range(len(state.grid))]
    places = [{"location": n, "space": s} for n in names for s in NUMERALS]
    tiles = sorted({character(t).label for t in [*state.hands[seat], *state.discards[seat]]})
    tiles.append("Garbo")
    out: list[dict[str, Any]] = []
    for kind in decisions.choices(state):
        if kind == "place":
            out += [{"type": kind, "tile": t, **p} for t in tiles[:3] for p in places]
        elif kind == "discard":
            out += [{"type": kind, "tile": t} for t in tiles]
        elif kind == "place_enigma":
            out += [{"type": kind, "location": n} for n in [*names, "Atlantis"]]
        elif kind == "roulette":
            out += [
                {"type": kind, "tile": t, "from": f} for t in tiles for f in ("hand", "discards")
            ]
        elif kind == "rotate":
            out += [{"type": kind, "degrees": d} for d in range(-180, 271, 45)]
        elif kind == "set_die":
            out += [{"type": kind, "value": v} for v in range(0, 14)]
        elif kind == "look":
            out += [{"type": kind, **p} for p in places]
            out += [{"type": kind, "location": n, "reward": r} for n in names for r in (1, 2)]
        elif kind == "use":
            abilities = ["Assassin", "Conspiracy", "Nationalism", "Seduction", "Diplomacy"]
            abilities.append("Double Agent")
            for a in abilities:
                out += [{"type": kind, "ability": a}]
                out += [{"type": kind, "ability": a, "reward": r} for r in (1, 2)]
                out += [{"type": kind, "ability": a, **p} for p in places]
            out += [
                {"type": kind, "ability": "Seduction", **p, "to": to}
                for p in places
                for to in NUMERALS
            ]
        elif kind == "remove":
            out += [{"type": kind, **p} for p in places]
        else:
            out.append({"type": kind})
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"promo": True}, {"double_agent": True}, {"vip": True, "roulette": True}],
    ids=["base", "enigma", "double_agent", "vip"],
)
def test_verify_accepts_exactly_the_legal_actions(options):
    """Over random games (every 4th step): every legal action verifies, and any other
    candidate is refused."""
    for seed in range(scale(1)):
        rng = Rng(seed + 101)
        seats = 5 if options.get("double_agent") else 3
        state = GAME.setup(seats, GAME.parse_options(options), seed)
        step = 0
        while GAME.outcome(state) is None:
            step += 1
            for seat in sorted(GAME.to_act(state)) if step % 4 == 0 else ():
                legal = GAME.legal_actions(state, seat)
                for action in legal:
                    assert decisions.is_legal(state, seat, action), action
                for action in candidates(state, seat):
                    assert decisions.is_legal(state, seat, action) == is_one_of(action, legal), (
                        action
                    )
            seat = rng.choice(sorted(GAME.to_act(state)))
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        (4, {}),
        (3, {"promo": True}),
        (5, {"double_agent": True}),
        (4, {"vip": True, "roulette": True}),
    ],
    ids=["base", "enigma", "fifth_player", "vip"],
)
def test_refusals_agree_with_legality_and_hide_nothing_over_random_games(seats, options):
    """The engine's generic check: odd variants of legal actions are refused exactly when
    not listed, with a specific reason that is the same in every world the seat cannot
    tell apart (so it depends on nothing hidden)."""
    for seed in range(scale(1)):
        rng = Rng(seed + 7)
        state = GAME.setup(seats, GAME.parse_options(options), seed)
        step = 0
        while GAME.outcome(state) is None:
            step += 1
            seat = rng.choice(sorted(GAME.to_act(state)))
            if step % 3 == 0:
                check_refusals(GAME, state, seat, rng.fork())
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
