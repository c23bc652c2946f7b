"""The game state: slotted pydantic dataclasses, so it round-trips through JSON exactly
and reads as fast as Python reads an attribute (a search playout reads the state at every
step: see :mod:`spyhouse.engine.parts`).

Tiles are catalogue indices (see ``components.characters``). Every tile in play is in
exactly one place: a hand, a discard pile, a pending discard, the draw pile, a
Deployment space, a Reward space, under the Roulette, or back in the box (``removed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, ConfigDict, Field, PlainSerializer, model_validator

from spyhouse.engine import (
    GameOptions,
    Hidden,
    Mixed,
    Part,
    Private,
    Public,
    fast_copy,
    frozen_slotted,
    slotted,
)
from spyhouse.engine.memo import PartMemo
from spyhouse.engine.parts import state_adapter
from spyhouse.games.estoril.components import board
from spyhouse.games.estoril.grid import Geometry, SpaceRef, geometry


class Phase(StrEnum):
    """Where the Round is: the Player Turns, the Resolution of the Locations, the
    discards down to 6, or the game's end after the 4th Round."""

    PLACE = "place"
    RESOLVE = "resolve"
    DISCARD = "discard"
    OVER = "over"


class EstorilOptions(GameOptions):
    """Table options: the promo tiles and the two expansions of the Super Box.

    Frozen: fixed for the whole game, so every copy of the state shares them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    promo: bool = Field(False, description="Enigma promo: the Enigma tile and 4 promo characters")
    double_agent: bool = Field(
        False,
        description="Double Agent expansion: 7 characters, Alcântara and Hotel Avenida Palace, "
        "2 missions; allows a 5th player (pink)",
    )
    vip: bool = Field(
        False,
        description="VIP expansion: 17 characters (reconstructed), Garret and Portela Airport, "
        "3 missions",
    )
    roulette: bool = Field(
        False,
        description="VIP Casino Roulette: an extra face-down tile when placing at the Casino; "
        "black medals cost 1 VP",
    )

    @model_validator(mode="after")
    def _roulette_needs_vip(self) -> EstorilOptions:
        if self.roulette and not self.vip:
            raise ValueError("the Casino Roulette comes with the VIP expansion")
        return self


def _face_up(thing: F) -> F:
    """``thing`` turned face up, known to all (``known_by`` empty); kept if it is already."""
    if thing.face_up and not thing.known_by:
        return thing  # a value: nothing to change
    return fast_copy(thing, face_up=True, known_by=())


@frozen_slotted
class Occupant(Part):
    """A Character tile on a Deployment space, with the Tile marker on top of it.

    Frozen: a tile on the board is a value, replaced (:meth:`EstorilState.change_occupant`)
    rather than changed, so a copy of the state shares it instead of copying it.
    """

    tile: Private[int]  # face down: known to its owner and to ``known_by``
    owner: Public[int]  # whose hand it returns to
    controller: Public[int]  # whose Tile marker is on it
    face_up: Public[bool]
    known_by: Public[tuple[int, ...]] = ()  # seats that know a face-down tile
    shield: Public[bool] = False
    seduced: Public[bool] = False  # brought by Seduction: its abilities are ignored
    double_agent: Public[bool] = False  # its marker was placed by a Double Agent
    nationalism: Public[int] = 0  # Nationalism symbols used this round
    dice: Public[int] = 0  # Casino: the difference between the two dice


@frozen_slotted
class Reward(Part):
    """A tile in a Reward space. Frozen like :class:`Occupant`: replaced, never changed."""

    tile: Hidden[int]  # face down: drawn unseen from the pile (``known_by`` looked)
    face_up: Public[bool]
    known_by: Public[tuple[int, ...]] = ()


@frozen_slotted
class RouletteTile(Part):
    """A tile under the Casino Roulette: nobody may look at it. Frozen like :class:`Occupant`."""

    tile: Private[int]  # known to its placer when taken from the hand
    placer: Public[int]
    from_discards: Public[bool]  # taken from the placer's public discard pile


@frozen_slotted
class Location(Part):
    """A Location board laid in the grid this round.

    Frozen, its tiles in tuples: a step replaces the Locations it changes
    (:meth:`EstorilState.change_location`, :meth:`EstorilState.put`) and never changes
    one, so a copy of the state shares every Location (most steps change one
    Location of six to eight) and a stray change raises instead of reaching an older
    state. The JSON is the same as with lists.
    """

    board: Public[int]
    rotation: Public[int]  # quarter turns clockwise
    die: Public[int | None] = None  # Portela Airport's d12
    spaces: Mixed[tuple[Occupant | None, ...]]
    rewards: Mixed[tuple[Reward, ...]] = ()
    roulette: Mixed[tuple[RouletteTile, ...]] = ()
    visited: Public[bool] = False  # someone has placed here (Alcântara's first placer)
    resolved: Public[bool] = False


DecisionKind = Literal[
    "place_enigma",
    "roulette",
    "rotate",
    "airport",
    "look",
    "ability",
    "conspiracy",
    "hells_mouth",
]


@frozen_slotted
class Pending(Part):
    """A decision one seat must take before the game goes on.

    Frozen like :class:`Location`: a used symbol replaces the decision (with one symbol
    fewer) rather than changing it, so a copy of the state shares its decisions."""

    kind: Public[DecisionKind]
    seat: Public[int]
    slot: Public[int] = -1
    space: Public[int] = -1
    abilities: Public[tuple[str, ...]] = ()  # "ability": symbols still unused on this tile
    reward: Public[int] = 0  # "conspiracy": which reward tile is being swapped


ReadOnlyTotals = Annotated[
    Mapping[int, int],
    AfterValidator(MappingProxyType),
    PlainSerializer(dict, return_type=dict[int, int]),
]
"""Strength totals by seat that nothing can change (the JSON is a plain object)."""


@frozen_slotted
class BoardResult(Part):
    """The public result of one resolved location (shown until the round ends).

    Frozen, its totals read-only: a copy of the state shares the round's results."""

    slot: Public[int]
    strengths: Public[ReadOnlyTotals]
    winner: Public[int | None]


