"""Every pending decision: who takes it, its complete list of legal actions, and its effect.

Actions are JSON objects named as a player would say them, e.g.
``{"type": "place", "tile": "C. Lucky Luciano", "location": "Casino", "space": "II"}``.
An action is accepted only if it is one of :func:`legal_actions`, so a refused action
never touches the state.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Event, IllegalAction
from spyhouse.games.estoril import placement, resolution, rounds
from spyhouse.games.estoril.abilities import conspiracy_choice
from spyhouse.games.estoril.components import COLOURS, NUMERALS, character
from spyhouse.games.estoril.locations import alcantara_rotations, location_name
from spyhouse.games.estoril.state import EstorilState, Pending

Action = dict[str, Any]


def to_act(state: EstorilState) -> frozenset[int]:
    """The seat of the first pending decision, the player placing, or everyone discarding."""
    if state.phase == "over":
        return frozenset()
    if state.pending:
        return frozenset([state.pending[0].seat])
    if state.phase == "place":
        return frozenset([state.turn])
    if state.phase == "discard":
        return frozenset(s for s in range(state.num_seats) if rounds.must_discard(state, s))
    return frozenset()


def legal_actions(state: EstorilState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.pending:
        return pending_actions(state, state.pending[0])
    if state.phase == "place":
        return placement.placement_actions(state, seat)
    labels = sorted({character(t).label for t in state.hands[seat]})
    return [{"type": "discard", "tile": label} for label in labels]


def pending_actions(state: EstorilState, p: Pending) -> list[Action]:
    if p.kind == "place_enigma":
        return [
            {"type": "place_enigma", "location": location_name(state, slot)}
            for slot in range(len(state.grid))
        ]
    if p.kind == "roulette":
        return placement.roulette_actions(state, p.seat)
    if p.kind == "rotate":
        return [{"type": "rotate", "degrees": d} for d in alcantara_rotations()]
    if p.kind == "airport":
        return placement.airport_actions(state)
    if p.kind == "look":
        return [*placement.look_actions(state, p.seat, p), {"type": "pass"}]
    if p.kind == "ability":
        return resolution.ability_options(state, p)
    if p.kind == "conspiracy":
        return [{"type": "keep_reward"}, {"type": "swap_reward"}]
    return resolution.hells_mouth_choices(state, p)


def apply(state: EstorilState, seat: int, action: Action) -> list[Event]:
    """Check ``action`` against the legal list, carry it out, then run the game on."""
    legal = legal_actions(state, seat)
    if action not in legal:
        raise refusal(state, seat, action, legal)
    action = legal[legal.index(action)]  # our own copy: 90.0 == 90 and True == 1 in Python
    events = carry_out(state, seat, action)
    rounds.advance(state, events)
    return events


def carry_out(state: EstorilState, seat: int, action: Action) -> list[Event]:
    kind = action["type"]
    if kind == "place":
        ref = _space(state, action)
        tile = _hand_tile(state.hands[seat], action["tile"])
        state.placed = True
        return placement.place(state, seat, tile, ref)
    if kind == "discard":
        return rounds.discard(state, seat, _hand_tile(state.hands[seat], action["tile"]))
    if kind == "place_enigma":
        state.pending.pop(0)
        slot = _slot(state, action["location"])
        return rounds.place_enigma(state, slot)
    if kind == "roulette":
        from_discards = action["from"] == "discards"
        source = state.discards[seat] if from_discards else state.hands[seat]
        return placement.feed_roulette(
            state, seat, _hand_tile(source, action["tile"]), from_discards
        )
    if kind == "rotate":
        return placement.rotate_alcantara(state, seat, action["degrees"])
    if kind == "set_die":
        return placement.set_airport_die(state, seat, action["value"])
    if kind == "look":
        return placement.look(state, seat, action)
    if kind == "use":
        return resolution.use_ability(state, action)
    if kind in ("keep_reward", "swap_reward"):
        events = conspiracy_choice(state, kind == "swap_reward")
        resolution.after_conspiracy(state)
        return events
    if kind == "remove":
        p = state.pending.pop(0)
        return resolution.hells_mouth_remove(state, p.slot, _space(state, action)[1])
    # "pass": decline a look or the rest of a tile's abilities
    p = state.pending[0]
    if p.kind == "ability":
        resolution.finish_tile(state, p)
    else:
        state.pending.pop(0)
    return [Event.public("passed", player=COLOURS[seat], decision=p.kind)]


def refusal(state: EstorilState, seat: int, action: Action, legal: list[Action]) -> IllegalAction:
    """Explain a refused action using only what ``seat`` knows."""
    kinds = {a["type"] for a in legal}
    kind = action.get("type")
    if kind not in kinds:
        wanted = " or ".join(sorted(kinds))
        return IllegalAction("wrong_decision", f"Now you must choose: {wanted}.")
    if kind in ("place", "discard") and not any(a.get("tile") == action.get("tile") for a in legal):
        return IllegalAction(
            "tile_not_in_hand", f"{action.get('tile')!r} is not a tile you can use now."
        )
    if kind == "place":
        ref = _maybe_space(state, action)
        if ref is None:
            return IllegalAction("unknown_space", "There is no such Deployment space in the grid.")
        if state.occupant(ref) is not None:
            return IllegalAction("space_taken", "That Deployment space is not free.")
        return IllegalAction(
            "space_not_allowed",
            "Place on a free outer space, or an inner space next to a tile you control.",
        )
    return IllegalAction("illegal_choice", "That choice is not allowed now.")


def _slot(state: EstorilState, name: str) -> int:
    return next(s for s in range(len(state.grid)) if location_name(state, s) == name)


def _space(state: EstorilState, action: Action) -> tuple[int, int]:
    return _slot(state, action["location"]), NUMERALS.index(action["space"])


def _maybe_space(state: EstorilState, action: Action) -> tuple[int, int] | None:
    try:
        slot, n = _space(state, action)
    except (StopIteration, ValueError, KeyError, TypeError):
        return None
    return (slot, n) if n < len(state.grid[slot].spaces) else None


def _hand_tile(tiles: list[int], label: str) -> int:
    return next(t for t in tiles if character(t).label == label)
