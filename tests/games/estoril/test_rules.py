"""One test per rule of the base game and per edge a ruling decides."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction, fast_copy
from spyhouse.games.estoril import GAME, placement, resolution, rounds, scoring
from spyhouse.games.estoril.abilities import actions, usable_abilities
from spyhouse.games.estoril.components import board, character, mission
from spyhouse.games.estoril.state import EstorilState, Pending
from tests.games.estoril.helpers import (
    BASE_LAYOUT,
    BLUE,
    GREEN,
    RED,
    YELLOW,
    act,
    give,
    lay_out,
    new_state,
    pending_kind,
    put,
    set_reward,
    slot,
    start_resolving,
    tile_id,
    where,
)

# -- Game Setup and Start of Each Round ------------------------------------------------------


@pytest.mark.parametrize(("seats", "markers"), [(2, 6), (3, 4), (4, 3)])
def test_setup_networks_markers_missions_and_pile(seats, markers):
    state = new_state(seats, seed=3)
    assert state.markers == [markers] * seats
    assert len(state.missions) == 4 and len(set(state.missions)) == 4
    for seat in range(seats):
        assert len(state.hands[seat]) == 6
        assert {character(t).colour for t in state.hands[seat]} == {
            ("red", "green", "blue", "yellow")[seat]
        }
    assert len(state.grid) == 6 and state.round == 1
    assert len(state.pile) == 27 - 6, "six Reward tiles were drawn"
    assert all(len(loc.rewards) == 1 for loc in state.grid)


def test_reward_tiles_face_down_on_top_secret_reward_spaces():
    for seed in range(10):
        state = new_state(4, seed=seed)
        for loc in state.grid:
            assert loc.rewards[0].face_up == (not board(loc.board).reward_top_secret)


def test_each_round_lays_six_of_the_eight_boards_with_random_rotations():
    rotations, boards = set(), set()
    for seed in range(20):
        state = new_state(3, seed=seed)
        assert len({loc.board for loc in state.grid}) == 6
        rotations |= {loc.rotation for loc in state.grid}
        boards |= {loc.board for loc in state.grid}
    assert rotations == {0, 1, 2, 3} and len(boards) == 8


# -- Player Turn -----------------------------------------------------------------------------


def test_placement_outer_or_inner_next_to_your_own_tile():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    state.turn, state.placed = RED, False
    geo = state.geometry()
    spaces = placement.placement_spaces(state, RED)
    assert all(geo.is_outer(ref) for ref in spaces)
    museum = slot(state, "museum")
    # Museum top right: IV (BL) is inner; next to it is III... put Red on an outer neighbour.
    inner = (museum, 3)
    assert not geo.is_outer(inner) and inner not in spaces
    neighbour = next(ref for ref in geo.neighbours(inner) if geo.is_outer(ref))
    put(state, "museum", ("I", "II", "III", "IV")[neighbour[1]], "Garbo", RED)
    assert inner in placement.placement_spaces(state, RED)
    assert inner not in placement.placement_spaces(state, BLUE)


def test_rare_fallback_any_free_space():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    geo = state.geometry()
    names = {0: "I", 1: "II", 2: "III", 3: "IV"}
    keys = [key for key, _ in BASE_LAYOUT]
    filler = iter(t for t in list(state.pile))
    for ref in sorted(geo.outer):
        tile = next(filler)
        state.pile.remove(tile)
        state.hands[BLUE].append(tile)
        put(state, keys[ref[0]], names[ref[1]], character(tile).name, BLUE)
    free = [ref for ref in geo.cells if state.occupant(ref) is None]
    assert free and placement.placement_spaces(state, RED) == sorted(free)


def test_top_secret_places_face_down_and_tamariz_face_up():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    state, events = act(
        state, RED, {"type": "place", "tile": tile, **where(state, "atlantico", "I")}
    )
    occ = state.grid[slot(state, "atlantico")].spaces[0]
    assert not occ.face_up and occ.known_by == (RED,)
    assert events[0].data["tile"] is None
    private = [e for e in events if e.type == "placed_face_down"]
    assert private[0].audience == frozenset([RED])
    state.turn, state.placed = BLUE, False
    tile = character(state.hands[BLUE][0]).label
    state, events = act(
        state, BLUE, {"type": "place", "tile": tile, **where(state, "tamariz", "II")}
    )
    assert state.grid[slot(state, "tamariz")].spaces[1].face_up and events[0].data["tile"] == tile


def test_turns_pass_clockwise_and_skip_players_without_markers():
    state = new_state(3, seed=1)
    first = state.turn
    tile = GAME.legal_actions(state, first)[0]
    state, _ = act(state, first, tile)
    state = _skip_follow_ups(state)
    assert state.turn == (first + 1) % 3
    state.markers[(first + 2) % 3] = 0
    nxt = state.turn
    state, _ = act(state, nxt, GAME.legal_actions(state, nxt)[0])
    state = _skip_follow_ups(state)
    assert state.turn == first, "the player with no markers is skipped"


def _skip_follow_ups(state: EstorilState) -> EstorilState:
    while state.pending:
        seat = state.pending[0].seat
        actions = GAME.legal_actions(state, seat)
        choice = next((a for a in actions if a["type"] == "pass"), actions[0])
        state, _ = act(state, seat, choice)
    return state


def test_look_symbol_reveals_only_to_the_looker():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "atlantico", "I", "Garbo", BLUE, face_up=False)
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "atlantico", "III")})
    assert pending_kind(state) == ("look", RED)
    state, events = act(state, RED, {"type": "look", **where(state, "atlantico", "I")})
    public = next(e for e in events if e.type == "looked")
    assert public.audience is None and "tile" not in public.data
    occ = GAME.view(state, RED)["grid"]["locations"][3]["spaces"][0]["occupant"]
    assert occ["tile"]["name"] == "Garbo" and occ["known_by"] == ["red", "blue"]
    assert "tile" not in GAME.view(state, GREEN)["grid"]["locations"][3]["spaces"][0]["occupant"]


# -- End of Each Round --------------------------------------------------------------------------


def test_locations_resolve_in_order_of_their_numbers():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    events = start_resolving(state)
    resolved = [e.data["location"] for e in events if e.type == "resolving"]
    assert resolved[:6] == [
        "Hotel Palácio",
        "Tamariz beach",
        "Hotel Atlântico",
        "Casino",
        "Hell's mouth",
        "Museum",
    ]


def test_church_forbids_assassins():
    state = new_state(4)
    lay_out(state, [("church", 0), *BASE_LAYOUT[1:]])
    put(state, "church", "I", "S. Smith", RED)
    put(state, "church", "II", "Garbo", BLUE)
    church = slot(state, "church")
    assert usable_abilities(state, (church, 0)) == ["Assassin"]
    assert actions(state, (church, 0), "Assassin") == []


def test_palacio_and_atlantico_bonuses():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "palacio", "I", "I.L. Fleming", RED)
    put(state, "palacio", "II", "Otto M.", BLUE)
    put(state, "atlantico", "I", "Walser S.", GREEN)
    put(state, "atlantico", "II", "G. Green", YELLOW)
    assert resolution.strength_totals(state, slot(state, "palacio")) == {RED: 4, BLUE: 2}
    assert resolution.strength_totals(state, slot(state, "atlantico")) == {GREEN: 5, YELLOW: 2}


def test_ties_go_to_the_lowest_space_and_zero_strength_counts():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "II", "Linda X.", RED, colour="red")  # 0 strength, alone
    tamariz = slot(state, "tamariz")
    assert resolution.strongest(state, tamariz) == RED
    put(state, "tamariz", "I", "Roque", BLUE, colour="blue")  # 0 strength, space I
    assert resolution.strongest(state, tamariz) == BLUE


def test_unclaimed_reward_goes_face_down_to_the_bottom_of_the_pile():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    set_reward(state, "tamariz", "Garbo")
    resolution.receive_reward(state, slot(state, "tamariz"))
    assert state.pile[-1] == tile_id("Garbo")


def test_hells_mouth_tie_the_lower_space_survives_and_single_tile_is_automatic():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    hm = slot(state, "hells_mouth")
    put(state, "hells_mouth", "I", "Otto M.", BLUE)  # 2
    put(state, "hells_mouth", "II", "C. Rosa", RED)  # 2
    assert resolution.weakest(state, hm) == RED, "tied: Blue holds space I, Red discards"
    events: list = []
    assert not resolution.hells_mouth(state, hm, events)
    assert tile_id("C. Rosa") in state.removed and events[0].type == "removed_from_game"


def test_hells_mouth_needs_two_players():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "hells_mouth", "I", "Otto M.", BLUE)
    put(state, "hells_mouth", "II", "C. Rosa", BLUE)
    assert resolution.weakest(state, slot(state, "hells_mouth")) is None


def test_retrieve_discard_secretly_reveal_together_and_pass_first_player_left():
    state = new_state(3, seed=2)
    first = state.first_player
    lay_out(state, BASE_LAYOUT)
    for name in ["Garbo", "Pires"]:
        give(state, RED, name)
    give(state, BLUE, "Otto M.")
    start_resolving(state)
    assert state.phase == "discard" and GAME.to_act(state) == frozenset([RED, BLUE])
    state, events = act(state, RED, {"type": "discard", "tile": "Garbo"})
    assert [e.type for e in events if e.audience is None] == ["discarded_face_down"]
    assert "Garbo" not in str(GAME.view(state, BLUE))
    assert GAME.view(state, BLUE)["players"][RED]["discarded_this_round"] == 1
    assert GAME.to_act(state) == frozenset([RED, BLUE])
    state, _ = act(state, RED, {"type": "discard", "tile": "Pires"})
    assert state.discards[RED] == [], "nothing revealed until everybody is done"
    state, events = act(state, BLUE, {"type": "discard", "tile": "Otto M."})
    revealed = next(e for e in events if e.type == "discards_revealed")
    assert revealed.data["discards"] == {"red": ["Garbo", "Pires"], "blue": ["Otto M."]}
    assert state.round == 2 and state.first_player == (first + 1) % 3


def test_discard_actions_list_each_hand_tile_once():
    state = new_state(2)
    lay_out(state, BASE_LAYOUT)
    give(state, RED, "Garbo")
    start_resolving(state)
    actions = GAME.legal_actions(state, RED)
    assert len(actions) == 7 and {"type": "discard", "tile": "Garbo"} in actions


def test_game_ends_after_four_rounds():
    from spyhouse.engine.testing import random_playout

    state, outcome = random_playout(GAME, 2, {}, 4)
    assert state.round == 4 and state.phase == "over"
    assert outcome.detail["players"][0]["total"] == outcome.scores[0]


# -- Scoring ------------------------------------------------------------------------------------


def test_missions_ties_split_rounded_down_and_none_means_no_mission():
    hands = [[tile_id("Garbo")], [tile_id("Dusko P.")], [tile_id("Pires")], [tile_id("Salazar")]]
    scores = scoring.final_scores(hands, [[]] * 4, ["flags-minor", "most-assassin"], None, False)
    assert scores[0].missions == {"flags-minor": 3} and scores[1].missions == {"flags-minor": 3}
    assert scores[2].missions == {}, "nobody has an Assassin: nobody accomplishes it"


def test_flags_mission_counts_each_country_once_and_double_symbols_twice():
    hand = [tile_id("Antoine S.E."), tile_id("G. René"), tile_id("Garbo"), tile_id("I. Shouwaloff")]
    assert scoring.mission_count_for(mission("flags-minor"), hand, []) == 3
    assert scoring.mission_count_for(mission("most-assassin"), hand, []) == 3


def test_tie_break_missions_then_hand_vp_then_shared():
    a = scoring.Score(discards=10, hand=10, missions={"m": 6})
    b = scoring.Score(discards=16, hand=10)
    assert scoring.winners([a, b]) == (0,)
    c = scoring.Score(discards=5, hand=11)
    d = scoring.Score(discards=6, hand=10)
    assert scoring.winners([c, d]) == (0,)
    assert scoring.winners([c, scoring.Score(discards=5, hand=11)]) == (0, 1)


def test_enigma_is_worth_2_vp():
    scores = scoring.final_scores([[], []], [[], []], [], 1, False)
    assert scores[1].enigma == 2 and scores[1].total == 2


# -- Enigma ----------------------------------------------------------------------------------------


def test_enigma_starts_on_a_random_reward_space_face_up():
    for seed in range(10):
        state = new_state(3, seed=seed, promo=True)
        assert state.enigma_slot is not None and state.enigma_holder is None
        assert all(r.face_up for r in state.grid[state.enigma_slot].rewards)


def test_enigma_location_is_all_face_up_and_follows_the_reward():
    state = new_state(4, promo=True)
    lay_out(state, BASE_LAYOUT)
    state.enigma_slot = slot(state, "atlantico")
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "atlantico", "I")})
    assert state.grid[slot(state, "atlantico")].spaces[0].face_up
    resolution.receive_reward(state, slot(state, "atlantico"))
    assert state.enigma_holder == RED and state.enigma_slot is None


def test_enigma_holder_must_place_it_next_round():
    state = new_state(4, promo=True)
    state.enigma_holder, state.enigma_slot = BLUE, None
    state.round = 1
    rounds.start_round(state)
    assert pending_kind(state) == ("place_enigma", BLUE)
    assert len(GAME.legal_actions(state, BLUE)) == 6
    name = GAME.legal_actions(state, BLUE)[2]["location"]
    state, events = act(state, BLUE, {"type": "place_enigma", "location": name})
    assert state.enigma_slot == 2 and events[0].data["by"] == "blue"


def test_enigma_unclaimed_goes_back_to_random_placement():
    state = new_state(4, promo=True)
    lay_out(state, BASE_LAYOUT)
    state.enigma_slot = slot(state, "tamariz")
    resolution.receive_reward(state, slot(state, "tamariz"))
    assert state.enigma_holder is None and state.enigma_slot is None


def test_promo_adds_four_characters():
    assert len(new_state(4, promo=True).pile) == 31 - 6


# -- Illegal actions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (
            {"type": "place", "tile": "Garbo", "location": "Tamariz beach", "space": "I"},
            "not_in_hand",
        ),
        ({"type": "discard", "tile": "Hans R. (red)"}, "wrong_decision"),
        (
            {"type": "place", "tile": "Hans R. (red)", "location": "Nowhere", "space": "I"},
            "unknown_name",
        ),
        (
            {"type": "place", "tile": "Hans R. (red)", "location": "Tamariz beach", "space": "IX"},
            "unknown_name",
        ),
        (
            {"type": "place", "tile": "Hans R. (red)", "location": "Museum", "space": "IV"},
            "space_not_allowed",
        ),
        (
            {"type": "place", "tile": "Hans R. (red)", "location": "Tamariz beach", "space": "I"},
            "space_taken",
        ),
    ],
)
def test_illegal_actions_are_refused_and_change_nothing(action, code):
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Garbo", BLUE)
    state.turn, state.placed = RED, False
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, RED, action)
    assert err.value.code == code
    assert GAME.dump(state) == before


def test_wrong_seat_is_refused():
    state = new_state(4)
    other = (state.turn + 1) % 4
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, other, GAME.legal_actions(state, state.turn)[0])
    assert err.value.code == "not_your_turn"


def test_refusal_message_does_not_reveal_a_face_down_tile():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "atlantico", "I", "Garbo", BLUE, face_up=False)
    state.turn, state.placed = RED, False
    with pytest.raises(IllegalAction) as err:
        GAME.apply(
            state, RED, {"type": "place", "tile": "Hans R. (red)", **where(state, "atlantico", "I")}
        )
    assert "Garbo" not in err.value.message and err.value.code == "space_taken"


def test_look_here_reaches_only_this_location():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "museum", "I", "Garbo", BLUE, face_up=False)
    put(state, "atlantico", "I", "Pires", BLUE, face_up=False)
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    # Hell's mouth (bottom right) space II has the "here" symbol; the Museum is adjacent.
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "hells_mouth", "II")})
    assert pending_kind(state) is None or pending_kind(state)[0] != "look"
    put(state, "hells_mouth", "I", "Otto M.", GREEN, face_up=False)
    look = Pending(kind="look", seat=RED, slot=slot(state, "hells_mouth"), space=1)
    assert placement.look_actions(state, RED, look) == [
        {"type": "look", **where(state, "hells_mouth", "I")}
    ]
    look = fast_copy(look, space=2)  # III: "adjacent" reaches the Museum, not the Atlântico
    targets = placement.look_actions(state, RED, look)
    assert {"type": "look", **where(state, "museum", "I")} in targets
    assert {"type": "look", **where(state, "atlantico", "I")} not in targets


def test_a_float_is_not_a_whole_number_of_degrees():
    """One number policy in every game (``engine.matching``): ``90.0`` is not the listed
    ``90``, so it is refused with the field's reason, as ``true`` is not ``1``."""
    state = new_state(4, double_agent=True)
    lay_out(state, [("alcantara", 0), *BASE_LAYOUT[1:]])
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "alcantara", "II")})
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, RED, {"type": "rotate", "degrees": 90.0})
    assert (refused.value.code, refused.value.message) == (
        "bad_value",
        '"degrees" must be a whole number.',
    )
    state, _ = act(state, RED, {"type": "rotate", "degrees": 90})
    assert state.grid[0].rotation == 1


