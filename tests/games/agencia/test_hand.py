"""(A) the Embassy location, (B) playing in turn, (D) replacement, (E) the new
Ambassador and the Round tokens, and refused actions."""

from __future__ import annotations

import pytest

from spyhouse.engine import IllegalAction
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.state import Location, Phase
from tests.games.agencia.helpers import (
    DOWN,
    MINE,
    OTHERS,
    UP,
    arrange,
    check_invariants,
    of_type,
    play_hand,
)

FOUR = [{UP: "1 Agent"}, {UP: "2 Agents"}, {UP: "3 Agents"}, {UP: "4 Agents"}]


def test_the_ambassador_chooses_hall_or_garden():
    state = arrange(FOUR, ambassador=1)
    assert GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == [
        {"type": "choose_location", "location": "Hall"},
        {"type": "choose_location", "location": "Garden"},
    ]
    assert all(GAME.legal_actions(state, seat) == [] for seat in (0, 2, 3))
    prompt = GAME.view(state, 1)["prompt"]
    assert prompt["kind"] == "choose_location"
    assert [c["location"] for c in prompt["locations"]] == ["Hall", "Garden"]
    state, events = GAME.apply(state, 1, {"type": "choose_location", "location": "Garden"})
    assert state.embassy is Location.GARDEN
    assert [e.data for e in events] == [{"seat": 1, "location": "Garden", "agents": 4}]
    assert GAME.view(state, None)["embassy"] == {"location": "Garden", "minimum": 4}


def test_play_goes_clockwise_from_the_ambassadors_left_and_ends_with_the_ambassador():
    state = arrange(FOUR, ambassador=2)
    state, _ = GAME.apply(state, 2, {"type": "choose_location", "location": "Hall"})
    assert GAME.view(state, None)["play_order"] == [3, 0, 1, 2]
    order = []
    while state.phase is Phase.PLAY:
        (seat,) = GAME.to_act(state)
        assert len(GAME.legal_actions(state, seat)) == 4
        prompt = GAME.view(state, seat)["prompt"]
        assert prompt["kind"] == "play"
        assert [e["position"] for e in prompt["positions"]] == [p.value for p in Position]
        assert [e["state"] for e in prompt["positions"]] == ["seen", "hidden", "seen", "hidden"]
        order.append(seat)
        state, _ = GAME.apply(state, seat, {"type": "play", "position": "table_face_down"})
    assert order == [3, 0, 1, 2]


def test_later_players_see_earlier_plays_face_up():
    state = arrange(FOUR)
    state, _ = GAME.apply(state, 0, {"type": "choose_location", "location": "Hall"})
    state, events = GAME.apply(state, 1, {"type": "play", "position": "table_face_down"})
    card = state.players[1].played.card
    assert [(e.type, e.data, e.audience) for e in events] == [
        ("card_played", {"seat": 1, "position": "table_face_down", "card": card}, None)
    ]
    for seat in (None, 0, 1, 2, 3):
        played = GAME.view(state, seat)["players"][1]["played"]
        assert played["from"] == "table_face_down"
        assert played["in_game"] is True
    down = GAME.view(state, 2)["players"][1]["positions"][1]
    assert down == {"position": "table_face_down", "label": DOWN.label, "state": "empty"}


def test_replacement_draws_the_top_card_into_the_emptied_position():
    state = arrange(FOUR, decks=[["Recruiter", "5 Agents", "Infiltrator", "Recruiter"]] * 4)
    plays = {0: UP, 1: DOWN, 2: MINE, 3: OTHERS}
    state, events = play_hand(state, "Garden", plays)
    for seat, position in plays.items():
        player = state.players[seat]
        assert player.positions[position] == "Recruiter"
        assert player.deck[:3] == ["5 Agents", "Infiltrator", "Recruiter"]
        assert player.unseen == 3
    # The drawn card takes the position's visibility, in the view and in the events.
    drawn = {e.data["seat"]: e for e in events if e.type == "card_seen"}
    assert 1 not in drawn, "nobody sees a card drawn face down"
    assert drawn[2].audience == {2}
    assert drawn[3].audience == {0, 1, 2}
    public = [e.data for e in events if e.type == "card_drawn" and e.data["seat"] == 0]
    assert public == [{"seat": 0, "position": "table_face_up", "card": "Recruiter"}]
    assert all("card" not in e.data for e in events if e.type == "card_drawn" and e.data["seat"])

    def seen(viewer, owner, position):
        entries = GAME.view(state, viewer)["players"][owner]["positions"]
        return next(e for e in entries if e["position"] == position.value)["state"] == "seen"

    assert all(seen(v, 0, UP) for v in range(4))
    assert not any(seen(v, 1, DOWN) for v in range(4))
    assert [seen(v, 2, MINE) for v in range(4)] == [False, False, True, False]
    assert [seen(v, 3, OTHERS) for v in range(4)] == [True, True, True, False]


