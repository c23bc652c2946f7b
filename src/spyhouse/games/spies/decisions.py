"""Pending decisions: who must choose now, the complete list of choices, and applying one.

Every choice a person makes is a decision: deploying a line-up, the Intel token on a
Sergeant, playing a Deception token, a guess, the Captain's and the Marshal's options.
Each has one ``verify_…`` reason function that returns the parsed choice or raises
:class:`IllegalAction` with the specific reason; :func:`apply` calls it before changing
anything and :func:`is_legal` asks it, so a refusal and legality cannot disagree. The
reason functions read only what the acting seat knows, so a refusal cannot leak.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from spyhouse.engine import (
    Event,
    FrozenAction,
    FrozenList,
    IllegalAction,
    frozen_action,
    require_keys,
    whole_number,
)
from spyhouse.games.spies.abilities import (
    CAPTAIN_EARN,
    CAPTAIN_EXHAUSTED,
    MARSHAL_EARN,
    MARSHAL_SPLIT,
    captain_options,
    the_captain,
    the_marshal,
)
from spyhouse.games.spies.components import (
    ALL_RANKS,
    MISSIONS,
    SERGEANT,
    SIDES,
    rank_of,
    soldier_name,
)
from spyhouse.games.spies.deployment import deployment_choices, refusal_reason
from spyhouse.games.spies.missions import (
    all_revealed,
    finish_turn,
    identify,
    play_deception_token,
    side_guessing,
)
from spyhouse.games.spies.rounds import (
    begin_intelligence_phase,
    end_of_day,
    place_intel_tokens,
)
from spyhouse.games.spies.state import Phase, SpiesState
from spyhouse.games.spies.teams import controller, missions_of, side_of, side_seats

Action = dict[str, Any]

DEPLOY, INTEL, ON_MISSIONS, OVER = Phase.DEPLOY, Phase.INTEL, Phase.MISSIONS, Phase.OVER
"""The phases, read once: Python 3.11 looks an enum member up slowly through its class,
and whose turn it is gets asked several times a step."""


# -- who decides -----------------------------------------------------------------------


def deploying(state: SpiesState) -> frozenset[int]:
    """Each side's first seat that has not deployed yet (Missions 1-2 before 3-4).

    A seat deploys all its soldiers at once, so its first Mission card (1 or 3) tells.
    Asked three or four times a step of the Deployment phase: read from a
    table of which of those cards are still empty."""
    red, blue = state.sides
    return _deploying(
        state.num_seats,
        (red.missions[0] is None, red.missions[2] is None),
        (blue.missions[0] is None, blue.missions[2] is None),
    )


@cache
def _deploying(
    num_seats: int, red_empty: tuple[bool, bool], blue_empty: tuple[bool, bool]
) -> frozenset[int]:
    """``red_empty`` and ``blue_empty``: whether a side's Missions 1 and 3 are empty."""
    seats = []
    for empty, order in zip((red_empty, blue_empty), _deployment_order(num_seats), strict=True):
        for seat, first_mission in order:
            if empty[first_mission // 2]:
                seats.append(seat)
                break
    return frozenset(seats)


@cache
def _deployment_order(num_seats: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Each side's seats in the order they deploy, each with its first Mission card
    (asked at every step of the Deployment phase, so worked out once)."""
    return tuple(
        tuple((seat, missions_of(num_seats, seat)[0]) for seat in side_seats(num_seats, side))
        for side in (0, 1)
    )


def to_act(state: SpiesState) -> frozenset[int]:
    """Asked several times a step: the commonest phase first, and a Mission
    turn's decider read from a table rather than worked out anew."""
    if state.phase == ON_MISSIONS:
        if state.step == "ability":
            assert state.pending is not None
            pending = state.pending
            return _only(controller(state.num_seats, pending.side, pending.mission))
        guessing = state.step == "guess"
        return _turn_decider(state.num_seats, state.starting_side, state.turn, guessing)
    if state.phase == DEPLOY:
        return deploying(state)
    if state.phase == INTEL:
        return frozenset([s for s, ready in enumerate(state.intel_submitted) if not ready])
    return frozenset()


@cache
def _turn_decider(num_seats: int, starting_side: int, turn: int, guessing: bool) -> frozenset[int]:
    """Who decides on a Mission turn: the guesser (``missions.guesser_seat``), or before
    the guess the defender (``missions.defender_seat``) on a Deception token."""
    attacker = side_guessing(starting_side, turn)
    return _only(controller(num_seats, attacker if guessing else 1 - attacker, turn // 2))


@cache
def _only(seat: int) -> frozenset[int]:
    return frozenset([seat])


# -- what they may choose ------------------------------------------------------------------


def fixed_missions(state: SpiesState, seat: int) -> dict[int, int]:
    """The soldiers already deployed on this seat's side (its teammate's Missions 1-2)."""
    side = state.sides[side_of(seat)]
    return {m: r for m, r in enumerate(side.missions) if r is not None}


def legal_actions(state: SpiesState, seat: int) -> list[Action]:
    """Every choice ``seat`` has now.

    The actions themselves are built once per Mission, line-up and table and shared
    between calls (listing them was a good part of a random step); they are
    :class:`FrozenAction`s, which refuse changes, and the list is the caller's own."""
    if seat not in to_act(state):
        return []
    if state.phase == ON_MISSIONS:
        mission = state.turn // 2
        if state.step == "guess":
            return [*_GUESSES[mission]]
        if state.step == "deception":
            return [*_DECEPTIONS[mission]]
        assert state.pending is not None
        if state.pending.kind == "captain":
            return captain_options(state, state.pending.side)
        return [*_MARSHAL_OPTIONS]
    if state.phase == DEPLOY:
        side = state.sides[side_of(seat)]
        missions = missions_of(state.num_seats, seat)
        return [*_deployments(side.hand, side.missions, missions).actions]
    return [*(_SERGEANT_TOKEN if holds_sergeant(state, seat) else _PLACE_INTEL)]


_GUESSES: tuple[tuple[FrozenAction, ...], ...] = tuple(
    tuple(
        frozen_action(type="guess", mission=mission + 1, soldier=soldier_name(rank))
        for rank in ALL_RANKS
    )
    for mission in range(MISSIONS)
)
"""Each Mission's ten possible guesses, rank 1 first."""

_DECEPTIONS: tuple[tuple[FrozenAction, ...], ...] = tuple(
    (
        frozen_action(type="play_deception", mission=mission + 1),
        frozen_action(type="no_deception", mission=mission + 1),
    )
    for mission in range(MISSIONS)
)
_MARSHAL_OPTIONS = (
    frozen_action(type="marshal", option=MARSHAL_EARN),
    frozen_action(type="marshal", option=MARSHAL_SPLIT),
)
_SERGEANT_TOKEN = (
    frozen_action(type="place_intel", sergeant_token=True),
    frozen_action(type="place_intel", sergeant_token=False),
)
_PLACE_INTEL = (frozen_action(type="place_intel"),)


@dataclass(frozen=True)
class Deployments:
    """A seat's deployment choices, worked out once per hand, table and Missions.

    ``actions`` are the legal actions, shared (frozen); ``accepted`` maps each choice
    :func:`verify_deploy` would accept, as ``actions`` name it, to its ranks, so the
    usual deployment is verified by one lookup."""

    actions: tuple[FrozenAction, ...]
    accepted: Mapping[tuple[str, ...], tuple[int, ...]]


@cache
def _deployments(
    hand: tuple[int, ...], line_up: tuple[int | None, ...], missions: tuple[int, ...]
) -> Deployments:
    fixed = {m: r for m, r in enumerate(line_up) if r is not None}
    choices = deployment_choices(hand, fixed, missions)
    # A choice completes a legal line-up, so of refusal_reason's checks only "in your
    # hand" can fail (for a seat that has already deployed); test_state checks both agree.
    in_hand = set(hand)
    named = [_deploy_action(choice) for choice in choices]
    accepted = {
        names: choice
        for (names, _), choice in zip(named, choices, strict=True)
        if in_hand.issuperset(choice)
    }
    return Deployments(tuple(action for _, action in named), MappingProxyType(accepted))


@cache
def _deploy_action(choice: tuple[int, ...]) -> tuple[tuple[str, ...], FrozenAction]:
    """A choice of soldiers as players name it, and its deploy action: built once per
    choice and shared by every hand that offers it (a fresh process meets a few new
    hands a game, and each listed about ten choices anew)."""
    names = tuple(soldier_name(rank) for rank in choice)
    return names, FrozenAction(type="deploy", soldiers=FrozenList(names))


def holds_sergeant(state: SpiesState, seat: int) -> bool:
    """Whether ``seat`` deployed the Sergeant on one of its Missions (asked twice a step
    of the Intelligence phase: answered once per line-up)."""
    line_up = state.sides[side_of(seat)].missions
    return _sergeant_among(line_up, missions_of(state.num_seats, seat))


@cache
def _sergeant_among(line_up: tuple[int | None, ...], missions: tuple[int, ...]) -> bool:
    return any(line_up[m] == SERGEANT for m in missions)


# -- applying a decision ---------------------------------------------------------------------


ACTION_TYPES: dict[str, tuple[str, ...]] = {
    "deploy": ("deploy",),
    "intel": ("place_intel",),
    "deception": ("play_deception", "no_deception"),
    "guess": ("guess",),
    "captain": ("captain",),
    "marshal": ("marshal",),
}
"""The action types that answer each kind of pending decision."""


def pending_decision(state: SpiesState) -> str:
    if state.phase in (DEPLOY, INTEL):
        return state.phase
    if state.step == "ability":
        assert state.pending is not None
        return state.pending.kind
    return state.step


def apply(state: SpiesState, seat: int, action: Action) -> list[Event]:
    """Verify the whole decision first (its reason function), then change the state.

    A guess is the commonest decision, so it is asked first."""
    decision = pending_decision(state)
    verify_type(decision, action)
    if decision == "guess":
        return identify(state, verify_guess(state, action)) + maybe_end_of_day(state)
    if decision == "deploy":
        return deploy(state, seat, verify_deploy(state, seat, action))
    if decision == "intel":
        return place_intel(state, seat, verify_place_intel(state, seat, action))
    if decision == "deception":
        return play_deception_token(state, verify_deception(state, action))
    if decision == "captain":
        return captain(state, verify_captain(state, action))
    return marshal(state, verify_marshal(action))


def is_legal(state: SpiesState, seat: int, action: Action) -> bool:
    """Whether :func:`apply` would accept ``action``: it asks the same reason functions."""
    if seat not in to_act(state) or not isinstance(action.get("type"), str):
        return False
    try:
        decision = pending_decision(state)
        verify_type(decision, action)
        VERIFY[decision](state, seat, action)
    except IllegalAction:
        return False
    return True


# -- one reason function per decision: the parsed choice, or IllegalAction with why --------


def verify_type(decision: str, action: Action) -> None:
    types = ACTION_TYPES[decision]
    if action["type"] not in types:
        raise IllegalAction("wrong_decision", f"Now is the time to {' or '.join(types)}.")


def verify_mission(state: SpiesState, action: Action) -> None:
    """An action may name its mission (1-4); it must be the one being identified now."""
    if "mission" not in action:
        return
    mission = state.turn // 2 + 1
    if whole_number(action, "mission", 1, MISSIONS) != mission:
        raise IllegalAction(
            "wrong_mission", f"The soldier to identify now is on Mission {mission}."
        )


def verify_deploy(state: SpiesState, seat: int, action: Action) -> tuple[int, ...]:
    """One soldier face down below each of your Mission cards, in rank order."""
    require_keys(action, ("soldiers",))
    soldiers = action.get("soldiers")
    if not isinstance(soldiers, list):
        raise IllegalAction("bad_value", 'Give "soldiers": a list of soldier names, Mission order.')
    side = state.sides[side_of(seat)]
    missions = missions_of(state.num_seats, seat)
    try:  # the usual case: a choice as legal_actions names it
        chosen = _deployments(side.hand, side.missions, missions).accepted.get(tuple(soldiers))
    except TypeError:  # an unhashable item: refused below with its reason
        chosen = None
    if chosen is not None:
        return chosen
    ranks = [rank_of(s) for s in soldiers]
    if any(r is None for r in ranks):
        raise IllegalAction(
            "unknown_name", "Name soldiers by title (Spy ... Marshal) or rank 1-10."
        )
    chosen = tuple(r for r in ranks if r is not None)
    reason = refusal_reason(side.hand, fixed_missions(state, seat), missions, chosen)
    if reason is not None:
        raise IllegalAction(*reason)
    return chosen


def verify_place_intel(state: SpiesState, seat: int, action: Action) -> bool | None:
    """Tokens are automatic except the Sergeant's: true or false, only if you hold him."""
    require_keys(action, ("sergeant_token",))
    if holds_sergeant(state, seat):
        token = action.get("sergeant_token")
        if not isinstance(token, bool):
            raise IllegalAction(
                "bad_value",
                'Your Sergeant is deployed: give "sergeant_token": true or false.',
            )
        return token
    if "sergeant_token" in action:
        raise IllegalAction("no_sergeant", "You have no Sergeant on your Missions.")
    return None


def verify_deception(state: SpiesState, action: Action) -> bool:
    """Play a Deception token on the soldier about to be identified, or not."""
    require_keys(action, ("mission",))
    verify_mission(state, action)
    return bool(action["type"] == "play_deception")


def verify_guess(state: SpiesState, action: Action) -> int:
    """Call out your guess of that card's rank (its number or title)."""
    require_keys(action, ("mission", "soldier"))
    verify_mission(state, action)
    rank = rank_of(action.get("soldier"))
    if rank is None:
        raise IllegalAction(
            "unknown_name", "Name a soldier by title (Spy ... Marshal) or rank 1-10."
        )
    return rank


def verify_captain(state: SpiesState, action: Action) -> int | None:
    """Earn 6 IP (``None``), or the rank of one of your exhausted soldiers to use."""
    pending = state.pending
    assert pending is not None
    option = action.get("option")
    if option == CAPTAIN_EARN:
        require_keys(action, ("option",))
        return None
    if option != CAPTAIN_EXHAUSTED:
        raise IllegalAction("unknown_name", f'Choose "{CAPTAIN_EARN}" or "{CAPTAIN_EXHAUSTED}".')
    require_keys(action, ("option", "soldier"))
    exhausted = rank_of(action.get("soldier"))
    if exhausted is None or exhausted not in state.sides[pending.side].exhausted:
        raise IllegalAction("not_exhausted", "Choose one of your exhausted soldiers.")
    return exhausted


def verify_marshal(action: Action) -> str:
    """Earn 10 IP, or 5 IP and 5 off the enemy."""
    require_keys(action, ("option",))
    option = action.get("option")
    if not isinstance(option, str) or option not in (MARSHAL_EARN, MARSHAL_SPLIT):
        raise IllegalAction("unknown_name", f'Choose "{MARSHAL_EARN}" or "{MARSHAL_SPLIT}".')
    return option


VERIFY: dict[str, Callable[[SpiesState, int, Action], object]] = {
    "deploy": verify_deploy,
    "intel": verify_place_intel,
    "deception": lambda state, seat, action: verify_deception(state, action),
    "guess": lambda state, seat, action: verify_guess(state, action),
    "captain": lambda state, seat, action: verify_captain(state, action),
    "marshal": lambda state, seat, action: verify_marshal(action),
}
"""Each pending decision's reason function, for :func:`is_legal`."""


# -- carrying out a verified decision -------------------------------------------------------


def deploy(state: SpiesState, seat: int, chosen: tuple[int, ...]) -> list[Event]:
    """Deployment phase: one soldier face down below each of your Mission cards."""
    side_index = side_of(seat)
    side = state.sides[side_index]
    missions = missions_of(state.num_seats, seat)
    line_up = list(side.missions)
    for m, rank in zip(missions, chosen, strict=True):
        line_up[m] = rank
    side.missions = tuple(line_up)
    side.hand = tuple(r for r in side.hand if r not in chosen)
    events = [
        Event(
            "deployed",
            {"seat": seat, "side": SIDES[side_index], "missions": [m + 1 for m in missions]},
        ),
        Event(
            "my_deployment",
            {
                "soldiers": {
                    str(m + 1): soldier_name(r) for m, r in zip(missions, chosen, strict=True)
                }
            },
            teammates_who_see(state.num_seats, seat),
        ),
    ]
    if not deploying(state):  # everyone has deployed
        events += begin_intelligence_phase(state)
    return events


@cache
def teammates_who_see(num_seats: int, seat: int) -> frozenset[int]:
    """The deploying seat, plus a teammate who will deploy after it (sees it once)."""
    seats = side_seats(num_seats, side_of(seat))
    return frozenset(s for s in seats if s == seat or seats.index(s) > seats.index(seat))


def place_intel(state: SpiesState, seat: int, sergeant_token: bool | None) -> list[Event]:
    """Intelligence phase: tokens are automatic except the Sergeant's secret choice."""
    if sergeant_token is not None:
        state.sides[side_of(seat)].sergeant_choice = sergeant_token
    state.intel_submitted[seat] = True
    events = [Event("intel_ready", {"seat": seat})]
    if all(state.intel_submitted):
        events += place_intel_tokens(state)
    return events


def captain(state: SpiesState, exhausted: int | None) -> list[Event]:
    """The activated Captain's owner: earn 6 IP, or use one exhausted soldier."""
    pending = state.pending
    assert pending is not None
    events = the_captain(state, pending.side, exhausted)
    if state.pending is pending:
        state.pending = None
    return events + after_ability(state, pending.deception_bonus)


def marshal(state: SpiesState, option: str) -> list[Event]:
    """The activated Marshal's owner: 10 IP, or 5 IP and 5 off the enemy."""
    pending = state.pending
    assert pending is not None
    state.pending = None
    events = the_marshal(state, pending.side, option)
    return events + after_ability(state, pending.deception_bonus)


def after_ability(state: SpiesState, deception_bonus: bool) -> list[Event]:
    """Once the soldier's choice is made: the Deception bonus, then the next guess."""
    if state.pending is not None or state.phase == OVER:
        return []
    state.step = "guess"
    return finish_turn(state, deception_bonus) + maybe_end_of_day(state)


def maybe_end_of_day(state: SpiesState) -> list[Event]:
    """The round ends when all the Soldiers in the Missions have been revealed."""
    return end_of_day(state) if all_revealed(state) else []
