"""Request and response bodies of the public API (pydantic models at the edges)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from spyhouse.kinds import BotLevel
from spyhouse.server.clocks.arithmetic import MAX_SECONDS, MIN_SECONDS, PublicClock
from spyhouse.server.web.inputbounds import ActionBody, Name, OptionsBody, Version


class StrictModel(BaseModel):
    """A request body: unknown fields refused and JSON types exact (``"10"`` is not a
    number, ``"yes"`` not a boolean), as the published schema says."""

    model_config = ConfigDict(extra="forbid", strict=True)


def _kind_required(schema: dict[str, Any]) -> None:
    """``kind`` has a default (so ``PerDecisionClock(seconds=60)`` needs no ``kind`` in
    Python or in a generated client) yet stays required on the wire: it is the tag the
    server tells the clocks apart by."""
    schema["required"] = ["kind", *schema.get("required", [])]


Seconds = Annotated[
    int,
    Field(ge=MIN_SECONDS, le=MAX_SECONDS, description=f"At least {MIN_SECONDS} s, at most 30 days"),
]


class PerDecisionClock(StrictModel):
    """Each decision has ``seconds``."""

    model_config = ConfigDict(json_schema_extra=_kind_required)

    kind: Literal["per_decision"] = "per_decision"
    seconds: Seconds


class BankClock(StrictModel):
    """A chess-style bank of ``seconds`` per seat, ``+increment`` per decision."""

    model_config = ConfigDict(json_schema_extra=_kind_required)

    kind: Literal["bank"] = "bank"
    seconds: Seconds
    increment: int = Field(0, ge=0, le=24 * 3600, description="Seconds added per decision")


class CorrespondenceClock(StrictModel):
    """Days-long games: each decision has ``seconds`` (e.g. 86400 for a day)."""

    model_config = ConfigDict(json_schema_extra=_kind_required)

    kind: Literal["correspondence"] = "correspondence"
    seconds: Seconds


ClockSpec = Annotated[
    PerDecisionClock | BankClock | CorrespondenceClock, Field(discriminator="kind")
]


class CreateTable(StrictModel):
    game: str = Field(description="Game id from GET /api/games")
    seats: int | None = Field(None, description="Player count; default: the game's minimum")
    options: OptionsBody = Field(default_factory=dict, description="See options_schema")
    private: bool = Field(True, description="Private tables are reached by invite only")
    spectators: bool = Field(False, description="Allow anyone with the table id to watch")
    publish_log: bool = Field(False, description="Publish the full log once the game ends")
    host_name: Name | None = Field(None, description="Take seat 0 under this name")
    clock: ClockSpec | None = Field(
        None, description="Time control; absent: no clock (the table waits for everyone)"
    )
    handover_after: int = Field(
        2,
        ge=1,
        le=20,
        description="Consecutive timeouts after which a bot holds the seat until its "
        "player comes back",
    )


class JoinTable(StrictModel):
    name: Name


class Rematch(StrictModel):
    host_seat: int | None = Field(
        None, ge=0, le=63, description="The host's own seat at the finished table, if any"
    )


class SeatBot(StrictModel):
    level: BotLevel = Field(
        "random",
        description="random: any legal move; heuristic: the game's rules of thumb; search: "
        "information-set Monte Carlo tree search (about a second per decision). Every level "
        "plays only from what its seat may know.",
    )


class Suggestion(BaseModel):
    version: int = Field(description="The table version the move was chosen at")
    level: str
    action: dict[str, Any] = Field(description="One of your legal_actions")


class PostAction(StrictModel):
    action: ActionBody = Field(description='One of your legal_actions, e.g. {"type": "pass"}')
    version: Version = Field(description="The table version the action was chosen at")
    request_id: str | None = Field(
        None,
        pattern=r"^[\x21-\x7e]{1,64}$",
        description="Idempotency key (printable ASCII): a retry with the same id is a no-op",
    )


class SeatInfo(BaseModel):
    seat: int
    kind: str = Field(description="open | human | bot")
    name: str | None
    bot_level: str | None = Field(None, description="random | heuristic | search, for a bot")
    held: str | None = Field(
        None,
        description="When a bot plays for a player: absent (they take the seat back by "
        "coming back), host (until the host gives it back) or removed",
    )
    muted: bool = Field(
        False, description="The host muted this seat's chat (live: a chat_muted frame)"
    )


class SeatGrant(BaseModel):
    table_id: str
    seat: int
    seat_token: str = Field(description="Bearer token for this seat; shown once")


class CreatedTable(BaseModel):
    table_id: str
    invite_code: str
    invite_url: str
    host_token: str = Field(description="Bearer token for host actions; shown once")
    seat: SeatGrant | None = None


class TableSummary(BaseModel):
    table_id: str
    game: str
    title: str
    status: str = Field(description="waiting | playing | finished")
    version: int
    private: bool
    spectators: bool
    publish_log: bool = Field(description="The full log is published once the game ends")
    invite_code: str | None = Field(
        None, description="Public tables only: the code anyone may join with (null if private)"
    )
    options: dict[str, Any]
    seats: list[SeatInfo]
    clock: PublicClock | None = Field(
        None,
        description="The time control and each seat's time: remaining seconds, whether it "
        "runs and its deadline (epoch seconds), with the server's now; null: no clock",
    )


class TableDocument(TableSummary):
    """What one reader (a seat or a spectator) may know about a table right now."""

    you: int | None = Field(description="Your seat, or null for a spectator")
    to_act: list[int] = Field(description="Seats the game is waiting for")
    legal_actions: list[dict[str, Any]] = Field(description="Your legal actions now")
    view: dict[str, Any] | None = Field(description="The game's view for you (null before start)")
    outcome: dict[str, Any] | None


class LoggedEvent(BaseModel):
    version: int
    seat: int | None = Field(description="Who acted (null for lobby or automatic changes)")
    type: str
    data: dict[str, Any]
    audience: list[int] | None = Field(
        None,
        description="Only in a published full log: the seats that could read this event "
        "during the game (null = everyone)",
    )


class ActionResult(TableDocument):
    events: list[LoggedEvent] = Field(description="Events you may see since your action's version")


class BotLevelInfo(BaseModel):
    level: str = Field(description="random, heuristic or search")
    think_seconds: float = Field(
        description="The most a bot of this level thinks per decision on this server "
        "(its moves run on the table's clock like anyone's)"
    )


class GameInfo(BaseModel):
    id: str
    title: str
    description: str
    min_seats: int
    max_seats: int
    default_seats: list[int]
    options_schema: dict[str, Any]
    schemas: dict[str, str] = Field(
        description="Where /openapi.json keeps this game's schemas: options, action (a "
        "union discriminated by type), view, event and outcome"
    )
    bots: list[BotLevelInfo] = Field(description="The bot levels a host may seat")
    decisions_per_seat: int = Field(
        description="About the most decisions one seat makes in a game: with "
        "think_seconds, whether a bot's thinking fits a time bank"
    )


# -- records and replays of finished games -----------------------------------------------
# The documents GET …/record and GET …/replay send (built in spyhouse.server.records and
# spyhouse.engine.records). They are declared, not used to serialise: the server sends
# the builders' JSON as it is. /openapi.json types each per game (``TypedFullRecord``…):
# ``game``, ``options``, ``action``, ``view(s)``, ``outcome`` and the events become
# that game's schemas.


class RecordSeat(BaseModel):
    seat: int
    name: str | None
    kind: str = Field(description="human | bot")


class RecordMove(BaseModel):
    version: int = Field(description="The table version the move created")
    seat: int = Field(description="Who moved")
    action: dict[str, Any] = Field(description="The action, as the seat sent it")


class _RecordHeader(BaseModel):
    format: Literal["spyhouse-record"]
    version: Literal[1] = Field(description="The format's version")
    table_id: str
    game: str
    options: dict[str, Any] = Field(description="The table's options")
    seats: list[RecordSeat]
    outcome: dict[str, Any] = Field(description="How the game ended")


class FullRecord(_RecordHeader):
    """A finished game's full record (``spyhouse-record`` v1): the seed and every move in
    order, all that is needed to replay the game through its engine and check it
    (``spyhouse replay FILE``). Only where the host published the log."""

    seed: int = Field(description="The seed of every shuffle")
    moves: list[RecordMove]


class RecordEvent(BaseModel):
    """An event of a table's log as a seat read it (the game's or the server's)."""

    type: str
    data: dict[str, Any]


