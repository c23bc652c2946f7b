"""Challenges: clockwise offers, pass-and-lose-the-right, the announcement duel."""

import pytest

from spyhouse.engine import IllegalAction
from tests.games.conspiracy.helpers import GAME, act, coins_of, play, position, types

MOVE_SPYGLASS = {"type": "move", "agent": "Spyglass", "to": "Zurich"}


def spyglass_position(seats=3, to_act=0, restricted=(), **payoffs_on_spyglass):
    """Spyglass in Paris, each seat's payoff on Spyglass given as s0=, s1=, ..."""
    paid = {int(k[1:]): {"Spyglass": v} for k, v in payoffs_on_spyglass.items()}
    return position(
        seats,
        agents={"Spyglass": "Paris", "Tempest": "Paris"},
        payoffs=paid,
        solomon_space=15,
        to_act=to_act,
        restricted=restricted,
    )


def test_three_player_sequence_first_challenger_fails_second_succeeds():
    state = spyglass_position(3, s0=6, s1=4, s2=8)
    state, _ = act(state, 0, "move", agent="Spyglass", to="Zurich")
    assert GAME.to_act(state) == {1}
    state, events = play(
        state,
        (1, {"type": "challenge", "announce": 2}),
        (0, {"type": "announce", "amount": 3}),
        (1, {"type": "announce", "amount": 4}),
        (0, {"type": "announce", "amount": 5}),
        (1, {"type": "stop"}),
    )
    assert types(events)[-2:] == ["challenge_failed", "challenge_offered"]
    assert state.restricted[1] and GAME.to_act(state) == {2}
    assert state.agents["Spyglass"] == "Paris"
    state, events = play(state, (2, {"type": "challenge", "announce": 6}), (0, {"type": "stop"}))
    assert "challenge_succeeded" in types(events)
    assert state.agents["Spyglass"] == "Paris", "the agent does not move"
    assert state.current == 1 and state.phase == "action", "the actor's turn ended"
    assert state.restricted == [False, True, False]
    assert {a["type"] for a in GAME.legal_actions(state, 1)} == {"payoff"}
    assert all(coins_of(state, s) == 30 for s in range(3)), "nobody loses sovereigns"


def test_offers_go_clockwise_from_the_actors_left():
    state = spyglass_position(4, to_act=2)
    state, _ = act(state, 2, "move", agent="Spyglass", to="Zurich")
    order = []
    while state.phase == "challenge":
        (seat,) = GAME.to_act(state)
        order.append(seat)
        state, _ = act(state, seat, "pass")
    assert order == [3, 0, 1]
    assert state.agents["Spyglass"] == "Zurich"


def test_a_player_who_passes_cannot_challenge_later_this_turn():
    state = spyglass_position(3, s1=9)
    state, _ = play(state, (0, MOVE_SPYGLASS), (1, {"type": "pass"}))
    assert GAME.to_act(state) == {2} and GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "challenge", announce=1)
    assert err.value.code == "not_your_turn"


def test_every_challenger_failing_lets_the_action_succeed_and_restricts_them_all():
    state = spyglass_position(3, s0=10, s1=3, s2=5)
    state, _ = play(
        state,
        (0, MOVE_SPYGLASS),
        (1, {"type": "challenge", "announce": 3}),
        (0, {"type": "announce", "amount": 4}),
        (1, {"type": "stop"}),
        (2, {"type": "challenge", "announce": 5}),
        (0, {"type": "announce", "amount": 10}),
        (2, {"type": "stop"}),
    )
    assert state.agents["Spyglass"] == "Zurich"
    assert state.restricted == [False, True, True]
    assert state.phase == "ability" and state.current == 0


def test_restricted_players_may_still_challenge():
    state = spyglass_position(2, s0=1, s1=2, restricted=[1])
    state, _ = play(
        state, (0, MOVE_SPYGLASS), (1, {"type": "challenge", "announce": 2}), (0, {"type": "stop"})
    )
    assert state.agents["Spyglass"] == "Paris"


def test_challenging_a_move_may_open_at_zero_and_the_actor_with_nothing_must_stop():
    state = spyglass_position(2, s0=0, s1=0)
    state, _ = act(state, 0, "move", agent="Spyglass", to="Zurich")
    assert GAME.legal_actions(state, 1) == [{"type": "pass"}, {"type": "challenge", "announce": 0}]
    state, _ = act(state, 1, "challenge", announce=0)
    assert GAME.legal_actions(state, 0) == [{"type": "stop"}]
    state, events = act(state, 0, "stop")
    assert "challenge_succeeded" in types(events) and state.agents["Spyglass"] == "Paris"


