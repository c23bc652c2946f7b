"""Every event Stratego Spies & Lies makes, as types: the published event schema is made
from these (``Game.EventType``), and the game's tests check that every event of random
games is one of them (:func:`spyhouse.engine.testing.check_action_types`), so the two
cannot drift.

An event is ``{"type": …, "data": …}``, each kind's ``data`` a closed object naming
things as a player would (see the game's README).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class ActivatedData(TypedDict):
    side: str
    soldier: str


@with_config(_CLOSED)
class ActivatedEvent(TypedDict):
    type: Literal["activated"]
    data: ActivatedData


@with_config(_CLOSED)
class BombExplodedData(TypedDict):
    side: str


@with_config(_CLOSED)
class BombExplodedEvent(TypedDict):
    type: Literal["bomb_exploded"]
    data: BombExplodedData


@with_config(_CLOSED)
class CaptainChoiceData(TypedDict):
    side: str
    option: str
    soldier: NotRequired[str]


@with_config(_CLOSED)
class CaptainChoiceEvent(TypedDict):
    type: Literal["captain_choice"]
    data: CaptainChoiceData


@with_config(_CLOSED)
class DayEndedData(TypedDict):
    day: int


@with_config(_CLOSED)
class DayEndedEvent(TypedDict):
    type: Literal["day_ended"]
    data: DayEndedData


@with_config(_CLOSED)
class DayStartedData(TypedDict):
    day: int
    starting_side: str


@with_config(_CLOSED)
class DayStartedEvent(TypedDict):
    type: Literal["day_started"]
    data: DayStartedData


@with_config(_CLOSED)
class DeceptionPaidData(TypedDict):
    side: str


@with_config(_CLOSED)
class DeceptionPaidEvent(TypedDict):
    type: Literal["deception_paid"]
    data: DeceptionPaidData


@with_config(_CLOSED)
class DeceptionPlayedData(TypedDict):
    side: str
    mission: int


@with_config(_CLOSED)
class DeceptionPlayedEvent(TypedDict):
    type: Literal["deception_played"]
    data: DeceptionPlayedData


@with_config(_CLOSED)
class DeceptionTokenWonData(TypedDict):
    side: str


@with_config(_CLOSED)
class DeceptionTokenWonEvent(TypedDict):
    type: Literal["deception_token_won"]
    data: DeceptionTokenWonData


@with_config(_CLOSED)
class DeployedData(TypedDict):
    seat: int
    side: str
    missions: list[int]


@with_config(_CLOSED)
class DeployedEvent(TypedDict):
    type: Literal["deployed"]
    data: DeployedData


@with_config(_CLOSED)
class DoubleAgentMovedData(TypedDict):
    side: str
    spaces: int
    to: str


@with_config(_CLOSED)
class DoubleAgentMovedEvent(TypedDict):
    type: Literal["double_agent_moved"]
    data: DoubleAgentMovedData


@with_config(_CLOSED)
class ExhaustedData(TypedDict):
    side: str
    soldiers: list[str]
    double_damage: bool


@with_config(_CLOSED)
class ExhaustedEvent(TypedDict):
    type: Literal["exhausted"]
    data: ExhaustedData


@with_config(_CLOSED)
class FlagCapturedData(TypedDict):
    side: str


@with_config(_CLOSED)
class FlagCapturedEvent(TypedDict):
    type: Literal["flag_captured"]
    data: FlagCapturedData


@with_config(_CLOSED)
class GameOverData(TypedDict):
    ending: str
    winner: str | None  # no side on a draw
    double_agent: str


@with_config(_CLOSED)
class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    data: GameOverData


@with_config(_CLOSED)
class HandData(TypedDict):
    side: str
    soldiers: list[str]


@with_config(_CLOSED)
class HandEvent(TypedDict):
    type: Literal["hand"]
    data: HandData


@with_config(_CLOSED)
class InfiltratedData(TypedDict):
    side: str
    day: int


@with_config(_CLOSED)
class InfiltratedEvent(TypedDict):
    type: Literal["infiltrated"]
    data: InfiltratedData


@with_config(_CLOSED)
class InfiltrationPointsData(TypedDict):
    side: str
    earned: int


@with_config(_CLOSED)
class InfiltrationPointsEvent(TypedDict):
    type: Literal["infiltration_points"]
    data: InfiltrationPointsData


@with_config(_CLOSED)
class InfiltrationPointsReducedData(TypedDict):
    side: str
    by: int
    total: int


@with_config(_CLOSED)
class InfiltrationPointsReducedEvent(TypedDict):
    type: Literal["infiltration_points_reduced"]
    data: InfiltrationPointsReducedData


@with_config(_CLOSED)
class IntelReadyData(TypedDict):
    seat: int


@with_config(_CLOSED)
class IntelReadyEvent(TypedDict):
    type: Literal["intel_ready"]
    data: IntelReadyData


@with_config(_CLOSED)
class IntelTokensData(TypedDict):
    side: str
    missions: list[int]


@with_config(_CLOSED)
class IntelTokensEvent(TypedDict):
    type: Literal["intel_tokens"]
    data: IntelTokensData


@with_config(_CLOSED)
class IntelTurnedData(TypedDict):
    intel: str
    ranks: list[int]


@with_config(_CLOSED)
class IntelTurnedEvent(TypedDict):
    type: Literal["intel_turned"]
    data: IntelTurnedData


@with_config(_CLOSED)
class MarshalChoiceData(TypedDict):
    side: str
    option: str


@with_config(_CLOSED)
class MarshalChoiceEvent(TypedDict):
    type: Literal["marshal_choice"]
    data: MarshalChoiceData


@with_config(_CLOSED)
class MyDeploymentData(TypedDict):
    soldiers: dict[str, str]


@with_config(_CLOSED)
class MyDeploymentEvent(TypedDict):
    type: Literal["my_deployment"]
    data: MyDeploymentData


@with_config(_CLOSED)
class NoDeceptionData(TypedDict):
    side: str
    mission: int


@with_config(_CLOSED)
class NoDeceptionEvent(TypedDict):
    type: Literal["no_deception"]
    data: NoDeceptionData


@with_config(_CLOSED)
class PointsCarriedOverData(TypedDict):
    side: str
    points: int


@with_config(_CLOSED)
class PointsCarriedOverEvent(TypedDict):
    type: Literal["points_carried_over"]
    data: PointsCarriedOverData


@with_config(_CLOSED)
class RetreatedData(TypedDict):
    side: str
    soldier: str
    mission: NotRequired[int]
    reason: str


@with_config(_CLOSED)
class RetreatedEvent(TypedDict):
    type: Literal["retreated"]
    data: RetreatedData


@with_config(_CLOSED)
class RevealedData(TypedDict):
    guesser: str
    side: str
    mission: int
    guess: str
    soldier: str
    correct: bool


@with_config(_CLOSED)
class RevealedEvent(TypedDict):
    type: Literal["revealed"]
    data: RevealedData


@with_config(_CLOSED)
class SetupData(TypedDict):
    old_intel: str
    exhausted: dict[str, str]


@with_config(_CLOSED)
class SetupEvent(TypedDict):
    type: Literal["setup"]
    data: SetupData


@with_config(_CLOSED)
class StartingPlayerData(TypedDict):
    side: str


@with_config(_CLOSED)
class StartingPlayerEvent(TypedDict):
    type: Literal["starting_player"]
    data: StartingPlayerData


@with_config(_CLOSED)
class TurnData(TypedDict):
    day: int
    mission: int
    guesser: str


@with_config(_CLOSED)
class TurnEvent(TypedDict):
    type: Literal["turn"]
    data: TurnData


@with_config(_CLOSED)
class DeceptionTokenRefusedData(TypedDict):
    side: str
    limit: int


@with_config(_CLOSED)
class DeceptionTokenRefusedEvent(TypedDict):
    type: Literal["deception_token_refused"]
    data: DeceptionTokenRefusedData


SpiesEvent = Annotated[
    ActivatedEvent
    | BombExplodedEvent
    | CaptainChoiceEvent
    | DayEndedEvent
    | DayStartedEvent
    | DeceptionPaidEvent
    | DeceptionPlayedEvent
    | DeceptionTokenRefusedEvent
    | DeceptionTokenWonEvent
    | DeployedEvent
    | DoubleAgentMovedEvent
    | ExhaustedEvent
    | FlagCapturedEvent
    | GameOverEvent
    | HandEvent
    | InfiltratedEvent
    | InfiltrationPointsEvent
    | InfiltrationPointsReducedEvent
    | IntelReadyEvent
    | IntelTokensEvent
    | IntelTurnedEvent
    | MarshalChoiceEvent
    | MyDeploymentEvent
    | NoDeceptionEvent
    | PointsCarriedOverEvent
    | RetreatedEvent
    | RevealedEvent
    | SetupEvent
    | StartingPlayerEvent
    | TurnEvent,
    Field(discriminator="type"),
]
"""Any event of the game, by its ``type``."""
