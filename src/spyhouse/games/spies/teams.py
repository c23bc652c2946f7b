"""Seats, sides and team play: who controls which mission and who knows which card.

Seats alternate sides: 0, 2 are red and 1, 3 are blue. A side with two players splits the
Mission cards: its first seat plays Missions 1-2, its second Missions 3-4 ("Team play").
"""

from __future__ import annotations

from functools import cache

from spyhouse.games.spies.components import MISSIONS, SIDES
from spyhouse.games.spies.state import SpiesState


def side_of(seat: int) -> int:
    return seat % 2


@cache
def side_seats(num_seats: int, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(num_seats) if s % 2 == side)


@cache
def controller(num_seats: int, side: int, mission: int) -> int:
    """One team member plays Missions 1 and 2, and the other Missions 3 and 4.

    >>> [controller(4, side=1, mission=m) for m in range(4)]
    [1, 1, 3, 3]
    >>> [controller(3, side=1, mission=m) for m in range(4)]
    [1, 1, 1, 1]
    """
    seats = side_seats(num_seats, side)
    return seats[0] if len(seats) == 1 or mission < 2 else seats[1]


@cache
def missions_of(num_seats: int, seat: int) -> tuple[int, ...]:
    return tuple(m for m in range(MISSIONS) if controller(num_seats, side_of(seat), m) == seat)


@cache
def knows_own_mission(num_seats: int, seat: int, mission: int) -> bool:
    """A teammate may view the Missions 1-2 cards once; the first never sees Missions 3-4.

    Asked for each card of a seat's side in each of its views, after every move.

    >>> knows_own_mission(4, seat=2, mission=0), knows_own_mission(4, seat=0, mission=2)
    (True, False)
    """
    return mission <= max(missions_of(num_seats, seat))


def knows_card(state: SpiesState, seat: int | None, side: int, mission: int) -> bool:
    """Whether ``seat`` knows which soldier sits under ``side``'s ``mission``."""
    theirs = state.sides[side]
    if theirs.missions[mission] is None:
        return False
    if theirs.face_up[mission]:
        return True
    if seat is None or side_of(seat) != side:
        return False
    return knows_own_mission(state.num_seats, seat, mission)


def unknown_cards(state: SpiesState, seat: int, side: int) -> dict[int, int]:
    """``side``'s deployed soldiers that ``seat`` does not know, by mission."""
    ranks = state.sides[side].missions
    return {
        m: r for m, r in enumerate(ranks) if r is not None and not knows_card(state, seat, side, m)
    }


def knows_hand(state: SpiesState, seat: int | None, side: int) -> bool:
    """A side's hand is known to its players unless a teammate's hidden cards left it."""
    return seat is not None and side_of(seat) == side and not unknown_cards(state, seat, side)


def side_name(side: int) -> str:
    return SIDES[side]