def test_after_four_hands_the_deck_holds_only_public_discards():
    state = arrange(FOUR)
    for _ in range(4):
        state, _ = play_hand(state, "Hall", dict.fromkeys(range(4), UP))
    for player in state.players:
        assert player.unseen == 0 and player.remembered == []
    # The next card drawn face down is one everyone saw go to the bottom.
    top = state.players[2].deck[0]
    state, _ = play_hand(state, "Hall", {0: UP, 1: UP, 2: DOWN, 3: UP})
    assert state.players[2].positions[DOWN] == top
    assert state.players[2].remembered == [DOWN]
    entry = GAME.view(state, 2)["players"][2]["positions"][1]
    assert entry["state"] == "hidden", "the view shows the table, not a memory aid"
    check_invariants(state)
    # Playing it forgets that card; the next one drawn there is remembered in its turn.
    state, _ = play_hand(state, "Hall", {0: UP, 1: UP, 2: DOWN, 3: UP})
    assert state.players[2].remembered == [DOWN]


@pytest.mark.parametrize(("seats", "hands"), [(3, 12), (4, 12), (5, 10), (6, 12)])
def test_the_embassy_tile_moves_clockwise_and_round_tokens_end_the_game(seats, hands):
    cards = ["1 Agent", "2 Agents", "3 Agents", "4 Agents", "5 Agents", "Recruiter"]
    state = arrange([{UP: cards[s]} for s in range(seats)], ambassador=seats - 1)
    ambassadors, tokens = [], []
    played = 0
    while state.phase is not Phase.OVER:
        assert GAME.outcome(state) is None
        ambassadors.append(state.ambassador)
        tokens.append(state.round_tokens)
        assert state.hand == played + 1
        state, events = play_hand(state, "Hall", dict.fromkeys(range(seats), OTHERS))
        played += 1
    assert played == hands
    assert ambassadors == [(seats - 1 + h) % seats for h in range(hands)]
    rounds = hands // seats
    assert tokens == [rounds - h // seats for h in range(hands)]
    assert state.round_tokens == 0
    assert of_type(events, "round_token_returned") == [{"round_tokens_left": 0}]
    assert GAME.outcome(state) is not None and GAME.to_act(state) == frozenset()
    check_invariants(state)


def refused(state, seat, action, code):
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert err.value.code == code
    assert err.value.message
    assert GAME.dump(state) == before


def test_illegal_actions_are_refused_and_change_nothing():
    state = arrange(FOUR)
    refused(state, 1, {"type": "choose_location", "location": "Hall"}, "not_your_turn")
    refused(state, 0, {"type": "play", "position": "table_face_up"}, "wrong_decision")
    refused(state, 0, {"type": "choose_location", "location": "Roof"}, "unknown_name")
    refused(state, 0, {"type": "choose_location"}, "bad_value")
    refused(state, 0, {"type": "choose_location", "location": "Hall", "x": 1}, "unknown_key")
    state, _ = GAME.apply(state, 0, {"type": "choose_location", "location": "Hall"})
    refused(state, 0, {"type": "play", "position": "table_face_up"}, "not_your_turn")
    refused(state, 1, {"type": "play", "position": "pocket"}, "unknown_name")
    refused(state, 1, {"type": "play", "position": 3}, "bad_value")
    refused(state, 1, {"type": "recruit", "target": 2}, "wrong_decision")


def test_illegal_targets_are_refused_and_change_nothing():
    state = arrange([{UP: "1 Agent"}, {UP: "Recruiter"}, {UP: "2 Agents"}, {UP: "Infiltrator"}])
    state, _ = GAME.apply(state, 0, {"type": "choose_location", "location": "Hall"})
    for seat in (1, 2, 3, 0):
        state, _ = GAME.apply(state, seat, {"type": "play", "position": "table_face_up"})
    # Seat 3's Infiltrator took seat 1's Recruiter at once (the only one).
    assert state.phase is Phase.CHOOSE_LOCATION
    state = arrange([{UP: "1 Agent"}, {UP: "Recruiter"}, {UP: "2 Agents"}, {UP: "3 Agents"}])
    state, _ = GAME.apply(state, 0, {"type": "choose_location", "location": "Hall"})
    for seat in (1, 2, 3, 0):
        state, _ = GAME.apply(state, seat, {"type": "play", "position": "table_face_up"})
    assert GAME.to_act(state) == {1}
    refused(state, 1, {"type": "recruit", "target": 1}, "illegal_choice")
    refused(state, 1, {"type": "recruit", "target": 7}, "illegal_choice")
    refused(state, 1, {"type": "recruit", "target": True}, "bad_value")
    refused(state, 1, {"type": "recruit", "target": "2"}, "bad_value")
    refused(state, 1, {"type": "infiltrate", "target": 2}, "wrong_decision")
    refused(state, 1, {"type": "play", "position": "table_face_up"}, "wrong_decision")
    refused(state, 0, {"type": "recruit", "target": 2}, "not_your_turn")
    state, _ = GAME.apply(state, 1, {"type": "recruit", "target": 3})
    assert state.players[1].deck[-1] == "3 Agents"


def test_no_action_after_the_game_is_over():
    state = arrange(FOUR)
    state.phase = Phase.OVER
    refused(state, 0, {"type": "choose_location", "location": "Hall"}, "game_over")
    assert all(GAME.legal_actions(state, seat) == [] for seat in range(4))
    assert Position.TABLE_FACE_UP.label == "on the table, face up"