class RecordEntry(BaseModel):
    version: int = Field(description="The table version this entry created")
    seat: int | None = Field(description="Who acted (null for lobby or automatic changes)")
    action: dict[str, Any] | None = Field(
        description="The action, only where the record's own seat acted (else null)"
    )
    events: list[RecordEvent] = Field(description="The events the record's seat could read")


class SeatRecord(_RecordHeader):
    """One seat's record of a finished game whose log was not published: no seed, only
    its own actions and the events it could read, version by version (it documents the
    game but cannot be replayed). The host and spectators get the public one."""

    viewpoint: int | None = Field(description="The seat, or null for the public record")
    entries: list[RecordEntry] = Field(
        description="Every version that gave the seat an event or was its own move"
    )


class GameEvent(BaseModel):
    """An event of the game as a chair read it."""

    type: str
    data: dict[str, Any]


class AudienceEvent(BaseModel):
    """An event of the game with who could read it (the replay from every chair)."""

    type: str
    data: dict[str, Any]
    audience: list[int] | None = Field(
        description="The seats that could read it during the game (null = everyone)"
    )


class _Step(BaseModel):
    index: int = Field(description="0: right after the setup; then the move's number")
    version: int | None = Field(description="The table version the move created (null: setup)")
    seat: int | None = Field(description="Who moved (null: setup)")
    action: dict[str, Any] | None = Field(
        description="The move, where the chair may know it (its own; every move from all)"
    )
    view: dict[str, Any] = Field(description="The chair's view after the step (all: public)")
    to_act: list[int] = Field(description="Seats the game was waiting for after the step")


class ReplayStep(_Step):
    events: list[GameEvent] = Field(description="The events of the step the chair could read")


class ChairReplay(BaseModel):
    """A finished game step by step as one chair saw it (a seat, or the spectators'
    public view)."""

    game: str
    viewpoint: int | None = Field(description="The seat, or null for the public view")
    seats: list[RecordSeat]
    steps: list[ReplayStep]


class EveryoneReplayStep(_Step):
    views: list[dict[str, Any]] = Field(description="Every seat's view after the step")
    events: list[AudienceEvent] = Field(
        description="Every event of the step, with who could read it"
    )


class EveryoneReplay(BaseModel):
    """A finished game step by step with every secret (``viewpoint=all``, published logs
    only): the public view, every seat's view and every event with its audience."""

    game: str
    viewpoint: Literal["all"]
    seats: list[RecordSeat]
    steps: list[EveryoneReplayStep]
