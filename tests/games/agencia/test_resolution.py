"""(C) Solving the played cards: Infiltrators, Recruiters, Agents, the exchange, the
Reward tile, the Hall's capacity, the Garden's minimum and paying what you have."""

from __future__ import annotations

from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.state import Phase
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


def everyone_plays_face_up(n):
    return dict.fromkeys(range(n), UP)


def test_infiltrator_with_a_recruiter_copies_the_reward_and_exchanges():
    state = arrange(
        [{UP: "1 Agent"}, {UP: "Infiltrator"}, {UP: "Recruiter"}, {UP: "2 Agents"}],
        reward=3,
    )
    state, events = play_hand(state, "Hall", everyone_plays_face_up(4))
    check_invariants(state)
    (infiltrated,) = of_type(events, "infiltrated")
    assert infiltrated == {"seat": 1, "target": 2, "took": 3}
    assert state.reward == 3, "the Infiltrator copies the Reward tile, never takes it"
    assert state.players[1].information == 5 + 3
    assert state.players[1].deck[-1] == "Recruiter"
    assert state.players[2].deck[-1] == "Infiltrator"
    assert of_type(events, "recruited") == [], "an infiltrated Recruiter is out of the game"
    assert [p.information for p in state.players] == [6, 8, 5, 6]


def test_infiltrator_without_a_recruiter_is_discarded():
    state = arrange([{UP: "1 Agent"}, {UP: "Infiltrator"}, {UP: "2 Agents"}], reward=4)
    state, events = play_hand(state, "Hall", everyone_plays_face_up(3))
    assert of_type(events, "infiltrated") == []
    assert state.players[1].information == 5
    assert state.players[1].deck[-1] == "Infiltrator"
    assert state.reward == 4


def test_two_infiltrators_one_recruiter_clockwise_from_the_ambassadors_left():
    # Ambassador 2: solving order 3, 0, 1, 2. Seat 3's Infiltrator comes first.
    state = arrange(
        [{UP: "Recruiter"}, {UP: "Infiltrator"}, {UP: "1 Agent"}, {UP: "Infiltrator"}],
        ambassador=2,
        reward=2,
    )
    state, events = play_hand(state, "Hall", everyone_plays_face_up(4))
    check_invariants(state)
    assert of_type(events, "infiltrated") == [{"seat": 3, "target": 0, "took": 2}]
    assert state.players[1].information == 5 and state.players[1].deck[-1] == "Infiltrator"
    assert state.players[3].information == 7 and state.players[3].deck[-1] == "Recruiter"


def test_infiltrator_chooses_between_recruiters_and_the_other_recruiter_then_recruits():
    state = arrange(
        [{UP: "3 Agents"}, {UP: "Infiltrator"}, {UP: "Recruiter"}, {UP: "Recruiter"}],
        reward=1,
    )
    state, _ = GAME.apply(state, 0, {"type": "choose_location", "location": "Hall"})
    for seat in (1, 2, 3, 0):
        state, events = GAME.apply(state, seat, {"type": "play", "position": "table_face_up"})
    assert state.phase is Phase.CHOOSE_TARGET and GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == [
        {"type": "infiltrate", "target": 2},
        {"type": "infiltrate", "target": 3},
    ]
    prompt = GAME.view(state, 1)["prompt"]
    assert prompt["kind"] == "infiltrate" and prompt["targets"] == [2, 3]
    assert "1 Information" in prompt["text"]
    assert GAME.view(state, 2)["prompt"] is None
    state, events = GAME.apply(state, 1, {"type": "infiltrate", "target": 3})
    check_invariants(state)
    # Seat 2's Recruiter is left: the only Agent is seat 0's, so it recruits at once.
    assert of_type(events, "recruited") == [
        {"seat": 2, "target": 0, "card": "3 Agents", "reward": 2}
    ]
    assert of_type(events, "agents_solved") == []
    assert state.players[2].deck[-1] == "3 Agents" and state.players[0].deck[-1] == "Recruiter"
    assert [p.information for p in state.players] == [5, 6, 5, 5]
    assert state.phase is Phase.CHOOSE_LOCATION


def test_recruiter_without_agents_is_discarded_and_the_reward_stays():
    state = arrange([{UP: "Recruiter"}, {UP: "Recruiter"}, {UP: "Infiltrator"}], reward=0)
    # Ambassador 0: order 1, 2, 0. Seat 2's Infiltrator takes seat 0's Recruiter? No:
    # seat 1 comes first among Recruiters, but Infiltrators are solved before them.
    state, events = play_hand(state, "Garden", everyone_plays_face_up(3), choices=[1])
    assert of_type(events, "infiltrated") == [{"seat": 2, "target": 1, "took": 0}]
    assert of_type(events, "recruited") == []
    assert state.reward == 0
    assert state.players[0].deck[-1] == "Recruiter"


def test_two_recruiters_one_agent_the_second_finds_nobody():
    state = arrange([{UP: "Recruiter"}, {UP: "Recruiter"}, {UP: "4 Agents"}], ambassador=2)
    # Order 0, 1, 2: seat 0 recruits seat 2's Agents, seat 1's Recruiter is discarded.
    state, events = play_hand(state, "Hall", everyone_plays_face_up(3))
    assert of_type(events, "recruited") == [
        {"seat": 0, "target": 2, "card": "4 Agents", "reward": 1}
    ]
    assert state.reward == 1
    assert state.players[0].deck[-1] == "4 Agents"
    assert state.players[1].deck[-1] == "Recruiter"
    assert state.players[2].deck[-1] == "Recruiter"
    assert of_type(events, "agents_solved") == []
    assert [p.information for p in state.players] == [5, 5, 5]