F = TypeVar("F", Occupant, Reward)


@slotted
class EstorilState(Part):
    """Each field says who may know it (``spyhouse.engine.visibility``); ``hidden.py``
    redraws what a seat may not know, consistently with what it may."""

    num_seats: Public[int]
    options: Public[EstorilOptions]
    rng: Hidden[int]
    round: Public[int] = 0
    phase: Public[Phase] = Phase.PLACE
    first_player: Public[int] = 0
    turn: Public[int] = 0  # the player placing (Player Turn)
    placed: Public[bool] = False  # that player has placed this turn
    markers: Public[list[int]]  # Tile markers in each player's supply
    markers_each: Public[int]
    hands: Private[list[list[int]]]
    discards: Public[list[list[int]]]  # face up
    pending_discards: Private[list[list[int]]]  # face down until all are revealed
    pile: Hidden[list[int]]  # index 0 is the top
    removed: Public[list[int]] = Field(default_factory=list)  # returned to the box, face up
    missions: Public[list[str]]
    board_pool: Public[list[int]]
    grid: Mixed[list[Location]] = Field(default_factory=list)
    enigma_slot: Public[int | None] = None
    enigma_holder: Public[int | None] = None
    pending: Mixed[list[Pending]] = Field(default_factory=list)
    order: Public[list[int]] = Field(default_factory=list)  # resolution order (grid slots)
    res_pos: Public[int] = 0
    res_space: Public[int] = 0
    res_stage: Public[Literal["abilities", "casino", "hells_mouth", "reward"]] = "abilities"
    results: Mixed[list[BoardResult]] = Field(default_factory=list)
    shields: Public[int] = 10
    # what each seat is known to hold, and what is known of the pile: see ``memory.py``
    known_in_hand: Public[list[tuple[int, ...]]] = Field(default_factory=list)
    pile_known: Public[dict[int, tuple[int, ...]]] = Field(default_factory=dict)

    # -- geometry helpers -------------------------------------------------------------

    @property
    def cols(self) -> int:
        return len(self.grid) // 2

    def layout(self) -> tuple[tuple[int, int], ...]:
        """Each slot's ``(board index, rotation)``, row by row: all its geometry hangs on."""
        return tuple([(loc.board, loc.rotation) for loc in self.grid])

    def geometry(self) -> Geometry:
        return geometry(2, self.cols, self.layout())

    def occupant(self, ref: SpaceRef) -> Occupant | None:
        return self.grid[ref[0]].spaces[ref[1]]

    def change_location(self, slot: int, **changes: object) -> Location:
        """Put in ``slot`` its Location with ``changes`` (a Location is a value: the grid
        gets a changed copy and older states keep theirs)."""
        changed = self.grid[slot] = fast_copy(self.grid[slot], **changes)
        return changed

    def put(self, ref: SpaceRef, occupant: Occupant | None) -> None:
        """Put ``occupant`` (None: nothing) on the Deployment space ``ref``."""
        slot, n = ref
        spaces = self.grid[slot].spaces
        self.change_location(slot, spaces=(*spaces[:n], occupant, *spaces[n + 1 :]))

    def change_occupant(self, ref: SpaceRef, **changes: object) -> Occupant:
        """Put on ``ref`` its tile with ``changes`` (a shield, a new controller...): the
        tile is a value, so the space gets a changed copy and older states keep theirs."""
        occ = self.grid[ref[0]].spaces[ref[1]]
        assert occ is not None
        changed = fast_copy(occ, **changes)
        self.put(ref, changed)
        return changed

    def change_reward(self, slot: int, index: int, **changes: object) -> Reward:
        """Put in a Reward space its tile with ``changes`` (see :meth:`change_occupant`)."""
        rewards = self.grid[slot].rewards
        changed = fast_copy(rewards[index], **changes)
        self.change_location(slot, rewards=(*rewards[:index], changed, *rewards[index + 1 :]))
        return changed

    def add_reward(self, slot: int, reward: Reward) -> None:
        """Put one more Reward tile in the Reward space(s) of the Location in ``slot``."""
        self.change_location(slot, rewards=(*self.grid[slot].rewards, reward))

    def reveal(self, slot: int, **changes: object) -> None:
        """Turn every tile of the Location in ``slot`` face up, its Reward tiles too (and
        make ``changes`` to it: one new Location, not three)."""
        loc = self.grid[slot]
        self.change_location(
            slot,
            spaces=tuple([None if occ is None else _face_up(occ) for occ in loc.spaces]),
            rewards=tuple([_face_up(r) for r in loc.rewards]),
            **changes,
        )

    def reveal_rewards(self, slot: int) -> None:
        """Turn the Reward tiles of the Location in ``slot`` face up."""
        rewards = self.grid[slot].rewards
        self.change_location(slot, rewards=tuple([_face_up(r) for r in rewards]))

    def slot_of(self, board_key: str) -> int | None:
        for slot, loc in enumerate(self.grid):
            if board(loc.board).key == board_key:
                return slot
        return None

    def special(self, slot: int) -> str:
        return board(self.grid[slot].board).special


