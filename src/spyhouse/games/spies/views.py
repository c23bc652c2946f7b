"""What each seat sees, built by allow-list: only what a person at that seat would see.

Soldiers are named by title and rank, missions by number, sides by colour, so a client
can draw the table without knowing the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Literal, NotRequired, cast

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from spyhouse.engine import Fixed
from spyhouse.games.spies.abilities import captain_options
from spyhouse.games.spies.components import (
    MISSIONS,
    SERGEANT,
    components,
    soldier_name,
)
from spyhouse.games.spies.components import IntelCard as IntelCardData
from spyhouse.games.spies.decisions import holds_sergeant, to_act
from spyhouse.games.spies.infiltration import flag_space, space_name, wall_space
from spyhouse.games.spies.missions import (
    attacker,
    current_mission,
    defender,
    starting_side_known,
)
from spyhouse.games.spies.state import Phase, SpiesState
from spyhouse.games.spies.teams import (
    controller,
    knows_card,
    missions_of,
    side_name,
    side_of,
    side_seats,
    unknown_cards,
)

JSON = dict[str, Any]

# -- the view's types: the published view schema is made from these, mypy checks the
# functions below build them, and the game's tests validate every view against them ----

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class Soldier(TypedDict):
    rank: int
    name: str


@with_config(_CLOSED)
class IntelCard(TypedDict):
    name: str
    ranks: list[int]
    status: str


@with_config(_CLOSED)
class SeatView(TypedDict):
    seat: int
    side: str
    missions: list[int]
    intel_ready: bool


@with_config(_CLOSED)
class MissionView(TypedDict):
    mission: int
    player: int
    deployed: bool
    soldier: Soldier | None
    face_up: bool
    tilted: bool
    intel_token: bool | None
    deception_token: bool
    guess: Soldier | None


@with_config(_CLOSED)
class Effects(TypedDict):
    scout: bool
    spy: bool
    miner: bool
    bomb: bool
    exhausts_two_next_day: bool


@with_config(_CLOSED)
class SideView(TypedDict):
    colour: str
    players: list[int]
    infiltration_points: int
    deception_tokens: int
    exhausted: list[Soldier]
    hand_size: int
    hand: list[Soldier] | None
    missions: list[MissionView]
    effects: Effects
    in_hand_or_teammate_missions: NotRequired[list[Soldier]]
    your_sergeant_token: NotRequired[bool | None]


@with_config(_CLOSED)
class DoubleAgentView(TypedDict):
    position: int
    space: str
    wall: int
    flag: int
    stopped_at_wall_this_turn: bool


@with_config(_CLOSED)
class IntelView(TypedDict):
    current: IntelCard | None
    old: list[IntelCard]
    deck_size: int


@with_config(_CLOSED)
class TurnView(TypedDict):
    mission: int
    guessing_side: str
    defending_side: str
    guesser: int
    defender: int
    step: str


@with_config(_CLOSED)
class Prompt(TypedDict):
    """The viewing seat's pending decision, with what a client needs to present it."""

    kind: Literal["deploy", "place_intel", "deception", "guess", "captain", "marshal"]
    text: str
    missions: NotRequired[list[int]]
    hand: NotRequired[list[Soldier]]
    already_deployed: NotRequired[dict[str, Soldier]]
    sergeant_mission: NotRequired[int | None]
    sergeant_on_intel: NotRequired[bool]
    mission: NotRequired[int]
    tokens: NotRequired[int]
    side: NotRequired[str]
    intel_token: NotRequired[bool | None]
    deception_token: NotRequired[bool]
    soldiers: NotRequired[list[Soldier]]
    options: NotRequired[list[dict[str, object]] | list[str]]
    exhausted: NotRequired[list[Soldier]]


@with_config(_CLOSED)
class ResultView(TypedDict):
    ending: str | None
    winner: str | None
    double_agent: str
    infiltration_points: dict[str, int]


@with_config(_CLOSED)
class SoldierReference(TypedDict):
    rank: int
    name: str
    ability: str
    status: str


@with_config(_CLOSED)
class TrackReference(TypedDict):
    territory_spaces: int
    status: str


@with_config(_CLOSED)
class IntelCardReference(IntelCard):
    """An Intel card on the Reference card: how many cards of the deck show its range."""

    copies: int
    copies_status: str


@with_config(_CLOSED)
class Reference(TypedDict):
    soldiers: list[SoldierReference]
    intel_cards: list[IntelCardReference]
    track: TrackReference


@with_config(_CLOSED)
class SpiesView(TypedDict):
    """What one seat (or a spectator) of Stratego Spies & Lies sees."""

    day: int
    days: int
    phase: str
    you: SeatView | None
    seats: list[SeatView]
    to_act: list[int]
    starting_side: str | None
    sides: dict[str, SideView]
    double_agent: DoubleAgentView
    intel: IntelView
    turn: TurnView | None
    prompt: Prompt | None
    result: ResultView | None
    reference: Reference


@cache
def soldier(rank: int) -> Soldier:
    """One dict per rank, shared by every view that shows it: views are built for every
    reader after every move, and nothing changes one once built."""
    return {"rank": rank, "name": soldier_name(rank)}


