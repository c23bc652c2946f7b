"""Carrying out an announced order once nobody stopped it (or not, if someone did)."""

from __future__ import annotations

from spyhouse.engine import Event, fast_copy
from spyhouse.games.conspiracy.abilities import after_the_move
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.rounds import end_turn
from spyhouse.games.conspiracy.state import ConspiracyState, Phase


def order_succeeds(state: ConspiracyState) -> list[Event]:
    """Every other player failed or passed: the move or burn happens."""
    assert state.order is not None
    if state.order.kind == "burn":
        return carry_out_burn(state)
    return carry_out_move(state)


def order_fails(state: ConspiracyState) -> list[Event]:
    """A successful challenge: the agent does not move / the target is not burned, and
    your turn ends (no sovereigns removed, no ability)."""
    return end_turn(state)


def carry_out_move(state: ConspiracyState) -> list[Event]:
    """“If you win the challenge you must move the agent to the announced city.”"""
    order = state.order
    assert order is not None and order.destination is not None
    state.agents[order.agent] = order.destination
    event = Event.public(
        "agent_moved",
        player=state.current,
        agent=order.agent,
        **{"from": order.origin},
        to=order.destination,
    )
    if state.briefcase == order.origin:
        state.phase = Phase.BRIEFCASE
        return [event]
    return [event, *after_the_move(state)]


def carry_out_burn(state: ConspiracyState) -> list[Event]:
    """“Remove the target; everyone puts a burn token on it (its sovereigns stay); take 5
    sovereigns from your payoff on the acting agent and remove them from the game.”"""
    order = state.order
    seat = state.current
    assert order is not None and order.target is not None
    cost = components().burn_cost
    city = state.agents[order.target]
    state.agents[order.target] = None
    state.burned.append(order.target)
    state.burned_at.append(tuple(state.payoffs_made))
    state.payoffs[seat][order.agent] -= cost
    state.removed[seat] += cost
    state.burns_by[seat].append(order.agent)
    known = state.known_minimum[seat]
    known[order.agent] = max(known[order.agent], cost) - cost
    state.looks = [
        fast_copy(look, floor=max(look.floor, cost) - cost)
        if look.player == seat and look.space == order.agent
        else look
        for look in state.looks
    ]
    event = Event.public(
        "agent_burned", player=seat, agent=order.agent, target=order.target, city=city, removed=cost
    )
    return [event, *end_turn(state)]
