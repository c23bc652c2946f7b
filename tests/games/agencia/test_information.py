"""What La Agencia's setup shows each seat (the generic checks of who may know what —
declarations, determinize redraws, twin histories, copies — run for every game in
``tests/games/test_contract.py``)."""

from __future__ import annotations

import pytest

from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position

SEATS = [3, 4, 5, 6]


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
