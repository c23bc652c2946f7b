"""The whole game state: what lies on the table, in hands and decks, and whose decision
is pending. It holds secrets and the RNG, so it never leaves the server; clients get
:mod:`views` instead. Slotted pydantic dataclasses: a search playout reads the state
dozens of times a step, and slots are read about four times as fast as a pydantic
model's fields (:mod:`spyhouse.engine.parts`).
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from pydantic import Field

from spyhouse.engine import (
    GameOptions,
    Hidden,
    Mixed,
    Part,
    Private,
    Public,
    frozen_slotted,
    slotted,
)
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.components import CARDS, Kind


class AgenciaOptions(GameOptions):
    """No table options yet. The "More Embassies" cards belong here once their effects
    are known: the English rule text does not give them (clarification 10)."""


class Location(StrEnum):
    """The two faces of the Embassy tile."""

    HALL = "Hall"
    GARDEN = "Garden"


class Phase(StrEnum):
    """Which decision the game waits for."""

    CHOOSE_LOCATION = "choose_location"
    """(A) The Ambassador chooses between Garden or Hall."""
    PLAY = "play"
    """(B) Each player in turn plays one of their four cards."""
    CHOOSE_TARGET = "choose_target"
    """(C) An Infiltrator or Recruiter picks whose card to exchange with."""
    OVER = "over"
    """The last Round token is back in the box."""


@frozen_slotted
class PlayedCard(Part):
    """The card a player played this hand, face up in front of them.

    Frozen, so ``State.copy()`` shares it instead of copying it (it is replaced, never
    changed: :meth:`out_of_game`), and one object serves every card played in the same
    position (:func:`played_card`).
    """

    card: Public[str]
    position: Public[Position]
    in_game: Public[bool] = True
    """Still in the game: played this hand and not yet discarded."""

    @property
    def kind(self) -> Kind:
        return CARDS[self.card].kind

    def out_of_game(self) -> PlayedCard:
        """The same card, discarded."""
        return played_card(self.card, self.position, in_game=False)


@cache
def played_card(card: str, position: Position, in_game: bool = True) -> PlayedCard:
    """The played card ``card`` from ``position``: a value, built once for each of the
    few combinations instead of validated at every play."""
    return PlayedCard(card=card, position=position, in_game=in_game)


@slotted
class Player(Part):
    """One seat's Information, four positions, deck and played card."""

    information: Public[int]
    positions: Private[dict[Position, str | None]]
    """The card in each position; ``None`` only between playing it and drawing anew."""
    remembered: Public[list[Position]] = Field(default_factory=list)
    """Positions (never face up) whose card every player knows though they cannot see
    it: it was drawn from the public part of the deck."""
    deck: Hidden[list[str]]
    """Top card first. Hidden: nobody knows the order of the unseen top (below it lie
    the public discards, whose order ``determinize`` keeps)."""
    unseen: Public[int]
    """How many cards on top of the deck nobody has seen since the shuffle. The cards
    below them were discarded face up, one per hand, so their order is public."""
    played: Public[PlayedCard | None] = None

    def owned(self) -> list[str]:
        """The 8 cards this player owns: positions, played card, deck."""
        cards = [card for card in self.positions.values() if card is not None]
        if self.played is not None and self.played.in_game:
            cards.append(self.played.card)
        return cards + self.deck


@slotted
class AgenciaState(Part):
    """Everything on the table and in the box."""

    num_seats: Public[int]
    rng: Hidden[int]
    players: Mixed[list[Player]]
    bank: Public[int]
    """Value left in the Data Bank. The bank is unlimited (clarification 3), so this is
    a ledger that may fall below zero: it makes every point accountable."""
    reward: Public[int] = 0
    """Information on the Reward tile; Infiltrators copy it, nobody takes it."""
    ambassador: Public[int]
    round_token_holder: Public[int]
    """The first Ambassador, who keeps the Round tokens in front of them."""
    round_tokens: Public[int]
    rounds: Public[int]
    hand: Public[int] = 1
    """Number of the hand being played, from 1."""
    embassy: Public[Location | None] = None
    """The Embassy tile's face for this hand; ``None`` until the Ambassador chooses."""
    phase: Public[Phase] = Phase.CHOOSE_LOCATION
    to_play: Public[int | None] = None
    """The seat whose turn it is to play a card."""
    choosing: Public[int | None] = None
    """The seat whose Infiltrator or Recruiter is choosing a target."""
