"""The ``random`` level: a uniformly random legal action, the draw the engine's
``random_action`` (its fuzzer, and search's random playouts) makes, behind the bot
interface."""

from __future__ import annotations

from spyhouse.bots.base import Bot, Level
from spyhouse.bots.knowledge import SeatKnowledge
from spyhouse.engine import Action, Rng


class RandomBot(Bot):
    level: Level = "random"

    def decide(self, knowledge: SeatKnowledge, legal: list[Action], rng: Rng) -> Action:
        return rng.choice(legal)
