"""Stratego Spies & Lies as a Spyhouse game: the contract methods, delegating to the
rule modules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pydantic import BaseModel

from spyhouse.engine import Event, Game, Outcome, Rng
from spyhouse.games.spies import decisions, endings, hidden, setup, views
from spyhouse.games.spies.actions import SpiesAction
from spyhouse.games.spies.events import SpiesEvent
from spyhouse.games.spies.state import SpiesOptions, SpiesState
from spyhouse.games.spies.strategy import STRATEGY


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
    decision_table = decisions.TABLE
    decisions_per_seat = 32
    """About the most decisions one seat makes in a game (with more than one choice; median
    over 8 games between these rules of thumb: 30 at 2–3 seats, 18 at 4). The lobby reads
    it to tell whether a searching bot's thinking fits a table's time bank."""

    def setup(self, seats: int, options: BaseModel, seed: int) -> SpiesState:
        assert isinstance(options, SpiesOptions)
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Spies & Lies is played by 2 to 4 players, not {seats}")
        return setup.new_game(seats, options, seed)

    def setup_events(self, state: SpiesState) -> list[Event]:
        return setup.setup_events(state)

    def to_act(self, state: SpiesState) -> frozenset[int]:
        return decisions.to_act(state)

    def legal_actions(self, state: SpiesState, seat: int) -> list[dict[str, Any]]:
        return decisions.legal_actions(state, seat)

    def view(self, state: SpiesState, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(state, seat))  # a SpiesView

    def views(self, state: SpiesState, readers: Sequence[int | None]) -> list[dict[str, Any]]:
        return cast(list[dict[str, Any]], views.views(state, readers))

    def outcome(self, state: SpiesState) -> Outcome | None:
        return endings.outcome(state)

    def determinize(self, state: SpiesState, seat: int, rng: Rng) -> SpiesState:
        return hidden.determinize(state, seat, rng)


GAME = SpiesAndLies()
