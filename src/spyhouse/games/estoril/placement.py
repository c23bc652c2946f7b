"""Player Turn: placing one Character tile with one Tile marker, and what follows it.

After a placement come, in this order, the decisions the space grants: the Casino
Roulette's extra tile, Alcântara's rotation, the Airport's die, and a look symbol.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from spyhouse.engine import Event, IllegalAction
from spyhouse.engine.matching import require_keys, whole_number
from spyhouse.games.estoril import memory
from spyhouse.games.estoril.components import COLOURS, NUMERALS, board, character
from spyhouse.games.estoril.grid import SpaceRef
from spyhouse.games.estoril.locations import (
    airport_die_range,
    alcantara_rotations,
    is_top_secret,
    location_name,
    wants_roulette,
)
from spyhouse.games.estoril.spaces import Space, slot_named, where
from spyhouse.games.estoril.state import EstorilState, Occupant, Pending, Reward, RouletteTile

Action = dict[str, Any]


def can_feed_roulette(state: EstorilState, seat: int) -> bool:
    """Roulette: one more tile from your hand (besides the one placed) or your discards."""
    return len(state.hands[seat]) >= 2 or bool(state.discards[seat])


def free_spaces(state: EstorilState, seat: int) -> list[SpaceRef]:
    """Free Deployment spaces, but not the Casino's when the Roulette needs a tile ``seat``
    cannot spare."""
    feeds = can_feed_roulette(state, seat)
    return [
        (slot, n)
        for slot, loc in enumerate(state.grid)
        if feeds or not wants_roulette(state, slot)
        for n, occ in enumerate(loc.spaces)
        if occ is None
    ]


def placement_spaces(state: EstorilState, seat: int) -> list[SpaceRef]:
    """Option #1 (a free outer space) or #2 (a free inner space adjacent to a tile you
    control); in the very rare case neither exists, any free Deployment space."""
    free = free_spaces(state, seat)
    geo = state.geometry()
    mine = {
        (slot, n)
        for slot, loc in enumerate(state.grid)
        for n, occ in enumerate(loc.spaces)
        if occ is not None and occ.controller == seat
    }
    allowed = [  # geo.is_outer(ref) or a geo.neighbours(ref) in mine, read straight
        ref for ref in free if ref in geo.outer or not mine.isdisjoint(geo.adjacent_spaces[ref])
    ]
    return allowed or free


def is_option(state: EstorilState, seat: int, ref: SpaceRef) -> bool:
    """Whether ``ref`` is a free outer space, or a free inner space next to a tile ``seat``
    controls (option #1 or #2): then it is one of :func:`placement_spaces`, checked
    without listing them all."""
    slot, n = ref
    if state.grid[slot].spaces[n] is not None:
        return False
    if wants_roulette(state, slot) and not can_feed_roulette(state, seat):
        return False
    geo = state.geometry()
    if ref in geo.outer:
        return True
    for near_slot, near_n in geo.adjacent_spaces[ref]:
        occ = state.grid[near_slot].spaces[near_n]
        if occ is not None and occ.controller == seat:
            return True
    return False


def can_place(state: EstorilState, seat: int) -> bool:
    """A player with no Tile markers or no Character tiles left passes for the Round.

    (:func:`placement_spaces` is never empty while a free space is usable.)
    """
    return state.markers[seat] > 0 and bool(state.hands[seat]) and bool(free_spaces(state, seat))


def placement_actions(state: EstorilState, seat: int) -> list[Action]:
    """Every tile in hand on every space allowed (:func:`placement_places` names each)."""
    places = placement_places(state, seat)
    return [
        {"type": "place", "tile": label, "location": location, "space": numeral}
        for label in hand_labels(state, seat)
        for location, numeral in places
    ]


def placement_places(state: EstorilState, seat: int) -> list[tuple[str, str]]:
    """The spaces :func:`placement_spaces` allows, by Location and numeral."""
    grid = state.grid
    return [
        (board(grid[slot].board).name, NUMERALS[n]) for slot, n in placement_spaces(state, seat)
    ]


def hand_labels(state: EstorilState, seat: int) -> list[str]:
    """The tiles in ``seat``'s hand by name, sorted."""
    return sorted([character(tile).label for tile in state.hands[seat]])


def tile_named(tiles: list[int], action: Action, whose: str = "in your hand") -> int:
    """The tile ``action["tile"]`` names among ``tiles`` (labels as :class:`Character` has)."""
    label = action.get("tile")
    if not isinstance(label, str):
        raise IllegalAction("bad_value", '"tile" must be a tile\'s name, e.g. "Hans R. (red)".')
    for tile in tiles:
        if character(tile).label == label:
            return tile
    code = "not_in_hand" if whose == "in your hand" else "not_in_discards"
    raise IllegalAction(code, f'"{label}" is not a tile {whose}.')


def verify_place(state: EstorilState, seat: int, action: Action) -> tuple[int, SpaceRef]:
    """The tile and space a placement names, or why it is refused.

    Legal exactly when :func:`placement_actions` lists it: both ask :func:`placement_spaces`
    (the commonest case, option #1 or #2, through :func:`is_option` alone).
    """
    tile = tile_named(state.hands[seat], action)
    ref = Space.from_json(action).ref(state)
    if is_option(state, seat, ref) or ref in placement_spaces(state, seat):
        return tile, ref
    if state.occupant(ref) is not None:
        raise IllegalAction("space_taken", f"{Space.at(state, ref)} is not free.")
    if wants_roulette(state, ref[0]) and not can_feed_roulette(state, seat):
        raise IllegalAction(
            "roulette_needs_tile",
            "The Casino Roulette needs one more tile from your hand or discards: you have none.",
        )
    raise IllegalAction(
        "space_not_allowed",
        "Place on a free outer space, or an inner space next to a tile you control.",
    )


def place(state: EstorilState, seat: int, tile: int, ref: SpaceRef) -> list[Event]:
    """Place the tile (face down on Top Secret) with one of your Tile markers on top."""
    slot, n = ref
    face_up = not is_top_secret(state, slot, n)
    visited = state.grid[slot].visited
    state.hands[seat].remove(tile)
    if face_up:
        memory.hand_shows(state, seat, tile)
    else:
        memory.hand_blurs(state, seat)
    state.markers[seat] -= 1
    placed = Occupant(tile=tile, owner=seat, controller=seat, face_up=face_up, known_by=(seat,))
    spaces = state.grid[slot].spaces
    state.change_location(slot, spaces=(*spaces[:n], placed, *spaces[n + 1 :]), visited=True)
    shown = character(tile).label
    events = [
        Event.public(
            "placed", player=COLOURS[seat], **where(state, ref), tile=shown if face_up else None
        )
    ]
    if not face_up:
        events.append(Event.private(seat, "placed_face_down", **where(state, ref), tile=shown))
    state.pending[:0] = _follow_ups(state, seat, ref, visited)
    return events


def _follow_ups(state: EstorilState, seat: int, ref: SpaceRef, visited: bool) -> list[Pending]:
    """What the space grants (``visited``: someone had placed at this Location before)."""
    slot, n = ref
    special = state.special(slot)
    out = []
    if wants_roulette(state, slot):
        out.append(Pending(kind="roulette", seat=seat, slot=slot, space=n))
    if special == "alcantara" and not visited:
        out.append(Pending(kind="rotate", seat=seat, slot=slot, space=n))
    if special == "airport":
        out.append(Pending(kind="airport", seat=seat, slot=slot, space=n))
    if board(state.grid[slot].board).spaces[n].look:
        look = Pending(kind="look", seat=seat, slot=slot, space=n)
        if next(_look_targets(state, seat, look), None) is not None:
            out.append(look)  # nothing face down in reach that you don't know: no decision
    return out


# -- Casino Roulette ---------------------------------------------------------------------


def roulette_actions(state: EstorilState, seat: int) -> list[Action]:
    """One more tile from your hand, or from your own (public) discard pile."""
    return [
        {"type": "roulette", "tile": label, "from": source}
        for source, tiles in (("hand", state.hands[seat]), ("discards", state.discards[seat]))
        for label in sorted(character(t).label for t in tiles)
    ]


def verify_roulette(state: EstorilState, seat: int, action: Action) -> tuple[int, bool]:
    """The tile (and whether from the discards) a Roulette action names, or why not."""
    source = action.get("from")
    if source == "hand":
        return tile_named(state.hands[seat], action), False
    if source == "discards":
        return tile_named(state.discards[seat], action, "in your discard pile"), True
    raise IllegalAction("unknown_name", '"from" must be "hand" or "discards".')


def feed_roulette(state: EstorilState, seat: int, tile: int, from_discards: bool) -> list[Event]:
    """Casino Roulette: place a Character tile face down under the Roulette tile."""
    pending = state.pending.pop(0)
    (state.discards if from_discards else state.hands)[seat].remove(tile)
    if not from_discards:
        memory.hand_blurs(state, seat)
    under = RouletteTile(tile=tile, placer=seat, from_discards=from_discards)
    state.change_location(pending.slot, roulette=(*state.grid[pending.slot].roulette, under))
    label = character(tile).label
    if from_discards:  # the discard pile is public: everyone sees which tile left it
        return [Event.public("roulette_fed", player=COLOURS[seat], source="discards", tile=label)]
    return [
        Event.public("roulette_fed", player=COLOURS[seat], source="hand"),
        Event.private(seat, "roulette_tile", tile=label),
    ]


# -- Alcântara and the Airport ------------------------------------------------------------


def verify_rotate(action: Action) -> int:
    degrees = whole_number(action, "degrees", -90, 180)
    if degrees not in alcantara_rotations():
        raise IllegalAction("out_of_range", "Rotate Alcântara by 0, 90, -90 or 180 degrees.")
    return degrees


def rotate_alcantara(state: EstorilState, seat: int, degrees: int) -> list[Event]:
    """#0 Alcântara: rotate the board; spaces, tiles and numerals turn with it."""
    pending = state.pending.pop(0)
    rotation = state.grid[pending.slot].rotation
    state.change_location(pending.slot, rotation=(rotation + degrees // 90) % 4)
    return [
        Event.public(
            "rotated",
            player=COLOURS[seat],
            location=location_name(state, pending.slot),
            degrees=degrees,
        )
    ]


def airport_actions(state: EstorilState) -> list[Action]:
    pending = state.pending[0]
    return [
        {"type": "set_die", "value": v}
        for v in airport_die_range(state, pending.slot, pending.space)
    ]


def verify_set_die(state: EstorilState, action: Action) -> int:
    pending = state.pending[0]
    die_range = airport_die_range(state, pending.slot, pending.space)
    return whole_number(action, "value", die_range.start, die_range.stop - 1)


def set_airport_die(state: EstorilState, seat: int, value: int) -> list[Event]:
    """Portela Airport: increase or decrease the die by up to the space's numeral."""
    pending = state.pending.pop(0)
    state.change_location(pending.slot, die=value)
    return [Event.public("airport_die", player=COLOURS[seat], value=value)]


# -- Look symbols ---------------------------------------------------------------------------


def look_reach(state: EstorilState, slot: int, space: int) -> tuple[int, ...]:
    """Look symbols: this Location / this or an adjacent Location / ANY Location."""
    look = board(state.grid[slot].board).spaces[space].look
    if look == "here":
        return (slot,)
    if look == "adjacent":
        return state.geometry().reach(slot)
    return tuple(range(len(state.grid)))


def look_refusal(
    state: EstorilState,
    seat: int,
    pending: Pending,
    slot: int,
    thing: Occupant | Reward | None,
    reach: tuple[int, ...] | None = None,
) -> str | None:
    """Why ``seat`` may not look at ``thing`` (a tile on ``slot``) now; None: it may.

    Any face-down tile in reach (Reward tiles included) that you do not know yet.
    (``reach``: :func:`look_reach` of the pending look, when the caller has it.)
    """
    if thing is None:
        return "There is no tile there."
    if thing.face_up:
        return "That tile is face up already."
    if seat in thing.known_by:
        return "You already know that tile."
    if reach is None:
        reach = look_reach(state, pending.slot, pending.space)
    if slot not in reach:
        symbol = board(state.grid[pending.slot].board).spaces[pending.space].look
        wording = {"here": "only this Location", "adjacent": "this and adjacent Locations"}
        return f"This look symbol reaches {wording.get(str(symbol), 'any Location')}."
    return None


def look_actions(state: EstorilState, seat: int, pending: Pending) -> list[Action]:
    return list(_look_targets(state, seat, pending))


def _look_targets(state: EstorilState, seat: int, pending: Pending) -> Iterator[Action]:
    """The looks open to ``seat``, one at a time (placing asks only whether there is one)."""
    reach = look_reach(state, pending.slot, pending.space)
    for slot in sorted(reach):
        loc = state.grid[slot]
        for n, occ in enumerate(loc.spaces):
            if occ is not None and look_refusal(state, seat, pending, slot, occ, reach) is None:
                yield {"type": "look"} | where(state, (slot, n))
        for i, reward in enumerate(loc.rewards):
            if look_refusal(state, seat, pending, slot, reward, reach) is None:
                yield {"type": "look", "location": location_name(state, slot), "reward": i + 1}


LookTarget = tuple[int, int, bool]
"""A tile looked at: (grid slot, space or Reward index, whether it is a Reward tile)."""


def verify_look(state: EstorilState, seat: int, action: Action) -> LookTarget:
    """The face-down tile a look names (a space, or a Reward tile by number), or why not."""
    if "reward" in action:
        require_keys(action, ("location", "reward"))
        slot = slot_named(state, action)
        rewards = state.grid[slot].rewards
        if not rewards:
            raise IllegalAction("illegal_choice", "There is no Reward tile at that Location.")
        index = whole_number(action, "reward", 1, len(rewards)) - 1
        thing: Occupant | Reward | None = rewards[index]
    else:
        require_keys(action, ("location", "space"))
        slot, index = Space.from_json(action).ref(state)
        thing = state.grid[slot].spaces[index]
    reason = look_refusal(state, seat, state.pending[0], slot, thing)
    if reason is not None:
        raise IllegalAction("illegal_choice", reason)
    return slot, index, isinstance(thing, Reward)


def look(state: EstorilState, seat: int, target: LookTarget, action: Action) -> list[Event]:
    """Only you learn the tile; everyone sees that you looked and where."""
    state.pending.pop(0)
    place_name = {k: action[k] for k in ("location", "space", "reward") if k in action}
    slot, index, is_reward = target
    seen: Occupant | Reward
    if is_reward:
        reward = state.grid[slot].rewards[index]
        seen = state.change_reward(slot, index, known_by=(*reward.known_by, seat))
    else:
        occ = state.occupant((slot, index))
        assert occ is not None
        seen = state.change_occupant((slot, index), known_by=(*occ.known_by, seat))
    return [
        Event.public("looked", player=COLOURS[seat], **place_name),
        Event.private(seat, "saw", **place_name, tile=character(seen.tile).describe()),
    ]
