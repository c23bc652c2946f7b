"""Double Agent and VIP expansions: the rule text's examples and each rule's edges."""

from __future__ import annotations

import pytest

from spyhouse.games.estoril import GAME, placement, resolution, scoring
from spyhouse.games.estoril.abilities import double_agent_targets, seduction
from spyhouse.games.estoril.components import character
from spyhouse.games.estoril.locations import airport_die_range, resolution_order
from spyhouse.games.estoril.state import EstorilState, RouletteTile
from tests.games.estoril.helpers import (
    BLUE,
    GREEN,
    PINK,
    RED,
    YELLOW,
    act,
    change,
    give,
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

FIVE_LAYOUT = [
    ("casino", 0),
    ("avenida_palace", 0),
    ("church", 0),
    ("tamariz", 0),
    ("museum", 0),
    ("palacio", 0),
    ("atlantico", 0),
    ("muchaxo", 0),
]
"""A 4x2 grid for five players: Casino (6) next to Hotel Avenida Palace (9)."""


def five_players() -> EstorilState:
    state = new_state(5, double_agent=True)
    lay_out(state, FIVE_LAYOUT)
    return state


# -- Double Agent ---------------------------------------------------------------------------


def test_five_players_use_eight_boards_three_markers_and_five_missions():
    state = new_state(5, double_agent=True)
    assert len(state.grid) == 8 and state.cols == 4
    assert state.markers == [3] * 5 and len(state.missions) == 5
    assert GAME.seat_range(GAME.parse_options({})) == range(2, 5)
    assert GAME.seat_range(GAME.parse_options({"double_agent": True})) == range(2, 6)
    with pytest.raises(ValueError):
        GAME.setup(5, GAME.parse_options({}), 1)


def test_double_agent_example_pink_moves_from_board_6_to_board_9():
    state = five_players()
    put(state, "casino", "I", "S. Buonocore", PINK)
    garbo = put(state, "avenida_palace", "I", "Garbo", BLUE, face_up=False)
    put(state, "avenida_palace", "II", "Guedes", YELLOW, colour="yellow")  # stops at Location 9
    put(state, "museum", "I", "Guedes", RED, colour="red")  # stops at Location 8
    start_resolving(state)
    assert pending_kind(state) == ("ability", PINK)
    state, events = act(
        state,
        PINK,
        {"type": "use", "ability": "Double Agent", **where(state, "avenida_palace", "I")},
    )
    assert tile_id("S. Buonocore") in state.hands[PINK], "the agent goes back to the hand"
    assert state.grid[slot(state, "casino")].spaces[0] is None
    avenida = state.grid[slot(state, "avenida_palace")].spaces[0]
    assert avenida.tile == garbo.tile and avenida.controller == PINK and avenida.double_agent
    assert state.markers[BLUE] == state.markers_each, "Blue loses control: his marker comes back"
    view = GAME.view(state, PINK)["grid"]["locations"][1]["spaces"][0]["occupant"]
    assert view["marker"] == "pink" and view["owner"] == "blue"
    assert "tile" not in view, "controlling a face-down tile does not reveal it"
    assert pending_kind(state) == ("ability", RED)
    state = pass_until(state, lambda s: pending_kind(s) == ("ability", YELLOW))
    assert state.grid[slot(state, "avenida_palace")].spaces[0].controller == PINK
    state, events = act(state, YELLOW, {"type": "pass"})
    reward = next(
        e for e in events if e.type == "reward" and e.data["location"] == "Hotel Avenida Palace"
    )
    assert reward.data["winner"] == "pink"
    assert garbo.tile in state.hands[BLUE], "at round end the character returns to its owner"


def test_double_agent_limits_shield_chain_and_already_controlled():
    state = five_players()
    put(state, "casino", "I", "Heiko E.", PINK)
    put(state, "avenida_palace", "I", "Garbo", BLUE, shield=True)
    put(state, "avenida_palace", "II", "Pires", GREEN, double_agent=True)
    change(state, "avenida_palace", "II", controller=RED)
    put(state, "avenida_palace", "III", "Araújo", PINK, colour="pink")
    put(state, "museum", "I", "Otto M.", YELLOW)
    put(state, "tamariz", "I", "Walser S.", YELLOW)  # not adjacent to the Casino
    targets = double_agent_targets(state, (slot(state, "casino"), 0))
    assert targets == [(slot(state, "museum"), 0)], "not shielded, not doubled, not your own"
    change(state, "casino", "I", double_agent=True, controller=YELLOW)
    assert double_agent_targets(state, (slot(state, "casino"), 0)) == [], "no chains"


def test_seduction_of_a_double_agented_tile_keeps_its_controller():
    state = five_players()
    put(state, "casino", "I", "Elizabeth", YELLOW, colour="yellow")
    put(state, "avenida_palace", "I", "Garbo", BLUE, controller=PINK, double_agent=True)
    seduction(state, (slot(state, "casino"), 0), (slot(state, "avenida_palace"), 0), 1)
    moved = state.grid[slot(state, "casino")].spaces[1]
    assert moved.controller == PINK and moved.seduced and moved.owner == BLUE


def test_hotel_avenida_palace_example_pinks_uk_nationalism_tile_totals_4():
    state = five_players()
    put(state, "palacio", "I", "G. Green", PINK)
    palacio = slot(state, "palacio")
    assert palacio in state.geometry().adjacent(slot(state, "avenida_palace"))
    assert resolution.strength_totals(state, palacio) == {PINK: 4}


def test_avenida_palace_ignores_nationalism_of_seduced_tiles_and_far_boards():
    state = five_players()
    put(state, "museum", "I", "G. Green", PINK)  # not adjacent to the Avenida
    assert resolution.strength_totals(state, slot(state, "museum")) == {PINK: 2}
    put(state, "avenida_palace", "I", "Salazar", RED)
    assert resolution.strength_totals(state, slot(state, "avenida_palace")) == {RED: 3}
    change(state, "avenida_palace", "I", seduced=True)
    assert resolution.strength_totals(state, slot(state, "avenida_palace")) == {RED: 2}


def test_alcantara_rotation_example():
    """Pink places first on Alcântara and turns it: now next to inner spaces of 2 boards."""
    state = five_players()
    layout = list(FIVE_LAYOUT)
    layout[0], layout[1], layout[4] = ("museum", 0), ("alcantara", 0), ("casino", 0)
    layout[5], layout[6] = ("atlantico", 0), ("palacio", 0)
    lay_out(state, layout)
    alcantara = slot(state, "alcantara")
    state.turn, state.placed = PINK, False
    tile = character(state.hands[PINK][0]).label
    state, _ = act(state, PINK, {"type": "place", "tile": tile, **where(state, "alcantara", "II")})
    assert pending_kind(state) == ("rotate", PINK)
    assert GAME.view(state, PINK)["prompt"]["degrees"] == [0, 90, -90, 180]
    geo_before = state.geometry()
    before = {ref for ref in geo_before.neighbours((alcantara, 1)) if ref[0] != alcantara}
    state, events = act(state, PINK, {"type": "rotate", "degrees": -90})
    geo = state.geometry()
    assert geo.cells[(alcantara, 1)] == (1, 2)
    after = set(geo.neighbours((alcantara, 1)))
    others = {ref for ref in after if ref[0] != alcantara}
    assert others == {(slot(state, "museum"), 2), (slot(state, "atlantico"), 0)}
    assert not any(geo.is_outer(ref) for ref in others), "two inner spaces of two boards"
    assert all(geo_before.is_outer(ref) for ref in before), "before: no inner neighbour"
    assert state.grid[alcantara].spaces[1] is not None, "the tile turns with the board"
    # The next player to place there may not rotate it again.
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "alcantara", "III")})
    assert pending_kind(state) is None or pending_kind(state)[0] != "rotate"


