"""Sequence of the Game: runs the automatic steps of a hand between players' decisions.

(A) Embassy location → (B) play the cards → (C) solve them → (D) replace cards →
(E) new Ambassador, hand after hand, until the last Round token is returned.
"""

from __future__ import annotations

from spyhouse.engine import Event
from spyhouse.games.agencia.hand import (
    clockwise_from_ambassadors_left,
    everyone_has_played,
    last_round_token_returned,
    new_ambassador,
    replace_card,
)
from spyhouse.games.agencia.resolution import solve_played_cards
from spyhouse.games.agencia.scoring import final_scores
from spyhouse.games.agencia.state import AgenciaState, Phase


def continue_hand(state: AgenciaState) -> list[Event]:
    """After a decision: solve once everyone has played, then end the hand if nothing
    is left to choose."""
    if state.phase is Phase.PLAY and not everyone_has_played(state):
        return []
    events = solve_played_cards(state)
    if state.choosing is None:
        events.extend(end_hand(state))
    return events


def end_hand(state: AgenciaState) -> list[Event]:
    """(D) Everyone refills the emptied position, (E) the Embassy tile moves on, and the
    game ends when the last Round token goes back to the box."""
    events: list[Event] = []
    for seat in clockwise_from_ambassadors_left(state):
        events.extend(replace_card(state, seat))
    events.extend(new_ambassador(state))
    if last_round_token_returned(state):
        state.phase = Phase.OVER
        scores = final_scores(state)
        events.append(Event.public("game_over", scores=[score.to_json() for score in scores]))
    else:
        state.phase = Phase.CHOOSE_LOCATION
        state.hand += 1
    return events
