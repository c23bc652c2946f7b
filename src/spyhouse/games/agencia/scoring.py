"""End of the Game: Information tokens plus the Information value of every owned card;
ties go to the higher card value, then the victory is shared."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spyhouse.games.agencia.components import information_value
from spyhouse.games.agencia.state import AgenciaState


@dataclass(frozen=True)
class FinalScore:
    """One player's count at the end, as the end screen shows it."""

    seat: int
    tokens: int
    """Information the player holds."""
    cards: int
    """Information value of the 8 cards in the player's agency."""

    @property
    def total(self) -> int:
        return self.tokens + self.cards

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "tokens": self.tokens, "cards": self.cards, "total": self.total}


def final_scores(state: AgenciaState) -> list[FinalScore]:
    """End of the Game: "count the value of the Information tokens and the Information
    value of each and every card they have in their agency deck"."""
    return [
        FinalScore(seat, player.information, information_value(player.owned()))
        for seat, player in enumerate(state.players)
    ]


def winners(scores: list[FinalScore]) -> tuple[int, ...]:
    """End of the Game: "The Player with the highest Information value will be the winner.
    In the case of a tie, ... the highest Information value on their Agency deck. If
    there's still a tie, they'll share the victory"."""
    best = max((score.total, score.cards) for score in scores)
    return tuple(score.seat for score in scores if (score.total, score.cards) == best)
