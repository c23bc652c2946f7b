"""After a successful move: carry the briefcase or not, then use the agent's ability or
not. Abilities can't be challenged, and for them train stations are *not* adjacent."""

from __future__ import annotations

from spyhouse.engine import Action, Event, IllegalAction
from spyhouse.engine.matching import whole_number
from spyhouse.games.conspiracy import parsing
from spyhouse.games.conspiracy.board import agents_in, red_line_neighbours
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.endings import briefcase_reaches_hq
from spyhouse.games.conspiracy.rounds import end_turn
from spyhouse.games.conspiracy.state import ConspiracyState, Phase, SpyglassLook


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
        if state.phase == Phase.OVER:
            return events
    return events + after_the_move(state)


def legal_briefcase_actions() -> list[Action]:
    return [{"type": "carry_briefcase"}, {"type": "leave_briefcase"}]


# -- Using an ability -----------------------------------------------------------------------


def after_the_move(state: ConspiracyState) -> list[Event]:
    """“After moving an agent you may use its ability” -- a decision only when it can do
    something; an ability with no possible effect is skipped without asking."""
    if len(ability_uses(state)) > 1:
        state.phase = Phase.ABILITY
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


def _not_possible(message: str) -> IllegalAction:
    return IllegalAction("ability_not_possible", message)


def _moved_agent_must_be(state: ConspiracyState, agent: str) -> str:
    """Only the agent that just moved lends its ability; returns the city it stands in."""
    moved, city = _moved(state)
    if moved != agent:
        ability = next(a.ability for a in components().agents if a.name == moved)
        raise _not_possible(f"You moved {moved}: use its ability ({ability}) or skip it.")
    return city


def skip_ability(state: ConspiracyState, seat: int) -> list[Event]:
    """“You *may* use the agent's ability”: not using it ends the turn."""
    agent, _ = _moved(state)
    return [Event.public("ability_skipped", player=seat, agent=agent), *end_turn(state)]


def _beacon_pullable(state: ConspiracyState, city: str) -> list[str]:
    return [a for c in red_line_neighbours(city) for a in agents_in(state, c)]


def verify_beacon(state: ConspiracyState, seat: int, action: Action) -> str:
    """The agent Beacon pulls, or why it can't."""
    pulled = parsing.name(action, "pull", components().agent_names)
    city = _moved_agent_must_be(state, "Beacon")
    if pulled not in _beacon_pullable(state, city):
        where = state.agents[pulled]
        if where is None:
            raise _not_possible(f"{pulled} has been burned.")
        raise _not_possible(
            f"{pulled} is in {where}, not in a city joined to {city} by a red line "
            "(train stations are not adjacent for abilities)."
        )
    return pulled


def beacon(state: ConspiracyState, seat: int, pulled: str) -> list[Event]:
    """Beacon: “pull one other agent from an adjacent city into Beacon's city.”"""
    _, city = _moved(state)
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


def verify_magician(state: ConspiracyState, seat: int, action: Action) -> str:
    """Where Magician moves the briefcase, or why it can't go there."""
    destination = parsing.name(action, "briefcase_to", components().cities)
    city = _moved_agent_must_be(state, "Magician")
    steps = _magician_steps(state, city)
    if destination not in steps:
        raise _not_possible(
            f"The briefcase is in {state.briefcase}; Magician in {city} can move it only to: "
            f"{', '.join(steps)}."
        )
    return destination


def magician(state: ConspiracyState, seat: int, destination: str) -> list[Event]:
    """Magician: “move the briefcase one step: from Magician's city to an adjacent city,
    or from an adjacent city into Magician's city.”"""
    origin = state.briefcase
    state.briefcase = destination
    events = [
        Event.public("magician_moved_briefcase", player=seat, **{"from": origin}, to=destination)
    ]
    events += briefcase_reaches_hq(state, seat)
    return events if state.phase == Phase.OVER else events + end_turn(state)


def _roulette_directions(state: ConspiracyState) -> list[str]:
    directions = []
    if state.solomon_space < state.solomon_start:
        directions.append("up")
    if state.solomon_space > components().solomon_last_space:
        directions.append("down")
    return directions


def verify_roulette(state: ConspiracyState, seat: int, action: Action) -> str:
    """Which way Roulette moves Dr. Solomon's die, or why it can't."""
    direction = parsing.name(action, "direction", ("up", "down"))
    _moved_agent_must_be(state, "Roulette")
    if direction not in _roulette_directions(state):
        where = "its start space" if direction == "up" else "space 1"
        raise _not_possible(f"Dr. Solomon's die is on {where}: it can't go {direction}.")
    return direction


