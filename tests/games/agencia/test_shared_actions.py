"""Shortcuts taken for a search's speed must say what the long way said."""

from __future__ import annotations

import pytest

from spyhouse.engine.bots import random_action
from spyhouse.engine.rng import Rng
from spyhouse.engine.testing import check_shared_actions
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.hand import everyone_has_played, play_agency_card
from spyhouse.games.agencia.state import Phase


@pytest.mark.parametrize("seats", [3, 6])
def test_legal_actions_are_shared_frozen_and_the_list_is_the_callers_own(seats):
    """Playing a card and choosing the Embassy's side are built once and shared, and
    refuse every change (``check_shared_actions``) at every step of a game."""
    state = GAME.setup(seats, GAME.Options(), seed=seats)
    rng = Rng(seats)
    shared = set()
    while GAME.outcome(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        shared |= check_shared_actions(GAME, state, seat)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert shared == {"play", "choose_location"}


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_everyone_has_played_exactly_when_every_player_has_a_played_card(seats):
    """``everyone_has_played`` reads ``to_play`` (the Ambassador plays last): right after
    each card is played it must agree with looking at every player's played card."""
    answers = set()
    for seed in range(4):
        state = GAME.setup(seats, GAME.Options(), seed=seed)
        rng = Rng(seed)
        while GAME.outcome(state) is None:
            if state.phase is Phase.PLAY:
                for position in Position:
                    played = state.copy()
                    play_agency_card(played, state.to_play, position)
                    every = all(player.played is not None for player in played.players)
                    assert everyone_has_played(played) == every
                    answers.add(every)
            seat = rng.choice(sorted(GAME.to_act(state)))
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
    assert answers == {True, False}
