"""Winning the game after the third day: the Double Agent's side, the Infiltration
points, or a draw (capturing the flag ends it at once: :mod:`infiltration`)."""

from __future__ import annotations

from spyhouse.engine import Event, Outcome
from spyhouse.games.spies.infiltration import space_name
from spyhouse.games.spies.state import Phase, SpiesState
from spyhouse.games.spies.teams import side_name, side_of


def end_of_third_round(state: SpiesState) -> list[Event]:
    """The side that pushed the Double Agent into enemy territory wins; on neutral ground
    the most Infiltration points win; if this is also tied, the game ends in a draw."""
    state.phase = Phase.OVER
    if state.double_agent > 0:
        state.winner_side, state.ending = 0, "territory"
    elif state.double_agent < 0:
        state.winner_side, state.ending = 1, "territory"
    else:
        red, blue = (s.infiltration_points for s in state.sides)
        state.ending = "infiltration_points" if red != blue else "draw"
        state.winner_side = None if red == blue else (0 if red > blue else 1)
    return [
        Event.public(
            "game_over",
            ending=state.ending,
            winner=None if state.winner_side is None else side_name(state.winner_side),
            double_agent=space_name(state.double_agent),
        )
    ]


def outcome(state: SpiesState) -> Outcome | None:
    """Winning the game: the flag, or after day 3 the Double Agent's side, IP, or a draw."""
    if state.phase != Phase.OVER:
        return None
    winners = tuple(s for s in range(state.num_seats) if state.winner_side == side_of(s))
    if state.winner_side is None:
        scores = tuple(0.5 for _ in range(state.num_seats))
    else:
        scores = tuple(1.0 if s in winners else 0.0 for s in range(state.num_seats))
    detail = {
        "ending": state.ending,
        "winner": None if state.winner_side is None else side_name(state.winner_side),
        "day": state.day,
        "double_agent": space_name(state.double_agent),
        "double_agent_position": state.double_agent,
        "infiltration_points": {
            side_name(i): side.infiltration_points for i, side in enumerate(state.sides)
        },
    }
    return Outcome(winners, scores, detail)