def roulette(state: ConspiracyState, seat: int, direction: str) -> list[Event]:
    """Roulette: “move Dr. Solomon's die one space up or down the track (not beyond its
    start space or space 1).”"""
    state.solomon_space += 1 if direction == "up" else -1
    event = Event.public(
        "roulette_moved_die", player=seat, direction=direction, space=state.solomon_space
    )
    return [event, *end_turn(state)]


def verify_spyglass(state: ConspiracyState, seat: int, action: Action) -> tuple[int, str]:
    """Whose payoff Spyglass looks at, and on which space -- or why it can't."""
    player = whole_number(action, "player", 0, state.num_seats - 1)
    space = parsing.name(action, "on", components().payoff_spaces)
    _moved_agent_must_be(state, "Spyglass")
    if player == seat:
        raise _not_possible("Look at another player's payoffs; yours are behind your shield.")
    return player, space


def record_look(state: ConspiracyState, looker: int, player: int, space: str) -> None:
    """What a Spyglass look leaves in the state: the amount seen, and when (among
    ``player``'s payoffs and burns), so the looker's memory of it can be placed."""
    amount = state.payoffs[player][space]
    state.looks.append(
        SpyglassLook(
            looker=looker,
            player=player,
            space=space,
            amount=amount,
            floor=amount,
            payoffs_before=state.payoffs_made[player],
            burns_before=state.burns_by[player].count(space),
        )
    )


def spyglass(state: ConspiracyState, seat: int, player: int, space: str) -> list[Event]:
    """Spyglass: “secretly look at one other player's payoff on one agent or on Dr. Solomon
    (only you learn the number; everyone sees whom you looked at).”"""
    record_look(state, seat, player, space)
    amount = state.payoffs[player][space]
    return [
        Event.public("spyglass_looked", player=seat, at=player),
        Event.private(seat, "spyglass_saw", at=player, on=space, amount=amount),
        *end_turn(state),
    ]


def _tempest_pushable(state: ConspiracyState, city: str) -> list[str]:
    return [a for a in agents_in(state, city) if a != "Tempest"]


def verify_tempest(state: ConspiracyState, seat: int, action: Action) -> None:
    """Tempest needs another agent in its city to push."""
    city = _moved_agent_must_be(state, "Tempest")
    if not _tempest_pushable(state, city):
        raise _not_possible(f"No other agent is in {city} for Tempest to push.")


def tempest(state: ConspiracyState, seat: int) -> list[Event]:
    """Tempest: “push every other agent in Tempest's city to adjacent cities of your
    choice (the briefcase stays)” -- one push decision per agent."""
    _, city = _moved(state)
    state.to_push = _tempest_pushable(state, city)
    state.phase = Phase.TEMPEST
    return [Event.public("tempest_used", player=seat, city=city, agents=list(state.to_push))]


def legal_pushes(state: ConspiracyState) -> list[Action]:
    _, city = _moved(state)
    return [
        {"type": "push", "agent": a, "to": c}
        for a in state.to_push
        for c in red_line_neighbours(city)
    ]


def verify_push(state: ConspiracyState, seat: int, action: Action) -> tuple[str, str]:
    """Which agent Tempest pushes where, or why not."""
    box = components()
    agent = parsing.name(action, "agent", box.agent_names)
    destination = parsing.name(action, "to", box.cities)
    _, city = _moved(state)
    if agent not in state.to_push:
        raise IllegalAction("bad_push", f"Tempest still has to push: {', '.join(state.to_push)}.")
    if destination not in red_line_neighbours(city):
        raise IllegalAction(
            "bad_push",
            f"Push {agent} to a city joined to {city} by a red line: "
            f"{', '.join(red_line_neighbours(city))}.",
        )
    return agent, destination


def push(state: ConspiracyState, seat: int, agent: str, destination: str) -> list[Event]:
    """Push one of the agents Tempest still has to push."""
    _, city = _moved(state)
    state.agents[agent] = destination
    state.to_push.remove(agent)
    events = [
        Event.public("tempest_pushed", player=seat, agent=agent, **{"from": city}, to=destination)
    ]
    return events if state.to_push else events + end_turn(state)


def verify_vagabond(state: ConspiracyState, seat: int, action: Action) -> tuple[str, bool]:
    """Where Vagabond steps and whether the briefcase comes along, or why not."""
    destination = parsing.name(action, "to", components().cities)
    carry = parsing.flag(action, "carry_briefcase")
    city = _moved_agent_must_be(state, "Vagabond")
    if destination not in red_line_neighbours(city):
        raise _not_possible(
            f"Vagabond in {city} steps only to a city joined by a red line: "
            f"{', '.join(red_line_neighbours(city))}."
        )
    if carry and state.briefcase != city:
        raise _not_possible(f"The briefcase is not in {city}.")
    return destination, carry


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
    return events if state.phase == Phase.OVER else events + end_turn(state)
