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
from spyhouse.engine.matching import canonical, is_one_of, require_keys, whole_number
from spyhouse.engine.registry import all_games, get_game, load_builtin_games, register
from spyhouse.engine.rng import Rng
from spyhouse.engine.visibility import (
    Hidden,
    Mixed,
    Private,
    Public,
    Visibility,
    declared_fields,
    undeclared_fields,
)

__all__ = [
    "Action",
    "Event",
    "Game",
    "Hidden",
    "IllegalAction",
    "GameOptions",
    "Mixed",
    "Outcome",
    "Part",
    "Private",
    "Public",
    "Rng",
    "StateModel",
    "Visibility",
    "all_games",
    "canonical",
    "declared_fields",
    "get_game",
    "is_one_of",
    "load_builtin_games",
    "register",
    "require_keys",
    "undeclared_fields",
    "whole_number",
]
