"""What each seat sees, built by allow-list: only what a person in that seat may know.

Face-down tiles appear as ``{"face_down": true}`` with no identity, unless the viewer
knows them (its own tile, or one it looked at). Other hands show only their size;
pending discards only their count. The draw pile shows its size.

Once the game is over every hand is shown ("all Players add up VP from ... the 6
Character tiles ... in your hand"), and so is every face-down tile left on the table
(RULINGS.md, "End reveal"); the tiles under the Casino Roulette stay hidden.

The view is built as the closed TypedDicts below: the published view schema is made
from them, mypy checks that the functions here build them, and the game's tests
validate every reader's view of random games against them, so the three cannot drift.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Annotated, Any, Literal, NotRequired, cast

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from spyhouse.engine import Fixed
from spyhouse.engine.memo import PartMemo
from spyhouse.games.estoril import decisions, placement
from spyhouse.games.estoril.actions import Use
from spyhouse.games.estoril.components import (
    COLOURS,
    NUMERALS,
    board,
    character,
    mission,
)
from spyhouse.games.estoril.grid import cell_offset, geometry
from spyhouse.games.estoril.locations import (
    airport_die_range,
    location_name,
    resolution_number,
)
from spyhouse.games.estoril.rounds import HAND_LIMIT, ROUNDS
from spyhouse.games.estoril.state import EstorilState, Location, Occupant, Pending, Phase

JSON = dict[str, Any]

# -- the view's types ------------------------------------------------------------------

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class Tile(TypedDict):
    """A Character tile as printed (``name`` is how actions name it)."""

    name: str
    flag: str
    strength: int
    vp: int
    abilities: list[str]
    woman: bool
    starting: str | None
    black_medal: bool


@with_config(_CLOSED)
class HiddenOrShown(TypedDict):
    """A tile that may lie face down: ``tile`` only when it is face up or the reader
    knows it; ``known_by`` (the colours who looked at it) only while it is face down."""

    face_down: bool
    known_by: NotRequired[list[str]]
    tile: NotRequired[Tile]


@with_config(_CLOSED)
class OccupantView(HiddenOrShown):
    """A tile on a Deployment space, with the marker on it."""

    marker: str
    owner: str
    shield: bool
    seduced: bool
    double_agent: bool
    nationalism_used: int
    dice: int


@with_config(_CLOSED)
class SpaceView(TypedDict):
    space: str
    cell: list[int]
    outer: bool
    top_secret: bool
    look: str | None
    occupant: OccupantView | None


@with_config(_CLOSED)
class RewardView(TypedDict):
    cell: list[int] | None
    top_secret: bool
    tiles: list[HiddenOrShown]


@with_config(_CLOSED)
class RouletteView(TypedDict):
    tiles_under: int


@with_config(_CLOSED)
class PrintedLocation(TypedDict):
    location: str
    full_name: str
    number: int | None
    status: str
    special: str


@with_config(_CLOSED)
class LocationView(PrintedLocation):
    row: int
    col: int
    rotation: int
    reward: RewardView
    resolution_number: int
    adjacent: list[str]
    resolved: bool
    enigma: bool
    spaces: list[SpaceView]
    die: NotRequired[int]
    roulette: NotRequired[RouletteView]


@with_config(_CLOSED)
class GridView(TypedDict):
    rows: int
    cols: int
    cell_rows: int
    cell_cols: int
    locations: list[LocationView]


@with_config(_CLOSED)
class MissionView(TypedDict):
    id: str
    name: str
    status: str


@with_config(_CLOSED)
class PlayerView(TypedDict):
    player: str
    seat: int
    markers: int
    hand_size: int
    discards: list[Tile]
    discarded_this_round: int
    enigma: bool
    revealed_hand: list[Tile] | None


@with_config(_CLOSED)
class EnigmaView(TypedDict):
    location: str | None
    holder: str | None


@with_config(_CLOSED)
class ResultView(TypedDict):
    location: str
    strengths: dict[str, int]
    winner: str | None


@with_config(_CLOSED)
class ResolvingView(TypedDict):
    order: list[str]
    location: str
    space: str | None


@with_config(_CLOSED)
class Space(TypedDict):
    """A space a tile may be placed on."""

    location: str
    space: str


@with_config(_CLOSED)
class LookTarget(TypedDict):
    location: str
    space: NotRequired[str]
    reward: NotRequired[int]


@with_config(_CLOSED)
class PlacePrompt(TypedDict):
    kind: Literal["place"]
    text: str
    tiles: list[str]
    spaces: list[Space]


@with_config(_CLOSED)
class DiscardPrompt(TypedDict):
    kind: Literal["discard"]
    text: str
    count: int
    tiles: list[str]


@with_config(_CLOSED)
class PlaceEnigmaPrompt(TypedDict):
    kind: Literal["place_enigma"]
    text: str
    locations: list[str]


@with_config(_CLOSED)
class RoulettePrompt(TypedDict):
    kind: Literal["roulette"]
    text: str
    from_hand: list[str]
    from_discards: list[str]


@with_config(_CLOSED)
class RotatePrompt(TypedDict):
    kind: Literal["rotate"]
    text: str
    location: str
    degrees: list[int]


@with_config(_CLOSED)
class AirportDiePrompt(TypedDict):
    kind: Literal["airport_die"]
    text: str
    die: int | None
    min: int
    max: int


@with_config(_CLOSED)
class LookPrompt(TypedDict):
    kind: Literal["look"]
    text: str
    targets: list[LookTarget]


@with_config(_CLOSED)
class AbilityPrompt(TypedDict):
    kind: Literal["ability"]
    text: str
    location: str
    space: str
    tile: str
    abilities: list[str]
    uses: list[Use]


@with_config(_CLOSED)
class ConspiracyPrompt(TypedDict):
    kind: Literal["conspiracy"]
    text: str
    location: str
    reward: Tile
    pile_top: Tile


@with_config(_CLOSED)
class HellsMouthPrompt(TypedDict):
    kind: Literal["hells_mouth"]
    text: str
    location: str
    spaces: list[str]


Prompt = Annotated[
    PlacePrompt
    | DiscardPrompt
    | PlaceEnigmaPrompt
    | RoulettePrompt
    | RotatePrompt
    | AirportDiePrompt
    | LookPrompt
    | AbilityPrompt
    | ConspiracyPrompt
    | HellsMouthPrompt,
    Field(discriminator="kind"),
]
"""The decision the reader must take now, with what a client needs to present it."""


PhaseName = Literal["place", "resolve", "discard", "over"]
"""The values of :class:`Phase`."""


@with_config(_CLOSED)
class EstorilView(TypedDict):
    """What one seat (or a spectator) of Estoril 1942 sees."""

    round: int
    rounds: int
    phase: PhaseName
    you: str | None
    first_player: str
    turn: str | None
    to_act: list[str]
    missions: list[MissionView]
    players: list[PlayerView]
    pile_size: int
    out_of_game: list[Tile]
    shields_left: int
    enigma: EnigmaView | None
    grid: GridView
    results: list[ResultView]
    resolving: ResolvingView | None
    hand: list[Tile] | None
    prompt: Prompt | None
    my_pending_discards: NotRequired[list[Tile]]


# -- building it --------------------------------------------------------------------------


@cache
def tile(index: int) -> Tile:
    """A face-up (or known) tile, as printed: one dict per tile, shared by every view
    that shows it (nothing changes a view once built: see ``Game.views``), and
    :class:`Fixed`, so the server writes its JSON once."""
    return cast(Tile, Fixed(character(index).describe()))


def view(state: EstorilState, seat: int | None) -> EstorilView:
    to_act = decisions.to_act(state)
    out: EstorilView = {
        "round": state.round,
        "rounds": ROUNDS,
        "phase": state.phase.value,
        "you": None if seat is None else COLOURS[seat],
        "first_player": COLOURS[state.first_player],
        "turn": COLOURS[state.turn] if state.phase == Phase.PLACE and not state.pending else None,
        "to_act": [COLOURS[s] for s in sorted(to_act)],
        "missions": [
            {"id": m, "name": mission(m).name, "status": mission(m).status} for m in state.missions
        ],
        "players": [player_view(state, s) for s in range(state.num_seats)],
        "pile_size": len(state.pile),
        "out_of_game": [tile(t) for t in state.removed],
        "shields_left": state.shields,
        "enigma": enigma_view(state) if state.options.promo else None,
        "grid": grid_view(state, seat),
        "results": [
            {
                "location": location_name(state, r.slot),
                "strengths": {COLOURS[s]: v for s, v in sorted(r.strengths.items())},
                "winner": None if r.winner is None else COLOURS[r.winner],
            }
            for r in state.results
        ],
        "resolving": resolving_view(state),
        "hand": None,
        "prompt": None,
    }
    if seat is not None:
        out["hand"] = [tile(t) for t in sorted(state.hands[seat])]
        out["my_pending_discards"] = [tile(t) for t in state.pending_discards[seat]]
        if seat in to_act:
            out["prompt"] = prompt(state, seat)
    return out


def views(state: EstorilState, readers: Sequence[int | None]) -> list[EstorilView]:
    """Several readers' views of one state, each equal to :func:`view`: the board is
    built once and each player's view adds only what that player alone knows (their
    hand, their prompt, the face-down tiles they know). Built for every reader after
    every move, the board was most of a move's cost to the server."""
    base = view(state, None)
    to_act = decisions.to_act(state)
    known = _known_tiles(state)
    return [
        base if seat is None else _own_view(state, base, seat, to_act, known.get(seat, {}))
        for seat in readers
    ]


