"""The whole game state (secrets included; it never leaves the server), as slotted
pydantic dataclasses: exact JSON round trips, and attribute reads as fast as Python has
(see :mod:`spyhouse.engine.parts`).

Seats are numbered clockwise, so “the player to your left” is ``seat + 1``.
Payoff boards are dicts from payoff space (agent name or ``"Dr. Solomon"``) to coins.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple

from pydantic import Field

from spyhouse.engine import (
    GameOptions,
    Hidden,
    Mixed,
    Part,
    Private,
    Public,
    frozen_slotted,
    slotted,
)


class Phase(StrEnum):
    """Which decision the game waits for: the secret setup picks, a player's turn, the
    challenges and the duel of announcements, the briefcase and the agent's ability
    after a move, Tempest's push, or the game's end."""

    SETUP = "setup"
    ACTION = "action"
    CHALLENGE = "challenge"
    DUEL = "duel"
    BRIEFCASE = "briefcase"
    ABILITY = "ability"
    TEMPEST = "tempest"
    OVER = "over"


"""Whose decision is pending: ``setup`` (everyone's secret picks), ``action`` (the player
to act announces), ``challenge`` (a player may challenge or pass), ``duel`` (the
announcement back-and-forth), ``briefcase`` / ``ability`` / ``tempest`` (the mover's
choices after a successful move), ``over``."""


class ConspiracyOptions(GameOptions):
    """The rule text has no variants; the lobby shows no options."""


@frozen_slotted
class Order(Part):
    """An announced move (“Spyglass to Zurich”) or burn (“Spyglass will burn Tempest”)."""

    kind: Public[Literal["move", "burn"]]
    agent: Public[str]
    destination: Public[str | None] = None
    target: Public[str | None] = None
    origin: Public[str]


@slotted
class Duel(Part):
    """One challenge: the challenger and the actor announce rising numbers in turn."""

    challenger: Public[int]
    announcements: Public[list[tuple[int, int]]]
    """``(seat, number)`` in the order spoken."""
    to_speak: Public[int]


class Claim(NamedTuple):
    """A public fact about one player's payoff on one agent at one moment: a number they
    announced in a challenge (at least that much), or a burn they announced (at least 5).
    Immutable, so copies of the state share them."""

    player: int
    agent: str
    at_least: int
    payoffs_before: int
    """How many payoffs ``player`` had made by then."""
    burns_before: int
    """How many of ``player``'s successful burns had used ``agent`` by then."""


@frozen_slotted
class SpyglassLook(Part):
    """What a Spyglass user saw: everyone knows ``looker`` and ``player``; only ``looker``
    knows ``space`` and ``amount``. Frozen, so copies of the state share it (a later burn
    replaces it with an updated ``floor``)."""

    looker: Public[int]
    player: Public[int]
    space: Private[str]
    amount: Private[int]
    floor: Private[int]
    """What ``looker`` still knows ``player`` has there (a later burn removes 5)."""
    payoffs_before: Public[int | None] = None
    """How many payoffs ``player`` had made when looked at (``None``: an older save)."""
    burns_before: Private[int] = 0
    """How many of ``player``'s burns had used ``space`` by then."""


@slotted
class ConspiracyState(Part):
    """Who may know each field is declared with it (``spyhouse.engine.visibility``):
    ``Private`` fields are each player's own shield, known to its owner only."""

    num_seats: Public[int]
    rng: Hidden[int]
    """Dr. Solomon's die rolls to come."""
    round: Public[int] = 1
    phase: Public[Phase] = Phase.SETUP
    hq: Public[list[str]]
    starting_agent: Private[list[str]]
    """The agent on each player's secret starting-payoff tile."""
    setup_picks: Private[list[list[str] | None]]
    """Each player's secret two agents (whether they chose yet is public)."""
    reserve: Private[list[int]]
    """Revealed to all only when Dr. Solomon's face shows."""
    payoffs: Private[list[dict[str, int]]]
    """Behind each shield; the payoffs to Dr. Solomon are revealed with the reserves."""
    removed: Public[list[int]]
    """Coins each player removed from the game by their own successful burns."""
    agents: Public[dict[str, str | None]]
    """Agent -> city; ``None`` once burned."""
    burned: Public[list[str]]
    burned_at: Public[list[tuple[int, ...]]] = Field(default_factory=list)
    """For each entry of ``burned``: every player's payoff count at that moment (no
    later payoff can reach a burned agent)."""
    briefcase: Public[str]
    solomon_space: Public[int]
    solomon_start: Public[int]
    last_roll: Public[str | None] = None
    first_player: Public[int]
    current: Public[int]
    restricted: Public[list[bool]]
    payoffs_made: Public[list[int]]
    known_minimum: Public[list[dict[str, int]]]
    """Public lower bound on each player's payoff per agent (from announced numbers)."""
    burns_by: Public[list[list[str]]]
    """Per player, the acting agent of each of their successful burns (public history)."""
    looks: Mixed[list[SpyglassLook]] = Field(default_factory=list)
    claims: Public[list[Claim]] = Field(default_factory=list)
    order: Mixed[Order | None] = None
    offered: Public[list[int]] = Field(default_factory=list)
    """Seats still to be offered the challenge, in clockwise order."""
    duel: Mixed[Duel | None] = None
    to_push: Public[list[str]] = Field(default_factory=list)
    winners: Public[list[int]] = Field(default_factory=list)
    ending: Public[Literal["briefcase", "solomon"] | None] = None
