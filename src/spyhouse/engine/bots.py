"""Bots that play through the public contract. The random bot is also our fuzzer."""

from __future__ import annotations

from spyhouse.engine.contract import Action, Game
from spyhouse.engine.parts import GameState
from spyhouse.engine.rng import Rng


def random_action(game: Game, state: GameState, seat: int, rng: Rng) -> Action:
    """A uniformly random legal action for ``seat``."""
    actions = game.legal_actions(state, seat)
    if not actions:
        raise RuntimeError(f"{game.id}: seat {seat} is to act but has no legal action")
    return rng.choice(actions)
