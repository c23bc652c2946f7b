"""Bots that play any Spyhouse game from what their seat may know.

Three levels, chosen per seat by the host:

- ``random``: a uniformly random legal action (also our fuzzer);
- ``heuristic``: the game's rules of thumb (``Game.strategy``), read from the seat's
  view and legal actions only;
- ``search``: information-set Monte Carlo tree search over worlds drawn with
  ``Game.determinize`` from the seat's information set.

A bot never receives a state it could read secrets from: :meth:`Bot.choose` wraps the
state in a :class:`SeatKnowledge`, which only answers what the seat may know.

>>> from spyhouse.engine import Rng, get_game, load_builtin_games
>>> load_builtin_games()
>>> game = get_game("agencia")
>>> state = game.setup(3, game.parse_options({}), seed=1)
>>> seat = min(game.to_act(state))
>>> action = make_bot("search", iterations=20, budget=None).choose(game, state, seat, Rng(7))
>>> action in game.legal_actions(state, seat)
True
"""

from spyhouse.bots.base import LEVELS, Bot, Level, make_bot
from spyhouse.bots.heuristic import HeuristicBot
from spyhouse.bots.knowledge import SeatKnowledge
from spyhouse.bots.random_bot import RandomBot
from spyhouse.bots.search import SearchBot

__all__ = [
    "LEVELS",
    "Bot",
    "HeuristicBot",
    "Level",
    "RandomBot",
    "SearchBot",
    "SeatKnowledge",
    "make_bot",
]
