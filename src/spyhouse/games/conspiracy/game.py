"""The Conspiracy game object: the engine contract, delegating to the rule modules."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from spyhouse.engine import Action, Event, Game, Outcome, Rng
from spyhouse.games.conspiracy import decisions, endings, hidden, setup, views
from spyhouse.games.conspiracy.actions import ConspiracyAction
from spyhouse.games.conspiracy.events import ConspiracyEvent
from spyhouse.games.conspiracy.state import ConspiracyOptions, ConspiracyState
from spyhouse.games.conspiracy.strategy import STRATEGY


class Conspiracy(Game[ConspiracyState]):
    id = "conspiracy"
    title = "Conspiracy: The Solomon Gambit"
    description = (
        "Bribe six independent agents, move them across Europe and carry the briefcase to "
        "your HQ -- or out-pay everyone to Dr. Solomon before he recovers it. 2-4 players."
    )
    min_seats = 2
    max_seats = 4
    Options = ConspiracyOptions
    State = ConspiracyState
    ActionType = ConspiracyAction
    EventType = ConspiracyEvent
    ViewType = views.ConspiracyView
    strategy = STRATEGY
    decision_table = decisions.TABLE
    decisions_per_seat = 320
    """About the most decisions one seat makes in a game (with more than one choice; median
    over 8 games between these rules of thumb: 79 at 2 seats, 106 at 3, 251 at 4 (at most
    318)). The lobby reads it to tell whether a searching bot's thinking fits a table's
    time bank."""

    def setup(self, seats: int, options: BaseModel, seed: int) -> ConspiracyState:
        assert isinstance(options, ConspiracyOptions)
        if seats not in self.seat_range(options):
            raise ValueError(f"Conspiracy is for {self.min_seats}-{self.max_seats} players")
        return setup.new_game(seats, options, seed)

    def setup_events(self, state: ConspiracyState) -> list[Event]:
        return setup.setup_events(state)

    def to_act(self, state: ConspiracyState) -> frozenset[int]:
        return decisions.to_act(state)

    def legal_actions(self, state: ConspiracyState, seat: int) -> list[Action]:
        return decisions.legal_actions(state, seat)

    def view(self, state: ConspiracyState, seat: int | None) -> dict[str, object]:
        return views.view(state, seat)

    def views(
        self, state: ConspiracyState, readers: Sequence[int | None]
    ) -> list[dict[str, object]]:
        return views.views(state, readers)

    def outcome(self, state: ConspiracyState) -> Outcome | None:
        return endings.outcome(state)

    def determinize(self, state: ConspiracyState, seat: int, rng: Rng) -> ConspiracyState:
        return hidden.determinize(state, seat, rng, state.copy())


GAME = Conspiracy()
