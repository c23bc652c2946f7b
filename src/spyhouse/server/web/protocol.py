"""The table socket's protocol, written down once: every frame in both directions.

Each frame is a model here (its JSON Schema is what ``/asyncapi.json`` publishes), and
the server builds every frame it sends through the builders below, which encode with
the one JSON codec (:mod:`spyhouse.store.jsontext`, orjson). The builders fill plain
dicts rather than validate models: a ``state`` frame is built for every reader after
every move, and the models' only job is to say what a frame is. The server's tests
check every frame a test client receives against the published schema, so the two
cannot drift.

Client → server: ``auth`` (first), ``action``, ``chat``, ``ping``; the server reads each
through :func:`parse_client`, the same models, so a message the schema refuses is refused.
Server → client: ``state``, ``ack``, ``error``, ``pong``, ``chat``, ``chat_history``,
``chat_muted``, ``presence``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from spyhouse.server.web.inputbounds import ActionBody, Version
from spyhouse.server.web.problems import Problem, ProblemDocument
from spyhouse.server.web.schemas import ActionResult
from spyhouse.store import jsontext

# -- client → server ------------------------------------------------------------------


class _Sent(BaseModel):
    """A client's message: unknown fields refused and JSON types exact (``"3"`` is no
    version, ``1`` no boolean), as the published schema says."""

    model_config = ConfigDict(extra="forbid", strict=True)


class AuthMessage(_Sent):
    """The first message: a seat's or the host's token, or none to spectate."""

    type: Literal["auth"]
    token: str | None = Field(None, description="A seat or host token; absent: spectate")
    since: Version = Field(0, description="The last version seen: events after it follow")
    presence: bool = Field(False, description="Also receive presence frames")
    parts: bool = Field(
        False,
        description="Receive each unchanged part of a view once: state frames then carry "
        '`parts`, and {"$part": id} stands for a part (see StateFrame.parts)',
    )


class ActionMessage(_Sent):
    """Play one of your legal actions, chosen at ``version``; answered by ack or error."""

    type: Literal["action"]
    action: ActionBody = Field(description="One of your legal_actions")
    version: Version
    request_id: str | None = Field(None, pattern=r"^[\x21-\x7e]{1,64}$")


class ChatMessage(_Sent):
    """A chat line (players: the table; spectators: their own channel)."""

    type: Literal["chat"]
    text: str


class PingMessage(_Sent):
    """Answered by a pong."""

    type: Literal["ping"]


CLIENT_MESSAGES: tuple[type[BaseModel], ...] = (
    AuthMessage,
    ActionMessage,
    ChatMessage,
    PingMessage,
)

ClientMessage = AuthMessage | ActionMessage | ChatMessage | PingMessage
_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(
    Annotated[ClientMessage, Field(discriminator="type")]
)
_KINDS = {model.model_fields["type"].annotation.__args__[0] for model in CLIENT_MESSAGES}  # type: ignore[union-attr]


def parse_client(data: Mapping[str, Any]) -> ClientMessage:
    """A client's message (a JSON object) as its model: the same definition the
    AsyncAPI document publishes, so the server reads exactly what it documents.

    Raises :class:`Problem`: ``unknown_message`` for a ``type`` the protocol lacks,
    ``malformed_body`` for an action message that breaks its schema (as REST answers
    the same body), ``malformed_message`` for any other."""
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _KINDS:
        raise Problem(
            422, "unknown_message", "Expected a message of type 'action', 'chat' or 'ping'."
        )
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as exc:
        fields = sorted({".".join(map(str, e["loc"][1:])) or "message" for e in exc.errors()})
        if kind == "action":
            raise Problem(
                422, "malformed_body", "An action message needs action and version."
            ) from None
        raise Problem(
            422, "malformed_message", f"A {kind} message breaks its schema at: {', '.join(fields)}."
        ) from None


# -- server → client ------------------------------------------------------------------


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StateFrame(ActionResult):
    """The reader's table document at a committed version, with the events it may read
    since the version it last saw: on connect and after every committed change."""

    model_config = ConfigDict(extra="forbid")

    type: Literal["state"]
    parts: dict[str, dict[str, Any]] | None = Field(
        None,
        description="Only for a socket that asked for parts at auth. Any object in the frame "
        'may then be {"$part": id}: it stands for the object `parts[id]` of this frame, or of '
        "the previous state frame on this socket if this one's `parts` lacks it. Replaced, "
        "the frame is what this schema says; a part the next frame does not show is "
        "forgotten. A part's id is made from its content alone.",
    )


class AckFrame(_Frame):
    """The action was committed at ``version``."""

    type: Literal["ack"]
    version: int
    request_id: str | None


class ErrorFrame(ProblemDocument):
    """A refusal: the REST problem document, with the action's ``request_id``."""

    type: Literal["error"]
    request_id: str | None = None


