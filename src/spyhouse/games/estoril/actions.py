"""Every action an Estoril seat may send, as types: the published JSON Schema of the
game's actions is made from these (``Game.action_schema``), and the game's tests check
that every action ``legal_actions`` lists is one of them, so the two cannot drift.

A space is named as a player would: ``"location"`` (a Location's name) and ``"space"``
(its numeral, ``"I"``…); a tile by its label, e.g. ``"Hans R. (red)"``.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class Place(TypedDict):
    """Place a tile from your hand on a free space."""

    type: Literal["place"]
    tile: str
    location: str
    space: str


@with_config(_CLOSED)
class Discard(TypedDict):
    """Discard a tile from your hand."""

    type: Literal["discard"]
    tile: str


@with_config(_CLOSED)
class PlaceEnigma(TypedDict):
    """Put the Enigma on a Location."""

    type: Literal["place_enigma"]
    location: str


@with_config(_CLOSED)
class Rotate(TypedDict):
    """Turn the Alcântara board."""

    type: Literal["rotate"]
    degrees: int


@with_config(_CLOSED)
class SetDie(TypedDict):
    """Set the Airport die."""

    type: Literal["set_die"]
    value: int


@with_config(_CLOSED)
class Look(TypedDict):
    """Look at a tile: one on a space, or a Location's Reward tile (1, 2…)."""

    type: Literal["look"]
    location: str
    space: NotRequired[str]
    reward: NotRequired[int]


@with_config(_CLOSED)
class Use(TypedDict):
    """Use an ability symbol of the resolving Character, with its target if it has one."""

    type: Literal["use"]
    ability: str
    location: NotRequired[str]
    space: NotRequired[str]
    to: NotRequired[str]
    reward: NotRequired[int]


@with_config(_CLOSED)
class Remove(TypedDict):
    """Hell's mouth: remove one of your Characters from that Location."""

    type: Literal["remove"]
    location: str
    space: str


Roulette = TypedDict(
    "Roulette", {"type": Literal["roulette"], "tile": str, "from": Literal["hand", "discards"]}
)
Roulette.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]  # "from" is a keyword
"""Feed the Casino Roulette a tile from your hand or your discards."""


@with_config(_CLOSED)
class Pass(TypedDict):
    """Look at nothing, or use no ability."""

    type: Literal["pass"]


@with_config(_CLOSED)
class KeepReward(TypedDict):
    type: Literal["keep_reward"]


@with_config(_CLOSED)
class SwapReward(TypedDict):
    type: Literal["swap_reward"]


EstorilAction = Annotated[
    Place
    | Discard
    | PlaceEnigma
    | Rotate
    | SetDie
    | Look
    | Use
    | Remove
    | Roulette
    | Pass
    | KeepReward
    | SwapReward,
    Field(discriminator="type"),
]
