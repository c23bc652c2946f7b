"""The bot interface and the levels a host can pick."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from spyhouse.bots.knowledge import SeatKnowledge
from spyhouse.engine import Action, Game, GameState, Rng
from spyhouse.kinds import BOT_LEVELS, BotLevel

Level = BotLevel
LEVELS = BOT_LEVELS
"""Weakest first; the API's default is ``random``."""


class Bot(ABC):
    """A player for any game. Subclasses decide from a :class:`SeatKnowledge` only."""

    level: Level

    def choose(self, game: Game[Any], state: GameState, seat: int, rng: Rng) -> Action:
        """One of ``seat``'s legal actions in ``state``, chosen from what ``seat`` may
        know. ``rng`` is the bot's own chance (never the game's)."""
        knowledge = SeatKnowledge(game, state, seat)
        legal = knowledge.legal_actions()
        if not legal:
            raise ValueError(f"{game.id}: seat {seat} has no decision to make")
        if len(legal) == 1:
            return legal[0]
        return self.decide(knowledge, legal, rng)

    @abstractmethod
    def decide(self, knowledge: SeatKnowledge, legal: list[Action], rng: Rng) -> Action:
        """Pick one of ``legal`` (two or more) for ``knowledge.seat``."""


def make_bot(level: str, **options: Any) -> Bot:
    """The bot for a level name; ``options`` tune search (``budget``, ``iterations``).

    Raises ``ValueError`` for an unknown level.
    """
    from spyhouse.bots.heuristic import HeuristicBot
    from spyhouse.bots.random_bot import RandomBot
    from spyhouse.bots.search import SearchBot

    if level == "random":
        return RandomBot()
    if level == "heuristic":
        return HeuristicBot()
    if level == "search":
        return SearchBot(**options)
    raise ValueError(f"unknown bot level {level!r}; expected one of {', '.join(LEVELS)}")
