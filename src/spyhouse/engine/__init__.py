"""The game contract (pure, no I/O). See :mod:`spyhouse.engine.contract`.

Design: a game is a pure state machine over JSON actions, and every game package has
the same layout for the same jobs (``README.md`` in this package): ``state.py``,
``setup.py``, ``decisions.py`` (``to_act``, ``legal_actions``, one ``verify_…`` reason
function per decision, the :class:`DecisionTable` the engine dispatches actions
through), ``endings.py``, ``hidden.py``, ``views.py``, ``positions.py`` and ``game.py``.
Actions are read exactly through :mod:`spyhouse.engine.matching`;
:mod:`spyhouse.engine.testing` holds the checks every game's test-suite runs.
"""

from spyhouse.engine.contract import (
    Action,
    Event,
    Fixed,
    FrozenAction,
    FrozenList,
    Game,
    GameOptions,
    IllegalAction,
    Outcome,
    frozen_action,
    in_audience,
)
from spyhouse.engine.decisions import Decision, DecisionTable, nothing
from spyhouse.engine.matching import canonical, flag, is_one_of, one_of, require_keys, whole_number
from spyhouse.engine.parts import GameState, Part, fast_copy, frozen_slotted, slotted
from spyhouse.engine.registry import all_games, get_game, load_builtin_games, register
from spyhouse.engine.rng import Rng
from spyhouse.engine.strategy import Strategy
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
    "Decision",
    "DecisionTable",
    "Event",
    "Fixed",
    "FrozenAction",
    "FrozenList",
    "Game",
    "GameState",
    "Hidden",
    "IllegalAction",
    "GameOptions",
    "Mixed",
    "Outcome",
    "Part",
    "Private",
    "Public",
    "Rng",
    "Strategy",
    "Visibility",
    "all_games",
    "canonical",
    "declared_fields",
    "fast_copy",
    "flag",
    "frozen_action",
    "in_audience",
    "frozen_slotted",
    "get_game",
    "is_one_of",
    "load_builtin_games",
    "nothing",
    "one_of",
    "register",
    "slotted",
    "require_keys",
    "undeclared_fields",
    "whole_number",
]
