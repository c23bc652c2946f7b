"""End of the Game: once the last Round token is back in the box, the most Information
wins, with the rulebook's tie-breaks (:mod:`scoring`)."""

from __future__ import annotations

from spyhouse.engine import Outcome
from spyhouse.games.agencia.scoring import final_scores, winners
from spyhouse.games.agencia.state import AgenciaState, Phase

_OVER = Phase.OVER  # read once: asked before every action (see decisions.CHOOSE_LOCATION)


def outcome(state: AgenciaState) -> Outcome | None:
    """``None`` while running; otherwise the winners, each seat's Information and the
    breakdown."""
    if state.phase is not _OVER:
        return None
    scores = final_scores(state)
    return Outcome(
        winners=winners(scores),
        scores=tuple(float(score.total) for score in scores),
        detail={"scores": [score.to_json() for score in scores]},
    )
