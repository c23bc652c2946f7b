"""Where the server finds games. Each package under ``spyhouse.games`` exposes ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil

from spyhouse.engine.contract import Game

_registry: dict[str, Game] = {}  # type: ignore[type-arg]


def register(game: Game) -> Game:  # type: ignore[type-arg]
    if game.id in _registry and _registry[game.id] is not game:
        raise ValueError(f"game id {game.id!r} registered twice")
    _registry[game.id] = game
    return game


def load_builtin_games() -> None:
    """Import every package in ``spyhouse.games`` and register its ``GAME``."""
    import spyhouse.games as games_pkg

    for mod in pkgutil.iter_modules(games_pkg.__path__):
        if not mod.ispkg:
            continue
        module = importlib.import_module(f"spyhouse.games.{mod.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            register(game)


def get_game(game_id: str) -> Game | None:  # type: ignore[type-arg]
    return _registry.get(game_id)


def all_games() -> list[Game]:  # type: ignore[type-arg]
    return sorted(_registry.values(), key=lambda g: g.id)
