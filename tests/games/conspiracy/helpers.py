"""Build Conspiracy positions directly, and play actions on them."""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Event
from spyhouse.games.conspiracy import GAME
from spyhouse.games.conspiracy.components import DR_SOLOMON, components
from spyhouse.games.conspiracy.state import ConspiracyState

OPTIONS = GAME.parse_options({})
BOX = components()


def position(
    seats: int = 3,
    *,
    agents: dict[str, str | None] | None = None,
    briefcase: str = "Vienna",
    payoffs: dict[int, dict[str, int]] | None = None,
    current: int = 0,
    first: int | None = None,
    space: int | None = None,
    restricted: tuple[int, ...] = (),
    seed: int = 0,
) -> ConspiracyState:
    """A game after setup with exactly these payoffs (the rest of 30 in reserve), the
    agents where given (others where setup put them), seat ``current`` to act."""
    state = GAME.setup(seats, OPTIONS, seed)
    state.phase = "action"
    state.first_player = current if first is None else first
    state.current = current
    state.setup_picks = [["Beacon", "Magician"] for _ in range(seats)]
    for seat in range(seats):
        board = dict.fromkeys(BOX.payoff_spaces, 0)
        board.update((payoffs or {}).get(seat, {}))
        state.payoffs[seat] = board
        state.reserve[seat] = BOX.sovereigns_per_player - sum(board.values())
    if agents:
        state.agents.update(agents)
        state.burned = [a for a, c in state.agents.items() if c is None]
    state.briefcase = briefcase
    if space is not None:
        state.solomon_space = space
    for seat in restricted:
        state.restricted[seat] = True
    return state


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
