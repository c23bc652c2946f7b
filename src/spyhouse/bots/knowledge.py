"""What one seat may know, and nothing else: the only thing a bot is handed.

The real state stays inside; a bot can read the seat's view and legal actions (the
leak tests prove they depend on nothing hidden) and draw worlds the seat cannot tell
apart from the real one with ``Game.determinize``. Every world a search looks at comes
from :meth:`SeatKnowledge.sample_world`, so no secret can steer a bot's choice.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Action, Game, GameState, Rng


class SeatKnowledge:
    """A seat's information set: its view, its legal actions, worlds drawn from it."""

    __slots__ = ("_state", "game", "seat")

    def __init__(self, game: Game[Any], state: GameState, seat: int) -> None:
        self.game = game
        self.seat = seat
        self._state = state

    def view(self) -> dict[str, Any]:
        """What the seat sees (``Game.view``), the heuristic bot's whole input."""
        return self.game.view(self._state, self.seat)

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions(self._state, self.seat)

    def sample_world(self, rng: Rng) -> GameState:
        """A fresh, independent world consistent with everything the seat knows, with
        every secret of the others, the deck order and the game's RNG redrawn from
        ``rng``. The caller may change it freely."""
        world: GameState = self.game.determinize(self._state, self.seat, rng)
        # determinize may share unchanged public parts with the real state; a search
        # mutates its worlds in place, so it gets a copy of its own.
        fresh: GameState = self.game.copy(world)
        return fresh
