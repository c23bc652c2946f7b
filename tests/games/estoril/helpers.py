"""Build exact Estoril positions for the worked examples, keeping every tile in one place."""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Event
from spyhouse.games.estoril import GAME, resolution, rounds
from spyhouse.games.estoril.components import (
    COLOURS,
    NUMERALS,
    board_by_key,
    character,
    characters,
)
from spyhouse.games.estoril.locations import location_name
from spyhouse.games.estoril.state import EstorilOptions, EstorilState, Location, Occupant, Reward

RED, GREEN, BLUE, YELLOW, PINK = range(5)


def tile_id(name: str, colour: str | None = None) -> int:
    """The catalogue index of a tile by its printed name (and colour for starting tiles)."""
    matches = [c.index for c in characters() if c.name == name and c.colour == colour]
    assert len(matches) == 1, (name, colour)
    return matches[0]


def new_state(seats: int = 4, seed: int = 0, **options: bool) -> EstorilState:
    return GAME.setup(seats, EstorilOptions(**options), seed)


def lay_out(state: EstorilState, boards: list[tuple[str, int]]) -> None:
    """Replace this round's grid by ``(board key, quarter turns)`` per slot, row by row.

    Reward tiles go back to the bottom of the pile, so the position starts empty.
    """
    for loc in state.grid:
        state.pile.extend(r.tile for r in loc.rewards)
        for occ in loc.spaces:
            if occ is not None:
                state.hands[occ.owner].append(occ.tile)
                state.markers[occ.controller] += 1
    state.grid = [
        Location(
            board=board_by_key(key).index,
            rotation=rotation,
            spaces=(None,) * len(board_by_key(key).spaces),
        )
        for key, rotation in boards
    ]
    state.enigma_slot = None
    state.pending = []


def take(state: EstorilState, tile: int) -> None:
    """Lift ``tile`` from wherever it is (hand, pile, discards...)."""
    for pile in [*state.hands, *state.discards, *state.pending_discards, state.pile, state.removed]:
        if tile in pile:
            pile.remove(tile)
            return
    for s, loc in enumerate(state.grid):
        for n, occ in enumerate(loc.spaces):
            if occ is not None and occ.tile == tile:
                state.put((s, n), None)
                state.markers[occ.controller] += 1
                return
        if any(r.tile == tile for r in loc.rewards):
            state.change_location(s, rewards=tuple(r for r in loc.rewards if r.tile != tile))
            return
    raise AssertionError(f"{character(tile).label} is not in play")


def slot(state: EstorilState, key: str) -> int:
    found = state.slot_of(key)
    assert found is not None, key
    return found


def put(
    state: EstorilState,
    key: str,
    numeral: str,
    name: str,
    seat: int,
    *,
    colour: str | None = None,
    face_up: bool = True,
    **more: Any,
) -> Occupant:
    """Place a tile with ``seat``'s marker on ``key``'s space ``numeral`` (``more``: other
    Occupant fields, e.g. ``shield=True``)."""
    tile = tile_id(name, colour)
    take(state, tile)
    fields: dict[str, Any] = {"controller": seat, "known_by": (seat,), **more}
    occ = Occupant(tile=tile, owner=seat, face_up=face_up, **fields)
    state.put((slot(state, key), NUMERALS.index(numeral)), occ)
    state.markers[seat] -= 1
    return occ


def change(state: EstorilState, key: str, numeral: str, **changes: Any) -> Occupant:
    """The tile on ``key``'s space ``numeral`` with ``changes`` (tiles are values)."""
    return state.change_occupant((slot(state, key), NUMERALS.index(numeral)), **changes)


def give(state: EstorilState, seat: int, name: str, colour: str | None = None) -> int:
    tile = tile_id(name, colour)
    take(state, tile)
    state.hands[seat].append(tile)
    return tile


def set_reward(state: EstorilState, key: str, name: str, face_up: bool = True) -> None:
    tile = tile_id(name)
    take(state, tile)
    state.add_reward(slot(state, key), Reward(tile=tile, face_up=face_up))


def start_resolving(state: EstorilState) -> list[Event]:
    """End the placement here (as if every marker were placed): resolution begins."""
    resolution.start_resolution(state)
    events: list[Event] = []
    rounds.advance(state, events)
    return events


def act(state: EstorilState, seat: int, action: dict[str, Any]) -> tuple[EstorilState, list[Event]]:
    return GAME.apply(state, seat, action)


def pass_until(state: EstorilState, stop: Any) -> EstorilState:
    """Pass every optional decision until ``stop(state)`` holds."""
    while not stop(state):
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, {"type": "pass"})
    return state


def where(state: EstorilState, key: str, numeral: str) -> dict[str, str]:
    return {"location": location_name(state, slot(state, key)), "space": numeral}


def colour(seat: int) -> str:
    return COLOURS[seat]


def all_tiles(state: EstorilState) -> list[int]:
    """Every tile in play, wherever it is (for conservation checks)."""
    out = [t for pile in [*state.hands, *state.discards, *state.pending_discards] for t in pile]
    out += state.pile + state.removed
    for loc in state.grid:
        out += [o.tile for o in loc.spaces if o is not None]
        out += [r.tile for r in loc.rewards]
        out += [r.tile for r in loc.roulette]
    return out


BASE_LAYOUT = [
    ("palacio", 0),
    ("tamariz", 0),
    ("museum", 0),
    ("atlantico", 0),
    ("casino", 0),
    ("hells_mouth", 0),
]
"""The base grid the examples use: Tamariz (3) sits top middle, adjacent to Palácio,
the Museum and the Casino."""


def pending_kind(state: EstorilState) -> tuple[str, int] | None:
    """The first pending decision as (kind, seat), or None."""
    return (state.pending[0].kind, state.pending[0].seat) if state.pending else None