_Known = dict[int, tuple[list[int], bool]]
"""Per Location slot: the Deployment spaces whose face-down tile a player knows, and
whether they know a face-down Reward tile there."""


def _known_tiles(state: EstorilState) -> dict[int, _Known]:
    """Per player, the face-down tiles they know, where a spectator sees only backs (see
    :func:`_hidden_or_shown`): all that differs between their view and a spectator's
    board."""
    known: dict[int, _Known] = {}
    if state.phase == Phase.OVER:
        return known  # every tile is shown at the end
    for slot, loc in enumerate(state.grid):
        for seat, here in _known_at(loc).items():
            known.setdefault(seat, {})[slot] = here
    return known


_KNOWN: PartMemo[dict[int, tuple[list[int], bool]]] = PartMemo(8192)
"""As :data:`_SHOWN`: a Location at a time per entry."""


def _known_at(loc: Location) -> dict[int, tuple[list[int], bool]]:
    """Per player, the face-down tiles of ``loc`` they know: its Deployment spaces, and
    whether they know a face-down Reward tile. Remembered (a Location is a value): the
    board is read for every move, and most moves change one Location of six."""
    here = _KNOWN.get(id(loc))
    if here is not None:
        return here
    here = {}
    for n, occ in enumerate(loc.spaces):
        if occ is not None and not occ.face_up:
            for seat in occ.known_by:
                here.setdefault(seat, ([], False))[0].append(n)
    for r in loc.rewards:
        if not r.face_up:
            for seat in r.known_by:
                spaces, _ = here.get(seat, ([], False))
                here[seat] = (spaces, True)
    return _KNOWN.keep(id(loc), (loc,), here)


