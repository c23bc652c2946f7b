"""Leak tests specific to Spies & Lies, beyond the generic determinization check."""

from __future__ import annotations

import json

import pytest

from spyhouse.engine import IllegalAction, Rng
from spyhouse.engine.testing import check_no_leak
from spyhouse.games.spies import GAME, views
from spyhouse.games.spies.components import soldier_name

from .helpers import BLUE, RED, act, before_deployment, guess, position


def soldiers_seen(state, seat, side):
    return [m["soldier"] for m in GAME.view(state, seat)["sides"][side]["missions"]]


def test_deployed_cards_stay_hidden_until_revealed():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    for seat in (BLUE, None):
        assert soldiers_seen(state, seat, "red") == [None] * 4
        assert GAME.view(state, seat)["sides"]["red"]["hand"] is None
    assert [s["rank"] for s in soldiers_seen(state, RED, "red")] == [1, 2, 3, 6]
    state, _ = guess(state, 2)
    for seat in (BLUE, None, RED):
        assert soldiers_seen(state, seat, "red")[0] == {"rank": 1, "name": "Spy"}
        assert soldiers_seen(state, seat, "red")[1:] == (
            [None] * 3 if seat != RED else soldiers_seen(state, RED, "red")[1:]
        )
    for seat in (RED, BLUE):
        check_no_leak(GAME, state, seat, Rng(seat))


def test_the_sergeants_true_position_stays_hidden():
    """A lying Sergeant (a token though 4 is not on the Intel card) looks like any
    soldier the token could mean; the enemy's determinizations move him around."""
    state = position([1, 4, 8, 9], [2, 3, 6, 8], sergeant_token={RED: True}, intel=(7, 8, 9, 10))
    assert [m["intel_token"] for m in GAME.view(state, BLUE)["sides"]["red"]["missions"]] == [
        False,
        True,
        True,
        True,
    ]
    seen = set()
    for seed in range(40):
        check_no_leak(GAME, state, BLUE, Rng(seed))
        seen.add(tuple(GAME.determinize(state, BLUE, Rng(seed)).sides[RED].missions))
    assert any(line_up[1] != 4 for line_up in seen), "the Sergeant is always found"
    assert any(4 not in line_up for line_up in seen)


def test_the_sergeants_intel_choice_is_secret_until_the_tokens_show():
    state = before_deployment(seats=4)
    for seat, ranks in ((0, [1, 4]), (1, [1, 2]), (2, [6, 8]), (3, [3, 6])):
        state, _ = GAME.apply(
            state, seat, {"type": "deploy", "soldiers": [soldier_name(r) for r in ranks]}
        )
    state, _ = GAME.apply(state, 0, {"type": "place_intel", "sergeant_token": True})
    for seat in (1, 2, 3):
        assert "your_sergeant_token" not in GAME.view(state, seat)["sides"]["red"]
        check_no_leak(GAME, state, seat, Rng(seat))
    assert GAME.view(state, 0)["sides"]["red"]["your_sergeant_token"] is True


def test_a_teammate_on_missions_1_2_never_sees_3_4():
    state = before_deployment(seats=4, exhausted={RED: [5], BLUE: [5]})
    state, _ = GAME.apply(state, 0, {"type": "deploy", "soldiers": ["Spy", "Scout"]})
    state, _ = GAME.apply(state, 1, {"type": "deploy", "soldiers": ["Spy", "Scout"]})
    assert GAME.view(state, 0)["sides"]["red"]["hand"] is not None
    state, events = GAME.apply(state, 2, {"type": "deploy", "soldiers": ["Bomb", "Marshal"]})
    assert not any(e.visible_to(0) and "soldiers" in e.data for e in events)
    red = GAME.view(state, 0)["sides"]["red"]
    assert [m["soldier"] for m in red["missions"]][2:] == [None, None]
    assert red["hand"] is None
    unseen = {s["name"] for s in red["in_hand_or_teammate_missions"]}
    assert {"Bomb", "Marshal"} <= unseen and len(unseen) == 7
    assert [m["soldier"]["name"] for m in GAME.view(state, 2)["sides"]["red"]["missions"]] == [
        "Spy",
        "Scout",
        "Bomb",
        "Marshal",
    ]
    redrawn = {tuple(GAME.determinize(state, 0, Rng(s)).sides[RED].missions) for s in range(30)}
    assert len(redrawn) > 1 and all(line_up[:2] == (1, 2) for line_up in redrawn)
    for seat in range(4):
        check_no_leak(GAME, state, seat, Rng(seat))
    state, _ = GAME.apply(state, 3, {"type": "deploy", "soldiers": ["Bomb", "Marshal"]})
    for seat in range(4):
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    while state.phase == "missions" and state.turn < 4:
        assert soldiers_seen(state, 0, "red")[2:] == [None, None]
        check_no_leak(GAME, state, 0, Rng(state.turn))
        state, _ = guess(state, 10)  # never right, never a Captain or Marshal decision


def test_views_never_show_the_rng_or_the_intel_deck_order():
    state = position([1, 2, 3, 6], [2, 3, 6, 8])
    for seat in (None, RED, BLUE):
        text = json.dumps(GAME.view(state, seat))
        assert str(state.rng) not in text
        assert "intel_deck" not in text
        assert GAME.view(state, seat)["intel"]["deck_size"] == len(state.intel_deck)


def test_the_leak_check_catches_a_view_that_shows_the_enemy_line_up(monkeypatch):
    state = position([1, 4, 2, 10], [2, 3, 6, 8])
    real = views.view

    def leaky(state, seat):
        shown = real(state, seat)
        shown["enemy"] = state.sides[1 - (seat or 0) % 2].missions
        return shown

    monkeypatch.setattr(views, "view", leaky)
    with pytest.raises(AssertionError, match="hidden information"):
        for seed in range(20):
            check_no_leak(GAME, state, RED, Rng(seed))


def test_refusal_messages_reveal_nothing_hidden():
    state = position([1, 2, 3, 6], [2, 3, 6, 8], starting=BLUE)
    state, _ = act(state, {"type": "no_deception"})
    with pytest.raises(IllegalAction) as refused:
        act(state, {"type": "guess", "mission": 2, "soldier": "Spy"})
    assert refused.value.code == "wrong_mission" and "Mission 1" in refused.value.message
    assert not any(soldier_name(r) in refused.value.message for r in (1, 2, 3, 6))
