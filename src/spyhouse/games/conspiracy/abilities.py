"""After a successful move: carry the briefcase or not, then use the agent's ability or
not. Abilities can't be challenged, and for them train stations are *not* adjacent."""

from __future__ import annotations

from spyhouse.engine import Action, Event, IllegalAction
from spyhouse.games.conspiracy.board import agents_in, red_line_neighbours
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.endings import briefcase_reaches_hq
from spyhouse.games.conspiracy.parsing import is_one_of
from spyhouse.games.conspiracy.rounds import end_turn
from spyhouse.games.conspiracy.state import ConspiracyState, SpyglassLook


def _moved(state: ConspiracyState) -> tuple[str, str]:
    """The agent that just moved and the city it stands in."""
    assert state.order is not None
    city = state.agents[state.order.agent]
    assert city is not None
    return state.order.agent, city


# -- Carrying the briefcase ---------------------------------------------------------------


def carry_the_briefcase(state: ConspiracyState, seat: int, carry: bool) -> list[Event]:
    """“If the briefcase is in the agent's city when it moves, you may carry it along.”"""
    agent, city = _moved(state)
    events: list[Event] = []
    if carry:
        state.briefcase = city
        events.append(Event.public("briefcase_carried", player=seat, agent=agent, to=city))
        events += briefcase_reaches_hq(state, seat)
        if state.phase == "over":
            return events
    return events + after_the_move(state)


def legal_briefcase_actions() -> list[Action]:
    return [{"type": "carry_briefcase"}, {"type": "leave_briefcase"}]


# -- Using an ability -----------------------------------------------------------------------


def after_the_move(state: ConspiracyState) -> list[Event]:
    """“After moving an agent you may use its ability” -- a decision only when it can do
    something; an ability with no possible effect is skipped without asking."""
    if len(ability_uses(state)) > 1:
        state.phase = "ability"
        return []
    return end_turn(state)


def ability_uses(state: ConspiracyState) -> list[Action]:
    """Skipping, and every way to use the moved agent's ability."""
    agent, city = _moved(state)
    uses: list[Action] = [{"type": "skip_ability"}]
    if agent == "Beacon":
        uses += [{"type": "beacon", "pull": a} for a in _beacon_pullable(state, city)]
    elif agent == "Magician":
        uses += [{"type": "magician", "briefcase_to": c} for c in _magician_steps(state, city)]
    elif agent == "Roulette":
        uses += [{"type": "roulette", "direction": d} for d in _roulette_directions(state)]
    elif agent == "Spyglass":
        uses += [
            {"type": "spyglass", "player": p, "on": space}
            for p in range(state.num_seats)
            if p != state.current
            for space in components().payoff_spaces
        ]
    elif agent == "Tempest":
        if _tempest_pushable(state, city):
            uses.append({"type": "tempest"})
    elif agent == "Vagabond":
        carry_options = [False, True] if state.briefcase == city else [False]
        uses += [
            {"type": "vagabond", "to": c, "carry_briefcase": carry}
            for c in red_line_neighbours(city)
            for carry in carry_options
        ]
    return uses


def use_ability(state: ConspiracyState, seat: int, action: Action) -> list[Event]:
    """Apply one entry of :func:`ability_uses` (refused if it is not one)."""
    if not is_one_of(action, ability_uses(state)):
        raise IllegalAction("ability_not_possible", _ability_help(state))
    kind = action["type"]
    agent, city = _moved(state)
    if kind == "skip_ability":
        return [Event.public("ability_skipped", player=seat, agent=agent), *end_turn(state)]
    if kind == "beacon":
        return beacon(state, seat, action["pull"], city)
    if kind == "magician":
        return magician(state, seat, action["briefcase_to"])
    if kind == "roulette":
        return roulette(state, seat, action["direction"])
    if kind == "spyglass":
        return spyglass(state, seat, action["player"], action["on"])
    if kind == "tempest":
        return tempest(state, seat, city)
    return vagabond(state, seat, action["to"], action["carry_briefcase"])


def _ability_help(state: ConspiracyState) -> str:
    agent, _ = _moved(state)
    ability = next(a.ability for a in components().agents if a.name == agent)
    return f"Not a possible use of {agent}'s ability ({ability}) -- or skip it."


def _beacon_pullable(state: ConspiracyState, city: str) -> list[str]:
    return [a for c in red_line_neighbours(city) for a in agents_in(state, c)]


