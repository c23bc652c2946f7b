"""Turn order: clockwise from the first player, Dr. Solomon last in every round."""

from __future__ import annotations

from spyhouse.engine import Event
from spyhouse.games.conspiracy.solomon import dr_solomons_turn
from spyhouse.games.conspiracy.state import ConspiracyState, Phase


def end_turn(state: ConspiracyState) -> list[Event]:
    """Play goes clockwise; after the last player of the round, Dr. Solomon's turn."""
    state.order = None
    state.duel = None
    state.offered = []
    state.to_push = []
    nxt = (state.current + 1) % state.num_seats
    if nxt != state.first_player:
        state.current = nxt
        state.phase = Phase.ACTION
        return [Event.public("turn_started", player=nxt)]
    events = dr_solomons_turn(state)
    if state.phase != Phase.OVER:
        state.round += 1
        state.current = state.first_player
        state.phase = Phase.ACTION
        events.append(Event.public("round_started", round=state.round))
        events.append(Event.public("turn_started", player=state.current))
    return events
