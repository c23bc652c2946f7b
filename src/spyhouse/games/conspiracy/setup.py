"""Setup: the board, the agents, the shields, the secret starting payoffs."""

from __future__ import annotations

from spyhouse.engine import Action, Event, IllegalAction, Rng
from spyhouse.games.conspiracy.board import payoff_board
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.state import ConspiracyOptions, ConspiracyState, Phase


def new_game(num_seats: int, options: ConspiracyOptions, seed: int) -> ConspiracyState:
    """Setup steps 1-10, up to the players' secret choice of two more agents."""
    box = components()
    rng = Rng(seed)
    start_cities = list(box.agent_start_cities)
    rng.shuffle(start_cities)
    tiles = list(box.agent_names)
    rng.shuffle(tiles)
    starting = tiles[:num_seats]
    first = rng.below(num_seats)
    track_start = box.solomon_start_space[num_seats]
    spaces = box.payoff_spaces
    payoffs = [dict.fromkeys(spaces, 0) for _ in range(num_seats)]
    for seat, agent in enumerate(starting):
        payoffs[seat][agent] = box.starting_payoff
    return ConspiracyState(
        num_seats=num_seats,
        rng=rng.state,
        hq=list(box.hq_by_player_count[num_seats]),
        starting_agent=starting,
        setup_picks=[None] * num_seats,
        reserve=[box.sovereigns_per_player - box.starting_payoff] * num_seats,
        payoffs=payoffs,
        removed=[0] * num_seats,
        agents=dict(zip(box.agent_names, start_cities, strict=True)),
        burned=[],
        briefcase=box.briefcase_start,
        solomon_space=track_start,
        solomon_start=track_start,
        first_player=first,
        current=first,
        restricted=[False] * num_seats,
        payoffs_made=[0] * num_seats,
        known_minimum=[dict.fromkeys(box.agent_names, 0) for _ in range(num_seats)],
        burns_by=[[] for _ in range(num_seats)],
    )


def setup_events(state: ConspiracyState) -> list[Event]:
    """What the setup shows: the board (steps 2-6: agents, briefcase, Dr. Solomon's die),
    the HQs and the first player to everyone; each starting-payoff tile (step 9) only to
    the player who drew it. Agents are listed in printed order, never by a dict's order."""
    box = components()
    events = [
        Event.public(
            "board_set_up",
            agents=[{"agent": a, "city": state.agents[a]} for a in box.agent_names],
            briefcase=state.briefcase,
            hq=list(state.hq),
            first_player=state.first_player,
            solomon_space=state.solomon_space,
        )
    ]
    for seat, agent in enumerate(state.starting_agent):
        events.append(
            Event.private(
                seat,
                "starting_payoff_dealt",
                player=seat,
                agent=agent,
                amount=box.starting_payoff,
            )
        )
    return events


def setup_pick_choices(state: ConspiracyState, seat: int) -> list[list[str]]:
    """Every pair of two *other* agents ``seat`` may put one sovereign on."""
    others = [a for a in components().agent_names if a != state.starting_agent[seat]]
    return [[a, b] for i, a in enumerate(others) for b in others[i + 1 :]]


def verify_setup_payoff(state: ConspiracyState, seat: int, action: Action) -> list[str]:
    """“Then put 1 sovereign on each of two other agents of your choice (not on Dr.
    Solomon)”: the two agents in printed order, or why they can't be chosen."""
    agents = action.get("agents")
    if state.setup_picks[seat] is not None:
        raise IllegalAction("already_chosen", "You already chose your two agents.")
    if not isinstance(agents, list):
        raise IllegalAction("bad_value", 'Name two agents, e.g. "agents": ["Beacon", "Tempest"].')
    if len(agents) != components().setup_picks:
        raise IllegalAction("wrong_count", 'Name two agents, e.g. "agents": ["Beacon", "Tempest"].')
    order = components().agent_names
    if any(a not in order for a in agents):
        raise IllegalAction("unknown_name", f"Agents are {', '.join(order)}.")
    if len(set(agents)) != len(agents):
        raise IllegalAction("duplicate_choice", "Choose two different agents.")
    if state.starting_agent[seat] in agents:
        raise IllegalAction(
            "starting_agent", "Your starting-payoff agent already has 3; choose two others."
        )
    return sorted(agents, key=order.index)


def choose_setup_payoffs(state: ConspiracyState, seat: int, picks: list[str]) -> list[Event]:
    """Record ``seat``'s secret pick (as :func:`verify_setup_payoff` accepted it); the coins
    go down when everyone has chosen."""
    state.setup_picks[seat] = picks
    events = [Event.public("setup_agents_chosen", player=seat)]
    if all(p is not None for p in state.setup_picks):
        events += _place_setup_payoffs(state)
    return events


def _place_setup_payoffs(state: ConspiracyState) -> list[Event]:
    """All have chosen: the coins go down behind the shields and the tiles go to the box."""
    amount = components().setup_pick_amount
    events = []
    for seat, picks in enumerate(state.setup_picks):
        assert picks is not None
        for agent in picks:
            state.payoffs[seat][agent] += amount
            state.reserve[seat] -= amount
        events.append(
            Event.private(
                seat, "setup_payoffs_placed", player=seat, payoffs=payoff_board(state, seat)
            )
        )
    state.phase = Phase.ACTION
    events.append(Event.public("game_started", first_player=state.first_player, round=state.round))
    return events
