"""The whole game state (secrets included; it never leaves the server).

Seats are numbered clockwise, so “the player to your left” is ``seat + 1``.
Payoff boards are dicts from payoff space (agent name or ``"Dr. Solomon"``) to coins.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict

from spyhouse.engine import GameOptions, Part, StateModel

Phase = Literal["setup", "action", "challenge", "duel", "briefcase", "ability", "tempest", "over"]
"""Whose decision is pending: ``setup`` (everyone's secret picks), ``action`` (the player
to act announces), ``challenge`` (a player may challenge or pass), ``duel`` (the
announcement back-and-forth), ``briefcase`` / ``ability`` / ``tempest`` (the mover's
choices after a successful move), ``over``."""


class ConspiracyOptions(GameOptions):
    """The rule text has no variants; the lobby shows no options."""


class Order(Part):
    """An announced move (“Spyglass to Zurich”) or burn (“Spyglass will burn Tempest”)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["move", "burn"]
    agent: str
    destination: str | None = None
    target: str | None = None
    origin: str


class Duel(Part):
    """One challenge: the challenger and the actor announce rising numbers in turn."""

    challenger: int
    announcements: list[tuple[int, int]]
    """``(seat, number)`` in the order spoken."""
    to_speak: int


class SpyglassLook(Part):
    """What a Spyglass user saw: everyone knows ``looker`` and ``player``; only ``looker``
    knows ``space`` and ``amount``."""

    looker: int
    player: int
    space: str
    amount: int
    floor: int
    """What ``looker`` still knows ``player`` has there (a later burn removes 5)."""


class ConspiracyState(StateModel):
    num_seats: int
    rng: int
    round: int = 1
    phase: Phase = "setup"
    hq: list[str]
    starting_agent: list[str]
    """The agent on each player's secret starting-payoff tile."""
    setup_picks: list[list[str] | None]
    reserve: list[int]
    payoffs: list[dict[str, int]]
    removed: list[int]
    """Coins each player removed from the game by their own successful burns."""
    agents: dict[str, str | None]
    """Agent -> city; ``None`` once burned."""
    burned: list[str]
    briefcase: str
    solomon_space: int
    solomon_start: int
    last_roll: str | None = None
    first_player: int
    current: int
    restricted: list[bool]
    payoffs_made: list[int]
    known_minimum: list[dict[str, int]]
    """Public lower bound on each player's payoff per agent (from announced numbers)."""
    burns_by: list[list[str]]
    """Per player, the acting agent of each of their successful burns (public history)."""
    looks: list[SpyglassLook] = []
    order: Order | None = None
    offered: list[int] = []
    """Seats still to be offered the challenge, in clockwise order."""
    duel: Duel | None = None
    to_push: list[str] = []
    winners: list[int] = []
    ending: Literal["briefcase", "solomon"] | None = None

    def copy(self) -> ConspiracyState:  # type: ignore[override]
        """A deep copy, several times faster than ``copy.deepcopy`` (random playouts copy
        the state at every step). Every mutable field is copied here; immutables are
        shared. (Replaces pydantic's deprecated ``BaseModel.copy``.)"""
        duel = self.duel
        return self.model_copy(
            update={
                "hq": list(self.hq),
                "starting_agent": list(self.starting_agent),
                "setup_picks": [None if p is None else list(p) for p in self.setup_picks],
                "reserve": list(self.reserve),
                "payoffs": [dict(b) for b in self.payoffs],
                "removed": list(self.removed),
                "agents": dict(self.agents),
                "burned": list(self.burned),
                "restricted": list(self.restricted),
                "payoffs_made": list(self.payoffs_made),
                "known_minimum": [dict(k) for k in self.known_minimum],
                "burns_by": [list(b) for b in self.burns_by],
                "looks": [look.model_copy() for look in self.looks],
                "order": self.order,
                "offered": list(self.offered),
                "duel": None
                if duel is None
                else duel.model_copy(update={"announcements": list(duel.announcements)}),
                "to_push": list(self.to_push),
                "winners": list(self.winners),
            }
        )
