"""Every event Estoril 1942 makes, as types: the published event schema is made from these
(``Game.EventType``), and the game's tests check that every event of random games is one
of them (:func:`spyhouse.engine.testing.check_action_types`), so the two cannot drift.

An event is ``{"type": …, "data": …}``, each kind's ``data`` a closed object naming
things as a player would (see the game's README).
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from spyhouse.games.estoril.views import Tile

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class ResolvingSpace(TypedDict):
    """Who stands on a space of the Location being resolved."""

    tile: str
    player: str


@with_config(_CLOSED)
class RoundLocation(TypedDict):
    """A Location as a round starts: face-down Reward tiles as ``null``."""

    location: str
    rotation: int
    die: NotRequired[int]
    rewards: list[str | None]


@with_config(_CLOSED)
class AirportDieData(TypedDict):
    player: str
    value: int


@with_config(_CLOSED)
class AirportDieEvent(TypedDict):
    type: Literal["airport_die"]
    data: AirportDieData


@with_config(_CLOSED)
class AssassinatedData(TypedDict):
    location: str
    space: str
    tile: str
    owner: str


@with_config(_CLOSED)
class AssassinatedEvent(TypedDict):
    type: Literal["assassinated"]
    data: AssassinatedData


@with_config(_CLOSED)
class CasinoDiceData(TypedDict):
    player: str
    location: str
    space: str
    dice: list[int]
    bonus: int


@with_config(_CLOSED)
class CasinoDiceEvent(TypedDict):
    type: Literal["casino_dice"]
    data: CasinoDiceData


@with_config(_CLOSED)
class ConspiracyData(TypedDict):
    player: str
    location: str


@with_config(_CLOSED)
class ConspiracyEvent(TypedDict):
    type: Literal["conspiracy"]
    data: ConspiracyData


@with_config(_CLOSED)
class ConspiracyKeptData(TypedDict):
    player: str
    location: str


@with_config(_CLOSED)
class ConspiracyKeptEvent(TypedDict):
    type: Literal["conspiracy_kept"]
    data: ConspiracyKeptData


@with_config(_CLOSED)
class ConspiracyLookData(TypedDict):
    pile_top: Tile
    reward: Tile


@with_config(_CLOSED)
class ConspiracyLookEvent(TypedDict):
    type: Literal["conspiracy_look"]
    data: ConspiracyLookData


@with_config(_CLOSED)
class ConspiracySwappedData(TypedDict):
    player: str
    location: str
    reward: str


@with_config(_CLOSED)
class ConspiracySwappedEvent(TypedDict):
    type: Literal["conspiracy_swapped"]
    data: ConspiracySwappedData


@with_config(_CLOSED)
class DiscardedFaceDownData(TypedDict):
    player: str


@with_config(_CLOSED)
class DiscardedFaceDownEvent(TypedDict):
    type: Literal["discarded_face_down"]
    data: DiscardedFaceDownData


@with_config(_CLOSED)
class DiscardsRevealedData(TypedDict):
    discards: dict[str, list[str]]


@with_config(_CLOSED)
class DiscardsRevealedEvent(TypedDict):
    type: Literal["discards_revealed"]
    data: DiscardsRevealedData


@with_config(_CLOSED)
class DoubleAgentData(TypedDict):
    player: str
    from_location: str
    from_space: str
    agent: str
    location: str
    space: str
    previous_controller: str


@with_config(_CLOSED)
class DoubleAgentEvent(TypedDict):
    type: Literal["double_agent"]
    data: DoubleAgentData


@with_config(_CLOSED)
class EnigmaPlacedData(TypedDict):
    location: str
    by: str | None
    rewards: list[str]


@with_config(_CLOSED)
class EnigmaPlacedEvent(TypedDict):
    type: Literal["enigma_placed"]
    data: EnigmaPlacedData


@with_config(_CLOSED)
class GameOverData(TypedDict):
    """Nothing more than that it happened."""


@with_config(_CLOSED)
class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    data: GameOverData


@with_config(_CLOSED)
class GameStartedData(TypedDict):
    players: list[str]
    missions: list[str]
    networks: dict[str, list[str]]
    first_player: str


@with_config(_CLOSED)
class GameStartedEvent(TypedDict):
    type: Literal["game_started"]
    data: GameStartedData


@with_config(_CLOSED)
class LookedData(TypedDict):
    player: str
    location: str
    reward: NotRequired[int]
    space: NotRequired[str]


@with_config(_CLOSED)
class LookedEvent(TypedDict):
    type: Literal["looked"]
    data: LookedData


@with_config(_CLOSED)
class NationalismData(TypedDict):
    player: str
    location: str
    space: str


@with_config(_CLOSED)
class NationalismEvent(TypedDict):
    type: Literal["nationalism"]
    data: NationalismData


@with_config(_CLOSED)
class PassedData(TypedDict):
    player: str
    decision: str


@with_config(_CLOSED)
class PassedEvent(TypedDict):
    type: Literal["passed"]
    data: PassedData


@with_config(_CLOSED)
class PlacedData(TypedDict):
    player: str
    location: str
    space: str
    tile: str | None


@with_config(_CLOSED)
class PlacedEvent(TypedDict):
    type: Literal["placed"]
    data: PlacedData


@with_config(_CLOSED)
class PlacedFaceDownData(TypedDict):
    location: str
    space: str
    tile: str


@with_config(_CLOSED)
class PlacedFaceDownEvent(TypedDict):
    type: Literal["placed_face_down"]
    data: PlacedFaceDownData


@with_config(_CLOSED)
class RemovedFromGameData(TypedDict):
    player: str
    location: str
    space: str
    tile: str
    owner: str


@with_config(_CLOSED)
class RemovedFromGameEvent(TypedDict):
    type: Literal["removed_from_game"]
    data: RemovedFromGameData


@with_config(_CLOSED)
class ResolvingData(TypedDict):
    location: str
    spaces: dict[str, ResolvingSpace]
    rewards: list[str]


@with_config(_CLOSED)
class ResolvingEvent(TypedDict):
    type: Literal["resolving"]
    data: ResolvingData


@with_config(_CLOSED)
class RewardData(TypedDict):
    location: str
    strengths: dict[str, int]
    winner: str | None
    rewards: list[str]
    enigma: NotRequired[bool]
    roulette: NotRequired[list[str]]


@with_config(_CLOSED)
class RewardEvent(TypedDict):
    type: Literal["reward"]
    data: RewardData


@with_config(_CLOSED)
class RotatedData(TypedDict):
    player: str
    location: str
    degrees: int


@with_config(_CLOSED)
class RotatedEvent(TypedDict):
    type: Literal["rotated"]
    data: RotatedData


@with_config(_CLOSED)
class RouletteFedData(TypedDict):
    player: str
    source: str
    tile: NotRequired[str]


@with_config(_CLOSED)
class RouletteFedEvent(TypedDict):
    type: Literal["roulette_fed"]
    data: RouletteFedData


@with_config(_CLOSED)
class RouletteTileData(TypedDict):
    tile: str


@with_config(_CLOSED)
class RouletteTileEvent(TypedDict):
    type: Literal["roulette_tile"]
    data: RouletteTileData


@with_config(_CLOSED)
class RoundStartedData(TypedDict):
    round: int
    first_player: str
    grid: list[RoundLocation]


@with_config(_CLOSED)
class RoundStartedEvent(TypedDict):
    type: Literal["round_started"]
    data: RoundStartedData


@with_config(_CLOSED)
class SawData(TypedDict):
    location: str
    reward: NotRequired[int]
    tile: Tile
    space: NotRequired[str]


@with_config(_CLOSED)
class SawEvent(TypedDict):
    type: Literal["saw"]
    data: SawData


@with_config(_CLOSED)
class SeducedData(TypedDict):
    from_location: str
    from_space: str
    location: str
    space: str
    tile: str
    owner: str
    controller: str


@with_config(_CLOSED)
class SeducedEvent(TypedDict):
    type: Literal["seduced"]
    data: SeducedData


@with_config(_CLOSED)
class ShieldedData(TypedDict):
    player: str
    location: str
    space: str


@with_config(_CLOSED)
class ShieldedEvent(TypedDict):
    type: Literal["shielded"]
    data: ShieldedData


@with_config(_CLOSED)
class TilesRetrievedData(TypedDict):
    hand_sizes: list[int]


@with_config(_CLOSED)
class TilesRetrievedEvent(TypedDict):
    type: Literal["tiles_retrieved"]
    data: TilesRetrievedData


@with_config(_CLOSED)
class YouDiscardedData(TypedDict):
    tile: str


@with_config(_CLOSED)
class YouDiscardedEvent(TypedDict):
    type: Literal["you_discarded"]
    data: YouDiscardedData


EstorilEvent = Annotated[
    AirportDieEvent
    | AssassinatedEvent
    | CasinoDiceEvent
    | ConspiracyEvent
    | ConspiracyKeptEvent
    | ConspiracyLookEvent
    | ConspiracySwappedEvent
    | DiscardedFaceDownEvent
    | DiscardsRevealedEvent
    | DoubleAgentEvent
    | EnigmaPlacedEvent
    | GameOverEvent
    | GameStartedEvent
    | LookedEvent
    | NationalismEvent
    | PassedEvent
    | PlacedEvent
    | PlacedFaceDownEvent
    | RemovedFromGameEvent
    | ResolvingEvent
    | RewardEvent
    | RotatedEvent
    | RouletteFedEvent
    | RouletteTileEvent
    | RoundStartedEvent
    | SawEvent
    | SeducedEvent
    | ShieldedEvent
    | TilesRetrievedEvent
    | YouDiscardedEvent,
    Field(discriminator="type"),
]
"""Any event of the game, by its ``type``."""
