"""Conspiracy: The Solomon Gambit -- a pure rules package. See README.md."""

from spyhouse.games.conspiracy.game import GAME, Conspiracy

__all__ = ["GAME", "Conspiracy"]
