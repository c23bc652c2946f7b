"""The rules-of-thumb bot: the game's ``Strategy.choose`` decides from the seat's view.

A game declares its rules of thumb as ``Game.strategy`` (:class:`spyhouse.engine.Strategy`),
reading only the seat's view and legal actions. A game without a ``choose`` (a plugin)
falls back to a random legal action. The search bot (``bots/search.py``) uses the rest
of the same declaration.
"""

from __future__ import annotations

from spyhouse.bots.base import Bot, Level
from spyhouse.bots.knowledge import SeatKnowledge
from spyhouse.engine import Action, Rng, canonical


class HeuristicBot(Bot):
    level: Level = "heuristic"

    def decide(self, knowledge: SeatKnowledge, legal: list[Action], rng: Rng) -> Action:
        choose = knowledge.game.strategy.choose
        if choose is None:
            return rng.choice(legal)
        action = choose(knowledge.view(), legal, knowledge.seat, rng)
        key = canonical(action)
        for candidate in legal:  # a strategy bug must never become an illegal move
            if canonical(candidate) == key:
                return candidate
        return rng.choice(legal)
