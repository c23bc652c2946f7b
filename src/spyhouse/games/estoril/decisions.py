"""Every pending decision: who takes it, its complete list of legal actions, and its effect.

Actions are JSON objects named as a player would say them, e.g.
``{"type": "place", "tile": "C. Lucky Luciano", "location": "Casino", "space": "II"}``.
:data:`TABLE` declares every kind of decision; the engine checks an action with the same
rule functions :func:`legal_actions` lists from, and says which rule refuses it: codes
name what is wrong with the action's form (``unknown_key``, ``bad_value``,
``out_of_range``, ``unknown_name``, ``not_in_hand``, ``wrong_decision``...:
:mod:`spyhouse.engine.refusals`), and ``illegal_choice`` a target the rules forbid, with
the rule in the message. A refused action never touches the state.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Decision, DecisionTable, Event, nothing
from spyhouse.games.estoril import placement, resolution, rounds
from spyhouse.games.estoril.abilities import conspiracy_choice
from spyhouse.games.estoril.components import COLOURS, character
from spyhouse.games.estoril.grid import SpaceRef
from spyhouse.games.estoril.locations import alcantara_rotations, location_name
from spyhouse.games.estoril.placement import LookTarget, tile_named
from spyhouse.games.estoril.rounds import DISCARD, OVER, PLACE
from spyhouse.games.estoril.spaces import slot_named
from spyhouse.games.estoril.state import EstorilState, Pending

Action = dict[str, Any]


ALONE = tuple(frozenset([seat]) for seat in range(len(COLOURS)))
"""``{seat}`` for each seat, built once: whose turn it is is asked several times a step."""
NOBODY: frozenset[int] = frozenset()


def to_act(state: EstorilState) -> frozenset[int]:
    """The seat of the first pending decision, the player placing, or everyone discarding."""
    if state.phase == OVER:
        return NOBODY
    if state.pending:
        return ALONE[state.pending[0].seat]
    if state.phase == PLACE:
        return ALONE[state.turn]
    if state.phase == DISCARD:
        return frozenset(s for s in range(state.num_seats) if rounds.must_discard(state, s))
    return NOBODY


def legal_actions(state: EstorilState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.pending:
        return pending_actions(state, state.pending[0])
    if state.phase == PLACE:
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


CHOICES: dict[str, tuple[str, ...]] = {
    "place_enigma": ("place_enigma",),
    "roulette": ("roulette",),
    "rotate": ("rotate",),
    "airport": ("set_die",),
    "look": ("look", "pass"),
    "ability": ("use", "pass"),
    "conspiracy": ("keep_reward", "swap_reward"),
    "hells_mouth": ("remove",),
}
"""The action types that answer each pending decision."""


def choices(state: EstorilState) -> tuple[str, ...]:
    """The action types the decision now pending accepts."""
    if state.pending:
        return CHOICES[state.pending[0].kind]
    return _PLACE if state.phase == PLACE else _DISCARD


_PLACE, _DISCARD = ("place",), ("discard",)


def _place(state: EstorilState, seat: int, tile: int, ref: SpaceRef) -> list[Event]:
    state.placed = True
    return placement.place(state, seat, tile, ref)


def _place_enigma(state: EstorilState, slot: int) -> list[Event]:
    state.pending.pop(0)
    return rounds.place_enigma(state, slot)


def _remove(state: EstorilState, space: int) -> list[Event]:
    p = state.pending.pop(0)
    return resolution.hells_mouth_remove(state, p.slot, space)


def _conspiracy(state: EstorilState, swap: bool) -> list[Event]:
    events = conspiracy_choice(state, swap)
    resolution.after_conspiracy(state)
    return events


def _pass(state: EstorilState, seat: int) -> list[Event]:
    """Decline a look, or the rest of a tile's abilities."""
    p = state.pending[0]
    if p.kind == "ability":
        resolution.finish_tile(state, p)
    else:
        state.pending.pop(0)
    return [Event.public("passed", player=COLOURS[seat], decision=p.kind)]


def _discard(state: EstorilState, seat: int, action: Action) -> int:
    return tile_named(state.hands[seat], action)


def _look(state: EstorilState, seat: int, action: Action) -> tuple[LookTarget, Action]:
    """The tile looked at, and the action (its event names the place as the action did)."""
    return placement.verify_look(state, seat, action), action


TABLE: DecisionTable[EstorilState] = DecisionTable(
    {
        "place": Decision(
            ("tile", "location", "space"),
            placement.verify_place,
            lambda state, seat, chosen: _place(state, seat, *chosen),
        ),
        "discard": Decision(("tile",), _discard, rounds.discard),
        "place_enigma": Decision(
            ("location",),
            lambda state, seat, action: slot_named(state, action),
            lambda state, seat, slot: _place_enigma(state, slot),
        ),
        "roulette": Decision(
            ("tile", "from"),
            placement.verify_roulette,
            lambda state, seat, chosen: placement.feed_roulette(state, seat, *chosen),
        ),
        "rotate": Decision(
            ("degrees",),
            lambda state, seat, action: placement.verify_rotate(action),
            placement.rotate_alcantara,
        ),
        "set_die": Decision(
            ("value",),
            lambda state, seat, action: placement.verify_set_die(state, action),
            placement.set_airport_die,
        ),
        "look": Decision(
            ("location", "space", "reward"),
            _look,
            lambda state, seat, looked: placement.look(state, seat, *looked),
        ),
        "use": Decision(
            ("ability", "location", "space", "to", "reward"),
            lambda state, seat, action: resolution.verify_use(state, action),
            lambda state, seat, use: resolution.use_ability(state, use),
        ),
        "remove": Decision(
            ("location", "space"),
            lambda state, seat, action: resolution.verify_remove(state, action),
            lambda state, seat, space: _remove(state, space),
        ),
        "pass": Decision((), nothing, lambda state, seat, _: _pass(state, seat)),
        "keep_reward": Decision((), nothing, lambda state, seat, _: _conspiracy(state, False)),
        "swap_reward": Decision((), nothing, lambda state, seat, _: _conspiracy(state, True)),
    },
    pending=choices,
    wrong_decision=lambda accepted, kind: f"Now you must choose: {' or '.join(sorted(accepted))}.",
    then=rounds.advance,
)
"""What the engine dispatches every action through (``Game.decision_table``): after
each decision the game runs on until someone must decide (``rounds.advance``).

Each check asks the same rule function (``placement_spaces``, ``*_refusal``,
``airport_die_range``...) that :func:`legal_actions` lists from, so a refusal and the
legal list cannot disagree; a decision whose fields depend on the choice (a look at a
space or at a Reward tile, an ability's target) lists all of them here and its reason
function refuses the ones the choice does not take."""
