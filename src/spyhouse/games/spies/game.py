"""Stratego Spies & Lies as a Spyhouse game: the contract methods, delegating to the
rule modules."""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel

from spyhouse.engine import Event, Game, Outcome, Rng
from spyhouse.games.spies import decisions, hidden, rounds, views
from spyhouse.games.spies.actions import SpiesAction
from spyhouse.games.spies.events import SpiesEvent
from spyhouse.games.spies.infiltration import space_name
from spyhouse.games.spies.rounds import setup_game
from spyhouse.games.spies.state import SpiesOptions, SpiesState
from spyhouse.games.spies.strategy import STRATEGY
from spyhouse.games.spies.teams import side_name, side_of


class SpiesAndLies(Game[SpiesState]):
    id = "spies"
    title = "Stratego Spies & Lies"
    description = (
        "Secretly deploy soldiers on four missions, identify the enemy's, bluff with the "
        "Sergeant and Deception tokens, and push the Double Agent onto the enemy flag. "
        "1v1, or two teams with 3-4 players."
    )
    min_seats = 2
    max_seats = 4
    Options = SpiesOptions
    State = SpiesState
    ActionType = SpiesAction
    EventType = SpiesEvent
    ViewType = views.SpiesView
    strategy = STRATEGY
    decisions_per_seat = 32
    """About the most decisions one seat makes in a game (with more than one choice; median
    over 8 games between these rules of thumb: 30 at 2–3 seats, 18 at 4). The lobby reads
    it to tell whether a searching bot's thinking fits a table's time bank."""

    def setup(self, seats: int, options: BaseModel, seed: int) -> SpiesState:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Spies & Lies is played by 2 to 4 players, not {seats}")
        return setup_game(seats, seed)

    def setup_events(self, state: SpiesState) -> list[Event]:
        return rounds.setup_events(state)

    # The rule modules' functions themselves, not methods calling them: a random
    # playout asks these several times a step, and each call through a
    # method costs a Python call more.
    to_act = staticmethod(decisions.to_act)
    legal_actions = staticmethod(decisions.legal_actions)
    apply_action = staticmethod(decisions.apply)

    def view(self, state: SpiesState, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(state, seat))  # a SpiesView

    def outcome(self, state: SpiesState) -> Outcome | None:
        """Winning the game: the flag, or after day 3 the Double Agent's side, IP, or a draw."""
        if state.phase != "over":
            return None
        winners = tuple(s for s in range(state.num_seats) if state.winner_side == side_of(s))
        if state.winner_side is None:
            scores = tuple(0.5 for _ in range(state.num_seats))
        else:
            scores = tuple(1.0 if s in winners else 0.0 for s in range(state.num_seats))
        detail = {
            "ending": state.ending,
            "winner": None if state.winner_side is None else side_name(state.winner_side),
            "day": state.day,
            "double_agent": space_name(state.double_agent),
            "double_agent_position": state.double_agent,
            "infiltration_points": {
                side_name(i): side.infiltration_points for i, side in enumerate(state.sides)
            },
        }
        return Outcome(winners, scores, detail)

    def determinize(self, state: SpiesState, seat: int, rng: Rng) -> SpiesState:
        return hidden.determinize(state, seat, rng)


GAME = SpiesAndLies()
