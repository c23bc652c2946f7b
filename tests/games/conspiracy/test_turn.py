"""The three actions: make a payoff, move an agent, burn an agent; RESTRICTED; turn order."""

import pytest

from spyhouse.engine import IllegalAction
from tests.games.conspiracy.helpers import DR_SOLOMON, GAME, act, coins_of, play, position, types


def refused(state, seat, action, code):
    """The action is refused with ``code`` and the state is unchanged."""
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert err.value.code == code, err.value.message
    assert GAME.dump(state) == before
    return err.value


# -- Make a payoff ------------------------------------------------------------------------


def test_payoff_moves_coins_from_reserve_and_only_the_fact_is_public():
    state = position(3)
    state, events = act(state, 0, "payoff", to="Tempest", amount=7)
    assert state.reserve[0] == 23 and state.payoffs[0]["Tempest"] == 7
    public = [e for e in events if e.audience is None]
    assert public[0].type == "payoff_made" and public[0].data == {"player": 0}
    secret = [e for e in events if e.audience is not None]
    assert [(e.type, e.audience) for e in secret] == [("you_paid", frozenset({0}))]
    assert secret[0].data == {"player": 0, "to": "Tempest", "amount": 7}
    assert state.current == 1 and coins_of(state, 0) == 30


def test_a_payoff_of_zero_is_a_legal_bluff():
    state = position(2)
    state, events = act(state, 0, "payoff", to="Beacon", amount=0)
    assert state.reserve[0] == 30 and state.payoffs_made[0] == 1
    assert "payoff_made" in types(events)


def test_dr_solomon_takes_only_one_sovereign_per_payoff():
    state = position(2)
    refused(state, 0, {"type": "payoff", "to": DR_SOLOMON, "amount": 2}, "one_to_solomon")
    state, _ = act(state, 0, "payoff", to=DR_SOLOMON, amount=1)
    assert state.payoffs[0][DR_SOLOMON] == 1
    amounts = {a["amount"] for a in GAME.legal_actions(state, 1) if a.get("to") == DR_SOLOMON}
    assert amounts == {0, 1}


def test_an_empty_reserve_can_only_bluff():
    state = position(2, payoffs={0: {"Tempest": 30}})
    payoffs = [a for a in GAME.legal_actions(state, 0) if a["type"] == "payoff"]
    assert payoffs and {a["amount"] for a in payoffs} == {0}
    refused(state, 0, {"type": "payoff", "to": "Tempest", "amount": 1}, "reserve_too_small")
    refused(state, 0, {"type": "payoff", "to": "Tempest", "amount": -1}, "negative_payoff")
    refused(state, 0, {"type": "payoff", "to": "Tempest", "amount": True}, "bad_value")
    refused(state, 0, {"type": "payoff", "to": "Nobody", "amount": 0}, "unknown_name")


def test_burned_agents_cannot_be_paid():
    state = position(2, burned=["Tempest"])
    refused(state, 0, {"type": "payoff", "to": "Tempest", "amount": 1}, "agent_burned")
    assert all(a.get("to") != "Tempest" for a in GAME.legal_actions(state, 0))


# -- Move an agent ------------------------------------------------------------------------


def test_move_to_an_adjacent_city_after_nobody_challenges():
    state = position(2, agents={"Beacon": "Vienna"}, briefcase="Prague")
    state, events = act(state, 0, "move", agent="Beacon", to="Budapest")
    assert state.phase == "challenge" and GAME.to_act(state) == {1}
    assert events[0].data == {"player": 0, "agent": "Beacon", "to": "Budapest"}
    state, events = act(state, 1, "pass")
    assert state.agents["Beacon"] == "Budapest"
    assert "agent_moved" in types(events)


def test_move_between_train_stations_as_if_adjacent():
    state = position(2, agents={"Roulette": "Zurich"})
    state, _ = play(
        state, (0, {"type": "move", "agent": "Roulette", "to": "Bucharest"}), (1, {"type": "pass"})
    )
    assert state.agents["Roulette"] == "Bucharest"


def test_move_to_a_city_not_joined_is_refused():
    state = position(2, agents={"Beacon": "Paris"})
    refused(state, 0, {"type": "move", "agent": "Beacon", "to": "Vienna"}, "not_adjacent")
    refused(state, 0, {"type": "move", "agent": "Beacon", "to": "Atlantis"}, "unknown_name")
    refused(state, 0, {"type": "move", "agent": "Byrd", "to": "London"}, "unknown_name")


def test_any_agent_may_be_moved_even_unpaid_and_cities_hold_any_number():
    vienna = ("Beacon", "Magician", "Roulette", "Spyglass", "Tempest")
    state = position(2, agents={**dict.fromkeys(vienna, "Vienna"), "Vagabond": "Prague"})
    state, _ = play(
        state, (0, {"type": "move", "agent": "Vagabond", "to": "Vienna"}), (1, {"type": "pass"})
    )
    assert list(state.agents.values()) == ["Vienna"] * 6


def test_carrying_the_briefcase_is_a_choice_after_the_move():
    state = position(2, agents={"Beacon": "Vienna"}, briefcase="Vienna")
    moved, _ = play(
        state, (0, {"type": "move", "agent": "Beacon", "to": "Prague"}), (1, {"type": "pass"})
    )
    assert moved.phase == "briefcase" and moved.briefcase == "Vienna"
    carried, events = act(moved, 0, "carry_briefcase")
    assert carried.briefcase == "Prague" and "briefcase_carried" in types(events)
    left, _ = act(moved, 0, "leave_briefcase")
    assert left.briefcase == "Vienna"


