"""End of the Game: Information plus every owned card's value; both tie-breaks."""

from __future__ import annotations

from spyhouse.engine.testing import random_playout
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.components import information_value
from spyhouse.games.agencia.state import Phase
from tests.games.agencia.helpers import UP, arrange

THREE = [{UP: "1 Agent"}, {UP: "2 Agents"}, {UP: "3 Agents"}]


def finished(information, swap_infiltrator_for_recruiter=False):
    state = arrange(THREE, information=information)
    if swap_infiltrator_for_recruiter:
        # Seat 0's Infiltrator (worth 0) and seat 1's Recruiter (worth 1) change hands,
        # as after an infiltration: seat 0's cards are worth 12, seat 1's 10.
        deck0, deck1 = state.players[0].deck, state.players[1].deck
        i, r = deck0.index("Infiltrator"), deck1.index("Recruiter")
        deck0[i], deck1[r] = deck1[r], deck0[i]
    state.phase = Phase.OVER
    state.round_tokens = 0
    return state


def test_an_agency_is_worth_eleven():
    assert information_value(finished([5, 5, 5]).players[0].owned()) == 11


def test_the_highest_information_value_wins():
    outcome = GAME.outcome(finished([4, 9, 6]))
    assert outcome.winners == (1,)
    assert outcome.scores == (15.0, 20.0, 17.0)
    assert outcome.detail["scores"][1] == {"seat": 1, "tokens": 9, "cards": 11, "total": 20}


def test_a_tie_goes_to_the_highest_information_value_on_the_agency_deck():
    outcome = GAME.outcome(finished([9, 11, 5], swap_infiltrator_for_recruiter=True))
    assert outcome.scores == (21.0, 21.0, 16.0)
    assert outcome.winners == (0,)


def test_a_tie_on_both_counts_shares_the_victory():
    outcome = GAME.outcome(finished([10, 3, 10]))
    assert outcome.winners == (0, 2)
    view = GAME.view(finished([10, 3, 10]), 1)
    assert view["winners"] == [0, 2]
    assert [s["total"] for s in view["final_scores"]] == [21, 14, 21]


def test_no_outcome_while_the_game_runs():
    assert GAME.outcome(arrange(THREE)) is None
    assert "final_scores" not in GAME.view(arrange(THREE), 0)


def test_a_played_game_scores_tokens_plus_owned_cards():
    for seed in range(8):
        state, outcome = random_playout(GAME, 3 + seed % 4, {}, seed)
        for seat, player in enumerate(state.players):
            expected = player.information + information_value(player.owned())
            assert outcome.scores[seat] == expected
