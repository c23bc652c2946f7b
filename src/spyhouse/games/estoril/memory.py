"""What a player with perfect memory of the public events knows about hidden tiles.

Two facts the rules let everyone work out are kept in the state, so that ``hidden.py``
redraws only what nobody could know:

* ``known_in_hand[s]``: tiles everyone knows are in player ``s``'s hand. Every tile
  enters a hand in the open (the Starting Characters, Reward tiles turned face up, tiles
  coming back from the board after they were revealed), so at the start of each Round
  every hand is known. Only a face-down move out of a hand — a Top Secret placement, a
  Roulette tile from the hand, a discard — blurs it: nobody else knows which tile left.
* ``pile_known[t]``: the seats that know tile ``t`` is in the draw pile, and so exactly
  where (tiles join the bottom and leave from the top in the open): a Reward tile nobody
  won, a tile a Conspiracy sent under.

Both hold tuples, replaced rather than changed, so a copy of the state shares them
(as lists they were a fifth of a state copy).
"""

from __future__ import annotations

from collections.abc import Iterable

from spyhouse.games.estoril.state import EstorilState


def _hands(state: EstorilState) -> list[tuple[int, ...]]:
    if len(state.known_in_hand) != state.num_seats:  # a state saved before this existed
        state.known_in_hand = [() for _ in range(state.num_seats)]
    return state.known_in_hand


def hands_known(state: EstorilState) -> None:
    """Everything a player holds is in their hand and was seen arriving there."""
    state.known_in_hand = [tuple(hand) for hand in state.hands]


def hand_gains(state: EstorilState, seat: int, tiles: Iterable[int]) -> None:
    """Tiles that joined ``seat``'s hand face up (a Reward, a tile sent home)."""
    known = _hands(state)
    known[seat] = (*known[seat], *tiles)


def hand_shows(state: EstorilState, seat: int, tile: int) -> None:
    """A tile left ``seat``'s hand face up: everyone saw which."""
    known = _hands(state)
    if tile in known[seat]:
        i = known[seat].index(tile)
        known[seat] = known[seat][:i] + known[seat][i + 1 :]


def hand_blurs(state: EstorilState, seat: int) -> None:
    """A tile left ``seat``'s hand face down: any of the hand's tiles may be the one."""
    _hands(state)[seat] = ()


def pile_under(state: EstorilState, tile: int, seats: Iterable[int]) -> None:
    """Put ``tile`` at the bottom of the draw pile; ``seats`` saw which tile it was."""
    state.pile.append(tile)
    knowers = tuple(sorted(set(seats)))
    if knowers:
        state.pile_known[tile] = knowers


def pile_draw(state: EstorilState) -> tuple[int, tuple[int, ...]]:
    """Take the top tile of the draw pile, with the seats that know which tile it is."""
    tile = state.pile.pop(0)
    return tile, state.pile_known.pop(tile, ())


def pile_seen(state: EstorilState, seat: int) -> None:
    """``seat`` looked at the top tile of the draw pile (Conspiracy)."""
    top = state.pile[0]
    state.pile_known[top] = tuple(sorted({*state.pile_known.get(top, ()), seat}))
