"""Every action a Spies & Lies seat may send, as types: the published JSON Schema of the
game's actions is made from these (``Game.action_schema``), and the game's tests check
that every action ``legal_actions`` lists is one of them, so the two cannot drift.

A soldier is named by title (``"Spy"`` … ``"Marshal"``) or by rank (1-10); a Mission by
its number (1-4).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")
Soldier = Annotated[str | int, Field(description='A title ("Spy" … "Marshal") or a rank 1-10')]
Mission = Annotated[int, Field(ge=1, le=4)]


@with_config(_CLOSED)
class Deploy(TypedDict):
    """One soldier face down below each of your Mission cards, in Mission order."""

    type: Literal["deploy"]
    soldiers: list[Soldier]


@with_config(_CLOSED)
class PlaceIntel(TypedDict):
    """Intel tokens; ``sergeant_token`` only (and then always) with a deployed Sergeant."""

    type: Literal["place_intel"]
    sergeant_token: NotRequired[bool]


@with_config(_CLOSED)
class PlayDeception(TypedDict):
    type: Literal["play_deception"]
    mission: NotRequired[Mission]


@with_config(_CLOSED)
class NoDeception(TypedDict):
    type: Literal["no_deception"]
    mission: NotRequired[Mission]


@with_config(_CLOSED)
class Guess(TypedDict):
    """Identify the soldier on the Mission being played."""

    type: Literal["guess"]
    soldier: Soldier
    mission: NotRequired[Mission]


@with_config(_CLOSED)
class Captain(TypedDict):
    """The Captain: earn 6, or use one of your exhausted soldiers (``soldier``)."""

    type: Literal["captain"]
    option: Literal["earn_6", "use_exhausted"]
    soldier: NotRequired[Soldier]


@with_config(_CLOSED)
class Marshal(TypedDict):
    """The Marshal: earn 10, or earn 5 and reduce by 5."""

    type: Literal["marshal"]
    option: Literal["earn_10", "earn_5_reduce_5"]


SpiesAction = Annotated[
    Deploy | PlaceIntel | PlayDeception | NoDeception | Guess | Captain | Marshal,
    Field(discriminator="type"),
]