def test_double_agent_missions():
    hands = [
        [tile_id("S. Buonocore"), tile_id("Mihajlo D.")],
        [tile_id("Heiko E."), tile_id("Garbo")],
    ]
    discards = [[tile_id("Pires")], [tile_id("Amélia"), tile_id("Otto M.")]]
    scores = scoring.final_scores(
        hands, discards, ["most-double-agent", "fewest-discards"], None, False
    )
    assert scores[0].missions == {"most-double-agent": 6, "fewest-discards": 6}
    assert scores[1].missions == {}


# -- VIP -----------------------------------------------------------------------------------------


CASINO_LAYOUT = [
    ("casino", 0),
    ("tamariz", 0),
    ("church", 0),
    ("palacio", 0),
    ("atlantico", 0),
    ("museum", 0),
]
"""Casino (6) top left, for the Roulette."""

GARRET_LAYOUT = [
    ("garret", 0),
    ("tamariz", 0),
    ("church", 0),
    ("palacio", 0),
    ("casino", 0),
    ("museum", 0),
]
"""Garret (10) top left."""

AIRPORT_LAYOUT = [
    ("airport", 0),
    ("tamariz", 0),
    ("church", 0),
    ("palacio", 0),
    ("casino", 0),
    ("museum", 0),
]
"""Portela Airport top left."""


