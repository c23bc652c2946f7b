"""The game contract (pure, no I/O). See :mod:`spyhouse.engine.contract`."""

from spyhouse.engine.contract import (
    Action,
    Event,
    Game,
    GameOptions,
    IllegalAction,
    Outcome,
    Part,
    StateModel,
)
from spyhouse.engine.registry import all_games, get_game, load_builtin_games, register
from spyhouse.engine.rng import Rng

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "GameOptions",
    "Outcome",
    "Part",
    "Rng",
    "StateModel",
    "all_games",
    "get_game",
    "load_builtin_games",
    "register",
]
