"""What each seat sees, built by allow-list: the public table, plus your own shield.

Never serialise the state and strip it: every key below is copied on purpose.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Literal, NotRequired

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from spyhouse.engine import Fixed
from spyhouse.games.conspiracy import decisions
from spyhouse.games.conspiracy.abilities import ability_uses, legal_pushes
from spyhouse.games.conspiracy.board import (
    agents_in,
    live_agents,
    move_destinations,
    payoff_board,
    red_line_neighbours,
)
from spyhouse.games.conspiracy.challenges import opening_minimum, paid_to_acting_agent
from spyhouse.games.conspiracy.components import DR_SOLOMON, components
from spyhouse.games.conspiracy.state import ConspiracyState, Phase
from spyhouse.games.conspiracy.turn import payoff_limit, payoff_recipients

JSON = Any

# -- the view's types: the published view schema is made from these, and the game's
# tests validate every view of random games against them --------------------------------

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class PublicPlayer(TypedDict):
    seat: int
    hq: str
    restricted: bool
    payoffs_made: int
    setup_done: bool
    burns: list[str]
    coins_removed: int


@with_config(_CLOSED)
class City(TypedDict):
    name: str
    station: bool
    lon: float
    lat: float


@with_config(_CLOSED)
class MapView(TypedDict):
    cities: list[City]
    red_lines: list[list[str]]
    status: str


@with_config(_CLOSED)
class AgentView(TypedDict):
    name: str
    city: str | None
    burned: bool
    ability: str
    ability_status: str


@with_config(_CLOSED)
class Die(TypedDict):
    faces: int
    solomon_faces: int


@with_config(_CLOSED)
class SolomonView(TypedDict):
    space: int
    start_space: int
    last_space: int
    last_roll: str | None
    plays_after: int
    die: Die
    status: str


OrderView = TypedDict(
    "OrderView",
    {
        "kind": Literal["move", "burn"],
        "player": int,
        "agent": str,
        "from": str,
        "to": NotRequired[str | None],
        "target": NotRequired[str | None],
    },
)
OrderView.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]  # "from": a keyword


@with_config(_CLOSED)
class Announcement(TypedDict):
    player: int
    announced: int


@with_config(_CLOSED)
class DuelView(TypedDict):
    challenger: int
    announcements: list[Announcement]
    to_speak: int


@with_config(_CLOSED)
class ChallengeView(TypedDict):
    offered_to: int | None
    still_to_offer: list[int]
    opening_minimum: int
    duel: DuelView | None


@with_config(_CLOSED)
class SpyglassLookView(TypedDict):
    player: int
    at: int
    on: NotRequired[str]
    amount: NotRequired[int]


@with_config(_CLOSED)
class Shield(TypedDict):
    reserve: int
    payoffs: dict[str, int]
    starting_agent: str
    setup_picks: list[str] | None


@with_config(_CLOSED)
class FinalReveal(TypedDict):
    payoffs_to_solomon: list[int]
    reserves: list[int]


@with_config(_CLOSED)
class PayoffChoice(TypedDict):
    to: str
    max: int


MoveChoice = TypedDict("MoveChoice", {"agent": str, "from": str, "to": list[str]})
MoveChoice.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]


@with_config(_CLOSED)
class BurnChoice(TypedDict):
    agent: str
    targets: list[str]


Prompt = TypedDict(
    "Prompt",
    {
        "kind": Literal[
            "choose_setup_agents",
            "choose_action",
            "challenge_or_pass",
            "announce_or_stop",
            "carry_briefcase",
            "use_ability",
            "tempest_push",
        ],
        "text": str,
        "starting_agent": NotRequired[str],
        "choices": NotRequired[list[str]],
        "count": NotRequired[int],
        "restricted": NotRequired[bool],
        "payoff": NotRequired[list[PayoffChoice]],
        "moves": NotRequired[list[MoveChoice]],
        "burns": NotRequired[list[BurnChoice]],
        "agent": NotRequired[str],
        "minimum": NotRequired[int],
        "your_payoff": NotRequired[int],
        "to_beat": NotRequired[int],
        "from": NotRequired[str],
        "to": NotRequired[str | list[str] | None],
        "options": NotRequired[list[dict[str, Any]]],
        "agents": NotRequired[list[str]],
    },
)
Prompt.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]
"""The viewing seat's pending decision, with what a client needs to present it."""


@with_config(_CLOSED)
class ConspiracyView(TypedDict):
    """What one seat (or a spectator) of Conspiracy sees."""

    game: Literal["conspiracy"]
    you: int | None
    round: int
    phase: str
    current_player: int
    first_player: int
    waiting_for: list[int]
    players: list[PublicPlayer]
    map: MapView
    agents: list[AgentView]
    briefcase: str
    dr_solomon: SolomonView
    order: OrderView | None
    challenge: ChallengeView | None
    spyglass_looks: list[SpyglassLookView]
    my_shield: Shield | None
    final_reveal: FinalReveal | None
    winners: list[int] | None
    prompt: Prompt | None