def vip_state(**options: bool) -> EstorilState:
    state = new_state(4, vip=True, **options)
    return state


def test_garret_two_rewards_and_women_plus_2():
    state = vip_state()
    lay_out(state, GARRET_LAYOUT)
    set_reward(state, "garret", "Garbo", face_up=False)
    set_reward(state, "garret", "Pires", face_up=False)
    put(state, "garret", "I", "Nora S.", RED)  # woman: 1 + 2
    put(state, "garret", "II", "Otto M.", BLUE)  # 2
    garret = slot(state, "garret")
    assert resolution.strength_totals(state, garret) == {RED: 3, BLUE: 2}
    events = resolution.receive_reward(state, garret)
    assert {tile_id("Garbo"), tile_id("Pires")} <= set(state.hands[RED])
    assert events[0].data["rewards"] == ["Garbo", "Pires"]


def test_garret_gets_two_reward_tiles_each_round():
    for seed in range(30):
        state = new_state(4, seed=seed, vip=True)
        garret = state.slot_of("garret")
        if garret is not None:
            assert len(state.grid[garret].rewards) == 2
            return
    pytest.fail("Garret never drawn")


def test_conspiracy_at_the_garret_names_which_reward():
    state = vip_state()
    lay_out(state, GARRET_LAYOUT)
    set_reward(state, "garret", "Garbo")
    set_reward(state, "garret", "Pires")
    put(state, "garret", "I", "Otto M.", RED)
    start_resolving(state)
    assert {"type": "use", "ability": "Conspiracy", "reward": 2} in GAME.legal_actions(state, RED)


@pytest.mark.parametrize(
    ("space", "die", "low", "high"),
    [(0, 6, 5, 7), (1, 6, 4, 8), (2, 6, 3, 9), (2, 2, 1, 5), (2, 11, 8, 12), (0, 12, 11, 12)],
)
def test_airport_die_changes_by_up_to_the_numeral_without_wrapping(space, die, low, high):
    state = vip_state()
    lay_out(state, AIRPORT_LAYOUT)
    state.change_location(0, die=die)
    assert airport_die_range(state, 0, space) == range(low, high + 1)


def test_airport_placement_offers_the_die_and_resolves_first_on_a_tie():
    state = vip_state()
    lay_out(state, AIRPORT_LAYOUT)
    state.change_location(0, die=4)
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "airport", "I")})
    assert pending_kind(state) == ("airport", RED)
    assert GAME.legal_actions(state, RED) == [{"type": "set_die", "value": v} for v in (3, 4, 5)]
    state, _ = act(state, RED, {"type": "set_die", "value": 3})
    order = resolution_order(state)
    assert order.index(slot(state, "airport")) == order.index(slot(state, "tamariz")) - 1


