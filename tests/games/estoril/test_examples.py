"""Every worked example of the rule text, built as that exact position."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction
from spyhouse.games.estoril import GAME, placement, resolution, scoring
from spyhouse.games.estoril.components import character
from spyhouse.games.estoril.state import EstorilState
from tests.games.estoril.helpers import (
    BASE_LAYOUT,
    BLUE,
    GREEN,
    RED,
    YELLOW,
    act,
    lay_out,
    new_state,
    pass_until,
    pending_kind,
    put,
    set_reward,
    slot,
    start_resolving,
    tile_id,
    where,
)

# -- End of Game -------------------------------------------------------------------------


def test_scoring_example_red_scores_29():
    """Red: 13 VP in hand, 7 discards, one Mission alone (+6), one shared with Yellow (+3)."""
    red = [
        tile_id("Garbo"),
        tile_id("A. Alekhine"),
        tile_id("Hedy L."),
        tile_id("C. Rosa"),
        tile_id("I.L. Fleming"),
        tile_id("Araújo", "red"),
    ]
    yellow = [
        tile_id("Pires"),
        tile_id("Walser S."),
        tile_id("Dusko P."),
        tile_id("Hans R.", "yellow"),
        tile_id("Roque", "yellow"),
        tile_id("Guedes", "yellow"),
    ]
    red_discards = [
        tile_id(n)
        for n in ["Otto M.", "G. Green", "Nora S.", "S. Smith", "Amélia", "Salazar", "Anne D."]
    ]
    scores = scoring.final_scores(
        [red, yellow], [red_discards, []], ["most-assassin", "strongest"], None, False
    )
    assert scores[0].hand == 13 and scores[0].discards == 7
    assert scores[0].missions == {"most-assassin": 6, "strongest": 3}
    assert scores[1].missions == {"strongest": 3}
    assert scores[0].total == 29


# -- Character Abilities ----------------------------------------------------------------------


def assassin_position() -> EstorilState:
    """Location 3: Red's Assassin in I, Green's Conspiracy in II, Yellow's Lucky Luciano in III."""
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "C. Rosa", RED)
    put(state, "tamariz", "II", "Otto M.", GREEN)
    put(state, "tamariz", "III", "C. Lucky Luciano", YELLOW)
    set_reward(state, "tamariz", "Garbo")
    start_resolving(state)
    return state


def test_assassin_example_lucky_luciano_sent_home_red_and_green_tied():
    state = assassin_position()
    assert pending_kind(state) == ("ability", RED)
    luciano = tile_id("C. Lucky Luciano")
    state, events = act(
        state, RED, {"type": "use", "ability": "Assassin", **where(state, "tamariz", "III")}
    )
    assert luciano in state.hands[YELLOW]
    assert state.grid[slot(state, "tamariz")].spaces[2] is None
    assert state.markers[YELLOW] == state.markers_each, "the Tile marker goes back to its player"
    assert resolution.strength_totals(state, slot(state, "tamariz")) == {RED: 2, GREEN: 2}
    assert resolution.strongest(state, slot(state, "tamariz")) == RED
    assert pending_kind(state) == ("ability", GREEN), "Green can still use his ability"


def test_conspiracy_example_green_swaps_and_red_wins_another_reward():
    state = assassin_position()
    state, _ = act(
        state, RED, {"type": "use", "ability": "Assassin", **where(state, "tamariz", "III")}
    )
    top = state.pile[0]
    state, events = act(state, GREEN, {"type": "use", "ability": "Conspiracy"})
    assert pending_kind(state) == ("conspiracy", GREEN)
    seen = [e for e in events if e.type == "conspiracy_look"]
    assert seen and seen[0].audience == frozenset([GREEN])
    assert GAME.view(state, GREEN)["prompt"]["pile_top"]["name"] == character(top).label
    assert "pile_top" not in str(GAME.view(state, RED))
    state, _ = act(state, GREEN, {"type": "swap_reward"})
    assert state.pile[-1] == tile_id("Garbo"), "the old Reward goes to the bottom, face down"
    assert top in state.hands[RED], "Red wins the Reward tile, but not the one he wished for"


def test_conspiracy_keep_sends_the_pile_top_to_the_bottom():
    state = assassin_position()
    state, _ = act(state, RED, {"type": "pass"})
    top = state.pile[0]
    state, _ = act(state, GREEN, {"type": "use", "ability": "Conspiracy"})
    state, _ = act(state, GREEN, {"type": "keep_reward"})
    assert state.pile[-1] == top