def _own_view(
    state: EstorilState,
    base: EstorilView,
    seat: int,
    to_act: set[int] | frozenset[int],
    known: _Known,
) -> EstorilView:
    """``seat``'s view from the spectator's ``base`` (the same keys in the same order)."""
    out = base.copy()
    out["you"] = COLOURS[seat]
    if known:
        grid = base["grid"]
        locations = list(grid["locations"])
        for slot, (spaces, reward) in known.items():
            locations[slot] = _own_location(locations[slot], state.grid[slot], seat, spaces, reward)
        out["grid"] = {**grid, "locations": locations}
    out["hand"] = [tile(t) for t in sorted(state.hands[seat])]
    out["my_pending_discards"] = [tile(t) for t in state.pending_discards[seat]]
    if seat in to_act:
        out["prompt"] = prompt(state, seat)
    return out


_OWN: PartMemo[LocationView] = PartMemo(16384)
"""While placing, each player knows tiles on most Locations: up to 24 entries a table of
four, so 200 busy tables hold ~4,800, at about 2 kB each (~32 MB when full). It must hold
the busy tables' entries with room to spare: at 4,096 it was cleared every few hundred
moves at 200 tables, and most views were built again."""


def _own_location(
    shown: LocationView, loc: Location, seat: int, spaces: list[int], reward: bool
) -> LocationView:
    """A Location as ``seat`` sees it, from the spectator's: the tiles of ``spaces`` (and
    of the Reward space if ``reward``) shown to ``seat``, who knows them. Built for every
    player after every move, it is remembered like :func:`_shown_location`: ``shown`` is
    that memo's, the same object for the same Location in the same place and state, so
    the view hangs on both objects and on the seat and what it knows there (which the
    Location's tiles decide). Like the spectator's, it is :class:`Fixed`."""
    key = (id(loc), id(shown), seat, tuple(spaces), reward)
    out = _OWN.get(key)
    if out is None:
        built = Fixed(_build_own_location(shown, loc, seat, spaces, reward))
        out = _OWN.keep(key, (loc, shown), cast(LocationView, built))
    return out


