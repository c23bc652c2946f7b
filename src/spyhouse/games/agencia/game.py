"""La Agencia: Misión Embajada on the Spyhouse game contract."""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel

from spyhouse.engine import Event, Game, GameOptions, Outcome, Rng
from spyhouse.games.agencia import decisions, hidden, views
from spyhouse.games.agencia.actions import AgenciaAction
from spyhouse.games.agencia.components import ROUNDS
from spyhouse.games.agencia.events import AgenciaEvent
from spyhouse.games.agencia.getting_ready import getting_ready, setup_events
from spyhouse.games.agencia.scoring import final_scores, winners
from spyhouse.games.agencia.state import AgenciaState, Phase
from spyhouse.games.agencia.strategy import STRATEGY


class AgenciaOptions(GameOptions):
    """No table options yet. The "More Embassies" cards belong here once their effects
    are known: the English rule text does not give them (clarification 10)."""


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
    decisions_per_seat = 20
    """About the most decisions one seat makes in a game (with more than one choice; median
    over 8 games between these rules of thumb: 18 at every seat count, at most 20). The
    lobby reads it to tell whether a searching bot's thinking fits a table's time bank."""

    def setup(self, seats: int, options: BaseModel, seed: int) -> AgenciaState:
        if seats not in ROUNDS:
            raise ValueError(f"La Agencia is for {self.min_seats}–{self.max_seats} players")
        return getting_ready(seats, seed)

    def setup_events(self, state: AgenciaState) -> list[Event]:
        return setup_events(state)

    # The rule modules' functions themselves, not methods calling them: a random
    # playout asks these several times a step, and each call through a
    # method costs a Python call more.
    to_act = staticmethod(decisions.to_act)
    legal_actions = staticmethod(decisions.legal_actions)
    apply_action = staticmethod(decisions.apply)

    def view(self, state: AgenciaState, seat: int | None) -> dict[str, Any]:
        return cast(dict[str, Any], views.view(state, seat))  # an AgenciaView

    def outcome(self, state: AgenciaState) -> Outcome | None:
        if state.phase is not _OVER:
            return None
        scores = final_scores(state)
        return Outcome(
            winners=winners(scores),
            scores=tuple(float(score.total) for score in scores),
            detail={"scores": [score.to_json() for score in scores]},
        )

    def determinize(self, state: AgenciaState, seat: int, rng: Rng) -> AgenciaState:
        return hidden.determinize(state, seat, rng)


_OVER = Phase.OVER  # read once: asked before every action (see decisions.CHOOSE_LOCATION)

GAME = Agencia()
