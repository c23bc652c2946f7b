"""Every pending decision: who takes it, its complete list of legal actions, and its effect.

Actions are JSON objects named as a player would say them, e.g.
``{"type": "place", "tile": "C. Lucky Luciano", "location": "Casino", "space": "II"}``.
:func:`verify` checks an action with the same rule functions :func:`legal_actions` lists
from, and says which rule refuses it: codes name what is wrong with the action's form
(``unknown_key``, ``bad_value``, ``out_of_range``, ``unknown_name``, ``not_in_hand``,
``wrong_decision``...: :mod:`spyhouse.engine.refusals`), and ``illegal_choice`` a target the rules forbid, with the rule in
the message. A refused action never touches the state.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from spyhouse.engine import Event, IllegalAction
from spyhouse.engine.matching import require_keys
from spyhouse.games.estoril import placement, resolution, rounds
from spyhouse.games.estoril.abilities import conspiracy_choice
from spyhouse.games.estoril.components import COLOURS, character
from spyhouse.games.estoril.grid import SpaceRef
from spyhouse.games.estoril.locations import alcantara_rotations, location_name
from spyhouse.games.estoril.placement import tile_named
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

Effect = Callable[[], list[Event]]


def choices(state: EstorilState) -> tuple[str, ...]:
    """The action types the decision now pending accepts."""
    if state.pending:
        return CHOICES[state.pending[0].kind]
    return ("place",) if state.phase == PLACE else ("discard",)


def verify(state: EstorilState, seat: int, action: Action) -> Effect:
    """Check ``action`` completely and return its effect, not yet carried out.

    Raises :class:`IllegalAction` with the rule that forbids it. Each check asks the same
    rule function (``placement_spaces``, ``*_refusal``, ``airport_die_range``...) that
    :func:`legal_actions` lists from, so a refusal and the legal list cannot disagree.
    Fields are read exactly (``true`` is not ``1``) and unknown fields are refused.
    """
    if seat not in to_act(state):
        raise IllegalAction("not_your_turn", "It is not your turn to act.")
    kind = action.get("type")
    if kind not in choices(state):
        wanted = " or ".join(sorted(choices(state)))
        raise IllegalAction("wrong_decision", f"Now you must choose: {wanted}.")
    if kind == "place":
        tile, ref = placement.verify_place(state, seat, action)
        return partial(_place, state, seat, tile, ref)
    if kind == "discard":
        require_keys(action, ("tile",))
        return partial(rounds.discard, state, seat, tile_named(state.hands[seat], action))
    if kind == "place_enigma":
        require_keys(action, ("location",))
        return partial(_place_enigma, state, slot_named(state, action))
    if kind == "roulette":
        tile, from_discards = placement.verify_roulette(state, seat, action)
        return partial(placement.feed_roulette, state, seat, tile, from_discards)
    if kind == "rotate":
        return partial(placement.rotate_alcantara, state, seat, placement.verify_rotate(action))
    if kind == "set_die":
        value = placement.verify_set_die(state, action)
        return partial(placement.set_airport_die, state, seat, value)
    if kind == "look":
        target = placement.verify_look(state, seat, action)
        return partial(placement.look, state, seat, target, action)
    if kind == "use":
        return partial(resolution.use_ability, state, resolution.verify_use(state, action))
    if kind == "remove":
        return partial(_remove, state, resolution.verify_remove(state, action))
    require_keys(action, ())
    if kind == "pass":
        return partial(_pass, state, seat)
    return partial(_conspiracy, state, kind == "swap_reward")


def is_legal(state: EstorilState, seat: int, action: Action) -> bool:
    try:
        verify(state, seat, action)
    except IllegalAction:
        return False
    return True


def apply(state: EstorilState, seat: int, action: Action) -> list[Event]:
    """Check ``action``, carry it out, then run the game on until someone must decide."""
    events = verify(state, seat, action)()
    rounds.advance(state, events)
    return events


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
