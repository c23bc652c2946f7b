"""Positions in the rulebook's words build the same table as editing the state by hand."""

from __future__ import annotations

import pytest

from spyhouse.engine import Rng
from spyhouse.games.estoril import GAME
from spyhouse.games.estoril.positions import position
from tests.games.estoril.helpers import (
    BASE_LAYOUT,
    BLUE,
    GREEN,
    RED,
    all_tiles,
    give,
    lay_out,
    new_state,
    put,
    set_reward,
)

BASE_BOARDS = [
    "Hotel Palácio",
    "Tamariz beach",
    "Museum",
    "Hotel Atlântico",
    "Casino",
    "Hell's mouth",
]


def test_a_position_is_the_table_the_helpers_build():
    built = position(
        4,
        boards=BASE_BOARDS,
        tiles={
            "Tamariz beach I": "Garbo by blue",
            "Hotel Atlântico I": "C. Lucky Luciano by blue, face down",
            "Museum II": "Araújo (green) by green",
        },
        rewards={"Museum": ["Otto M., face down"]},
        hands={"red": ["Nora S."]},
        to_place="red",
    )
    by_hand = new_state(4)
    lay_out(by_hand, BASE_LAYOUT)
    give(by_hand, RED, "Nora S.")
    put(by_hand, "tamariz", "I", "Garbo", BLUE)
    put(by_hand, "atlantico", "I", "C. Lucky Luciano", BLUE, face_up=False)
    put(by_hand, "museum", "II", "Araújo", GREEN, colour="green")
    set_reward(by_hand, "museum", "Otto M.", face_up=False)
    by_hand.turn, by_hand.placed = RED, False
    for seat in [None, *range(4)]:
        assert GAME.view(built, seat) == GAME.view(by_hand, seat)
    assert sorted(all_tiles(built)) == sorted(all_tiles(by_hand))
    assert GAME.legal_actions(built, RED) == GAME.legal_actions(by_hand, RED)


def test_a_face_down_tile_leaves_its_owners_hand_unknown():
    built = position(
        3, boards=BASE_BOARDS, tiles={"Hotel Atlântico I": "C. Lucky Luciano by blue, face down"}
    )
    lucky = built.grid[3].spaces[0].tile
    seen = {GAME.determinize(built, RED, Rng(s)).grid[3].spaces[0].tile for s in range(30)}
    assert lucky in seen and len(seen) > 1
    assert all(
        GAME.determinize(built, BLUE, Rng(s)).grid[3].spaces[0].tile == lucky for s in range(5)
    )


def test_bad_names_are_refused():
    with pytest.raises(ValueError):
        position(4, boards=BASE_BOARDS, tiles={"Tamariz beach I": "Nobody by blue"})
    with pytest.raises(ValueError):
        position(4, boards=["Atlantis", *BASE_BOARDS[1:]])