def _build_own_location(
    shown: LocationView, loc: Location, seat: int, spaces: list[int], reward: bool
) -> LocationView:
    """:func:`_own_location` built afresh."""
    out = shown.copy()
    if reward:
        tiles = [_hidden_or_shown(r.face_up, r.known_by, r.tile, seat) for r in loc.rewards]
        out["reward"] = {**shown["reward"], "tiles": tiles}
    if spaces:
        own = list(shown["spaces"])
        for n in spaces:
            own[n] = {**own[n], "occupant": occupant_view(loc.spaces[n], seat)}
        out["spaces"] = own
    return out


def player_view(state: EstorilState, seat: int) -> PlayerView:
    return {
        "player": COLOURS[seat],
        "seat": seat,
        "markers": state.markers[seat],
        "hand_size": len(state.hands[seat]),
        "discards": [tile(t) for t in state.discards[seat]],
        "discarded_this_round": len(state.pending_discards[seat]),
        "enigma": state.enigma_holder == seat,
        "revealed_hand": [tile(t) for t in sorted(state.hands[seat])]
        if state.phase == Phase.OVER
        else None,
    }


def enigma_view(state: EstorilState) -> EnigmaView:
    return {
        "location": None if state.enigma_slot is None else location_name(state, state.enigma_slot),
        "holder": None if state.enigma_holder is None else COLOURS[state.enigma_holder],
    }


def resolving_view(state: EstorilState) -> ResolvingView | None:
    if state.phase != Phase.RESOLVE or state.res_pos >= len(state.order):
        return None
    slot = state.order[state.res_pos]
    return {
        "order": [location_name(state, s) for s in state.order],
        "location": location_name(state, slot),
        "space": NUMERALS[state.res_space]
        if state.res_space < len(state.grid[slot].spaces)
        else None,
    }


def grid_view(state: EstorilState, seat: int | None) -> GridView:
    locations = []
    if state.grid:
        layout = state.layout()
        for slot, loc in enumerate(state.grid):
            place = _place(state.cols, layout, slot)
            if seat is None:
                locations.append(_shown_location(state, place, loc))
            else:
                locations.append(location_view(state, place, loc, seat))
    return {
        "rows": 2,
        "cols": state.cols,
        "cell_rows": 4,
        "cell_cols": 2 * state.cols,
        "locations": locations,
    }


@dataclass(frozen=True)
class _Place:
    """What a Location shows that the laid-out grid alone decides: its printed name, its
    cell and turn, its Reward space, its neighbours and each Deployment space's cell."""

    slot: int
    name: PrintedLocation
    row: int
    col: int
    rotation: int
    reward_cell: tuple[int, int] | None
    reward_top_secret: bool
    adjacent: tuple[str, ...]
    spaces: tuple[tuple[str, tuple[int, int], bool, bool, str | None], ...]
    """Per Deployment space: its numeral, cell, whether outer or Top Secret, its look."""
    casino: bool


