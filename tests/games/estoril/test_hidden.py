"""Leak tests: what each seat's view and events must never show."""

from __future__ import annotations

import json

from spyhouse.engine import Rng
from spyhouse.engine.testing import check_no_leak
from spyhouse.games.estoril import GAME, hidden, memory
from spyhouse.games.estoril.components import character
from spyhouse.games.estoril.state import RouletteTile
from tests.games.estoril.helpers import (
    BASE_LAYOUT,
    BLUE,
    GREEN,
    PINK,
    RED,
    YELLOW,
    act,
    give,
    lay_out,
    new_state,
    put,
    set_reward,
    slot,
    start_resolving,
    tile_id,
    where,
)


def text(view: dict) -> str:
    return json.dumps(view, ensure_ascii=False)


def test_face_down_tiles_are_placeholders_for_others():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "atlantico", "I", "C. Lucky Luciano", BLUE, face_up=False)
    assert "Lucky" in text(GAME.view(state, BLUE))
    for seat in (RED, GREEN, YELLOW, None):
        view = GAME.view(state, seat)
        assert "Lucky" not in text(view)
        occ = view["grid"]["locations"][3]["spaces"][0]["occupant"]
        assert occ["face_down"] and occ["marker"] == "blue" and "tile" not in occ


def test_face_down_rewards_and_the_pile_stay_hidden():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    set_reward(state, "museum", "Garbo", face_up=False)
    top = character(state.pile[0]).label
    for seat in (RED, BLUE, None):
        view = text(GAME.view(state, seat))
        assert "Garbo" not in view and top not in view


def test_other_hands_show_only_their_size():
    state = new_state(4)
    give(state, BLUE, "C. Lucky Luciano")
    view = GAME.view(state, RED)
    assert "Lucky" not in text(view) and view["players"][BLUE]["hand_size"] == 7
    assert "Lucky" in text(GAME.view(state, BLUE))
    assert GAME.view(state, None)["hand"] is None


def test_other_looks_stay_private():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "atlantico", "I", "C. Lucky Luciano", BLUE, face_up=False)
    state.turn, state.placed = RED, False
    tile = character(state.hands[RED][0]).label
    state, _ = act(state, RED, {"type": "place", "tile": tile, **where(state, "atlantico", "III")})
    state, events = act(state, RED, {"type": "look", **where(state, "atlantico", "I")})
    assert "Lucky" in text(GAME.view(state, RED))
    for seat in (GREEN, YELLOW, None):
        assert "Lucky" not in text(GAME.view(state, seat))
        assert all("Lucky" not in json.dumps(e.data) for e in events if e.visible_to(seat))


def test_pending_discards_are_secret_until_revealed():
    state = new_state(3)
    lay_out(state, BASE_LAYOUT)
    give(state, RED, "C. Lucky Luciano")
    give(state, BLUE, "Garbo")
    start_resolving(state)
    state, events = act(state, RED, {"type": "discard", "tile": "C. Lucky Luciano"})
    assert "Lucky" not in text(GAME.view(state, BLUE))
    assert "Lucky" in text(GAME.view(state, RED))
    assert all("Lucky" not in json.dumps(e.data) for e in events if e.visible_to(BLUE))
    for seat in range(3):
        check_no_leak(GAME, state, seat, Rng(seat))


def test_conspiracy_pile_top_is_shown_only_to_the_conspirator():
    state = new_state(4)
    lay_out(state, BASE_LAYOUT)
    put(state, "tamariz", "I", "Otto M.", GREEN)
    set_reward(state, "tamariz", "Garbo")
    start_resolving(state)
    state, events = act(state, GREEN, {"type": "use", "ability": "Conspiracy"})
    top = character(state.pile[0]).label
    assert top in text(GAME.view(state, GREEN))
    for seat in (RED, BLUE, YELLOW, None):
        assert top not in text(GAME.view(state, seat))
    for seat in range(4):
        check_no_leak(GAME, state, seat, Rng(seat))
    other = hidden.determinize(state, GREEN, Rng(1))
    assert other.pile[0] == state.pile[0], "Green knows the top tile: it is not redrawn"


def test_roulette_tiles_are_seen_by_nobody():
    state = new_state(4, vip=True, roulette=True)
    lay_out(state, [("casino", 0), *BASE_LAYOUT[1:4], ("church", 0), ("hells_mouth", 0)])
    casino = slot(state, "casino")
    lucky = give(state, RED, "C. Lucky Luciano")
    state.hands[RED].remove(lucky)
    under = RouletteTile(tile=lucky, placer=RED, from_discards=False)
    state.change_location(casino, roulette=(*state.grid[casino].roulette, under))
    memory.hand_blurs(state, RED)  # it left Red's hand face down: nobody saw which tile
    for seat in (RED, BLUE, None):
        assert "Lucky" not in text(GAME.view(state, seat))
    for seat in range(4):
        check_no_leak(GAME, state, seat, Rng(seat))
    redrawn = {
        hidden.determinize(state, BLUE, Rng(s)).grid[casino].roulette[0].tile for s in range(20)
    }
    assert len(redrawn) > 1, "unknown to Blue: redrawn"
    kept = hidden.determinize(state, RED, Rng(3))
    assert kept.grid[casino].roulette[0].tile == lucky, "Red put it there from his hand"


def test_double_agent_control_reveals_nothing():
    state = new_state(5, double_agent=True)
    lay_out(
        state,
        [
            ("casino", 0),
            ("avenida_palace", 0),
            ("church", 0),
            ("tamariz", 0),
            ("museum", 0),
            ("palacio", 0),
            ("atlantico", 0),
            ("muchaxo", 0),
        ],
    )
    put(
        state,
        "avenida_palace",
        "I",
        "C. Lucky Luciano",
        BLUE,
        face_up=False,
        controller=PINK,
        double_agent=True,
    )
    state.markers[BLUE] += 1
    state.markers[PINK] -= 1
    assert "Lucky" not in text(GAME.view(state, PINK))
    assert "Lucky" in text(GAME.view(state, BLUE))
    for seat in range(5):
        check_no_leak(GAME, state, seat, Rng(seat))


def test_determinize_keeps_starting_tiles_in_their_network():
    state = new_state(4, seed=9)
    for seed in range(20):
        other = hidden.determinize(state, RED, Rng(seed))
        for seat in range(4):
            colours = {character(t).colour for t in other.hands[seat]} - {None}
            assert colours <= {("red", "green", "blue", "yellow")[seat]}
    assert tile_id("Garbo") in [t for h in other.hands for t in h] + other.pile + [
        r.tile for loc in other.grid for r in loc.rewards
    ]
