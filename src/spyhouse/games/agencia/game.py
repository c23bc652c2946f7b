"""La Agencia: Misión Embajada on the Spyhouse game contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from pydantic import BaseModel

from spyhouse.engine import Action, Event, Game, Outcome, Rng
from spyhouse.games.agencia import decisions, endings, hidden, setup, views
from spyhouse.games.agencia.actions import AgenciaAction
from spyhouse.games.agencia.components import ROUNDS
from spyhouse.games.agencia.events import AgenciaEvent
from spyhouse.games.agencia.state import AgenciaOptions, AgenciaState
from spyhouse.games.agencia.strategy import STRATEGY


class Agencia(Game[AgenciaState]):
    id = "agencia"
    title = "La Agencia: Misión Embajada"
    description = (
        "3–6 spymasters play one of four cards each hand — one only they see, one only "
        "the others see, one face up, one face down — to send Agents into the Embassy, "
        "recruit rival Agents and infiltrate rival Recruiters. Most Information wins."
    )
    min_seats = min(ROUNDS)
    max_seats = max(ROUNDS)
    Options = AgenciaOptions
    State = AgenciaState
    ActionType = AgenciaAction
    EventType = AgenciaEvent
    ViewType = views.AgenciaView
    strategy = STRATEGY
    decision_table = decisions.TABLE
    decisions_per_seat = 20
    """About the most decisions one seat makes in a game (with more than one choice; median
    over 8 games between these rules of thumb: 18 at every seat count, at most 20). The
    lobby reads it to tell whether a searching bot's thinking fits a table's time bank."""

    def setup(self, seats: int, options: BaseModel, seed: int) -> AgenciaState:
        assert isinstance(options, AgenciaOptions)
        if seats not in ROUNDS:
            raise ValueError(f"La Agencia is for {self.min_seats}–{self.max_seats} players")
        return setup.new_game(seats, options, seed)

    def setup_events(self, state: AgenciaState) -> list[Event]:
        return setup.setup_events(state)

    def to_act(self, state: AgenciaState) -> frozenset[int]:
        return decisions.to_act(state)

    def legal_actions(self, state: AgenciaState, seat: int) -> list[Action]:
        return decisions.legal_actions(state, seat)

    def view(self, state: AgenciaState, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(state, seat))  # an AgenciaView

    def views(self, state: AgenciaState, readers: Sequence[int | None]) -> list[dict[str, Any]]:
        return cast(list[dict[str, Any]], views.views(state, readers))

    def outcome(self, state: AgenciaState) -> Outcome | None:
        return endings.outcome(state)

    def determinize(self, state: AgenciaState, seat: int, rng: Rng) -> AgenciaState:
        return hidden.determinize(state, seat, rng)


GAME = Agencia()