# -- Ability edges the rulings decide ----------------------------------------------------------


def test_double_nationalism_counts_each_flag_twice():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Salazar", RED, nationalism=2)  # both symbols used
    put(state, "tamariz", "II", "Araújo", BLUE, colour="blue")  # PT, face up
    put(state, "museum", "I", "Pires", GREEN, face_up=False)  # PT but face down
    tamariz = slot(state, "tamariz")
    assert resolution.strength_totals(state, tamariz) == {RED: 2 + 2, BLUE: 2}


def test_assassin_never_targets_itself_and_seduction_needs_a_free_space():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "S. Smith", RED)
    tamariz = slot(state, "tamariz")
    assert actions(state, (tamariz, 0), "Assassin") == []
    put(state, "tamariz", "II", "Zsa Zsa G.", BLUE)
    put(state, "tamariz", "III", "Garbo", GREEN)
    put(state, "museum", "I", "Pires", YELLOW)
    assert actions(state, (tamariz, 1), "Seduction") == [], "no free space at Tamariz"


def test_diplomacy_skips_shielded_tiles_and_needs_a_shield_left():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Guedes", RED, colour="red")
    put(state, "tamariz", "II", "Garbo", BLUE, shield=True)
    state.shields -= 1
    tamariz = slot(state, "tamariz")
    targets = [(a["location"], a["space"]) for a in actions(state, (tamariz, 0), "Diplomacy")]
    assert targets == [("Tamariz beach", "I")]
    state.shields = 0
    assert actions(state, (tamariz, 0), "Diplomacy") == []
