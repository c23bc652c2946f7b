"""Determinization: redraw everything a seat cannot know, consistently with what it knows.

Hidden from ``seat``: the other hands, the others' pending discards, the draw pile
(except the top tile while ``seat`` is deciding a Conspiracy), face-down tiles it has not
seen, and Roulette tiles it did not put there from its hand. Starting Characters carry
their colour, so a hidden one is only ever redrawn into a place of its own network.
Not modelled: what public history reveals about hand contents and the pile's bottom.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from spyhouse.engine import Rng
from spyhouse.games.estoril.components import COLOURS, characters
from spyhouse.games.estoril.state import EstorilState, Location, Occupant, Reward, fast_copy

Place = tuple[Any, Any]
"""Where a hidden tile sits: (a list, an index) or (an object with ``.tile``, None)."""


def determinize(state: EstorilState, seat: int, rng: Rng) -> EstorilState:
    new = _copy_secrets(state, seat)
    networks, neutral_places = hidden_places(new, seat)
    network_of = _networks()
    neutral: list[int] = []
    starting: dict[int, list[int]] = {}
    for places in [*networks.values(), neutral_places]:
        for place in places:
            tile = _get(place)
            owner = network_of[tile]
            if owner is None:
                neutral.append(tile)
            else:
                starting.setdefault(owner, []).append(tile)
    # Sorted before shuffling: the redraw must depend on what the seat knows, never on
    # where the hidden tiles really are (a bot's choice would follow them otherwise).
    neutral.sort()
    rng.shuffle(neutral)
    for tiles in starting.values():
        tiles.sort()
        rng.shuffle(tiles)
    for owner, places in networks.items():
        mine = starting.get(owner, [])
        chosen = set(rng.sample(range(len(places)), len(mine)))
        it = iter(mine)
        for i, place in enumerate(places):
            _set(place, next(it) if i in chosen else neutral.pop())
    for place in neutral_places:
        _set(place, neutral.pop())
    new.rng = rng.next64()
    return new


def _copy_secrets(state: EstorilState, seat: int) -> EstorilState:
    """A copy that owns everything determinization rewrites; public parts are shared.

    Sharing is safe: ``Game.apply`` clones a state before changing it.
    """

    def unseen(thing: Occupant | Reward | None) -> bool:
        return thing is not None and not thing.face_up and seat not in thing.known_by

    def copy_secrets(loc: Location) -> Location:
        if not (any(map(unseen, loc.spaces)) or any(map(unseen, loc.rewards)) or loc.roulette):
            return loc
        return fast_copy(
            loc,
            spaces=[fast_copy(o) if o is not None and unseen(o) else o for o in loc.spaces],
            rewards=[fast_copy(r) if unseen(r) else r for r in loc.rewards],
            roulette=[fast_copy(r) for r in loc.roulette],
        )

    return fast_copy(
        state,
        hands=[list(h) for h in state.hands],
        pending_discards=[list(d) for d in state.pending_discards],
        pile=list(state.pile),
        grid=[copy_secrets(loc) for loc in state.grid],
    )


def hidden_places(state: EstorilState, seat: int) -> tuple[dict[int, list[Place]], list[Place]]:
    """Every place holding a tile ``seat`` cannot identify: per network, and neutral."""
    networks: dict[int, list[Place]] = {}
    for other in range(state.num_seats):
        if other != seat:
            places = networks.setdefault(other, [])
            places += [(state.hands[other], i) for i in range(len(state.hands[other]))]
            pending = state.pending_discards[other]
            places += [(pending, i) for i in range(len(pending))]
    keep_top = bool(state.pending) and state.pending[0].kind == "conspiracy"
    keep_top = keep_top and state.pending[0].seat == seat
    neutral: list[Place] = [(state.pile, i) for i in range(1 if keep_top else 0, len(state.pile))]
    for loc in state.grid:
        for occ in loc.spaces:
            if occ is not None and not occ.face_up and seat not in occ.known_by:
                networks.setdefault(occ.owner, []).append((occ, None))
        for reward in loc.rewards:
            if not reward.face_up and seat not in reward.known_by:
                neutral.append((reward, None))
        for under in loc.roulette:
            if not under.from_discards and under.placer != seat:
                networks.setdefault(under.placer, []).append((under, None))
    return networks, neutral


def _get(place: Place) -> int:
    holder, index = place
    return int(holder.tile if index is None else holder[index])


def _set(place: Place, tile: int) -> None:
    holder, index = place
    if index is None:
        holder.tile = tile
    else:
        holder[index] = tile


@cache
def _networks() -> tuple[int | None, ...]:
    """The network (seat) of each starting tile; None for the draw-pile characters."""
    return tuple(None if c.colour is None else COLOURS.index(c.colour) for c in characters())
