"""Every action a Conspiracy seat may send, as types: the published JSON Schema of the
game's actions is made from these (``Game.action_schema``), and the game's tests check
that every action ``legal_actions`` lists is one of them, so the two cannot drift.

Agents, cities and payoff spaces are named as printed (``"Dr. Solomon"`` for him).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class SetupPayoff(TypedDict):
    """Setup: one sovereign on each of two other agents."""

    type: Literal["setup_payoff"]
    agents: list[str]


@with_config(_CLOSED)
class Payoff(TypedDict):
    type: Literal["payoff"]
    to: str
    amount: int


@with_config(_CLOSED)
class Move(TypedDict):
    type: Literal["move"]
    agent: str
    to: str


@with_config(_CLOSED)
class Burn(TypedDict):
    type: Literal["burn"]
    agent: str
    target: str


@with_config(_CLOSED)
class Pass(TypedDict):
    type: Literal["pass"]


@with_config(_CLOSED)
class Challenge(TypedDict):
    type: Literal["challenge"]
    announce: int


@with_config(_CLOSED)
class Announce(TypedDict):
    type: Literal["announce"]
    amount: int


@with_config(_CLOSED)
class Stop(TypedDict):
    type: Literal["stop"]


@with_config(_CLOSED)
class CarryBriefcase(TypedDict):
    type: Literal["carry_briefcase"]


@with_config(_CLOSED)
class LeaveBriefcase(TypedDict):
    type: Literal["leave_briefcase"]


@with_config(_CLOSED)
class SkipAbility(TypedDict):
    type: Literal["skip_ability"]


@with_config(_CLOSED)
class Beacon(TypedDict):
    type: Literal["beacon"]
    pull: str


@with_config(_CLOSED)
class Magician(TypedDict):
    type: Literal["magician"]
    briefcase_to: str


@with_config(_CLOSED)
class Roulette(TypedDict):
    type: Literal["roulette"]
    direction: Literal["up", "down"]


@with_config(_CLOSED)
class Spyglass(TypedDict):
    type: Literal["spyglass"]
    player: int
    on: str


@with_config(_CLOSED)
class Tempest(TypedDict):
    type: Literal["tempest"]


@with_config(_CLOSED)
class Vagabond(TypedDict):
    type: Literal["vagabond"]
    to: str
    carry_briefcase: bool


@with_config(_CLOSED)
class Push(TypedDict):
    """Tempest's push: one agent of the city to a city joined by a red line."""

    type: Literal["push"]
    agent: str
    to: str


ConspiracyAction = Annotated[
    SetupPayoff
    | Payoff
    | Move
    | Burn
    | Pass
    | Challenge
    | Announce
    | Stop
    | CarryBriefcase
    | LeaveBriefcase
    | SkipAbility
    | Beacon
    | Magician
    | Roulette
    | Spyglass
    | Tempest
    | Vagabond
    | Push,
    Field(discriminator="type"),
]
