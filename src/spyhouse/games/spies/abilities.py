"""Soldiers and their special abilities: what an activated soldier does (page 38 chart).

A soldier is activated when the enemy fails to identify it (and it does not retreat).
Most abilities resolve at once; the Captain and the Marshal give their owner a choice,
which becomes a pending decision (:class:`PendingAbility`).
"""

from __future__ import annotations

from functools import cache

from spyhouse.engine import Event
from spyhouse.games.spies.components import (
    BOMB,
    CAPTAIN,
    COLONEL,
    MARSHAL,
    MINER,
    SCOUT,
    SIDES,
    SPY,
    Soldier,
    components,
    soldier_name,
)
from spyhouse.games.spies.infiltration import (
    earn_infiltration_points,
    move_double_agent,
    reduce_enemy_points,
)
from spyhouse.games.spies.state import PendingAbility, SpiesState

CAPTAIN_EARN = "earn_6"
CAPTAIN_EXHAUSTED = "use_exhausted"
MARSHAL_EARN = "earn_10"
MARSHAL_SPLIT = "earn_5_reduce_5"


def activate(state: SpiesState, side: int, rank: int, mission: int, bonus: bool) -> list[Event]:
    """Activate ``side``'s soldier of ``rank``: points, effects, or a pending choice.

    ``bonus`` records that a Deception token pays +4 once the activation is over.
    """
    events = [Event("activated", {"side": SIDES[side], "soldier": soldier_name(rank)})]
    if rank in (CAPTAIN, MARSHAL):
        state.pending = PendingAbility(
            kind="captain" if rank == CAPTAIN else "marshal",
            side=side,
            mission=mission,
            deception_bonus=bonus,
        )
        return events
    return events + resolve_ability(state, side, rank)


def resolve_ability(state: SpiesState, side: int, rank: int) -> list[Event]:
    """Every ability that needs no choice, exactly as the chart reads."""
    own = state.sides[side]
    soldier = soldier_card(rank)
    events: list[Event] = []
    if rank == SPY:
        events += the_spy(state, side)
    elif rank == SCOUT:
        own.scout_active = True
    elif rank == MINER:
        own.miner_active = True
    elif rank == BOMB:
        events += the_bomb_explodes(state, side)
    if soldier.infiltration_points:
        carry = rank == COLONEL
        events += earn_infiltration_points(
            state, side, soldier.infiltration_points, carry_over=carry
        )
    if soldier.double_agent_moves:
        events += move_double_agent(state, side, soldier.double_agent_moves)
    return events


@cache
def soldier_card(rank: int) -> Soldier:
    """The soldier card of ``rank`` (its IP and Double Agent moves), looked up once."""
    return components().soldiers[rank]


def the_spy(state: SpiesState, side: int) -> list[Event]:
    """Spy: earn 1 IP and 1 Deception token (never more than 2 held); the Marshal retreats."""
    own = state.sides[side]
    own.spy_active = True
    limit = components().deception_tokens_max
    if own.deception_tokens >= limit:
        return [Event("deception_token_refused", {"side": SIDES[side], "limit": limit})]
    own.deception_tokens += 1
    return [Event("deception_token_won", {"side": SIDES[side]})]


def the_bomb_explodes(state: SpiesState, side: int) -> list[Event]:
    """The Bomb explodes! The next card of your opponent that you reveal will retreat."""
    state.sides[side].bomb_armed = True
    return [Event("bomb_exploded", {"side": SIDES[side]})]


def retreats_on_reveal(state: SpiesState, revealer: int, rank: int) -> str | None:
    """Why a revealed enemy soldier retreats whatever the guess (Spy, Miner), if it does."""
    own = state.sides[revealer]
    if rank == MARSHAL and own.spy_active:
        return "spy"
    if rank == BOMB and own.miner_active:
        return "miner"
    return None


def captain_options(state: SpiesState, side: int) -> list[dict[str, object]]:
    """Captain: earn 6 IP, or instead use one Soldier card that is currently exhausted."""
    options: list[dict[str, object]] = [{"type": "captain", "option": CAPTAIN_EARN}]
    for rank in sorted(set(state.sides[side].exhausted)):
        options.append(
            {"type": "captain", "option": CAPTAIN_EXHAUSTED, "soldier": soldier_name(rank)}
        )
    return options


def the_captain(state: SpiesState, side: int, exhausted: int | None) -> list[Event]:
    """Use the chosen exhausted soldier's IP and ability; the cards stay where they are.

    "If the Spy or Miner has been activated, the newly chosen card will also be affected":
    an exhausted Marshal (enemy Spy active) or Bomb (enemy Miner active) does nothing.
    """
    if exhausted is None:
        return [
            Event("captain_choice", {"side": SIDES[side], "option": CAPTAIN_EARN}),
            *earn_infiltration_points(state, side, 6),
        ]
    events = [
        Event(
            "captain_choice",
            {
                "side": SIDES[side],
                "option": CAPTAIN_EXHAUSTED,
                "soldier": soldier_name(exhausted),
            },
        )
    ]
    reason = retreats_on_reveal(state, 1 - side, exhausted)
    if reason is not None:
        return events + [
            Event(
                "retreated",
                {"side": SIDES[side], "soldier": soldier_name(exhausted), "reason": reason},
            )
        ]
    if exhausted == MARSHAL:
        pending = state.pending
        assert pending is not None
        state.pending = PendingAbility(
            kind="marshal",
            side=side,
            mission=pending.mission,
            deception_bonus=pending.deception_bonus,
        )
        return events
    return events + resolve_ability(state, side, exhausted)


def the_marshal(state: SpiesState, side: int, option: str) -> list[Event]:
    """Marshal: either earn 10 IP, or earn 5 IP and reduce the enemy's total by 5."""
    events = [Event("marshal_choice", {"side": SIDES[side], "option": option})]
    if option == MARSHAL_EARN:
        return events + earn_infiltration_points(state, side, 10)
    events += earn_infiltration_points(state, side, 5)
    return events + reduce_enemy_points(state, 1 - side, 5)
