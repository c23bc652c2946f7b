"""Stratego Spies & Lies (Jumbo, 2019): the pure rules engine. See README.md."""

from spyhouse.games.spies.game import GAME, SpiesAndLies

__all__ = ["GAME", "SpiesAndLies"]
