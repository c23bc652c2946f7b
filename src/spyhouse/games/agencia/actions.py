"""Every action a La Agencia seat may send, as types: the published JSON Schema of the
game's actions is made from these (``Game.action_schema``), and the game's tests check
that every action ``legal_actions`` lists is one of them, so the two cannot drift."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class ChooseLocation(TypedDict):
    """(A) The Ambassador chooses the Embassy's side."""

    type: Literal["choose_location"]
    location: Literal["Hall", "Garden"]


@with_config(_CLOSED)
class Play(TypedDict):
    """(B) Play the card in one of your four positions, seen or not."""

    type: Literal["play"]
    position: Literal["table_face_up", "table_face_down", "hand_facing_owner", "hand_facing_others"]


@with_config(_CLOSED)
class Infiltrate(TypedDict):
    """(C) The Infiltrator exchanges with the played card of the seat ``target``."""

    type: Literal["infiltrate"]
    target: int


@with_config(_CLOSED)
class Recruit(TypedDict):
    """(C) The Recruiter exchanges with the played card of the seat ``target``."""

    type: Literal["recruit"]
    target: int


AgenciaAction = Annotated[ChooseLocation | Play | Infiltrate | Recruit, Field(discriminator="type")]