def view(state: ConspiracyState, seat: int | None) -> dict[str, JSON]:
    """The table as ``seat`` sees it (``None``: a spectator), with its pending decision.

    Reconstructed component data carries its status, so the client's rules reference can
    tell a player with the physical game what to check."""
    box = components()
    to_act = decisions.to_act(state)
    view: dict[str, JSON] = {
        "game": "conspiracy",
        "you": seat,
        "round": state.round,
        "phase": state.phase.value,
        "current_player": state.current,
        "first_player": state.first_player,
        "waiting_for": sorted(to_act),
        "players": [_public_player(state, s) for s in range(state.num_seats)],
        "map": _map(),
        "agents": [
            {
                "name": agent.name,
                "city": state.agents[agent.name],
                "burned": state.agents[agent.name] is None,
                "ability": agent.ability,
                "ability_status": agent.status,
            }
            for agent in box.agents
        ],
        "briefcase": state.briefcase,
        "dr_solomon": {
            "space": state.solomon_space,
            "start_space": state.solomon_start,
            "last_space": box.solomon_last_space,
            "last_roll": state.last_roll,
            "plays_after": (state.first_player - 1) % state.num_seats,
            "die": {"faces": box.die_faces, "solomon_faces": box.solomon_faces},
            "status": box.statuses["solomon"],
        },
        "order": _order(state),
        "challenge": _challenge(state),
        "spyglass_looks": _spyglass_looks(state, seat),
        "my_shield": None if seat is None else _shield(state, seat),
        "final_reveal": _final_reveal(state),
        "winners": list(state.winners) if state.phase == Phase.OVER else None,
        "prompt": _prompt(state, seat) if seat is not None and seat in to_act else None,
    }
    return view


def views(state: ConspiracyState, readers: Sequence[int | None]) -> list[dict[str, JSON]]:
    """Several readers' views of one state, each equal to :func:`view` of that reader.

    Built for every seat of a table after every move, so the table every reader sees is
    built once (the spectator's view) and shared: a player's view adds only who they
    are, what they saw with Spyglass (the space and amount of their own looks), their
    own shield and their prompt."""
    base = view(state, None)
    to_act = decisions.to_act(state)
    lookers = {look.looker for look in state.looks}
    out: list[dict[str, JSON]] = []
    for seat in readers:
        if seat is None:
            out.append(base)
            continue
        own = base.copy()  # same keys in the same order: only the values below change
        own["you"] = seat
        if seat in lookers:
            own["spyglass_looks"] = _spyglass_looks(state, seat)
        own["my_shield"] = _shield(state, seat)
        if seat in to_act:
            own["prompt"] = _prompt(state, seat)
        out.append(own)
    return out


@cache
def _map() -> dict[str, JSON]:
    """The printed map, with its status. Built once and shared by every view, as a
    :class:`~spyhouse.engine.Fixed` part (the server writes its JSON once): rebuilt for
    every reader after every move, it was a third of a view's time."""
    box = components()
    return Fixed(
        cities=[
            {"name": c.name, "station": c.station, "lon": c.lon, "lat": c.lat}
            for c in box.cities.values()
        ],
        red_lines=[[a, b] for a, b in box.red_lines],
        status=box.statuses["routes"],
    )


def _public_player(state: ConspiracyState, seat: int) -> dict[str, JSON]:
    """What the table sees of a player: HQ, RESTRICTED marker, how many payoffs made,
    burns and the coins they removed -- never the reserve or the payoff board."""
    return {
        "seat": seat,
        "hq": state.hq[seat],
        "restricted": state.restricted[seat],
        "payoffs_made": state.payoffs_made[seat],
        "setup_done": state.setup_picks[seat] is not None,
        "burns": list(state.burns_by[seat]),
        "coins_removed": state.removed[seat],
    }


def _spyglass_looks(state: ConspiracyState, seat: int | None) -> list[dict[str, JSON]]:
    """Who looked at whose shield is public; the space and amount seen, only the looker's."""
    return [
        {"player": look.looker, "at": look.player}
        | ({"on": look.space, "amount": look.amount} if seat == look.looker else {})
        for look in state.looks
    ]


def _shield(state: ConspiracyState, seat: int) -> dict[str, JSON]:
    """Behind your own shield: reserve, payoff board, starting tile, setup picks."""
    return {
        "reserve": state.reserve[seat],
        "payoffs": payoff_board(state, seat),
        "starting_agent": state.starting_agent[seat],
        "setup_picks": None
        if state.setup_picks[seat] is None
        else list(state.setup_picks[seat] or []),
    }


