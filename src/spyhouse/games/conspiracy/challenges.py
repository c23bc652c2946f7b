"""Challenges: offered clockwise from the actor's left; a duel of announced numbers,
capped by what each side really paid the acting agent before the challenge."""

from __future__ import annotations

from spyhouse.engine import Action, Event, IllegalAction
from spyhouse.games.conspiracy import parsing
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.orders import order_fails, order_succeeds
from spyhouse.games.conspiracy.state import Claim, ConspiracyState, Duel, Phase


def challenge_order(state: ConspiracyState) -> list[int]:
    """“Starting at your left and going clockwise, each other player may challenge or pass.”"""
    return [(state.current + k) % state.num_seats for k in range(1, state.num_seats)]


def offer_challenges(state: ConspiracyState) -> list[Event]:
    """Open the round of offers for the order just announced."""
    state.offered = challenge_order(state)
    state.phase = Phase.CHALLENGE
    return [Event.public("challenge_offered", player=state.offered[0])]


def paid_to_acting_agent(state: ConspiracyState, seat: int) -> int:
    """What ``seat`` paid the acting agent (the mover or the burner, never the target)."""
    assert state.order is not None
    return state.payoffs[seat][state.order.agent]


def opening_minimum(state: ConspiracyState) -> int:
    """“When challenging a burn the challenger must announce 5 or more” (0 for a move)."""
    assert state.order is not None
    return components().burn_cost if state.order.kind == "burn" else 0


def verify_challenge(state: ConspiracyState, seat: int, action: Action) -> int:
    """The opening number of ``seat``'s challenge, or why it can't be announced."""
    return _announcement(state, seat, parsing.number(action, "announce"), opening_minimum(state))


def verify_announce(state: ConspiracyState, seat: int, action: Action) -> int:
    """“Announce a number at least one higher than the other side's” -- or why not."""
    assert state.duel is not None
    lowest = state.duel.announcements[-1][1] + 1
    return _announcement(state, seat, parsing.number(action, "amount"), lowest)


def _announcement(state: ConspiracyState, seat: int, amount: int, lowest: int) -> int:
    """“You may never announce a number above your real payoff to that agent.”"""
    if amount < lowest:
        raise IllegalAction("announcement_too_low", f"You must announce at least {lowest}.")
    paid = paid_to_acting_agent(state, seat)
    if amount > paid:
        assert state.order is not None
        raise IllegalAction(
            "above_your_payoff",
            f"You paid {state.order.agent} only {paid}; you can't announce {amount}.",
        )
    return amount


def _spoken(state: ConspiracyState, seat: int, amount: int) -> None:
    """An announced number is public proof of at least that much paid to the agent."""
    assert state.order is not None
    known = state.known_minimum[seat]
    known[state.order.agent] = max(known[state.order.agent], amount)
    record_claim(state, seat, state.order.agent, amount)


def record_claim(state: ConspiracyState, seat: int, agent: str, at_least: int) -> None:
    """Remember a public fact about ``seat``'s payoff on ``agent`` now (for determinize)."""
    state.claims.append(
        Claim(
            player=seat,
            agent=agent,
            at_least=at_least,
            payoffs_before=state.payoffs_made[seat],
            burns_before=state.burns_by[seat].count(agent),
        )
    )


def pass_challenge(state: ConspiracyState, seat: int) -> list[Event]:
    """“A player who passes cannot challenge later in this turn.”"""
    state.offered.pop(0)
    return [Event.public("challenge_passed", player=seat), *_offer_next(state)]


def challenge(state: ConspiracyState, seat: int, amount: int) -> list[Event]:
    """“The challenger opens by announcing any number of sovereigns paid to that agent.”
    (``amount`` as :func:`verify_challenge` accepted it.)"""
    _spoken(state, seat, amount)
    state.duel = Duel(challenger=seat, announcements=[(seat, amount)], to_speak=state.current)
    state.phase = Phase.DUEL
    return [Event.public("challenged", player=seat, announced=amount)]


def announce(state: ConspiracyState, seat: int, amount: int) -> list[Event]:
    """Speak the next number (as :func:`verify_announce` accepted it)."""
    duel = state.duel
    assert duel is not None
    _spoken(state, seat, amount)
    duel.announcements.append((seat, amount))
    duel.to_speak = duel.challenger if seat == state.current else state.current
    return [Event.public("announced", player=seat, announced=amount)]


def stop_announcing(state: ConspiracyState, seat: int) -> list[Event]:
    """“Back and forth until one cannot or chooses not to”: the last number spoken wins."""
    duel = state.duel
    assert duel is not None
    events = [Event.public("stopped", player=seat)]
    top_seat, top = duel.announcements[-1]
    if top_seat == duel.challenger:
        return events + challenge_succeeds(state, top)
    return events + challenge_fails(state, top)


def challenge_succeeds(state: ConspiracyState, top: int) -> list[Event]:
    """“The challenger announced the highest number: the action does not happen and your
    turn ends.”"""
    assert state.duel is not None
    challenger = state.duel.challenger
    event = Event.public("challenge_succeeded", player=challenger, highest=top)
    return [event, *order_fails(state)]


def challenge_fails(state: ConspiracyState, top: int) -> list[Event]:
    """“You announced the highest number: the challenger hangs their RESTRICTED marker on
    their shield; the next player may then challenge or pass.”"""
    assert state.duel is not None
    challenger = state.duel.challenger
    state.restricted[challenger] = True
    state.duel = None
    state.offered.pop(0)
    state.phase = Phase.CHALLENGE
    event = Event.public("challenge_failed", player=challenger, highest=top, restricted=True)
    return [event, *_offer_next(state)]


def _offer_next(state: ConspiracyState) -> list[Event]:
    """“If every other player failed or passed, the action succeeds.”"""
    if state.offered:
        return [Event.public("challenge_offered", player=state.offered[0])]
    return order_succeeds(state)


def legal_offer_actions(state: ConspiracyState, seat: int) -> list[Action]:
    """Pass, or challenge opening with any number from the minimum up to your payoff."""
    lowest, paid = opening_minimum(state), paid_to_acting_agent(state, seat)
    return [{"type": "pass"}] + [
        {"type": "challenge", "announce": n} for n in range(lowest, paid + 1)
    ]


def legal_duel_actions(state: ConspiracyState, seat: int) -> list[Action]:
    """Stop (always allowed: nobody learns whether you could have gone on), or go higher."""
    assert state.duel is not None
    lowest = state.duel.announcements[-1][1] + 1
    paid = paid_to_acting_agent(state, seat)
    return [{"type": "stop"}] + [{"type": "announce", "amount": n} for n in range(lowest, paid + 1)]