@cache
def intel_card(index: int) -> IntelCard:
    """One dict per card, shared like :func:`soldier`'s."""
    card = components().intel_cards[index]
    return {"name": card.name, "ranks": sorted(card.ranks), "status": card.status}


def view(state: SpiesState, seat: int | None) -> SpiesView:
    pending = to_act(state)
    result: SpiesView = {
        "day": state.day,
        "days": components().days,
        "phase": state.phase.value,
        "you": None if seat is None else seat_view(state, seat),
        "seats": [seat_view(state, s) for s in range(state.num_seats)],
        "to_act": sorted(pending),
        "starting_side": side_name(state.starting_side) if starting_side_known(state) else None,
        "sides": {side_name(i): side_view(state, seat, i) for i in (0, 1)},
        "double_agent": {
            "position": state.double_agent,
            "space": space_name(state.double_agent),
            "wall": wall_space(),
            "flag": flag_space(),
            "stopped_at_wall_this_turn": state.wall_stop,
        },
        "intel": {
            "current": None if state.current_intel is None else intel_card(state.current_intel),
            "old": [intel_card(i) for i in state.old_intel],
            "deck_size": len(state.intel_deck),
        },
        "turn": turn_view(state),
        "prompt": prompt(state, seat) if seat is not None and seat in pending else None,
        "result": result_view(state),
        "reference": reference(),
    }
    return result


def views(state: SpiesState, readers: Sequence[int | None]) -> list[SpiesView]:
    """Several readers' views of one state, each equal to :func:`view`.

    Built for every seat of a table after every move, so what every reader sees is built
    once: each player's view adds only who they are, their own side as they know it and
    their prompt. The other side's cards are known to a seat only once face up, as to
    everyone."""
    base = view(state, None)
    public = base["sides"]
    pending = to_act(state)
    out: list[SpiesView] = []
    for seat in readers:
        if seat is None:
            out.append(base)
            continue
        own = base.copy()
        own["you"] = base["seats"][seat]
        mine = side_name(side_of(seat))
        own["sides"] = {**public, mine: own_side_view(state, seat, public[mine])}
        own["prompt"] = prompt(state, seat) if seat in pending else None
        out.append(own)
    return out


@cache
def reference() -> Reference:
    """The Reference card, with each component's status (reconstructed data is flagged);
    the Intel deck as its ranges, each with how many cards show it.

    Printed, so built once and shared by every view, as a :class:`~spyhouse.engine.Fixed`
    part (the server writes its JSON once): rebuilt for every reader at every move it
    was a sixth of the view's time, and its JSON 40 % of a frame."""
    data = components()
    printed: Reference = {
        "soldiers": [
            {
                "rank": s.rank,
                "name": s.name,
                "ability": s.ability,
                "status": s.status,
            }
            for s in data.soldiers.values()
        ],
        "intel_cards": [
            {**intel_card(i), "copies": card.copies, "copies_status": card.copies_status}
            for i, card in _first_of_each_card()
        ],
        "track": {"territory_spaces": data.territory_spaces, "status": data.track_status},
    }
    return cast(Reference, Fixed(printed))


@cache
def _first_of_each_card() -> tuple[tuple[int, IntelCardData], ...]:
    """Each card of the Intel deck once, by the index of its first copy."""
    cards = components().intel_cards
    return tuple((i, card) for i, card in enumerate(cards) if card not in cards[:i])


def seat_view(state: SpiesState, seat: int) -> SeatView:
    ready = state.phase == Phase.INTEL and state.intel_submitted[seat]
    return _seat_view(state.num_seats, seat, ready)


@cache
def _seat_view(num_seats: int, seat: int, intel_ready: bool) -> SeatView:
    """One dict per seat and Intel readiness, shared by every view that shows it (built
    for every reader after every move, never changed once built)."""
    return {
        "seat": seat,
        "side": side_name(side_of(seat)),
        "missions": [m + 1 for m in missions_of(num_seats, seat)],
        "intel_ready": intel_ready,
    }


def side_view(state: SpiesState, seat: int | None, side: int) -> SideView:
    """``side`` as ``seat`` sees it: as everyone does, unless it is the seat's own."""
    public = public_side_view(state, side)
    if seat is None or side_of(seat) != side:
        return public
    return own_side_view(state, seat, public)


def public_side_view(state: SpiesState, side: int) -> SideView:
    """``side`` as everyone sees it: its soldiers once face up, or all at the end."""
    own = state.sides[side]
    over = state.phase == Phase.OVER
    tokens_visible = over or state.phase == Phase.MISSIONS
    missions: list[MissionView] = []
    for m in range(MISSIONS):
        rank = own.missions[m]
        guess = own.guesses[m]
        missions.append(
            {
                "mission": m + 1,
                "player": controller(state.num_seats, side, m),
                "deployed": rank is not None,
                "soldier": soldier(rank)
                if rank is not None and (over or knows_card(state, None, side, m))
                else None,
                "face_up": own.face_up[m],
                "tilted": own.tilted[m],
                "intel_token": own.intel_tokens[m] if tokens_visible else None,
                "deception_token": own.deception_on[m],
                "guess": None if guess is None else soldier(guess),
            }
        )
    return {
        "colour": side_name(side),
        "players": list(side_seats(state.num_seats, side)),
        "infiltration_points": own.infiltration_points,
        "deception_tokens": own.deception_tokens,
        "exhausted": [soldier(r) for r in own.exhausted],
        "hand_size": len(own.hand),
        "hand": None,
        "missions": missions,
        "effects": {
            "scout": own.scout_active,
            "spy": own.spy_active,
            "miner": own.miner_active,
            "bomb": own.bomb_armed,
            "exhausts_two_next_day": own.exhausts_two,
        },
    }


