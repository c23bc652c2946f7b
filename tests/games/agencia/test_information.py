"""Who may know what: declarations, determinize redraws, twin histories, setup events."""

from __future__ import annotations

import pytest

from spyhouse.engine.testing import (
    check_copy,
    check_declarations,
    check_determinize_redraws,
    check_twin_histories,
    random_playout,
    scale,
    twin_seeds,
)
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position

SEATS = [3, 4, 5, 6]


def test_every_state_field_declares_who_may_know_it():
    check_declarations(GAME)


@pytest.mark.parametrize("seats", SEATS)
def test_determinize_redraws_every_hidden_field(seats):
    for seed in range(scale(3)):
        check_determinize_redraws(GAME, seats, {}, seed)


@pytest.mark.parametrize("seats", SEATS)
def test_twin_histories_for_spectators(seats):
    pairs = twin_seeds(GAME, seats, {}, observer=None, pairs=scale(3), search=20_000)
    assert pairs
    for a, b in pairs:
        check_twin_histories(GAME, seats, {}, a, b)


@pytest.mark.parametrize("seats", SEATS)
def test_twin_histories_from_unrelated_seeds(seats):
    """Histories that differ at once still check every seat's first view and prompt."""
    for seed in range(scale(5)):
        check_twin_histories(GAME, seats, {}, seed, seed + 500)


@pytest.mark.parametrize("seats", SEATS)
def test_setup_events_show_each_seat_exactly_the_cards_it_sees(seats):
    state = GAME.setup(seats, GAME.Options(), 7)
    events = GAME.setup_events(state)
    for viewer in [None, *range(seats)]:
        shown = {
            (e.data["seat"], e.data["position"]): e.data["card"]
            for e in events
            if e.visible_to(viewer) and "card" in e.data
        }
        seen = {
            (owner, entry["position"]): entry["card"]["name"]
            for owner, player in enumerate(GAME.view(state, viewer)["players"])
            for entry in player["positions"]
            if entry["state"] == "seen"
        }
        assert shown == seen, viewer
    (public,) = [e for e in events if e.type == "getting_ready"]
    assert public.audience is None and public.data["ambassador"] == state.ambassador
    assert not any(e.data.get("position") == Position.TABLE_FACE_DOWN.value for e in events)


@pytest.mark.parametrize("seats", SEATS)
def test_state_copy_shares_nothing_mutable(seats):
    for seed in range(scale(2)):
        random_playout(GAME, seats, {}, seed, on_step=lambda state, _: check_copy(GAME, state))
