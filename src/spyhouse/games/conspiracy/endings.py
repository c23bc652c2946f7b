"""End of the game: the briefcase reaches your own HQ, or Dr. Solomon's face shows."""

from __future__ import annotations

from spyhouse.engine import Event, Outcome
from spyhouse.games.conspiracy.components import DR_SOLOMON
from spyhouse.games.conspiracy.state import ConspiracyState, Phase


def briefcase_reaches_hq(state: ConspiracyState, seat: int) -> list[Event]:
    """“If a player moves the briefcase to their own HQ city, they win at once.”"""
    if state.briefcase != state.hq[seat]:
        return []
    state.phase = Phase.OVER
    state.ending = "briefcase"
    state.winners = [seat]
    return [Event.public("briefcase_delivered", player=seat, city=state.briefcase)]


def dr_solomon_recovers_the_briefcase(state: ConspiracyState) -> list[Event]:
    """“Everyone reveals their payoff to Dr. Solomon; the highest wins. Tie: more sovereigns
    in reserve. Still tied: they share the victory.”"""
    state.phase = Phase.OVER
    state.ending = "solomon"
    paid = [board[DR_SOLOMON] for board in state.payoffs]
    best = max(paid)
    tied = [s for s in range(state.num_seats) if paid[s] == best]
    richest = max(state.reserve[s] for s in tied)
    state.winners = [s for s in tied if state.reserve[s] == richest]
    return [
        Event.public(
            "shields_lifted",
            payoffs_to_solomon=paid,
            reserves=list(state.reserve),
            winners=list(state.winners),
        )
    ]


def outcome(state: ConspiracyState) -> Outcome | None:
    """``None`` while running; otherwise winners, scores and the end-screen breakdown."""
    if state.phase != Phase.OVER:
        return None
    if state.ending == "briefcase":
        scores = tuple(1.0 if s in state.winners else 0.0 for s in range(state.num_seats))
        detail = {"ending": "briefcase", "city": state.briefcase, "winner": state.winners[0]}
        return Outcome(tuple(state.winners), scores, detail)
    paid = [board[DR_SOLOMON] for board in state.payoffs]
    detail = {
        "ending": "dr_solomon",
        "payoffs_to_solomon": paid,
        "reserves": list(state.reserve),
        "shared": len(state.winners) > 1,
    }
    return Outcome(tuple(state.winners), tuple(float(p) for p in paid), detail)