def test_nationalism_example_yellow_totals_6():
    """Location 3, space II: +1 for each of two UK flags on adjacent Locations."""
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Araújo", YELLOW, colour="yellow")
    put(state, "tamariz", "II", "G. Green", YELLOW)
    put(state, "museum", "I", "E. Windsor", RED)  # adjacent, face up
    put(state, "casino", "I", "I.L. Fleming", BLUE)  # adjacent, face up
    put(state, "casino", "II", "Loreta B.", BLUE, face_up=False)  # face down: not counted
    put(state, "hells_mouth", "I", "Elizabeth", GREEN, colour="green")  # not adjacent
    state.change_location(slot(state, "museum"), resolved=True)
    state.change_location(slot(state, "casino"), resolved=True)
    start_resolving(state)
    state = pass_until(state, lambda s: pending_kind(s) == ("ability", YELLOW))
    state, _ = act(state, YELLOW, {"type": "use", "ability": "Nationalism"})
    tamariz = slot(state, "tamariz")
    assert resolution.strength_totals(state, tamariz) == {YELLOW: 6}


def test_nationalism_unused_adds_nothing():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "II", "G. Green", YELLOW)
    put(state, "museum", "I", "E. Windsor", RED)
    assert resolution.strength_totals(state, slot(state, "tamariz")) == {YELLOW: 2}


def test_seduction_example_5_5_space_i_wins():
    """Location 2: Yellow's double Seduction brings his own tile from 3 and Red's from 5."""
    state = new_state(4)
    lay_out(
        state,
        [
            ("tamariz", 0),
            ("palacio", 0),
            ("muchaxo", 0),
            ("church", 0),
            ("casino", 0),
            ("museum", 0),
        ],
    )
    put(state, "palacio", "II", "Zsa Zsa G.", YELLOW)
    put(state, "tamariz", "I", "Walser S.", YELLOW)
    put(state, "muchaxo", "I", "C. Lucky Luciano", RED, face_up=False)
    start_resolving(state)
    state = pass_until(state, lambda s: pending_kind(s) == ("ability", YELLOW))
    state, _ = act(
        state,
        YELLOW,
        {"type": "use", "ability": "Seduction", **where(state, "tamariz", "I"), "to": "I"},
    )
    state, events = act(
        state,
        YELLOW,
        {"type": "use", "ability": "Seduction", **where(state, "muchaxo", "I"), "to": "III"},
    )
    seduced = next(e for e in events if e.type == "seduced")
    assert seduced.data["tile"] == "C. Lucky Luciano", "the Red Character is revealed"
    assert seduced.data["controller"] == "red" and seduced.data["space"] == "III"
    reward = next(e for e in events if e.type == "reward" and e.data["location"] == "Hotel Palácio")
    assert reward.data["strengths"] == {"red": 5, "yellow": 5}
    assert reward.data["winner"] == "yellow", "tied, but Yellow has space I"
    muchaxo = next(e for e in events if e.type == "reward" and e.data["location"] == "Muchaxo")
    assert muchaxo.data["winner"] is None, "Red no longer wins Location 5"


def test_diplomacy_example_shield_protects_from_assassin_and_seduction():
    """Location 3, space I: Yellow shields his own tile on the adjacent Museum (8)."""
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Guedes", YELLOW, colour="yellow")
    put(state, "museum", "II", "Garbo", YELLOW, face_up=False)
    put(state, "museum", "I", "Nora S.", RED, face_up=False)
    put(state, "museum", "III", "Araújo", GREEN, colour="green", face_up=False)
    put(state, "casino", "I", "Elizabeth", BLUE, colour="blue", face_up=False)
    start_resolving(state)
    state = pass_until(state, lambda s: pending_kind(s) == ("ability", YELLOW))
    state, _ = act(
        state, YELLOW, {"type": "use", "ability": "Diplomacy", **where(state, "museum", "II")}
    )
    museum = slot(state, "museum")
    assert state.grid[museum].spaces[1].shield
    # Casino (6) resolves before the Museum (8): Blue's Seduction cannot take Garbo.
    state = pass_until(state, lambda s: pending_kind(s) == ("ability", BLUE))
    seduce = {"type": "use", "ability": "Seduction", **where(state, "museum", "II"), "to": "II"}
    assert seduce not in GAME.legal_actions(state, BLUE)
    with pytest.raises(IllegalAction) as err:
        act(state, BLUE, seduce)
    assert err.value.code == "illegal_choice"
    state = pass_until(state, lambda s: pending_kind(s) == ("ability", RED))
    assassin = {"type": "use", "ability": "Assassin", **where(state, "museum", "II")}
    legal = GAME.legal_actions(state, RED)
    assert assassin not in legal
    assert {"type": "use", "ability": "Assassin", **where(state, "museum", "III")} in legal


