"""Every event La Agencia makes, as types: the published event schema is made from these
(``Game.EventType``), and the game's tests check that every event of random games is one
of them (:func:`spyhouse.engine.testing.check_action_types`), so the two cannot drift.

An event is ``{"type": …, "data": …}``, each kind's ``data`` a closed object naming
things as a player would (see the game's README).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class FinalScore(TypedDict):
    seat: int
    tokens: int
    cards: int
    total: int


@with_config(_CLOSED)
class AgentsSolvedData(TypedDict):
    seat: int
    card: str
    location: str
    result: str
    information: int
    agents_inside: int
    face_down: bool


@with_config(_CLOSED)
class AgentsSolvedEvent(TypedDict):
    type: Literal["agents_solved"]
    data: AgentsSolvedData


@with_config(_CLOSED)
class CardDealtData(TypedDict):
    seat: int
    position: str
    card: str


@with_config(_CLOSED)
class CardDealtEvent(TypedDict):
    type: Literal["card_dealt"]
    data: CardDealtData


@with_config(_CLOSED)
class CardDrawnData(TypedDict):
    seat: int
    position: str
    card: NotRequired[str]


@with_config(_CLOSED)
class CardDrawnEvent(TypedDict):
    type: Literal["card_drawn"]
    data: CardDrawnData


@with_config(_CLOSED)
class CardPlayedData(TypedDict):
    seat: int
    position: str
    card: str


@with_config(_CLOSED)
class CardPlayedEvent(TypedDict):
    type: Literal["card_played"]
    data: CardPlayedData


@with_config(_CLOSED)
class CardSeenData(TypedDict):
    seat: int
    position: str
    card: str


@with_config(_CLOSED)
class CardSeenEvent(TypedDict):
    type: Literal["card_seen"]
    data: CardSeenData


@with_config(_CLOSED)
class DiscardedData(TypedDict):
    seat: int
    card: str


@with_config(_CLOSED)
class DiscardedEvent(TypedDict):
    type: Literal["discarded"]
    data: DiscardedData


@with_config(_CLOSED)
class EmbassyLocationChosenData(TypedDict):
    seat: int
    location: str
    agents: int


@with_config(_CLOSED)
class EmbassyLocationChosenEvent(TypedDict):
    type: Literal["embassy_location_chosen"]
    data: EmbassyLocationChosenData


@with_config(_CLOSED)
class GameOverData(TypedDict):
    scores: list[FinalScore]


@with_config(_CLOSED)
class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    data: GameOverData


@with_config(_CLOSED)
class GettingReadyData(TypedDict):
    ambassador: int
    rounds: int
    information: int


@with_config(_CLOSED)
class GettingReadyEvent(TypedDict):
    type: Literal["getting_ready"]
    data: GettingReadyData


@with_config(_CLOSED)
class InfiltratedData(TypedDict):
    seat: int
    target: int
    took: int


@with_config(_CLOSED)
class InfiltratedEvent(TypedDict):
    type: Literal["infiltrated"]
    data: InfiltratedData


@with_config(_CLOSED)
class NewAmbassadorData(TypedDict):
    seat: int


@with_config(_CLOSED)
class NewAmbassadorEvent(TypedDict):
    type: Literal["new_ambassador"]
    data: NewAmbassadorData


@with_config(_CLOSED)
class RecruitedData(TypedDict):
    seat: int
    target: int
    card: str
    reward: int


@with_config(_CLOSED)
class RecruitedEvent(TypedDict):
    type: Literal["recruited"]
    data: RecruitedData


@with_config(_CLOSED)
class RoundTokenReturnedData(TypedDict):
    round_tokens_left: int


@with_config(_CLOSED)
class RoundTokenReturnedEvent(TypedDict):
    type: Literal["round_token_returned"]
    data: RoundTokenReturnedData


AgenciaEvent = Annotated[
    AgentsSolvedEvent
    | CardDealtEvent
    | CardDrawnEvent
    | CardPlayedEvent
    | CardSeenEvent
    | DiscardedEvent
    | EmbassyLocationChosenEvent
    | GameOverEvent
    | GettingReadyEvent
    | InfiltratedEvent
    | NewAmbassadorEvent
    | RecruitedEvent
    | RoundTokenReturnedEvent,
    Field(discriminator="type"),
]
"""Any event of the game, by its ``type``."""
