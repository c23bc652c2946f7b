"""Determinization: redraw what a seat cannot know, consistently with all it could know.

A player with perfect memory of the public events (and of what they were shown) knows
what each other player holds: every tile enters a hand in the open (``memory.py``), and
at the start of each Round every hand is known. What they cannot know is only *where*
each player's tiles went face down: which of them is still in the hand, which one lies
face down on which Deployment space, under the Roulette, or among this Round's discards.
So each other player's unknown tiles are shuffled among that player's own hidden places,
never with another player's or the pile's. The draw pile and the face-down Reward tiles
share the tiles nobody has seen; a pile tile a seat knows (a Reward nobody won, a tile a
Conspiracy sent under) stays where it is. The RNG is redrawn.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Rng, fast_copy
from spyhouse.games.estoril.state import EstorilState, Location, Phase

Place = tuple[Any, Any]
"""Where a hidden tile sits: (a list, an index). The list holds tile numbers (a hand,
the pile) or tiles on the board (a draft of a Location's spaces, Reward spaces or
Roulette), which are values: a redrawn one is replaced by a copy with the new tile."""


class Draft:
    """A Location's tiles in lists that determinization may rewrite (a Location is
    frozen); :meth:`location` is the Location with them."""

    def __init__(self, loc: Location) -> None:
        self.loc = loc
        self.spaces = list(loc.spaces)
        self.rewards = list(loc.rewards)
        self.roulette = list(loc.roulette)

    def location(self) -> Location:
        spaces, rewards, roulette = tuple(self.spaces), tuple(self.rewards), tuple(self.roulette)
        loc = self.loc
        if (spaces, rewards, roulette) == (loc.spaces, loc.rewards, loc.roulette):
            return loc
        return fast_copy(loc, spaces=spaces, rewards=rewards, roulette=roulette)


def determinize(state: EstorilState, seat: int, rng: Rng) -> EstorilState:
    if state.phase == Phase.OVER:
        # Game over: the view shows everything the end reveals (RULINGS.md, "End
        # reveal"), so there is nothing left to redraw that could matter.
        ended = state.copy()
        ended.rng = rng.next64()
        return ended
    new = _copy_secrets(state)
    drafts = [Draft(loc) for loc in new.grid]
    players, unseen = hidden_places(new, drafts, seat)
    for places in [*players.values(), unseen]:
        # Sorted before shuffling: the redraw must depend on what the seat knows, never on
        # where the hidden tiles really are (a bot's choice would follow them otherwise).
        tiles = sorted(_get(place) for place in places)
        rng.shuffle(tiles)
        for place, tile in zip(places, tiles, strict=True):
            _set(place, tile)
    new.grid = [draft.location() for draft in drafts]
    new.rng = rng.next64()
    return new


def _copy_secrets(state: EstorilState) -> EstorilState:
    """A copy that owns everything determinization rewrites; the Locations (frozen
    values, replaced when redrawn) and the public parts are shared.

    Sharing the public parts is safe: ``Game.apply`` copies a state before changing it.
    """
    return fast_copy(
        state,
        hands=[list(h) for h in state.hands],
        pending_discards=[list(d) for d in state.pending_discards],
        pile=list(state.pile),
        grid=list(state.grid),
    )


def hidden_places(
    state: EstorilState, drafts: list[Draft], seat: int
) -> tuple[dict[int, list[Place]], list[Place]]:
    """The places ``seat`` cannot see into: per other player (that player's tiles only),
    and the unseen neutral places (the pile and face-down Reward tiles). The places on
    the board are in ``drafts`` (one per Location of ``state.grid``)."""
    players: dict[int, list[Place]] = {}
    known = state.known_in_hand
    for other in range(state.num_seats):
        if other == seat:
            continue
        hand = state.hands[other]
        in_hand = set(known[other]) if len(known) == state.num_seats else set()
        places = players.setdefault(other, [])
        places += [(hand, i) for i, tile in enumerate(hand) if tile not in in_hand]
        pending = state.pending_discards[other]
        places += [(pending, i) for i in range(len(pending))]
    pile = state.pile
    unseen: list[Place] = [
        (pile, i) for i, tile in enumerate(pile) if seat not in state.pile_known.get(tile, ())
    ]
    for draft in drafts:
        for n, occ in enumerate(draft.spaces):
            if occ is not None and not occ.face_up and seat not in occ.known_by:
                players.setdefault(occ.owner, []).append((draft.spaces, n))
        for i, reward in enumerate(draft.rewards):
            if not reward.face_up and seat not in reward.known_by:
                unseen.append((draft.rewards, i))
        for i, under in enumerate(draft.roulette):
            if not under.from_discards and under.placer != seat:
                players.setdefault(under.placer, []).append((draft.roulette, i))
    return players, unseen


def _get(place: Place) -> int:
    holder, index = place
    thing = holder[index]
    return thing if isinstance(thing, int) else int(thing.tile)


def _set(place: Place, tile: int) -> None:
    holder, index = place
    if isinstance(holder[index], int):
        holder[index] = tile
    else:
        holder[index] = fast_copy(holder[index], tile=tile)
