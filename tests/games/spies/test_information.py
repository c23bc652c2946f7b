"""When the starting side becomes known, and what the setup shows (the generic checks of
who may know what — declarations, determinize redraws, twin histories, copies — run for
every game in ``tests/games/test_contract.py``)."""

from __future__ import annotations

import pytest

from spyhouse.engine import Rng
from spyhouse.games.spies import GAME

from .helpers import BLUE, RED, before_deployment, deploy_all

SEAT_COUNTS = (2, 3, 4)


def starting_sides_seen(seed: int, seats: int = 2) -> set[object]:
    state = GAME.setup(seats, GAME.Options(), seed)
    return {GAME.view(state, s)["starting_side"] for s in [None, *range(seats)]}


def test_the_starting_side_is_unknown_until_the_first_mission_phase():
    """ "Mission phase: flip or spin the Starting Player card to decide who'll begin the
    first round" — not before: no view and no setup event may tell it."""
    for seed in range(20):
        assert starting_sides_seen(seed) == {None}
        state = GAME.setup(2, GAME.Options(), seed)
        for event in GAME.setup_events(state):
            assert "starting_side" not in event.data


def test_determinize_redraws_the_starting_side_before_it_is_spun():
    state = GAME.setup(2, GAME.Options(), 3)
    drawn = {GAME.determinize(state, RED, Rng(seed)).starting_side for seed in range(30)}
    assert drawn == {RED, BLUE}


def test_the_starting_player_card_is_spun_when_the_first_mission_phase_begins():
    state = before_deployment(starting=BLUE)
    assert GAME.view(state, None)["starting_side"] is None
    pending = GAME.to_act(state)
    assert pending == {RED, BLUE}
    state = deploy_all(state, {RED: [1, 2, 3, 6], BLUE: [2, 3, 6, 8]})
    assert GAME.view(state, None)["starting_side"] == "blue"
    assert GAME.view(state, None)["turn"]["guessing_side"] == "blue"
    # Later days: the card is known, determinize keeps it.
    assert {GAME.determinize(state, RED, Rng(s)).starting_side for s in range(10)} == {BLUE}


def test_the_spin_is_announced_publicly():
    state = before_deployment(starting=RED)
    state, _ = GAME.apply(
        state, RED, {"type": "deploy", "soldiers": ["Spy", "Scout", "Miner", "Bomb"]}
    )
    state, _ = GAME.apply(
        state, BLUE, {"type": "deploy", "soldiers": ["Spy", "Scout", "Miner", "Bomb"]}
    )
    state, events = GAME.apply(state, RED, {"type": "place_intel"})
    assert not [e for e in events if e.type == "starting_player"]
    state, events = GAME.apply(state, BLUE, {"type": "place_intel"})
    spun = [e for e in events if e.type == "starting_player"]
    assert len(spun) == 1 and spun[0].audience is None and spun[0].data == {"side": "red"}


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_setup_events_show_what_the_setup_shows(seats):
    state = GAME.setup(seats, GAME.Options(), 5)
    events = GAME.setup_events(state)
    public = [e for e in events if e.audience is None]
    assert [e.type for e in public] == ["setup"]
    assert public[0].data["old_intel"] == GAME.view(state, None)["intel"]["old"][0]["name"]
    assert public[0].data["exhausted"] == {
        side: [s["name"] for s in GAME.view(state, None)["sides"][side]["exhausted"]][0]
        for side in ("red", "blue")
    }
    for seat in range(seats):
        (hand,) = [e for e in events if e.type == "hand" and e.visible_to(seat)]
        assert hand.audience == frozenset(s for s in range(seats) if s % 2 == seat % 2)
        mine = GAME.view(state, seat)["sides"]["red" if seat % 2 == 0 else "blue"]["hand"]
        assert hand.data["soldiers"] == [s["name"] for s in mine]