class PongFrame(_Frame):
    """The answer to a ping."""

    type: Literal["pong"]


class ChatLine(_Frame):
    """One line of table talk."""

    type: Literal["chat"]
    id: int
    channel: Literal["table", "spectators"]
    seat: int | None = Field(description="The speaker's seat; null for the host or a spectator")
    name: str
    text: str
    at: str | None = Field(description="When it was said (ISO 8601)")


class ChatHistoryFrame(_Frame):
    """After the first state frame of a (re)connect: the last lines this reader may read."""

    type: Literal["chat_history"]
    lines: list[ChatLine]


class ChatMutedFrame(_Frame):
    """The host muted or unmuted a seat's chat."""

    type: Literal["chat_muted"]
    seat: int
    muted: bool


class PresenceFrame(_Frame):
    """Who is here, per player seat (only to a socket that asked at auth)."""

    type: Literal["presence"]
    seats: dict[str, Literal["connected", "away", "gone"]]


SERVER_FRAMES: tuple[type[BaseModel], ...] = (
    StateFrame,
    AckFrame,
    ErrorFrame,
    PongFrame,
    ChatLine,
    ChatHistoryFrame,
    ChatMutedFrame,
    PresenceFrame,
)


# -- the builders: the only way the server makes a frame ------------------------------


def encode(frame: Mapping[str, Any]) -> str:
    """A frame as compact JSON text (orjson: the standard encoder was 12-15 % of a move)."""
    return jsontext.dumps(frame)


def state(document: Mapping[str, Any]) -> str:
    """:class:`StateFrame` of a reader's document (with its ``events``)."""
    return encode({"type": "state", **document})


def state_with_parts(document: Mapping[str, Any], held: set[str]) -> tuple[str, set[str]]:
    """:func:`state` for a socket that asked for parts and holds ``held``; also the parts
    this frame shows (what the socket holds once it has it)."""
    return jsontext.dumps_with_parts({"type": "state", **document}, held)


def ack(version: int, request_id: str | None) -> str:
    """:class:`AckFrame`."""
    return encode({"type": "ack", "version": version, "request_id": request_id})


def error(problem: Mapping[str, Any], **extra: Any) -> str:
    """:class:`ErrorFrame` of a problem document (``Problem.to_json()``)."""
    return encode({**problem, **extra, "type": "error"})


def pong() -> str:
    """:class:`PongFrame`."""
    return encode({"type": "pong"})


def chat_line(
    id: int, channel: str, seat: int | None, name: str, text: str, at: str | None
) -> dict[str, Any]:
    """:class:`ChatLine` as a dict (REST returns it too; :func:`encode` it for a socket)."""
    return {
        "type": "chat",
        "id": id,
        "channel": channel,
        "seat": seat,
        "name": name,
        "text": text,
        "at": at,
    }


def chat_history(lines: Sequence[Mapping[str, Any]]) -> str:
    """:class:`ChatHistoryFrame` of lines made by :func:`chat_line`."""
    return encode({"type": "chat_history", "lines": lines})


def chat_muted(seat: int, muted: bool) -> str:
    """:class:`ChatMutedFrame`."""
    return encode({"type": "chat_muted", "seat": seat, "muted": muted})


def presence(seats: Mapping[int, str]) -> str:
    """:class:`PresenceFrame`."""
    return encode({"type": "presence", "seats": {str(k): v for k, v in seats.items()}})