def test_roulette_needs_an_extra_tile_and_goes_to_the_winners_discards():
    state = vip_state(roulette=True)
    lay_out(state, CASINO_LAYOUT)
    state.turn, state.placed = RED, False
    hand = sorted(state.hands[RED])
    tile = character(hand[0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "casino", "I")})
    assert pending_kind(state) == ("roulette", RED)
    extra = character(hand[1]).label
    state, events = act(state, RED, {"type": "roulette", "tile": extra, "from": "hand"})
    casino = state.grid[slot(state, "casino")]
    assert [r.tile for r in casino.roulette] == [hand[1]]
    for seat in range(4):
        view = GAME.view(state, seat)
        assert view["grid"]["locations"][0]["roulette"] == {"tiles_under": 1}
        assert extra not in str(view["grid"]), "nobody may look at Roulette tiles"
    public = [e for e in events if e.audience is None]
    assert extra not in str([e.data for e in public])


def test_roulette_forbids_the_casino_without_a_tile_to_spare():
    state = vip_state(roulette=True)
    lay_out(state, CASINO_LAYOUT)
    keep = state.hands[RED][0]
    state.removed += [t for t in state.hands[RED] if t != keep]
    state.hands[RED] = [keep]
    casino = slot(state, "casino")
    assert not any(ref[0] == casino for ref in placement.placement_spaces(state, RED))
    give(state, RED, "Garbo")
    state.discards[RED].append(state.hands[RED].pop())
    assert any(ref[0] == casino for ref in placement.placement_spaces(state, RED))


def test_roulette_tiles_leave_the_game_when_nobody_wins_the_casino():
    state = vip_state(roulette=True)
    lay_out(state, CASINO_LAYOUT)
    casino = slot(state, "casino")
    garbo = give(state, RED, "Garbo")
    state.hands[RED].remove(garbo)
    state.change_location(
        casino, roulette=(RouletteTile(tile=garbo, placer=RED, from_discards=False),)
    )
    resolution.receive_reward(state, casino)
    assert garbo in state.removed
    state.removed.remove(garbo)
    state.change_location(
        casino, roulette=(RouletteTile(tile=garbo, placer=RED, from_discards=False),)
    )
    put(state, "casino", "I", "Pires", BLUE)
    resolution.receive_reward(state, casino)
    assert garbo in state.discards[BLUE], "the winner takes them face up into the discard pile"


def test_black_medals_cost_one_vp_with_the_roulette():
    hand = [[tile_id("Nicolás F."), tile_id("Kim P."), tile_id("Garbo")], [tile_id("Pires")]]
    with_roulette = scoring.final_scores(hand, [[], []], [], None, True)
    without = scoring.final_scores(hand, [[], []], [], None, False)
    assert with_roulette[0].total == without[0].total - 2


def test_vip_missions():
    hands = [
        [
            tile_id("Carol II"),
            tile_id("Krystyna S."),
            tile_id("Umberto II"),
            tile_id("Araújo", "red"),
        ],
        [tile_id("Josephine B."), tile_id("Hans R.", "green"), tile_id("Guedes", "green")],
    ]
    scores = scoring.final_scores(
        hands, [[], []], ["flags-vip", "fewest-seduction", "most-starting"], None, False
    )
    assert scores[0].missions == {"flags-vip": 6, "fewest-seduction": 6}
    assert scores[1].missions == {"most-starting": 6}


def test_roulette_option_needs_vip():
    with pytest.raises(ValueError):
        GAME.parse_options({"roulette": True})


def test_roulette_tile_from_the_discard_pile_is_public():
    state = vip_state(roulette=True)
    lay_out(state, CASINO_LAYOUT)
    garbo = give(state, RED, "Garbo")
    state.hands[RED].remove(garbo)
    state.discards[RED].append(garbo)
    state.turn, state.placed = RED, False
    tile = character(sorted(state.hands[RED])[0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "casino", "I")})
    assert {"type": "roulette", "tile": "Garbo", "from": "discards"} in GAME.legal_actions(
        state, RED
    )
    state, events = act(state, RED, {"type": "roulette", "tile": "Garbo", "from": "discards"})
    assert events[0].audience is None and events[0].data["tile"] == "Garbo"
    assert state.discards[RED] == [] and state.grid[0].roulette[0].from_discards
