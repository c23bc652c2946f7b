"""Build an Estoril position in the rulebook's words, for tests, tools and puzzles.

Like a chess FEN, a position names what is on the table, not the state's internals:

>>> state = position(
...     4,
...     boards=["Hotel Palácio", "Tamariz beach", "Museum",
...             "Hotel Atlântico", "Casino", "Hell's mouth"],
...     tiles={
...         "Tamariz beach I": "Garbo by blue",
...         "Hotel Atlântico I": "C. Lucky Luciano by blue, face down",
...     },
...     rewards={"Museum": ["Otto M., face down"]},
...     hands={"red": ["Nora S."]},
...     to_place="red",
... )
>>> GAME.view(state, 0)["grid"]["locations"][3]["spaces"][0]["occupant"]["face_down"]
True

Boards are laid row by row (``"Casino turned 90"`` turns one clockwise); a tile is
``"<name> by <colour>"`` (``", face down"`` for Top Secret, ``", shielded"``), and
every tile named is lifted from wherever the setup put it, so each tile stays in exactly
one place. Reward tiles the setup drew go back under the pile. What everyone remembers
(``memory.py``) follows: a player with a face-down tile on the board has an unknown hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spyhouse.games.estoril import GAME, memory
from spyhouse.games.estoril.components import COLOURS, boards, characters
from spyhouse.games.estoril.spaces import Space
from spyhouse.games.estoril.state import EstorilOptions, EstorilState, Location, Occupant, Reward


def position(
    seats: int = 4,
    *,
    boards: Sequence[str],
    tiles: Mapping[str, str] | None = None,
    rewards: Mapping[str, Sequence[str]] | None = None,
    hands: Mapping[str, Sequence[str]] | None = None,
    to_place: str | None = None,
    seed: int = 0,
    **options: bool,
) -> EstorilState:
    """A Round-1 placement position with these boards, tiles, Rewards and extra hand tiles."""
    state = GAME.setup(seats, EstorilOptions(**options), seed)
    lay_boards(state, boards)
    for owner, names in (hands or {}).items():
        for name in names:
            tile = tile_named(name)
            lift(state, tile)
            state.hands[COLOURS.index(owner)].append(tile)
    memory.hands_known(state)
    for where, text in (tiles or {}).items():
        put_tile(state, Space.parse(where), text)
    for location, texts in (rewards or {}).items():
        slot = Space(location, "I").ref(state)[0]
        for text in texts:
            name, face_down = _face_down(text)
            tile = tile_named(name)
            lift(state, tile)
            state.add_reward(slot, Reward(tile=tile, face_up=not face_down))
    if to_place is not None:
        state.turn, state.placed = COLOURS.index(to_place), False
    return state


def lay_boards(state: EstorilState, names: Sequence[str]) -> None:
    """This Round's grid, row by row: ``"Casino"`` or ``"Casino turned 90"``."""
    for loc in state.grid:
        for reward in loc.rewards:
            memory.pile_under(state, reward.tile, ())
    state.grid = []
    for text in names:
        name, _, turned = text.partition(" turned ")
        printed = next((b for b in boards() if name in (b.name, b.key)), None)
        if printed is None:
            raise ValueError(f"no Location board called {name!r}")
        state.grid.append(
            Location(
                board=printed.index,
                rotation=int(turned or 0) // 90 % 4,
                die=6 if printed.special == "airport" else None,  # the Airport's d12 shows 6
                spaces=(None,) * len(printed.spaces),
            )
        )
    state.enigma_slot, state.pending = None, []


def put_tile(state: EstorilState, space: Space, text: str) -> Occupant:
    """``"<name> by <colour>[, face down][, shielded]"`` on ``space``, with its marker."""
    name, _, rest = text.partition(" by ")
    colour, *flags = [part.strip() for part in rest.split(",")]
    seat = COLOURS.index(colour)
    tile = tile_named(name)
    lift(state, tile)
    occ = Occupant(
        tile=tile,
        owner=seat,
        controller=seat,
        face_up="face down" not in flags,
        known_by=(seat,),
        shield="shielded" in flags,
    )
    state.put(space.ref(state), occ)
    state.markers[seat] -= 1
    if occ.shield:
        state.shields -= 1
    if not occ.face_up:
        memory.hand_blurs(state, seat)
    return occ


def tile_named(name: str) -> int:
    """A tile by its label: ``"Garbo"``, or ``"Hans R. (red)"`` for a Starting Character."""
    found = [c.index for c in characters() if c.label == name]
    if len(found) != 1:
        raise ValueError(f"no tile called {name!r}")
    return found[0]


def lift(state: EstorilState, tile: int) -> None:
    """Take ``tile`` from wherever it is (hand, discards, pile, the board, a Reward)."""
    state.pile_known.pop(tile, None)
    for pile in [*state.hands, *state.discards, *state.pending_discards, state.pile]:
        if tile in pile:
            pile.remove(tile)
            return
    for slot, loc in enumerate(state.grid):
        for n, occ in enumerate(loc.spaces):
            if occ is not None and occ.tile == tile:
                state.put((slot, n), None)
                state.markers[occ.controller] += 1
                return
        for i, reward in enumerate(loc.rewards):
            if reward.tile == tile:
                state.change_location(slot, rewards=(*loc.rewards[:i], *loc.rewards[i + 1 :]))
                return
    raise ValueError(f"tile {tile} is not in play with these options")


def _face_down(text: str) -> tuple[str, bool]:
    name, _, flag = text.partition(",")
    return name.strip(), flag.strip() == "face down"
