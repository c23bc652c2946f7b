"""The map of Europe: red lines, train stations, and who may go where."""

from __future__ import annotations

from functools import cache

from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.state import ConspiracyState


def red_line_neighbours(city: str) -> tuple[str, ...]:
    """Cities joined to ``city`` by a red line (the only adjacency abilities use).

    >>> red_line_neighbours("Vienna")
    ('Budapest', 'Munich', 'Prague', 'Zagreb')
    """
    return components().adjacent[city]


@cache
def move_destinations(city: str) -> tuple[str, ...]:
    """“An agent moves to an adjacent city, or from a train station to any other station.”

    The map never changes, so each city's answer is worked out once.

    >>> move_destinations("Rome")
    ('Marseille', 'Venice')
    >>> "Lviv" in move_destinations("Zurich")  # station to station
    True
    """
    box = components()
    out = set(box.adjacent[city])
    if box.cities[city].station:
        out.update(s for s in box.stations if s != city)
    return tuple(sorted(out))


def agents_in(state: ConspiracyState, city: str) -> list[str]:
    """Agents standing in ``city``, in the agents' printed order."""
    return [a for a in components().agent_names if state.agents[a] == city]


def live_agents(state: ConspiracyState) -> list[str]:
    """Agents still on the board (not burned), in the agents' printed order."""
    return [a for a in components().agent_names if state.agents[a] is not None]


def payoff_board(state: ConspiracyState, seat: int) -> dict[str, int]:
    """``seat``'s payoff board in the printed order of its spaces (six agents, then Dr.
    Solomon), whatever order the stored state's keys came back in."""
    board = state.payoffs[seat]
    return {space: board[space] for space in components().payoff_spaces}
