"""Getting Ready, the rounds/hands table and the Data Bank's opening balance."""

from __future__ import annotations

from collections import Counter

import pytest

from spyhouse.engine import get_game
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.components import (
    AGENCY,
    CARDS,
    ROUNDS,
    STARTING_INFORMATION,
    TOKENS_VALUE,
)
from spyhouse.games.agencia.state import Phase
from tests.games.agencia.helpers import check_invariants


def new_game(seats: int, seed: int = 1):
    return GAME.setup(seats, GAME.parse_options({}), seed)


def test_registered_as_agencia():
    assert get_game("agencia") is GAME
    assert (GAME.min_seats, GAME.max_seats) == (3, 6)
    assert GAME.info()["default_seats"] == [3, 4, 5, 6]


@pytest.mark.parametrize("seats", [2, 7])
def test_only_three_to_six_players(seats):
    with pytest.raises(ValueError):
        new_game(seats)


def test_rounds_and_hands_table():
    """| Players | Rounds | Hands |: 3 4 12, 4 3 12, 5 2 10, 6 2 12."""
    assert ROUNDS == {3: 4, 4: 3, 5: 2, 6: 2}
    assert {n: n * r for n, r in ROUNDS.items()} == {3: 12, 4: 12, 5: 10, 6: 12}


def test_each_agency_is_agents_one_to_five_two_recruiters_one_infiltrator():
    assert Counter(AGENCY) == {
        "1 Agent": 1,
        "2 Agents": 1,
        "3 Agents": 1,
        "4 Agents": 1,
        "5 Agents": 1,
        "Recruiter": 2,
        "Infiltrator": 1,
    }
    assert [CARDS[f"{k} Agent{'s' if k > 1 else ''}"].agents for k in range(1, 6)] == [
        1,
        2,
        3,
        4,
        5,
    ]


def test_information_values():
    """Clarification 2: Agents ceil(k/2), Recruiter 1, Infiltrator 0."""
    values = {name: card.information for name, card in CARDS.items()}
    assert values == {
        "1 Agent": 1,
        "2 Agents": 1,
        "3 Agents": 2,
        "4 Agents": 2,
        "5 Agents": 3,
        "Recruiter": 1,
        "Infiltrator": 0,
    }


def test_component_statuses_follow_the_clarifications():
    status = {name: card.status for name, card in CARDS.items()}
    assert status["Infiltrator"] == "reconstructed"
    assert status["3 Agents"] == status["5 Agents"] == "reconstructed"
    assert status["Recruiter"] == status["1 Agent"] == status["2 Agents"] == "confirmed"
    reference = GAME.view(new_game(3), None)["cards"]
    assert {entry["name"]: entry["status"] for entry in reference} == status


def test_tokens_are_worth_198():
    assert TOKENS_VALUE == 8 * 10 + 14 * 5 + 12 * 3 + 12 * 1 == 198


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_getting_ready(seats):
    state = new_game(seats, seed=seats)
    check_invariants(state)
    assert state.phase is Phase.CHOOSE_LOCATION and state.hand == 1
    assert state.round_token_holder == state.ambassador
    assert state.round_tokens == state.rounds == ROUNDS[seats]
    assert state.reward == 0
    assert state.bank == TOKENS_VALUE - STARTING_INFORMATION * seats
    for player in state.players:
        assert player.information == 5
        assert all(player.positions[p] is not None for p in Position)
        assert len(player.deck) == player.unseen == 4
        assert player.remembered == []
        assert Counter(player.owned()) == Counter(AGENCY)
    assert GAME.to_act(state) == {state.ambassador}


def test_the_deal_and_the_first_ambassador_are_random_and_seeded():
    deals = {tuple(tuple(p.positions.values()) for p in new_game(4, s).players) for s in range(20)}
    assert len(deals) == 20
    assert {new_game(4, s).ambassador for s in range(40)} == {0, 1, 2, 3}
    assert GAME.dump(new_game(5, 9)) == GAME.dump(new_game(5, 9))


def test_no_table_options_yet():
    assert GAME.parse_options({}).model_dump() == {}
    with pytest.raises(ValueError):
        GAME.parse_options({"embassy_card": "Brazil"})
