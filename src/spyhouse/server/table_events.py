"""The events the server itself writes into a table's log (lobby, seats, clocks), as
types: every game's published log events are its own kinds and these. A game's kind of
the same name, e.g. its own ``game_started``, is published with either's data: the
server announces the start when the game's setup does not, and a game that announces it
later (Conspiracy, once the setup picks are in) has both in its log.

The server's tests check every state frame a test client receives against the published
schemas (``tests/server/frame_check.py``), these included, so the two cannot drift.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, Union

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class NoData(TypedDict):
    """Nothing more than that it happened."""


@with_config(_CLOSED)
class SeatData(TypedDict):
    """The seat it happened to."""

    seat: int


@with_config(_CLOSED)
class NamedSeatData(TypedDict):
    """The seat it happened to and its player's name."""

    seat: int
    name: str | None


@with_config(_CLOSED)
class BotSeatedData(TypedDict):
    """A bot took the seat: with the player's name when it plays for them."""

    seat: int
    name: NotRequired[str | None]


@with_config(_CLOSED)
class TimeAddedData(TypedDict):
    seat: int
    seconds: int


@with_config(_CLOSED)
class RematchData(TypedDict):
    """Only to the invited players: where the rematch is."""

    table_id: str
    invite_code: str
    host_seat: int | None


def _event(kind: str, data: type) -> type:
    """``{"type": kind, "data": data}`` as a closed TypedDict named after ``kind``."""
    name = "".join(part.capitalize() for part in kind.split("_")) + "Event"
    event = TypedDict(name, {"type": Literal[kind], "data": data})  # type: ignore[misc]  # noqa: UP013
    event.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]
    return event


KINDS: dict[str, type] = {
    "game_started": NoData,
    "joined": NamedSeatData,
    "bot_seated": BotSeatedData,
    "bot_level_changed": SeatData,
    "seat_emptied": SeatData,
    "seat_requested": NamedSeatData,
    "seat_given_back": NamedSeatData,
    "returned": NamedSeatData,
    "player_removed": NamedSeatData,
    "timed_out": NamedSeatData,
    "seat_held": NamedSeatData,
    "clocks_paused": NoData,
    "clocks_resumed": NoData,
    "time_added": TimeAddedData,
    "rematch": RematchData,
}
"""Each kind the server writes, with its data."""

TableEvent: Any = Annotated[
    Union[tuple(_event(kind, data) for kind, data in KINDS.items())],  # noqa: UP007
    Field(discriminator="type"),
]
"""Any event the server writes, by its ``type``."""
