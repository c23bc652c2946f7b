"""The rules-of-thumb bot: each game's ``strategy`` module decides from the seat's view.

A game package may ship ``strategy.py`` with

    def choose(view: dict, legal: list[Action], seat: int, rng: Rng) -> Action

reading only the seat's view and legal actions. A game without one (a plugin) falls
back to a random legal action. The same module may help the search bot
(``bots/search.py``): ``candidates`` (same arguments, the moves worth weighing),
``estimate`` (a sampled world's score per seat), ``PLAYOUT_DEPTH``, ``SEARCH_PRIOR``,
``SEARCH_GUIDE`` and ``DECISIONS_PER_SEAT``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

from spyhouse.bots.base import Bot, Level
from spyhouse.bots.keys import action_key
from spyhouse.bots.knowledge import SeatKnowledge
from spyhouse.engine import Action, Game, Rng

Strategy = Callable[[dict[str, Any], list[Action], int, Rng], Action]


@cache
def strategy_module(game_type: type[Game[Any]]) -> ModuleType | None:
    """The game package's ``strategy`` module, if it has one."""
    package = game_type.__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.strategy")
    except ModuleNotFoundError:
        return None


def strategy_of(game_type: type[Game[Any]]) -> Strategy | None:
    """The ``choose`` function in the game package's ``strategy`` module, if any."""
    choose: Strategy | None = getattr(strategy_module(game_type), "choose", None)
    return choose


class HeuristicBot(Bot):
    level: Level = "heuristic"

    def decide(self, knowledge: SeatKnowledge, legal: list[Action], rng: Rng) -> Action:
        strategy = strategy_of(type(knowledge.game))
        if strategy is None:
            return rng.choice(legal)
        action = strategy(knowledge.view(), legal, knowledge.seat, rng)
        key = action_key(action)
        for candidate in legal:  # a strategy bug must never become an illegal move
            if action_key(candidate) == key:
                return candidate
        return rng.choice(legal)
