"""The Infiltration points track and the Double Agent ("The Double Agent", "Winning").

The Double Agent's position is an integer: 0 is the open middle space, positive numbers
are blue's territory (red pushes that way), negative numbers red's. After the territory
spaces come the wall on top of the fort and then the flag.
"""

from __future__ import annotations

from functools import cache

from spyhouse.engine import Event
from spyhouse.games.spies.components import SIDES, components
from spyhouse.games.spies.state import Phase, SpiesState


@cache
def wall_space() -> int:
    return components().territory_spaces + 1


@cache
def flag_space() -> int:
    return components().territory_spaces + 2


def towards_enemy(side: int) -> int:
    """Red (0) pushes towards blue's fort (+1); blue (1) towards red's (-1)."""
    return 1 if side == 0 else -1


@cache
def space_name(position: int) -> str:
    """Where the Double Agent stands, as a player would say it.

    >>> space_name(0), space_name(-2), space_name(wall_space())
    ('neutral ground', 'red territory 2', 'blue wall')
    """
    if position == 0:
        return "neutral ground"
    owner = "blue" if position > 0 else "red"
    distance = abs(position)
    if distance == wall_space():
        return f"{owner} wall"
    if distance >= flag_space():
        return f"{owner} flag"
    return f"{owner} territory {distance}"


def move_double_agent(state: SpiesState, side: int, spaces: int) -> list[Event]:
    """Advance the Double Agent, always towards the enemy's fort; stop on reaching the wall.

    "If you reach the wall space ... during any turn, you must stop there for now ... If on
    a later turn you are still on the wall and get to move the Double Agent, you can make
    the decisive step and capture the enemy's flag."

    The steps are counted on a local position, set on the state once (an assignment costs a call).
    """
    direction = towards_enemy(side)
    start = position = state.double_agent
    wall, flag = wall_space(), flag_space()
    for _ in range(spaces):
        if position * direction == wall and state.wall_stop:
            break
        position += direction
        if position * direction == wall:
            state.wall_stop = True
            break
        if position * direction == flag:
            break
    state.double_agent = position
    events = [
        Event(
            "double_agent_moved",
            {"side": SIDES[side], "spaces": abs(position - start), "to": space_name(position)},
        )
    ]
    if position * direction == flag:
        events.extend(capture_the_flag(state, side))
    return events


def capture_the_flag(state: SpiesState, side: int) -> list[Event]:
    """If you reach the Flag in the enemy's fort with the Double Agent, you win the game.

    The rule then has the winner reveal their cards to prove the deployment rules; the
    server refused every illegal line-up, so the win always stands.
    """
    state.phase = Phase.OVER
    state.winner_side = side
    state.ending = "flag"
    return [Event("flag_captured", {"side": SIDES[side]})]


def earn_infiltration_points(
    state: SpiesState, side: int, points: int, *, carry_over: bool = False
) -> list[Event]:
    """Move the Infiltration marker; at 10, return to 0 and infiltrate (excess is lost).

    Only the Colonel "can roll over excess Infiltration points" (``carry_over``).
    """
    own = state.sides[side]
    own.infiltration_points += points
    events = [Event("infiltration_points", {"side": SIDES[side], "earned": points})]
    goal = infiltration_goal()
    while own.infiltration_points >= goal and state.phase != Phase.OVER:
        excess = own.infiltration_points - goal
        own.infiltration_points = excess if carry_over else 0
        events.extend(infiltrate(state, side))
        if carry_over and excess:
            events.append(Event("points_carried_over", {"side": SIDES[side], "points": excess}))
    return events


@cache
def infiltration_goal() -> int:
    return components().infiltration_goal


def infiltrate(state: SpiesState, side: int) -> list[Event]:
    """Reaching 10: advance the Double Agent as many spaces as the Day marker shows."""
    return [
        Event("infiltrated", {"side": SIDES[side], "day": state.day}),
        *move_double_agent(state, side, state.day),
    ]


def reduce_enemy_points(state: SpiesState, enemy: int, points: int) -> list[Event]:
    """Reduced to less than zero, nothing happens: the marker stays on the '0' space."""
    theirs = state.sides[enemy]
    theirs.infiltration_points = max(0, theirs.infiltration_points - points)
    return [
        Event(
            "infiltration_points_reduced",
            {"side": SIDES[enemy], "by": points, "total": theirs.infiltration_points},
        )
    ]
