"""Determinization: the worlds a seat cannot tell apart from the real one.

What a seat knows of a player's cards (its own included): the cards in positions it
sees; every discard (played face up first, so public) and its place in the deck; a
card drawn from that public part of the deck into any position; and each player's
8-card agency as a multiset (the deal is public and so is every exchange). The other
cards, the unknown slots, may hold any arrangement of the rest of that player's agency.
The RNG state is secret too (no chance is left after the deal; it is redrawn anyway).
"""

from __future__ import annotations

from spyhouse.engine import Rng
from spyhouse.games.agencia.card_positions import Position, sees
from spyhouse.games.agencia.state import AgenciaState, Phase, Player


def unknown_positions(player: Player, owner: int, seat: int) -> list[Position]:
    """``owner``'s positions whose card ``seat`` neither sees nor remembers, in the
    rulebook's order (never the stored dict's: PostgreSQL re-orders JSON keys)."""
    return [
        position
        for position in Position
        if player.positions.get(position) is not None
        and position not in player.remembered
        and not sees(position, owner, seat)
    ]


def determinize(state: AgenciaState, seat: int, rng: Rng) -> AgenciaState:
    """A copy of ``state`` with every card ``seat`` does not know redrawn among that
    player's unknown slots (hidden positions and the unseen top of the deck), and a
    fresh RNG state."""
    if state.phase is Phase.OVER:
        # Game over: the view shows everything the end reveals (RULINGS.md, "End
        # reveal"), so there is nothing left to redraw that could matter.
        ended = state.copy()
        ended.rng = rng.next64()
        return ended
    new = state.copy()
    for owner, player in enumerate(new.players):
        positions = unknown_positions(player, owner, seat)
        cards = [card for p in positions if (card := player.positions[p]) is not None]
        cards += player.deck[: player.unseen]
        cards.sort()  # the redraw must not depend on the hidden order (bots reuse it)
        rng.shuffle(cards)
        for position in positions:
            player.positions[position] = cards.pop()
        player.deck[: player.unseen] = cards
    new.rng = rng.next64()
    return new