def test_the_briefcase_is_not_offered_when_it_is_elsewhere():
    state = position(2, agents={"Roulette": "Vienna"}, briefcase="Paris", solomon_space=15)
    state, _ = play(
        state, (0, {"type": "move", "agent": "Roulette", "to": "Prague"}), (1, {"type": "pass"})
    )
    assert state.phase == "ability"


# -- Burn an agent ------------------------------------------------------------------------


def test_burn_removes_target_tokens_for_all_and_five_coins_from_the_burner():
    state = position(
        3,
        agents={"Spyglass": "Rome", "Tempest": "Rome"},
        payoffs={0: {"Spyglass": 6}, 1: {"Tempest": 4}},
    )
    state, events = play(
        state,
        (0, {"type": "burn", "agent": "Spyglass", "target": "Tempest"}),
        (1, {"type": "pass"}),
        (2, {"type": "pass"}),
    )
    assert state.agents["Tempest"] is None and state.burned == ["Tempest"]
    assert state.payoffs[0]["Spyglass"] == 1 and state.removed[0] == 5
    assert state.payoffs[1]["Tempest"] == 4, "dead money stays on the burned agent"
    assert all(coins_of(state, s) == 30 for s in range(3))
    burned = next(e for e in events if e.type == "agent_burned")
    assert burned.audience is None and burned.data["target"] == "Tempest"
    assert state.current == 1
    view = GAME.view(state, 2)
    tempest = next(a for a in view["agents"] if a["name"] == "Tempest")
    assert tempest["city"] is None and tempest["burned"] is True
    assert tempest["ability_status"] == "reconstructed"


def test_burn_needs_five_paid_to_the_acting_agent():
    state = position(
        2,
        agents={"Spyglass": "Rome", "Tempest": "Rome"},
        payoffs={0: {"Spyglass": 4, "Tempest": 9}},
    )
    err = refused(
        state, 0, {"type": "burn", "agent": "Spyglass", "target": "Tempest"}, "burn_needs_five"
    )
    assert "4" not in err.message
    assert not [
        a for a in GAME.legal_actions(state, 0) if a["type"] == "burn" and a["agent"] == "Spyglass"
    ]


def test_burn_needs_both_agents_in_the_same_city():
    state = position(
        2, agents={"Spyglass": "Rome", "Tempest": "Paris"}, payoffs={0: {"Spyglass": 9}}
    )
    refused(state, 0, {"type": "burn", "agent": "Spyglass", "target": "Tempest"}, "not_same_city")
    refused(state, 0, {"type": "burn", "agent": "Spyglass", "target": "Spyglass"}, "burn_self")


def test_burned_agents_cannot_move_burn_or_be_targeted():
    state = position(
        2,
        agents={"Spyglass": "Rome"},
        burned=["Tempest"],
        payoffs={0: {"Spyglass": 9, "Tempest": 9}},
    )
    refused(state, 0, {"type": "burn", "agent": "Spyglass", "target": "Tempest"}, "agent_burned")
    refused(state, 0, {"type": "burn", "agent": "Tempest", "target": "Spyglass"}, "agent_burned")
    refused(state, 0, {"type": "move", "agent": "Tempest", "to": "Rome"}, "agent_burned")
    assert all(
        a.get("agent") != "Tempest" and a.get("target") != "Tempest"
        for a in GAME.legal_actions(state, 0)
    )


# -- RESTRICTED and turn order ------------------------------------------------------------


def test_restricted_player_may_only_pay_then_the_marker_goes_back():
    state = position(
        2,
        agents={"Spyglass": "Rome", "Tempest": "Rome"},
        payoffs={0: {"Spyglass": 9}},
        restricted=(0,),
    )
    assert {a["type"] for a in GAME.legal_actions(state, 0)} == {"payoff"}
    refused(state, 0, {"type": "move", "agent": "Spyglass", "to": "Venice"}, "restricted")
    refused(state, 0, {"type": "burn", "agent": "Spyglass", "target": "Tempest"}, "restricted")
    state, _ = act(state, 0, "payoff", to="Spyglass", amount=0)
    assert state.restricted == [False, False]
    assert GAME.view(state, 1)["players"][0]["restricted"] is False


def test_an_action_of_the_wrong_kind_is_refused():
    state = position(2)
    refused(state, 0, {"type": "pass"}, "wrong_decision")
    refused(state, 0, {"type": "carry_briefcase"}, "wrong_decision")


def test_play_goes_clockwise_then_dr_solomon_then_the_first_player_again():
    state = position(3, to_act=1, solomon_space=15)
    state, _ = act(state, 1, "payoff", to="Beacon", amount=0)
    assert state.current == 2
    state, _ = act(state, 2, "payoff", to="Beacon", amount=0)
    assert state.current == 0
    state, events = act(state, 0, "payoff", to="Beacon", amount=0)
    assert state.current == 1 and state.round == 2 and state.solomon_space == 14
    assert types(events) == [
        "payoff_made",
        "you_paid",
        "solomon_advanced",
        "round_started",
        "turn_started",
    ]