def _order(state: ConspiracyState) -> dict[str, JSON] | None:
    order = state.order
    if order is None:
        return None
    out: dict[str, JSON] = {
        "kind": order.kind,
        "player": state.current,
        "agent": order.agent,
        "from": order.origin,
    }
    if order.kind == "move":
        out["to"] = order.destination
    else:
        out["target"] = order.target
    return out


def _challenge(state: ConspiracyState) -> dict[str, JSON] | None:
    if state.phase not in (Phase.CHALLENGE, Phase.DUEL):
        return None
    duel = state.duel
    return {
        "offered_to": state.offered[0] if state.offered else None,
        "still_to_offer": list(state.offered[1:]),
        "opening_minimum": opening_minimum(state),
        "duel": None
        if duel is None
        else {
            "challenger": duel.challenger,
            "announcements": [{"player": p, "announced": n} for p, n in duel.announcements],
            "to_speak": duel.to_speak,
        },
    }


def _final_reveal(state: ConspiracyState) -> dict[str, JSON] | None:
    """When Dr. Solomon's face shows, shields lift: payoffs to him and reserves."""
    if state.ending != "solomon":
        return None
    return {
        "payoffs_to_solomon": [board[DR_SOLOMON] for board in state.payoffs],
        "reserves": list(state.reserve),
    }


def _prompt(state: ConspiracyState, seat: int) -> dict[str, JSON]:
    """The pending decision of ``seat``, with what a client needs to present it."""
    phase = state.phase
    if phase == Phase.SETUP:
        start = state.starting_agent[seat]
        return {
            "kind": "choose_setup_agents",
            "text": f"3 sovereigns are on {start} (your starting-payoff tile). "
            "Choose two other agents to pay 1 sovereign each.",
            "starting_agent": start,
            "choices": [a for a in components().agent_names if a != start],
            "count": components().setup_picks,
        }
    if phase == Phase.ACTION:
        restricted = state.restricted[seat]
        return {
            "kind": "choose_action",
            "text": "You are RESTRICTED: make a payoff."
            if restricted
            else "Make a payoff, move an agent or burn an agent.",
            "restricted": restricted,
            "payoff": [
                {"to": r, "max": payoff_limit(state, seat, r)} for r in payoff_recipients(state)
            ],
            "moves": []
            if restricted
            else [
                {"agent": a, "from": c, "to": list(move_destinations(c))}
                for a in live_agents(state)
                if (c := state.agents[a]) is not None
            ],
            "burns": [] if restricted else _burn_options(state, seat),
        }
    if phase in (Phase.CHALLENGE, Phase.DUEL):
        assert state.order is not None
        paid = paid_to_acting_agent(state, seat)
        if phase == Phase.CHALLENGE:
            return {
                "kind": "challenge_or_pass",
                "text": f"Challenge {_describe(state)}, or pass?",
                "agent": state.order.agent,
                "minimum": opening_minimum(state),
                "your_payoff": paid,
            }
        assert state.duel is not None
        last = state.duel.announcements[-1][1]
        return {
            "kind": "announce_or_stop",
            "text": f"The other side announced {last} on {state.order.agent}. Go higher or stop?",
            "agent": state.order.agent,
            "to_beat": last,
            "minimum": last + 1,
            "your_payoff": paid,
        }
    if phase == Phase.BRIEFCASE:
        assert state.order is not None
        return {
            "kind": "carry_briefcase",
            "text": f"Carry the briefcase from {state.order.origin} to {state.order.destination}?",
            "from": state.order.origin,
            "to": state.order.destination,
        }
    if phase == Phase.ABILITY:
        assert state.order is not None
        agent = state.order.agent
        return {
            "kind": "use_ability",
            "text": f"Use {agent}'s ability? {next(a.ability for a in components().agents if a.name == agent)}",
            "agent": agent,
            "options": ability_uses(state),
        }
    assert phase == Phase.TEMPEST
    city = state.agents["Tempest"]
    assert city is not None
    return {
        "kind": "tempest_push",
        "text": f"Push each of {', '.join(state.to_push)} to a city next to {city}.",
        "agents": list(state.to_push),
        "to": list(red_line_neighbours(city)),
        "options": legal_pushes(state),
    }


def _burn_options(state: ConspiracyState, seat: int) -> list[dict[str, JSON]]:
    out = []
    for agent in live_agents(state):
        city = state.agents[agent]
        if city is None or state.payoffs[seat][agent] < components().burn_cost:
            continue
        targets = [t for t in agents_in(state, city) if t != agent]
        if targets:
            out.append({"agent": agent, "targets": targets})
    return out


def _describe(state: ConspiracyState) -> str:
    order = state.order
    assert order is not None
    if order.kind == "move":
        return f"{order.agent} to {order.destination}"
    return f"{order.agent} will burn {order.target}"
