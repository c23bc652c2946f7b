"""Determinization: redraw everything a seat cannot know, consistently with what it knows.

Hidden from ``seat``: the other hands, the others' pending discards, the draw pile
(except the top tile while ``seat`` is deciding a Conspiracy), face-down tiles it has not
seen, and Roulette tiles it did not put there from its hand. Starting Characters carry
their colour, so a hidden one is only ever redrawn into a place of its own network.
Not modelled: what public history reveals about hand contents and the pile's bottom.
"""

from __future__ import annotations

from collections.abc import Callable

from spyhouse.engine import Rng
from spyhouse.games.estoril.components import COLOURS, character
from spyhouse.games.estoril.state import EstorilState

Slot = tuple[int | None, Callable[[int], None], int]
"""(network whose place this is, or None for the pile/rewards; setter; current tile)."""


def determinize(state: EstorilState, seat: int, rng: Rng) -> EstorilState:
    new = state.clone()
    slots = hidden_slots(new, seat)
    by_network: dict[int, list[int]] = {}
    neutral: list[int] = []
    for _, _, t in slots:
        colour_owner = _network(t, new)
        if colour_owner is None:
            neutral.append(t)
        else:
            by_network.setdefault(colour_owner, []).append(t)
    rng.shuffle(neutral)
    for owner in sorted({o for o, _, _ in slots if o is not None}):
        mine = [i for i, (o, _, _) in enumerate(slots) if o == owner]
        starting = by_network.get(owner, [])
        chosen = set(rng.sample(mine, len(starting)))
        it = iter(starting)
        for i in mine:
            slots[i][1](next(it) if i in chosen else neutral.pop())
    for owner_, setter, _ in slots:
        if owner_ is None:
            setter(neutral.pop())
    assert not neutral
    new.rng = rng.next64()
    return new


def _network(tile: int, state: EstorilState) -> int | None:
    colour = character(tile).colour
    return None if colour is None else COLOURS.index(colour)


def hidden_slots(state: EstorilState, seat: int) -> list[Slot]:
    """Every place holding a tile ``seat`` cannot identify, with a setter to refill it."""
    slots: list[Slot] = []

    def in_list(owner: int | None, items: list[int], i: int) -> None:
        def put(t: int) -> None:
            items[i] = t

        slots.append((owner, put, items[i]))

    for other in range(state.num_seats):
        if other == seat:
            continue
        for i in range(len(state.hands[other])):
            in_list(other, state.hands[other], i)
        for i in range(len(state.pending_discards[other])):
            in_list(other, state.pending_discards[other], i)
    keep_top = (
        bool(state.pending)
        and state.pending[0].kind == "conspiracy"
        and state.pending[0].seat == seat
    )
    for i in range(1 if keep_top else 0, len(state.pile)):
        in_list(None, state.pile, i)
    for loc in state.grid:
        for occ in loc.spaces:
            if occ is not None and not occ.face_up and seat not in occ.known_by:
                slots.append((occ.owner, _setter(occ), occ.tile))
        for reward in loc.rewards:
            if not reward.face_up and seat not in reward.known_by:
                slots.append((None, _setter(reward), reward.tile))
        for under in loc.roulette:
            if not under.from_discards and under.placer != seat:
                slots.append((under.placer, _setter(under), under.tile))
    return slots


def _setter(obj: object) -> Callable[[int], None]:
    def put(t: int) -> None:
        obj.tile = t  # type: ignore[attr-defined]

    return put