@lru_cache(maxsize=4096)
def _place(cols: int, layout: tuple[tuple[int, int], ...], slot: int) -> _Place:
    """The grid is laid out once per game, and its views are built at every move for
    every reader: its fixed parts are worked out once."""
    board_index, rotation = layout[slot]
    printed = board(board_index)
    geo = geometry(2, cols, layout)
    cell = _reward_cell(printed.reward_cell, rotation, slot, cols)
    return _Place(
        slot=slot,
        name=_printed_location(board_index),
        row=slot // cols,
        col=slot % cols,
        rotation=rotation * 90,
        reward_cell=None if cell is None else (cell[0], cell[1]),
        reward_top_secret=printed.reward_top_secret,
        adjacent=tuple(board(layout[s][0]).name for s in geo.adjacent(slot)),
        spaces=tuple(
            (
                NUMERALS[n],
                geo.cells[(slot, n)],
                geo.is_outer((slot, n)),
                space.top_secret,
                space.look,
            )
            for n, space in enumerate(printed.spaces)
        ),
        casino=printed.special == "casino",
    )


def location_view(
    state: EstorilState, place: _Place, loc: Location, seat: int | None
) -> LocationView:
    """What ``seat`` sees of ``loc``: a spectator's is remembered (:func:`_shown_location`),
    whose key must name all this reads of ``state``."""
    over = state.phase == Phase.OVER
    name = place.name
    slot = place.slot
    occupants = loc.spaces
    out: LocationView = {
        "location": name["location"],
        "full_name": name["full_name"],
        "number": name["number"],
        "status": name["status"],
        "special": name["special"],
        "row": place.row,
        "col": place.col,
        "rotation": place.rotation,
        "reward": {
            "cell": None if place.reward_cell is None else list(place.reward_cell),
            "top_secret": place.reward_top_secret,
            "tiles": [
                _hidden_or_shown(r.face_up or over, r.known_by, r.tile, seat) for r in loc.rewards
            ],
        },
        "resolution_number": resolution_number(state, slot),
        "adjacent": list(place.adjacent),
        "resolved": loc.resolved,
        "enigma": state.enigma_slot == slot,
        "spaces": [
            {
                "space": numeral,
                "cell": list(cell),
                "outer": outer,
                "top_secret": top_secret,
                "look": look,
                "occupant": occupant_view(occupants[n], seat, over),
            }
            for n, (numeral, cell, outer, top_secret, look) in enumerate(place.spaces)
        ],
    }
    if loc.die is not None:
        out["die"] = loc.die
    if loc.roulette or (state.options.roulette and place.casino):
        out["roulette"] = {"tiles_under": len(loc.roulette)}
    return out


_SHOWN: PartMemo[LocationView] = PartMemo(8192)
"""The Locations of some 1,300 tables (a server holds 50-200), at about 3 kB each (~24 MB
when full; see :data:`_OWN` for why roomy)."""


def _shown_location(state: EstorilState, place: _Place, loc: Location) -> LocationView:
    """:func:`location_view` for a spectator, remembered: it is built for every reader
    after every move, and most moves change one Location of six. A Location is a value
    (a change makes a new one), so the view hangs on the Location object, its place in
    the grid, and what else of the state it reads: the game's end, the Enigma there and
    the Roulette option (its resolution number is the Location's board or die). The view
    is :class:`Fixed`: the server writes its JSON once for every frame that shows it,
    until the Location changes."""
    key = (
        id(loc),
        id(place),
        state.phase == Phase.OVER,
        state.enigma_slot == place.slot,
        state.options.roulette,
    )
    shown = _SHOWN.get(key)
    if shown is None:
        built = Fixed(location_view(state, place, loc, None))
        shown = _SHOWN.keep(key, (loc, place), cast(LocationView, built))
    return shown


@cache
def _printed_location(board_index: int) -> PrintedLocation:
    printed = board(board_index)
    return {
        "location": printed.name,
        "full_name": printed.full_name,
        "number": printed.number,
        "status": printed.status,
        "special": printed.rule,
    }


