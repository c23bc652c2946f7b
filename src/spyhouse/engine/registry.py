"""Where the server finds games. Each package under ``spyhouse.games`` exposes ``GAME``."""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Iterable

from spyhouse.engine.contract import Game

_registry: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.id in _registry and _registry[game.id] is not game:
        raise ValueError(f"game id {game.id!r} registered twice")
    _registry[game.id] = game
    return game


def load_builtin_games(only: Iterable[str] | None = None) -> None:
    """Import the packages in ``spyhouse.games`` and register each one's ``GAME``.

    ``only`` (or the ``SPYHOUSE_GAMES`` environment variable, comma-separated) limits
    which game packages are loaded, e.g. to host a subset of the games.
    """
    import spyhouse.games as games_pkg

    if only is None and (env := os.environ.get("SPYHOUSE_GAMES")):
        only = [name.strip() for name in env.split(",") if name.strip()]
    wanted = None if only is None else set(only)
    for mod in pkgutil.iter_modules(games_pkg.__path__):
        if not mod.ispkg or (wanted is not None and mod.name not in wanted):
            continue
        _register_module(f"spyhouse.games.{mod.name}")
    for name in os.environ.get("SPYHOUSE_GAME_MODULES", "").split(","):
        if name.strip():  # games shipped outside this package (plugins, test games)
            _register_module(name.strip())


def _register_module(name: str) -> None:
    game = getattr(importlib.import_module(name), "GAME", None)
    if game is not None:
        register(game)


def get_game(game_id: str) -> Game | None:
    return _registry.get(game_id)


def all_games() -> list[Game]:
    return sorted(_registry.values(), key=lambda g: g.id)