def test_each_announcement_must_be_at_least_one_higher():
    state = spyglass_position(2, s0=9, s1=9)
    state, _ = play(state, (0, MOVE_SPYGLASS), (1, {"type": "challenge", "announce": 4}))
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "announce", amount=4)
    assert err.value.code == "announcement_too_low"
    assert [a["amount"] for a in GAME.legal_actions(state, 0)[1:]] == [5, 6, 7, 8, 9]


def test_burn_challenge_opening_below_five_is_refused():
    state = position(
        3,
        agents={"Spyglass": "Rome", "Tempest": "Rome"},
        payoffs={0: {"Spyglass": 6}, 1: {"Spyglass": 7}, 2: {"Spyglass": 4}},
    )
    state, _ = act(state, 0, "burn", agent="Spyglass", target="Tempest")
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "challenge", announce=4)
    assert err.value.code == "announcement_too_low" and "5" in err.value.message
    assert GAME.dump(state) == before
    assert [a.get("announce") for a in GAME.legal_actions(state, 1)] == [None, 5, 6, 7]
    state, _ = act(state, 1, "pass")
    assert GAME.legal_actions(state, 2) == [{"type": "pass"}], "4 paid: can't open a burn challenge"


def test_successful_burn_challenge_stops_the_burn_and_removes_no_coins():
    state = position(
        2,
        agents={"Spyglass": "Rome", "Tempest": "Rome"},
        payoffs={0: {"Spyglass": 6}, 1: {"Spyglass": 7}},
    )
    state, _ = play(
        state,
        (0, {"type": "burn", "agent": "Spyglass", "target": "Tempest"}),
        (1, {"type": "challenge", "announce": 5}),
        (0, {"type": "announce", "amount": 6}),
        (1, {"type": "announce", "amount": 7}),
        (0, {"type": "stop"}),
    )
    assert state.agents["Tempest"] == "Rome" and state.burned == []
    assert state.payoffs[0]["Spyglass"] == 6 and state.removed == [0, 0]
    assert state.current == 1


def test_the_numbers_compared_are_payoffs_to_the_acting_agent_not_the_target():
    state = position(
        2,
        agents={"Spyglass": "Rome", "Tempest": "Rome"},
        payoffs={0: {"Spyglass": 5}, 1: {"Tempest": 20, "Spyglass": 0}},
    )
    state, _ = act(state, 0, "burn", agent="Spyglass", target="Tempest")
    assert GAME.legal_actions(state, 1) == [{"type": "pass"}]


def test_announcing_above_your_real_payoff_is_refused_and_reveals_nothing():
    state = spyglass_position(3, s0=6, s1=3, s2=2)
    state, _ = act(state, 0, "move", agent="Spyglass", to="Zurich")
    views = {s: GAME.view(state, s) for s in (None, 0, 2)}
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "challenge", announce=4)
    assert err.value.code == "above_your_payoff"
    assert GAME.dump(state) == before
    assert {s: GAME.view(state, s) for s in (None, 0, 2)} == views
    # the refusal goes to seat 1 alone and mentions only seat 1's own number
    assert "3" in err.value.message and "6" not in err.value.message
    state, _ = act(state, 1, "challenge", announce=3)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "announce", amount=7)
    assert err.value.code == "above_your_payoff" and "3" not in err.value.message.replace(
        "Spyglass", ""
    )


def test_announcements_are_public_and_only_them():
    state = spyglass_position(2, s0=6, s1=4)
    state, events = play(
        state,
        (0, MOVE_SPYGLASS),
        (1, {"type": "challenge", "announce": 2}),
        (0, {"type": "announce", "amount": 3}),
    )
    assert all(e.audience is None for e in events)
    duel = GAME.view(state, None)["challenge"]["duel"]
    assert duel["announcements"] == [{"player": 1, "announced": 2}, {"player": 0, "announced": 3}]
    assert duel["to_speak"] == 1
    for seat in (None, 0):
        assert "4" not in str(GAME.view(state, seat)["challenge"])


def test_challenge_prompt_shows_the_limits():
    state = spyglass_position(2, s0=6, s1=4)
    state, _ = act(state, 0, "move", agent="Spyglass", to="Zurich")
    prompt = GAME.view(state, 1)["prompt"]
    assert prompt["kind"] == "challenge_or_pass"
    assert prompt["minimum"] == 0 and prompt["your_payoff"] == 4 and prompt["agent"] == "Spyglass"
    assert GAME.view(state, 0)["prompt"] is None
