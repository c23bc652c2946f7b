"""A player's turn: announce one of three actions -- make a payoff, move an agent, burn
an agent -- and the RESTRICTED marker that limits you to a payoff."""

from __future__ import annotations

from spyhouse.engine import Action, Event, IllegalAction
from spyhouse.engine.matching import one_of, whole_number
from spyhouse.games.conspiracy.board import live_agents, move_destinations
from spyhouse.games.conspiracy.challenges import offer_challenges, record_claim
from spyhouse.games.conspiracy.components import DR_SOLOMON, components
from spyhouse.games.conspiracy.rounds import end_turn
from spyhouse.games.conspiracy.state import ConspiracyState, Order


def is_restricted(state: ConspiracyState, seat: int) -> bool:
    """“If your RESTRICTED marker hangs on your shield at the start of your turn, you may
    only make a payoff.”"""
    return state.restricted[seat]


# -- Make a payoff ----------------------------------------------------------------------


def payoff_recipients(state: ConspiracyState) -> list[str]:
    """Live agents and Dr. Solomon (burned agents can't be paid)."""
    return [*live_agents(state), DR_SOLOMON]


def payoff_limit(state: ConspiracyState, seat: int, recipient: str) -> int:
    """“Paying Dr. Solomon you may move only one sovereign; an agent, any number.”"""
    if recipient == DR_SOLOMON:
        return min(components().max_solomon_payoff, state.reserve[seat])
    return state.reserve[seat]


def verify_payoff(state: ConspiracyState, seat: int, action: Action) -> tuple[str, int]:
    """Whom ``seat`` pays and how much, or :class:`IllegalAction` saying why not."""
    recipient = one_of(action, "to", components().payoff_spaces)
    amount = whole_number(action, "amount")
    if state.agents.get(recipient, "") is None:
        raise IllegalAction("agent_burned", f"{recipient} has been burned and can't be paid.")
    if amount < 0:
        raise IllegalAction("negative_payoff", "A payoff can't be negative.")
    if recipient == DR_SOLOMON and amount > components().max_solomon_payoff:
        raise IllegalAction("one_to_solomon", "You may pay Dr. Solomon only one sovereign.")
    if amount > state.reserve[seat]:
        raise IllegalAction("reserve_too_small", f"Your reserve holds {state.reserve[seat]}.")
    return recipient, amount


def make_a_payoff(state: ConspiracyState, seat: int, recipient: str, amount: int) -> list[Event]:
    """“Announce 'I am making a payoff'; whom you pay and how much (0: a bluff) stay secret.”

    Called with what :func:`verify_payoff` accepted."""
    state.reserve[seat] -= amount
    state.payoffs[seat][recipient] += amount
    state.payoffs_made[seat] += 1
    state.restricted[seat] = False
    events = [
        Event.public("payoff_made", player=seat),
        Event.private(seat, "you_paid", player=seat, to=recipient, amount=amount),
    ]
    return events + end_turn(state)


# -- Move an agent ----------------------------------------------------------------------


def verify_move(state: ConspiracyState, seat: int, action: Action) -> tuple[str, str]:
    """Which agent ``seat`` moves where, or :class:`IllegalAction` saying why not."""
    box = components()
    agent = one_of(action, "agent", box.agent_names)
    destination = one_of(action, "to", box.cities)
    if is_restricted(state, seat):
        raise IllegalAction("restricted", "You are RESTRICTED: you may only make a payoff.")
    city = state.agents[agent]
    if city is None:
        raise IllegalAction("agent_burned", f"{agent} has been burned.")
    if destination not in move_destinations(city):
        raise IllegalAction(
            "not_adjacent",
            f"{agent} in {city} can go only to an adjacent city or, from a train station, "
            "to another station.",
        )
    return agent, destination


def move_an_agent(state: ConspiracyState, seat: int, agent: str, destination: str) -> list[Event]:
    """“Announce which agent moves and to which city; others may challenge first.”

    Called with what :func:`verify_move` accepted."""
    origin = state.agents[agent]
    assert origin is not None
    state.order = Order(kind="move", agent=agent, destination=destination, origin=origin)
    announced = Event.public("move_announced", player=seat, agent=agent, to=destination)
    return [announced, *offer_challenges(state)]


# -- Burn an agent ----------------------------------------------------------------------


def verify_burn(state: ConspiracyState, seat: int, action: Action) -> tuple[str, str]:
    """Which agent ``seat`` burns with and which it targets, or why not."""
    box = components()
    agent = one_of(action, "agent", box.agent_names)
    target = one_of(action, "target", box.agent_names)
    if is_restricted(state, seat):
        raise IllegalAction("restricted", "You are RESTRICTED: you may only make a payoff.")
    city, target_city = state.agents[agent], state.agents[target]
    if city is None or target_city is None:
        raise IllegalAction("agent_burned", "Both agents must still be on the board.")
    if agent == target:
        raise IllegalAction("burn_self", "An agent can't burn itself.")
    if city != target_city:
        raise IllegalAction("not_same_city", f"{agent} and {target} are not in the same city.")
    if state.payoffs[seat][agent] < components().burn_cost:
        raise IllegalAction(
            "burn_needs_five",
            f"You must have paid {agent} at least {components().burn_cost} sovereigns to burn.",
        )
    return agent, target


def burn_an_agent(state: ConspiracyState, seat: int, agent: str, target: str) -> list[Event]:
    """“Announce which agent performs the burn and which agent is the target.”

    Called with what :func:`verify_burn` accepted."""
    city = state.agents[agent]
    assert city is not None
    state.order = Order(kind="burn", agent=agent, target=target, origin=city)
    record_claim(state, seat, agent, components().burn_cost)  # the rules checked it
    announced = Event.public("burn_announced", player=seat, agent=agent, target=target)
    return [announced, *offer_challenges(state)]


# -- Choosing -----------------------------------------------------------------------------


def legal_turn_actions(state: ConspiracyState, seat: int) -> list[Action]:
    """Every payoff (recipient x amount), and unless restricted every move and burn."""
    actions: list[Action] = [
        {"type": "payoff", "to": r, "amount": n}
        for r in payoff_recipients(state)
        for n in range(payoff_limit(state, seat, r) + 1)
    ]
    if is_restricted(state, seat):
        return actions
    alive = live_agents(state)
    for agent in alive:
        city = state.agents[agent]
        assert city is not None
        actions += [{"type": "move", "agent": agent, "to": c} for c in move_destinations(city)]
    for agent in alive:
        if state.payoffs[seat][agent] < components().burn_cost:
            continue
        actions += [
            {"type": "burn", "agent": agent, "target": t}
            for t in alive
            if t != agent and state.agents[t] == state.agents[agent]
        ]
    return actions