def test_recruiter_takes_the_agent_card_out_of_the_hall_count():
    state = arrange([{UP: "5 Agents"}, {UP: "Recruiter"}, {UP: "3 Agents"}])
    # Order 1, 2, 0: seat 1 recruits seat 0's 5 Agents; seat 2's 3 Agents then fit.
    state, events = play_hand(state, "Hall", everyone_plays_face_up(3), choices=[0])
    assert [(e["seat"], e["result"]) for e in of_type(events, "agents_solved")] == [(2, "took")]
    assert [p.information for p in state.players] == [5, 5, 7]


def test_hall_capacity_overflow_pays_and_turns_face_down():
    # 3 players, capacity 3. Order 1, 2, 0.
    state = arrange([{UP: "1 Agent"}, {UP: "5 Agents"}, {UP: "3 Agents"}])
    state, events = play_hand(state, "Hall", everyone_plays_face_up(3))
    solved = [
        (e["seat"], e["result"], e["information"], e["agents_inside"], e["face_down"])
        for e in of_type(events, "agents_solved")
    ]
    assert solved == [
        (1, "paid", 3, 0, True),  # 5 > 3: pays its 3, face down, not counted
        (2, "took", 2, 3, False),  # 0 + 3 = 3 fits exactly
        (0, "paid", 1, 3, True),  # 3 + 1 > 3
    ]
    assert [p.information for p in state.players] == [4, 2, 7]


def test_garden_minimum_counts_every_agent_played_until_now():
    # 3 players, minimum 3. Order 1, 2, 0.
    state = arrange([{UP: "1 Agent"}, {UP: "1 Agent"}, {UP: "2 Agents"}])
    state, events = play_hand(state, "Garden", everyone_plays_face_up(3))
    solved = [
        (e["seat"], e["result"], e["agents_inside"], e["face_down"])
        for e in of_type(events, "agents_solved")
    ]
    assert solved == [(1, "paid", 1, False), (2, "took", 3, False), (0, "took", 4, False)]
    assert [p.information for p in state.players] == [6, 4, 6]


def test_paying_more_than_you_have_pays_what_you_have():
    state = arrange([{UP: "1 Agent"}, {UP: "5 Agents"}, {UP: "1 Agent"}], information=[5, 1, 5])
    state, events = play_hand(state, "Garden", everyone_plays_face_up(3))
    first = of_type(events, "agents_solved")[0]
    assert (first["seat"], first["result"], first["information"]) == (1, "took", 3)
    state = arrange([{UP: "1 Agent"}, {UP: "5 Agents"}, {UP: "1 Agent"}], information=[5, 2, 5])
    bank = state.bank
    state, events = play_hand(state, "Hall", everyone_plays_face_up(3))
    first = of_type(events, "agents_solved")[0]
    assert (first["seat"], first["result"], first["information"]) == (1, "paid", 2)
    assert state.players[1].information == 0
    check_invariants(state)
    assert state.bank == bank + 2 - 1 - 1


def test_infiltrators_and_recruiters_ignore_the_embassy():
    for location in ("Hall", "Garden"):
        state = arrange([{UP: "Infiltrator"}, {UP: "Recruiter"}, {UP: "Recruiter"}])
        state, events = play_hand(state, location, everyone_plays_face_up(3), choices=[1])
        assert of_type(events, "agents_solved") == []
        assert [p.information for p in state.players] == [5, 5, 5]


def test_exchanged_cards_change_owner_and_count_at_the_end():
    state = arrange([{UP: "1 Agent"}, {UP: "Recruiter"}, {DOWN: "5 Agents"}])
    plays = {0: UP, 1: UP, 2: DOWN}
    state, events = play_hand(state, "Hall", plays, choices=[2])
    assert state.players[1].owned().count("5 Agents") == 2
    assert state.players[1].owned().count("Recruiter") == 1
    assert state.players[2].owned().count("5 Agents") == 0
    assert state.players[2].owned().count("Recruiter") == 3
    check_invariants(state)


def test_a_recruited_player_plays_from_any_position():
    state = arrange([{MINE: "2 Agents"}, {OTHERS: "Recruiter"}, {DOWN: "1 Agent"}])
    plays = {0: MINE, 1: OTHERS, 2: DOWN}
    state, events = play_hand(state, "Garden", plays, choices=[2])
    assert of_type(events, "recruited")[0]["card"] == "1 Agent"


def test_the_data_bank_is_unlimited():
    """Clarification 3: the 46 tokens only make change; the ledger may go below zero."""
    state = arrange([{UP: "1 Agent"}, {UP: "2 Agents"}, {UP: "3 Agents"}], information=[190, 4, 4])
    assert state.bank == 0
    state, _ = play_hand(state, "Garden", everyone_plays_face_up(3))
    # Seat 1 (2 Agents) pays 1; seat 2 (3 Agents, 5 in) takes 2; seat 0 takes 1.
    assert [p.information for p in state.players] == [191, 3, 6]
    assert state.bank == -2
    assert GAME.view(state, 0)["data_bank"] is None, "shown as unlimited, not negative"
    check_invariants(state)