def _reward_cell(cell: str, rotation: int, slot: int, cols: int) -> list[int] | None:
    """The Reward space's grid cell (None for the Museum's central Reward space)."""
    if cell == "centre":
        return None
    dr, dc = cell_offset(cell, rotation)
    return [2 * (slot // cols) + dr, 2 * (slot % cols) + dc]


def _hidden_or_shown(
    face_up: bool, known_by: tuple[int, ...], index: int, seat: int | None
) -> HiddenOrShown:
    if face_up:
        return {"face_down": False, "tile": tile(index)}
    shown: HiddenOrShown = {"face_down": True, "known_by": [COLOURS[s] for s in sorted(known_by)]}
    if seat is not None and seat in known_by:
        shown["tile"] = tile(index)
    return shown


def occupant_view(
    occ: Occupant | None, seat: int | None, over: bool = False
) -> OccupantView | None:
    if occ is None:
        return None
    return {
        **_hidden_or_shown(occ.face_up or over, occ.known_by, occ.tile, seat),
        "marker": COLOURS[occ.controller],
        "owner": COLOURS[occ.owner],
        "shield": occ.shield,
        "seduced": occ.seduced,
        "double_agent": occ.double_agent,
        "nationalism_used": occ.nationalism,
        "dice": occ.dice,
    }


def prompt(state: EstorilState, seat: int) -> Prompt:
    """The decision ``seat`` (a seat to act) must take, with what is needed to present it."""
    if state.pending:
        return pending_prompt(state, state.pending[0], decisions.legal_actions(state, seat))
    if state.phase == Phase.PLACE:
        # The tiles and spaces of the legal placements (every tile on every space),
        # read without listing their product: a prompt is built after every move.
        return {
            "kind": "place",
            "text": _PLACE_TEXT,
            "tiles": sorted(set(placement.hand_labels(state, seat))),
            "spaces": [
                {"location": location, "space": numeral}
                for location, numeral in placement.placement_places(state, seat)
            ],
        }
    actions = decisions.legal_actions(state, seat)
    return {
        "kind": "discard",
        "text": f"Discard face down until you have {HAND_LIMIT} tiles in hand.",
        "count": len(state.hands[seat]) - HAND_LIMIT,
        "tiles": [a["tile"] for a in actions],
    }


_PLACE_TEXT = "Place one Character tile from your hand with one of your Tile markers."


def pending_prompt(state: EstorilState, p: Pending, actions: list[JSON]) -> Prompt:
    """A pending decision; every kind but the Enigma's is tied to the Location of ``p.slot``."""
    if p.kind == "place_enigma":
        return {
            "kind": "place_enigma",
            "text": "Place the Enigma tile in a Reward space.",
            "locations": [a["location"] for a in actions],
        }
    if p.kind == "roulette":
        return {
            "kind": "roulette",
            "text": "Put one more tile face down under the Casino Roulette.",
            "from_hand": [a["tile"] for a in actions if a["from"] == "hand"],
            "from_discards": [a["tile"] for a in actions if a["from"] == "discards"],
        }
    if p.kind == "rotate":
        return {
            "kind": "rotate",
            "text": "You may rotate Alcântara.",
            "location": location_name(state, p.slot),
            "degrees": [a["degrees"] for a in actions],
        }
    if p.kind == "airport":
        die_range = airport_die_range(state, p.slot, p.space)
        return {
            "kind": "airport_die",
            "text": "You may change the Airport's die.",
            "die": state.grid[p.slot].die,
            "min": die_range.start,
            "max": die_range.stop - 1,
        }
    if p.kind == "look":
        return {
            "kind": "look",
            "text": "You may look at one face-down tile.",
            "targets": [
                cast(LookTarget, {k: v for k, v in a.items() if k != "type"})
                for a in actions
                if a["type"] == "look"
            ],
        }
    if p.kind == "ability":
        occ = state.grid[p.slot].spaces[p.space]
        assert occ is not None
        return {
            "kind": "ability",
            "text": "You may use the abilities of your character, or pass.",
            "location": location_name(state, p.slot),
            "space": NUMERALS[p.space],
            "tile": character(occ.tile).label,
            "abilities": list(p.abilities),
            "uses": [cast(Use, a) for a in actions if a["type"] == "use"],
        }
    if p.kind == "conspiracy":
        reward = state.grid[p.slot].rewards[p.reward]
        return {
            "kind": "conspiracy",
            "text": "Keep the Reward tile, or swap it with the top of the draw pile.",
            "location": location_name(state, p.slot),
            "reward": tile(reward.tile),
            "pile_top": tile(state.pile[0]),
        }
    return {
        "kind": "hells_mouth",
        "text": "You are the weakest here: remove one of your characters from the game.",
        "location": location_name(state, p.slot),
        "spaces": [a["space"] for a in actions],
    }
