"""Today's bot: a uniformly random legal action."""

from __future__ import annotations

from spyhouse.bots.base import Bot, Level
from spyhouse.bots.knowledge import SeatKnowledge
from spyhouse.engine import Action, Rng


class RandomBot(Bot):
    level: Level = "random"

    def decide(self, knowledge: SeatKnowledge, legal: list[Action], rng: Rng) -> Action:
        return rng.choice(legal)