# -- Location Boards ------------------------------------------------------------------------


def test_casino_example_yellow_7_beats_blue_5():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    casino = slot(state, "casino")
    put(state, "casino", "I", "C. Lucky Luciano", BLUE, dice=0)
    put(state, "casino", "II", "Hans R.", YELLOW, colour="yellow", dice=1)
    put(state, "casino", "III", "Guedes", YELLOW, colour="yellow", dice=4)
    assert resolution.strength_totals(state, casino) == {BLUE: 5, YELLOW: 7}
    assert resolution.strongest(state, casino) == YELLOW


def test_casino_dice_add_the_difference_after_abilities():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "casino", "I", "C. Lucky Luciano", BLUE)
    _, events = None, start_resolving(state)
    rolls = [e for e in events if e.type == "casino_dice"]
    assert len(rolls) == 1
    a, b = rolls[0].data["dice"]
    assert rolls[0].data["bonus"] == abs(a - b)


def test_hells_mouth_example_yellow_removes_the_3_vp_tile():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "hells_mouth", "I", "C. Lucky Luciano", BLUE)
    put(state, "hells_mouth", "II", "Loreta B.", YELLOW)  # 1 strength, 4 VP
    put(state, "hells_mouth", "III", "Nora S.", YELLOW)  # 1 strength, 3 VP
    start_resolving(state)
    state = pass_until(state, lambda s: pending_kind(s) in (("hells_mouth", YELLOW), None))
    assert pending_kind(state) == ("hells_mouth", YELLOW)
    prompt = GAME.view(state, YELLOW)["prompt"]
    assert prompt["kind"] == "hells_mouth" and prompt["spaces"] == ["II", "III"]
    state, events = act(state, YELLOW, {"type": "remove", **where(state, "hells_mouth", "III")})
    assert tile_id("Nora S.") in state.removed, "returned to the box"
    reward = next(e for e in events if e.type == "reward" and e.data["location"] == "Hell's mouth")
    assert reward.data["winner"] == "blue"


def test_muchaxo_every_space_is_outer():
    """Red can immediately place in Muchaxo's space II without any adjacent tile."""
    state = new_state(4)
    lay_out(
        state,
        [
            ("tamariz", 0),
            ("muchaxo", 1),
            ("church", 0),
            ("palacio", 0),
            ("casino", 0),
            ("museum", 0),
        ],
    )
    muchaxo = slot(state, "muchaxo")
    geo = state.geometry()
    assert geo.cells[(muchaxo, 1)] == (1, 3), "space II (TR turned to BR) lies inside the grid"
    state.turn, state.placed = RED, False
    spaces = placement.placement_spaces(state, RED)
    assert (muchaxo, 1) in spaces and (muchaxo, 2) in spaces
    church_inner = (slot(state, "church"), 2)  # BL of the top-right board: inner
    assert not geo.is_outer(church_inner) and church_inner not in spaces


def test_museum_space_iv_looks_at_any_location():
    state = new_state(4)
    layout = list(BASE_LAYOUT)
    layout[2] = ("museum", 1)  # a quarter turn brings space IV to the outer edge
    lay_out(state, layout)
    # Museum is top right; Hell's mouth (bottom right) is adjacent, Palácio (top left) is not.
    put(state, "palacio", "I", "Garbo", BLUE, face_up=False)
    state.turn, state.placed = RED, False
    hand = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": hand, **where(state, "museum", "IV")})
    assert pending_kind(state) == ("look", RED)
    targets = GAME.view(state, RED)["prompt"]["targets"]
    assert where(state, "palacio", "I") in targets
    state, events = act(state, RED, {"type": "look", **where(state, "palacio", "I")})
    saw = next(e for e in events if e.type == "saw")
    assert saw.audience == frozenset([RED]) and saw.data["tile"]["name"] == "Garbo"
    assert (
        GAME.view(state, RED)["grid"]["locations"][0]["spaces"][0]["occupant"]["tile"]["name"]
        == "Garbo"
    )


def test_museum_space_iii_looks_only_here_or_adjacent():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "palacio", "I", "Garbo", BLUE, face_up=False)
    put(state, "museum", "II", "Elizabeth", RED, colour="red")
    state.turn, state.placed = RED, False
    hand = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": hand, **where(state, "museum", "III")})
    assert pending_kind(state) is None or pending_kind(state)[0] != "look", (
        "nothing face down in reach that Red does not know: no look offered"
    )
