"""What each seat may see of the four positions, the events, and determinization."""

from __future__ import annotations

from collections import Counter

import pytest

from spyhouse.engine import IllegalAction, Rng
from spyhouse.engine.testing import check_no_leak, random_playout
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.components import CARDS
from spyhouse.games.agencia.state import Phase
from tests.games.agencia.helpers import DOWN, MINE, OTHERS, UP, arrange, play_hand


def position_entries(state, viewer, owner):
    return {
        Position(entry["position"]): entry
        for entry in GAME.view(state, viewer)["players"][owner]["positions"]
    }


def check_visibility(state, events):
    """The four positions' exact visibility, for every seat and a spectator."""
    n = state.num_seats
    for viewer in [None, *range(n)]:
        for owner, player in enumerate(state.players):
            entries = position_entries(state, viewer, owner)
            for position, entry in entries.items():
                card = player.positions[position]
                if card is None:
                    assert entry["state"] == "empty"
                    continue
                visible = (
                    state.phase is Phase.OVER  # the end reveal (RULINGS.md)
                    or position is UP
                    or (position is MINE and viewer == owner)
                    or (position is OTHERS and viewer is not None and viewer != owner)
                )
                if visible:
                    assert entry["state"] == "seen" and entry["card"]["name"] == card
                else:
                    assert entry == {
                        "position": position.value,
                        "label": position.label,
                        "state": "hidden",
                    }
    for event in events:
        if event.type == "card_seen":
            owner, position = event.data["seat"], Position(event.data["position"])
            if position is OTHERS:
                assert event.audience == frozenset(range(n)) - {owner}
            else:
                assert position is MINE and event.audience == {owner}
        if event.type == "card_drawn" and event.data["position"] != UP.value:
            assert "card" not in event.data and event.audience is None


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_a_seat_never_sees_its_own_facing_others_card_nor_any_face_down_card(seats):
    """...and always sees the others' "facing others" cards, at every step."""
    for seed in range(3):
        random_playout(GAME, seats, {}, seed, on_step=check_visibility)


def test_the_deal_is_seen_as_the_rulebook_says():
    state = arrange([{UP: "1 Agent", DOWN: "2 Agents", MINE: "3 Agents", OTHERS: "4 Agents"}] * 3)
    check_visibility(state, [])
    names = {
        viewer: {
            p.value: e.get("card", {}).get("name")
            for p, e in position_entries(state, viewer, 0).items()
        }
        for viewer in (None, 0, 1)
    }
    assert names[0] == {
        "table_face_up": "1 Agent",
        "table_face_down": None,
        "hand_facing_owner": "3 Agents",
        "hand_facing_others": None,
    }
    assert names[1] == {
        "table_face_up": "1 Agent",
        "table_face_down": None,
        "hand_facing_owner": None,
        "hand_facing_others": "4 Agents",
    }
    assert names[None] == {
        "table_face_up": "1 Agent",
        "table_face_down": None,
        "hand_facing_owner": None,
        "hand_facing_others": None,
    }


def test_views_never_carry_the_rng_or_the_deck_order():
    state = GAME.setup(4, GAME.parse_options({}), 5)
    view = GAME.view(state, 0)
    assert str(state.rng) not in repr(view)
    for player in view["players"]:
        assert set(player) == {
            "seat",
            "you",
            "ambassador",
            "information",
            "deck_size",
            "positions",
            "played",
        }


def test_determinize_redraws_only_what_the_seat_does_not_know():
    state = arrange([{UP: "1 Agent"}, {UP: "2 Agents"}, {UP: "3 Agents"}, {UP: "4 Agents"}])
    # Two hands: each deck now holds 2 unseen cards over 2 public discards.
    for _ in range(2):
        state, _ = play_hand(state, "Hall", dict.fromkeys(range(4), UP))
    seat = 1
    variants = set()
    for seed in range(30):
        other = GAME.determinize(state, seat, Rng(seed))
        assert other.rng != state.rng
        for owner, (real, drawn) in enumerate(zip(state.players, other.players, strict=True)):
            assert Counter(drawn.owned()) == Counter(real.owned())
            assert drawn.deck[2:] == real.deck[2:], "public discards keep their place"
            assert drawn.positions[UP] == real.positions[UP]
            if owner == seat:
                assert drawn.positions[MINE] == real.positions[MINE]
            else:
                assert drawn.positions[OTHERS] == real.positions[OTHERS]
        variants.add(tuple(tuple(p.positions.values()) + tuple(p.deck) for p in other.players))
        check_no_leak(GAME, state, seat, Rng(seed))
    assert len(variants) > 10, "determinize must actually redraw the hidden cards"


def test_determinize_keeps_cards_remembered_from_the_public_deck():
    state = arrange([{UP: "1 Agent"}, {UP: "2 Agents"}, {UP: "3 Agents"}])
    for _ in range(4):
        state, _ = play_hand(state, "Garden", dict.fromkeys(range(3), UP))
    state, _ = play_hand(state, "Garden", {0: DOWN, 1: OTHERS, 2: MINE})
    assert state.players[0].remembered == [DOWN]
    assert state.players[2].remembered == [MINE]
    own_unknown = set()
    for seed in range(10):
        other = GAME.determinize(state, 2, Rng(seed))
        assert other.players[0].positions[DOWN] == state.players[0].positions[DOWN]
        assert other.players[1].positions[OTHERS] == state.players[1].positions[OTHERS]
        assert other.players[2].positions[MINE] == state.players[2].positions[MINE]
        own_unknown.add((other.players[2].positions[DOWN], other.players[2].positions[OTHERS]))
    # Seat 2's own face-down and facing-others cards (dealt, never seen) are redrawn.
    assert own_unknown == {("1 Agent", "4 Agents"), ("4 Agents", "1 Agent")}


def test_no_leak_while_a_recruiter_chooses():
    state = arrange(
        [{UP: "3 Agents"}, {OTHERS: "Recruiter"}, {DOWN: "5 Agents"}, {MINE: "1 Agent"}]
    )
    state, _ = GAME.apply(state, 0, {"type": "choose_location", "location": "Garden"})
    for seat, position in ((1, OTHERS), (2, DOWN), (3, MINE), (0, UP)):
        state, _ = GAME.apply(state, seat, {"type": "play", "position": position.value})
    assert GAME.to_act(state) == {1}
    for seat in range(4):
        for seed in range(5):
            check_no_leak(GAME, state, seat, Rng(seed))


def test_refusals_do_not_reveal_hidden_cards():
    state = arrange([{DOWN: "5 Agents"}, {OTHERS: "Infiltrator"}, {MINE: "Recruiter"}])
    state, _ = GAME.apply(state, 0, {"type": "choose_location", "location": "Hall"})
    for action in (
        {"type": "play", "position": "nowhere"},
        {"type": "recruit", "target": 0},
        {"type": "play"},
    ):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 1, action)
        for name in CARDS:
            assert name not in err.value.message
