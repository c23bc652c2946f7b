"""End of the game: after the 4th Round, "all Players add up VP" from their Character
tiles, Missions and medals (:mod:`scoring`); the end of the Round itself is in
:mod:`rounds`."""

from __future__ import annotations

from spyhouse.engine import Outcome
from spyhouse.games.estoril import scoring
from spyhouse.games.estoril.state import EstorilState, Phase


def outcome(state: EstorilState) -> Outcome | None:
    """``None`` while running; otherwise the winners, each seat's VP and the breakdown."""
    if state.phase != Phase.OVER:
        return None
    scores = scoring.final_scores(
        state.hands,
        state.discards,
        state.missions,
        state.enigma_holder,
        black_medals=state.options.roulette,
    )
    return Outcome(
        winners=scoring.winners(scores),
        scores=tuple(float(s.total) for s in scores),
        detail=scoring.breakdown(scores),
    )