def own_side_view(state: SpiesState, seat: int, public: SideView) -> SideView:
    """``seat``'s own side: ``public`` (its view by everyone) with the soldiers the seat
    knows besides, its hand or what it cannot tell apart, and its Sergeant token.

    Built for each seat after every move, so it shares all it can of ``public``:
    everyone's view of a card only ever shows less than this seat's."""
    side = side_of(seat)
    own = state.sides[side]
    unknown = unknown_cards(state, seat, side)  # a teammate's, face down
    view = public.copy()
    view["missions"] = [
        shown
        if rank is None or shown["soldier"] is not None or m in unknown
        else {**shown, "soldier": soldier(rank)}
        for m, (shown, rank) in enumerate(zip(public["missions"], own.missions, strict=True))
    ]
    if not unknown:  # it knows the hand (knows_hand)
        view["hand"] = [soldier(r) for r in own.hand]
    else:
        unseen = set(own.hand) | set(unknown.values())
        view["in_hand_or_teammate_missions"] = [soldier(r) for r in sorted(unseen)]
    if holds_sergeant(state, seat):
        view["your_sergeant_token"] = own.sergeant_choice if state.phase == Phase.INTEL else None
    return view


def turn_view(state: SpiesState) -> TurnView | None:
    if state.phase != Phase.MISSIONS:
        return None
    mission = current_mission(state)
    return {
        "mission": mission + 1,
        "guessing_side": side_name(attacker(state)),
        "defending_side": side_name(defender(state)),
        "guesser": controller(state.num_seats, attacker(state), mission),
        "defender": controller(state.num_seats, defender(state), mission),
        "step": state.step,
    }


def prompt(state: SpiesState, seat: int) -> Prompt:
    """The pending decision of ``seat``: its kind, a sentence, and what to choose from."""
    side = side_of(seat)
    own = state.sides[side]
    if state.phase == Phase.DEPLOY:
        mine = missions_of(state.num_seats, seat)
        return {
            "kind": "deploy",
            "text": "Deploy one soldier face down below each of your Mission cards: ranks "
            "must increase from left to right, only the Sergeant (4) may sit anywhere.",
            "missions": [m + 1 for m in mine],
            "hand": [soldier(r) for r in own.hand],
            "already_deployed": {
                str(m + 1): soldier(r) for m, r in enumerate(own.missions) if r is not None
            },
        }
    if state.phase == Phase.INTEL:
        sergeant = holds_sergeant(state, seat)
        return {
            "kind": "place_intel",
            "text": "Your Sergeant may give true or false intel: place a token on him or not."
            if sergeant
            else "Intel tokens are placed for your soldiers shown on the Intel card.",
            "sergeant_mission": own.missions.index(SERGEANT) + 1 if sergeant else None,
            "sergeant_on_intel": SERGEANT in components().intel_cards[state.current_intel].ranks
            if state.current_intel is not None
            else False,
        }
    mission = current_mission(state) + 1
    if state.step == "deception":
        return {
            "kind": "deception",
            "text": f"Play a Deception token on your Mission {mission} soldier before the enemy guesses?",
            "mission": mission,
            "tokens": own.deception_tokens,
        }
    if state.step == "guess":
        enemy = state.sides[defender(state)]
        return {
            "kind": "guess",
            "text": f"Identify the enemy soldier on Mission {mission}.",
            "mission": mission,
            "side": side_name(defender(state)),
            "intel_token": enemy.intel_tokens[mission - 1],
            "deception_token": enemy.deception_on[mission - 1],
            "soldiers": [soldier(r) for r in range(1, 11)],
        }
    assert state.pending is not None
    if state.pending.kind == "captain":
        return {
            "kind": "captain",
            "text": "Your Captain: earn 6 IP, or use one of your exhausted soldiers.",
            "options": captain_options(state, side),
            "exhausted": [soldier(r) for r in own.exhausted],
        }
    return {
        "kind": "marshal",
        "text": "Your Marshal: earn 10 IP, or earn 5 IP and take 5 from the enemy.",
        "options": ["earn_10", "earn_5_reduce_5"],
    }


def result_view(state: SpiesState) -> ResultView | None:
    if state.phase != Phase.OVER:
        return None
    return {
        "ending": state.ending,
        "winner": None if state.winner_side is None else side_name(state.winner_side),
        "double_agent": space_name(state.double_agent),
        "infiltration_points": {
            side_name(i): s.infiltration_points for i, s in enumerate(state.sides)
        },
    }
