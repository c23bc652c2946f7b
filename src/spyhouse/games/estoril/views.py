"""What each seat sees, built by allow-list: only what a person in that seat may know.

Face-down tiles appear as ``{"face_down": true}`` with no identity, unless the viewer
knows them (its own tile, or one it looked at). Other hands show only their size;
pending discards only their count. The draw pile shows its size.

Once the game is over every hand is shown ("all Players add up VP from ... the 6
Character tiles ... in your hand"), and so is every face-down tile left on the table
(RULINGS.md, "End reveal"); the tiles under the Casino Roulette stay hidden.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from spyhouse.games.estoril import decisions
from spyhouse.games.estoril.components import (
    COLOURS,
    NUMERALS,
    board,
    character,
    mission,
)
from spyhouse.games.estoril.grid import Geometry, cell_offset
from spyhouse.games.estoril.locations import (
    airport_die_range,
    location_name,
    resolution_number,
)
from spyhouse.games.estoril.rounds import HAND_LIMIT, ROUNDS
from spyhouse.games.estoril.state import EstorilState, Location, Occupant, Pending, Phase

JSON = dict[str, Any]


def tile(index: int) -> JSON:
    """A face-up (or known) tile, as printed."""
    printed = _printed_tile(index)
    return {**printed, "abilities": list(printed["abilities"])}


@cache
def _printed_tile(index: int) -> JSON:
    return character(index).describe()


def view(state: EstorilState, seat: int | None) -> JSON:
    to_act = decisions.to_act(state)
    out: JSON = {
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


def player_view(state: EstorilState, seat: int) -> JSON:
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


def enigma_view(state: EstorilState) -> JSON:
    return {
        "location": None if state.enigma_slot is None else location_name(state, state.enigma_slot),
        "holder": None if state.enigma_holder is None else COLOURS[state.enigma_holder],
    }


def resolving_view(state: EstorilState) -> JSON | None:
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


def grid_view(state: EstorilState, seat: int | None) -> JSON:
    names = [location_name(state, slot) for slot in range(len(state.grid))]
    locations = []
    if state.grid:
        geo = state.geometry()
        for slot, loc in enumerate(state.grid):
            locations.append(location_view(state, geo, slot, loc, seat, names))
    return {
        "rows": 2,
        "cols": state.cols,
        "cell_rows": 4,
        "cell_cols": 2 * state.cols,
        "locations": locations,
    }


def location_view(
    state: EstorilState,
    geo: Geometry,
    slot: int,
    loc: Location,
    seat: int | None,
    names: list[str],
) -> JSON:
    printed = board(loc.board)
    over = state.phase == Phase.OVER
    out: JSON = {
        **_printed_location(loc.board),
        "row": slot // state.cols,
        "col": slot % state.cols,
        "rotation": loc.rotation * 90,
        "reward": {
            "cell": _reward_cell(printed.reward_cell, loc.rotation, slot, state.cols),
            "top_secret": printed.reward_top_secret,
            "tiles": [
                _hidden_or_shown(r.face_up or over, r.known_by, r.tile, seat) for r in loc.rewards
            ],
        },
        "resolution_number": resolution_number(state, slot),
        "adjacent": [names[s] for s in geo.adjacent(slot)],
        "resolved": loc.resolved,
        "enigma": state.enigma_slot == slot,
        "spaces": [
            {
                "space": NUMERALS[n],
                "cell": list(geo.cells[(slot, n)]),
                "outer": geo.is_outer((slot, n)),
                "top_secret": space.top_secret,
                "look": space.look,
                "occupant": occupant_view(loc.spaces[n], seat, over),
            }
            for n, space in enumerate(printed.spaces)
        ],
    }
    if loc.die is not None:
        out["die"] = loc.die
    if loc.roulette or (state.options.roulette and printed.special == "casino"):
        out["roulette"] = {"tiles_under": len(loc.roulette)}
    return out


@cache
def _printed_location(board_index: int) -> JSON:
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
) -> JSON:
    if face_up:
        return {"face_down": False, "tile": tile(index)}
    shown: JSON = {"face_down": True, "known_by": [COLOURS[s] for s in sorted(known_by)]}
    if seat is not None and seat in known_by:
        shown["tile"] = tile(index)
    return shown


def occupant_view(occ: Occupant | None, seat: int | None, over: bool = False) -> JSON | None:
    if occ is None:
        return None
    out = _hidden_or_shown(occ.face_up or over, occ.known_by, occ.tile, seat)
    out |= {
        "marker": COLOURS[occ.controller],
        "owner": COLOURS[occ.owner],
        "shield": occ.shield,
        "seduced": occ.seduced,
        "double_agent": occ.double_agent,
        "nationalism_used": occ.nationalism,
        "dice": occ.dice,
    }
    return out


def prompt(state: EstorilState, seat: int) -> JSON:
    """The decision ``seat`` must take, with what is needed to present it."""
    actions = decisions.legal_actions(state, seat)
    if state.pending:
        return pending_prompt(state, state.pending[0], actions)
    if state.phase == Phase.PLACE:
        return {
            "kind": "place",
            "text": "Place one Character tile from your hand with one of your Tile markers.",
            "tiles": sorted({a["tile"] for a in actions}),
            "spaces": _unique_places(actions),
        }
    return {
        "kind": "discard",
        "text": f"Discard face down until you have {HAND_LIMIT} tiles in hand.",
        "count": len(state.hands[seat]) - HAND_LIMIT,
        "tiles": [a["tile"] for a in actions],
    }


def _unique_places(actions: list[JSON]) -> list[JSON]:
    seen: list[JSON] = []
    for a in actions:
        place = {"location": a["location"], "space": a["space"]}
        if place not in seen:
            seen.append(place)
    return seen


def pending_prompt(state: EstorilState, p: Pending, actions: list[JSON]) -> JSON:
    where = {"location": location_name(state, p.slot)} if p.slot >= 0 else {}
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
            **where,
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
                {k: v for k, v in a.items() if k != "type"} for a in actions if a["type"] == "look"
            ],
        }
    if p.kind == "ability":
        occ = state.grid[p.slot].spaces[p.space]
        assert occ is not None
        return {
            "kind": "ability",
            "text": "You may use the abilities of your character, or pass.",
            **where,
            "space": NUMERALS[p.space],
            "tile": character(occ.tile).label,
            "abilities": list(p.abilities),
            "uses": [a for a in actions if a["type"] == "use"],
        }
    if p.kind == "conspiracy":
        reward = state.grid[p.slot].rewards[p.reward]
        return {
            "kind": "conspiracy",
            "text": "Keep the Reward tile, or swap it with the top of the draw pile.",
            **where,
            "reward": tile(reward.tile),
            "pile_top": tile(state.pile[0]),
        }
    return {
        "kind": "hells_mouth",
        "text": "You are the weakest here: remove one of your characters from the game.",
        **where,
        "spaces": [a["space"] for a in actions],
    }