# -- the saved form -----------------------------------------------------------------------


def dump_state(state: EstorilState) -> dict[str, Any]:
    """``Game.dump``: the state as pydantic dumps it (the same keys in the same order, the
    same values), written out here. It is dumped after every move to be committed, and
    pydantic took ~10 µs for the fields besides the grid alone. Its frozen parts (each
    Location, pending decision and result, and the options) are dumped once and
    remembered (:func:`_dumped_part`): most moves change one Location of six, and the
    dumps of the states that share a part share its dump (nothing changes a dump: it is
    encoded to JSON, stored, loaded). ``tests/games/estoril/test_dump_memo.py`` checks it
    against pydantic, byte for byte: a field added to the state and not here fails it."""
    return {
        "num_seats": state.num_seats,
        "options": _dumped_part(state.options),
        "rng": state.rng,
        "round": state.round,
        "phase": state.phase.value,
        "first_player": state.first_player,
        "turn": state.turn,
        "placed": state.placed,
        "markers": list(state.markers),
        "markers_each": state.markers_each,
        "hands": [list(tiles) for tiles in state.hands],
        "discards": [list(tiles) for tiles in state.discards],
        "pending_discards": [list(tiles) for tiles in state.pending_discards],
        "pile": list(state.pile),
        "removed": list(state.removed),
        "missions": list(state.missions),
        "board_pool": list(state.board_pool),
        "grid": [_dumped_part(loc) for loc in state.grid],
        "enigma_slot": state.enigma_slot,
        "enigma_holder": state.enigma_holder,
        "pending": [_dumped_part(p) for p in state.pending],
        "order": list(state.order),
        "res_pos": state.res_pos,
        "res_space": state.res_space,
        "res_stage": state.res_stage,
        "results": [_dumped_part(r) for r in state.results],
        "shields": state.shields,
        "known_in_hand": [list(tiles) for tiles in state.known_in_hand],
        "pile_known": {str(tile): list(seats) for tile, seats in state.pile_known.items()},
    }


_DUMPED: PartMemo[dict[str, Any]] = PartMemo(8192)
"""The parts of some 1,300 tables (a server holds 50-200), at about 1 kB each."""
_PARTS = {kind: state_adapter(kind) for kind in (Location, Pending, BoardResult, EstorilOptions)}


def _dumped_part(part: Location | Pending | BoardResult | EstorilOptions) -> dict[str, Any]:
    """A frozen part as pydantic dumps it in a state, remembered: its dump reads nothing
    else."""
    dumped = _DUMPED.get(id(part))
    if dumped is None:
        built = _PARTS[type(part)].dump_python(part, mode="json")
        dumped = _DUMPED.keep(id(part), (part,), built)
    return dumped
