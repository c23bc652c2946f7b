"""Estoril 1942 as a Spyhouse game: the contract methods, each delegating to its module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pydantic import BaseModel

from spyhouse.engine import Event, Game, Outcome, Rng
from spyhouse.games.estoril import decisions, endings, hidden, setup, views
from spyhouse.games.estoril.actions import EstorilAction
from spyhouse.games.estoril.events import EstorilEvent
from spyhouse.games.estoril.state import EstorilOptions, EstorilState, dump_state
from spyhouse.games.estoril.strategy import STRATEGY


class Estoril1942(Game[EstorilState]):
    id = "estoril"
    title = "Estoril 1942"
    description = (
        "Spies in neutral Portugal: place agents on six locations, use their abilities and "
        "win the reward tiles. With the Enigma promo, Double Agent (5th player) and VIP."
    )
    min_seats = 2
    max_seats = 5
    Options = EstorilOptions
    State = EstorilState
    ActionType = EstorilAction
    EventType = EstorilEvent
    ViewType = views.EstorilView
    strategy = STRATEGY
    decision_table = decisions.TABLE
    decisions_per_seat = 72
    """About the most decisions one seat makes in a game (with more than one choice; median
    over 8 games between these rules of thumb: 69 at 2 seats, fewer at more (a seat's share
    of the rounds)). The lobby reads it to tell whether a searching bot's thinking fits a
    table's time bank."""

    def seat_range(self, options: BaseModel) -> range:
        """2-4 players; a 5th player (pink) with the Double Agent expansion."""
        assert isinstance(options, EstorilOptions)
        return range(2, 6 if options.double_agent else 5)

    def setup(self, seats: int, options: BaseModel, seed: int) -> EstorilState:
        assert isinstance(options, EstorilOptions)
        if seats not in self.seat_range(options):
            raise ValueError(f"Estoril 1942 with these options seats {self.seat_range(options)}")
        return setup.new_game(seats, options, seed)

    def setup_events(self, state: EstorilState) -> list[Event]:
        return setup.setup_events(state)

    def to_act(self, state: EstorilState) -> frozenset[int]:
        return decisions.to_act(state)

    def legal_actions(self, state: EstorilState, seat: int) -> list[dict[str, Any]]:
        return decisions.legal_actions(state, seat)

    def dump(self, state: EstorilState) -> dict[str, Any]:
        return dump_state(state)

    def view(self, state: EstorilState, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(state, seat))  # an EstorilView

    def views(self, state: EstorilState, readers: Sequence[int | None]) -> list[dict[str, Any]]:
        return cast(list[dict[str, Any]], views.views(state, readers))

    def outcome(self, state: EstorilState) -> Outcome | None:
        return endings.outcome(state)

    def determinize(self, state: EstorilState, seat: int, rng: Rng) -> EstorilState:
        return hidden.determinize(state, seat, rng)


GAME = Estoril1942()
