"""Build Conspiracy positions (:mod:`spyhouse.games.conspiracy.positions`), and play
actions on them."""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Event
from spyhouse.games.conspiracy import GAME
from spyhouse.games.conspiracy.components import DR_SOLOMON, components
from spyhouse.games.conspiracy.positions import position
from spyhouse.games.conspiracy.state import ConspiracyState

OPTIONS = GAME.parse_options({})
BOX = components()


def act(
    state: ConspiracyState, seat: int, type: str, **params: Any
) -> tuple[ConspiracyState, list[Event]]:
    """Play ``{"type": type, **params}`` for ``seat``; the input state is left untouched."""
    return GAME.apply(state, seat, {"type": type, **params})


def play(
    state: ConspiracyState, *moves: tuple[int, dict[str, Any]]
) -> tuple[ConspiracyState, list[Event]]:
    """Play several ``(seat, action)`` pairs in a row; returns all events."""
    events: list[Event] = []
    for seat, action in moves:
        state, new = GAME.apply(state, seat, action)
        events += new
    return state, events


def types(events: list[Event]) -> list[str]:
    return [e.type for e in events]


def coins_of(state: ConspiracyState, seat: int) -> int:
    """Reserve + payoffs + coins removed by this player's burns (always 30)."""
    return state.reserve[seat] + sum(state.payoffs[seat].values()) + state.removed[seat]


__all__ = ["BOX", "DR_SOLOMON", "GAME", "OPTIONS", "act", "coins_of", "play", "position", "types"]
