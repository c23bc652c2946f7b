"""Every event Conspiracy makes, as types: the published event schema is made from these
(``Game.EventType``), and the game's tests check that every event of random games is one
of them (:func:`spyhouse.engine.testing.check_action_types`), so the two cannot drift.

An event is ``{"type": …, "data": …}``, each kind's ``data`` a closed object naming
things as a player would (see the game's README).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class AgentCity(TypedDict):
    agent: str
    city: str


@with_config(_CLOSED)
class AbilitySkippedData(TypedDict):
    player: int
    agent: str


@with_config(_CLOSED)
class AbilitySkippedEvent(TypedDict):
    type: Literal["ability_skipped"]
    data: AbilitySkippedData


@with_config(_CLOSED)
class AgentBurnedData(TypedDict):
    player: int
    agent: str
    target: str
    city: str
    removed: int


@with_config(_CLOSED)
class AgentBurnedEvent(TypedDict):
    type: Literal["agent_burned"]
    data: AgentBurnedData


AgentMovedData = TypedDict("AgentMovedData", {"player": int, "agent": str, "from": str, "to": str})
AgentMovedData.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]  # a keyword key


@with_config(_CLOSED)
class AgentMovedEvent(TypedDict):
    type: Literal["agent_moved"]
    data: AgentMovedData


@with_config(_CLOSED)
class AnnouncedData(TypedDict):
    player: int
    announced: int


@with_config(_CLOSED)
class AnnouncedEvent(TypedDict):
    type: Literal["announced"]
    data: AnnouncedData


BeaconPulledData = TypedDict(
    "BeaconPulledData", {"player": int, "agent": str, "from": str, "to": str}
)
BeaconPulledData.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]  # a keyword key


@with_config(_CLOSED)
class BeaconPulledEvent(TypedDict):
    type: Literal["beacon_pulled"]
    data: BeaconPulledData


@with_config(_CLOSED)
class BoardSetUpData(TypedDict):
    agents: list[AgentCity]
    briefcase: str
    hq: list[str]
    first_player: int
    solomon_space: int


@with_config(_CLOSED)
class BoardSetUpEvent(TypedDict):
    type: Literal["board_set_up"]
    data: BoardSetUpData


@with_config(_CLOSED)
class BriefcaseCarriedData(TypedDict):
    player: int
    agent: str
    to: str


@with_config(_CLOSED)
class BriefcaseCarriedEvent(TypedDict):
    type: Literal["briefcase_carried"]
    data: BriefcaseCarriedData


@with_config(_CLOSED)
class BurnAnnouncedData(TypedDict):
    player: int
    agent: str
    target: str


@with_config(_CLOSED)
class BurnAnnouncedEvent(TypedDict):
    type: Literal["burn_announced"]
    data: BurnAnnouncedData


@with_config(_CLOSED)
class ChallengeFailedData(TypedDict):
    player: int
    highest: int
    restricted: bool


@with_config(_CLOSED)
class ChallengeFailedEvent(TypedDict):
    type: Literal["challenge_failed"]
    data: ChallengeFailedData


@with_config(_CLOSED)
class ChallengeOfferedData(TypedDict):
    player: int


@with_config(_CLOSED)
class ChallengeOfferedEvent(TypedDict):
    type: Literal["challenge_offered"]
    data: ChallengeOfferedData


@with_config(_CLOSED)
class ChallengePassedData(TypedDict):
    player: int


@with_config(_CLOSED)
class ChallengePassedEvent(TypedDict):
    type: Literal["challenge_passed"]
    data: ChallengePassedData


@with_config(_CLOSED)
class ChallengeSucceededData(TypedDict):
    player: int
    highest: int


@with_config(_CLOSED)
class ChallengeSucceededEvent(TypedDict):
    type: Literal["challenge_succeeded"]
    data: ChallengeSucceededData


@with_config(_CLOSED)
class ChallengedData(TypedDict):
    player: int
    announced: int


@with_config(_CLOSED)
class ChallengedEvent(TypedDict):
    type: Literal["challenged"]
    data: ChallengedData


@with_config(_CLOSED)
class GameStartedData(TypedDict):
    first_player: int
    round: int


@with_config(_CLOSED)
class GameStartedEvent(TypedDict):
    type: Literal["game_started"]
    data: GameStartedData


MagicianMovedBriefcaseData = TypedDict(
    "MagicianMovedBriefcaseData", {"player": int, "from": str, "to": str}
)
MagicianMovedBriefcaseData.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]  # a keyword key


@with_config(_CLOSED)
class MagicianMovedBriefcaseEvent(TypedDict):
    type: Literal["magician_moved_briefcase"]
    data: MagicianMovedBriefcaseData


@with_config(_CLOSED)
class MoveAnnouncedData(TypedDict):
    player: int
    agent: str
    to: str


@with_config(_CLOSED)
class MoveAnnouncedEvent(TypedDict):
    type: Literal["move_announced"]
    data: MoveAnnouncedData


@with_config(_CLOSED)
class PayoffMadeData(TypedDict):
    player: int


@with_config(_CLOSED)
class PayoffMadeEvent(TypedDict):
    type: Literal["payoff_made"]
    data: PayoffMadeData


@with_config(_CLOSED)
class RouletteMovedDieData(TypedDict):
    player: int
    direction: str
    space: int


@with_config(_CLOSED)
class RouletteMovedDieEvent(TypedDict):
    type: Literal["roulette_moved_die"]
    data: RouletteMovedDieData


@with_config(_CLOSED)
class RoundStartedData(TypedDict):
    round: int


@with_config(_CLOSED)
class RoundStartedEvent(TypedDict):
    type: Literal["round_started"]
    data: RoundStartedData


@with_config(_CLOSED)
class SetupAgentsChosenData(TypedDict):
    player: int


@with_config(_CLOSED)
class SetupAgentsChosenEvent(TypedDict):
    type: Literal["setup_agents_chosen"]
    data: SetupAgentsChosenData


@with_config(_CLOSED)
class SetupPayoffsPlacedData(TypedDict):
    player: int
    payoffs: dict[str, int]


@with_config(_CLOSED)
class SetupPayoffsPlacedEvent(TypedDict):
    type: Literal["setup_payoffs_placed"]
    data: SetupPayoffsPlacedData


@with_config(_CLOSED)
class ShieldsLiftedData(TypedDict):
    payoffs_to_solomon: list[int]
    reserves: list[int]
    winners: list[int]


@with_config(_CLOSED)
class ShieldsLiftedEvent(TypedDict):
    type: Literal["shields_lifted"]
    data: ShieldsLiftedData


@with_config(_CLOSED)
class SolomonAdvancedData(TypedDict):
    space: int


@with_config(_CLOSED)
class SolomonAdvancedEvent(TypedDict):
    type: Literal["solomon_advanced"]
    data: SolomonAdvancedData


@with_config(_CLOSED)
class SolomonRolledData(TypedDict):
    face: str


@with_config(_CLOSED)
class SolomonRolledEvent(TypedDict):
    type: Literal["solomon_rolled"]
    data: SolomonRolledData


@with_config(_CLOSED)
class SpyglassLookedData(TypedDict):
    player: int
    at: int


@with_config(_CLOSED)
class SpyglassLookedEvent(TypedDict):
    type: Literal["spyglass_looked"]
    data: SpyglassLookedData


@with_config(_CLOSED)
class SpyglassSawData(TypedDict):
    at: int
    on: str
    amount: int


@with_config(_CLOSED)
class SpyglassSawEvent(TypedDict):
    type: Literal["spyglass_saw"]
    data: SpyglassSawData


@with_config(_CLOSED)
class StartingPayoffDealtData(TypedDict):
    player: int
    agent: str
    amount: int


@with_config(_CLOSED)
class StartingPayoffDealtEvent(TypedDict):
    type: Literal["starting_payoff_dealt"]
    data: StartingPayoffDealtData


@with_config(_CLOSED)
class StoppedData(TypedDict):
    player: int


@with_config(_CLOSED)
class StoppedEvent(TypedDict):
    type: Literal["stopped"]
    data: StoppedData


TempestPushedData = TypedDict(
    "TempestPushedData", {"player": int, "agent": str, "from": str, "to": str}
)
TempestPushedData.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]  # a keyword key


@with_config(_CLOSED)
class TempestPushedEvent(TypedDict):
    type: Literal["tempest_pushed"]
    data: TempestPushedData


@with_config(_CLOSED)
class TempestUsedData(TypedDict):
    player: int
    city: str
    agents: list[str]


@with_config(_CLOSED)
class TempestUsedEvent(TypedDict):
    type: Literal["tempest_used"]
    data: TempestUsedData


@with_config(_CLOSED)
class TurnStartedData(TypedDict):
    player: int


@with_config(_CLOSED)
class TurnStartedEvent(TypedDict):
    type: Literal["turn_started"]
    data: TurnStartedData


VagabondSteppedData = TypedDict("VagabondSteppedData", {"player": int, "from": str, "to": str})
VagabondSteppedData.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]  # a keyword key


@with_config(_CLOSED)
class VagabondSteppedEvent(TypedDict):
    type: Literal["vagabond_stepped"]
    data: VagabondSteppedData


@with_config(_CLOSED)
class YouPaidData(TypedDict):
    player: int
    to: str
    amount: int


@with_config(_CLOSED)
class YouPaidEvent(TypedDict):
    type: Literal["you_paid"]
    data: YouPaidData


@with_config(_CLOSED)
class BriefcaseDeliveredData(TypedDict):
    player: int
    city: str


@with_config(_CLOSED)
class BriefcaseDeliveredEvent(TypedDict):
    type: Literal["briefcase_delivered"]
    data: BriefcaseDeliveredData


ConspiracyEvent = Annotated[
    AbilitySkippedEvent
    | AgentBurnedEvent
    | AgentMovedEvent
    | AnnouncedEvent
    | BeaconPulledEvent
    | BoardSetUpEvent
    | BriefcaseCarriedEvent
    | BriefcaseDeliveredEvent
    | BurnAnnouncedEvent
    | ChallengeFailedEvent
    | ChallengeOfferedEvent
    | ChallengePassedEvent
    | ChallengeSucceededEvent
    | ChallengedEvent
    | GameStartedEvent
    | MagicianMovedBriefcaseEvent
    | MoveAnnouncedEvent
    | PayoffMadeEvent
    | RouletteMovedDieEvent
    | RoundStartedEvent
    | SetupAgentsChosenEvent
    | SetupPayoffsPlacedEvent
    | ShieldsLiftedEvent
    | SolomonAdvancedEvent
    | SolomonRolledEvent
    | SpyglassLookedEvent
    | SpyglassSawEvent
    | StartingPayoffDealtEvent
    | StoppedEvent
    | TempestPushedEvent
    | TempestUsedEvent
    | TurnStartedEvent
    | VagabondSteppedEvent
    | YouPaidEvent,
    Field(discriminator="type"),
]
"""Any event of the game, by its ``type``."""