def beacon(state: ConspiracyState, seat: int, pulled: str, city: str) -> list[Event]:
    """Beacon: “pull one other agent from an adjacent city into Beacon's city.”"""
    origin = state.agents[pulled]
    state.agents[pulled] = city
    event = Event.public("beacon_pulled", player=seat, agent=pulled, **{"from": origin}, to=city)
    return [event, *end_turn(state)]


def _magician_steps(state: ConspiracyState, city: str) -> list[str]:
    if state.briefcase == city:
        return list(red_line_neighbours(city))
    if state.briefcase in red_line_neighbours(city):
        return [city]
    return []


def magician(state: ConspiracyState, seat: int, destination: str) -> list[Event]:
    """Magician: “move the briefcase one step: from Magician's city to an adjacent city,
    or from an adjacent city into Magician's city.”"""
    origin = state.briefcase
    state.briefcase = destination
    events = [
        Event.public("magician_moved_briefcase", player=seat, **{"from": origin}, to=destination)
    ]
    events += briefcase_reaches_hq(state, seat)
    return events if state.phase == "over" else events + end_turn(state)


def _roulette_directions(state: ConspiracyState) -> list[str]:
    directions = []
    if state.solomon_space < state.solomon_start:
        directions.append("up")
    if state.solomon_space > components().solomon_last_space:
        directions.append("down")
    return directions


def roulette(state: ConspiracyState, seat: int, direction: str) -> list[Event]:
    """Roulette: “move Dr. Solomon's die one space up or down the track (not beyond its
    start space or space 1).”"""
    state.solomon_space += 1 if direction == "up" else -1
    event = Event.public(
        "roulette_moved_die", player=seat, direction=direction, space=state.solomon_space
    )
    return [event, *end_turn(state)]


def spyglass(state: ConspiracyState, seat: int, player: int, space: str) -> list[Event]:
    """Spyglass: “secretly look at one other player's payoff on one agent or on Dr. Solomon
    (only you learn the number; everyone sees whom you looked at).”"""
    amount = state.payoffs[player][space]
    state.looks.append(
        SpyglassLook(looker=seat, player=player, space=space, amount=amount, floor=amount)
    )
    return [
        Event.public("spyglass_looked", player=seat, at=player),
        Event.private(seat, "spyglass_saw", at=player, on=space, amount=amount),
        *end_turn(state),
    ]


def _tempest_pushable(state: ConspiracyState, city: str) -> list[str]:
    return [a for a in agents_in(state, city) if a != "Tempest"]


def tempest(state: ConspiracyState, seat: int, city: str) -> list[Event]:
    """Tempest: “push every other agent in Tempest's city to adjacent cities of your
    choice (the briefcase stays)” -- one push decision per agent."""
    state.to_push = _tempest_pushable(state, city)
    state.phase = "tempest"
    return [Event.public("tempest_used", player=seat, city=city, agents=list(state.to_push))]


def legal_pushes(state: ConspiracyState) -> list[Action]:
    _, city = _moved(state)
    return [
        {"type": "push", "agent": a, "to": c}
        for a in state.to_push
        for c in red_line_neighbours(city)
    ]


def push(state: ConspiracyState, seat: int, action: Action) -> list[Event]:
    """Push one of the agents Tempest still has to push."""
    if not is_one_of(action, legal_pushes(state)):
        raise IllegalAction(
            "bad_push", f"Push one of {', '.join(state.to_push)} to a city adjacent by a red line."
        )
    _, city = _moved(state)
    state.agents[action["agent"]] = action["to"]
    state.to_push.remove(action["agent"])
    events = [
        Event.public(
            "tempest_pushed", player=seat, agent=action["agent"], **{"from": city}, to=action["to"]
        )
    ]
    return events if state.to_push else events + end_turn(state)


def vagabond(state: ConspiracyState, seat: int, destination: str, carry: bool) -> list[Event]:
    """Vagabond: “take one more step to an adjacent city, carrying the briefcase if it is
    with him.”"""
    _, city = _moved(state)
    state.agents["Vagabond"] = destination
    events = [Event.public("vagabond_stepped", player=seat, **{"from": city}, to=destination)]
    if carry:
        state.briefcase = destination
        events.append(
            Event.public("briefcase_carried", player=seat, agent="Vagabond", to=destination)
        )
        events += briefcase_reaches_hq(state, seat)
    return events if state.phase == "over" else events + end_turn(state)
