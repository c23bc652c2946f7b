"""Build a Conspiracy position in the rulebook's words, for tests, tools and puzzles.

Like a chess FEN, a position names what is on the table -- where each agent stands,
which agents are burned, where the briefcase is, what is behind each shield, whose turn
it is, Dr. Solomon's die -- not the state's internals. Players are seat numbers (seat 0
holds the first HQ), agents and cities are named as printed:

>>> state = position(
...     3,
...     agents={"Spyglass": "Zurich", "Tempest": "Zurich"},
...     burned=["Roulette"],
...     briefcase="Zurich",
...     payoffs={0: {"Spyglass": 6, "Dr. Solomon": 1}, 1: {"Tempest": 5}},
...     payoffs_made={0: 3, 1: 1},
...     to_act=1,
...     solomon_space=4,
... )
>>> view = GAME.view(state, 0)
>>> view["my_shield"]["reserve"], view["briefcase"], view["dr_solomon"]["space"]
(23, 'Zurich', 4)
>>> [a for a in GAME.legal_actions(state, 1) if a["type"] == "burn"]
[{'type': 'burn', 'agent': 'Tempest', 'target': 'Spyglass'}]

The position is a player's turn (the ``action`` phase, after setup). Each shield holds
exactly the payoffs given -- nothing is added for the starting tile or the setup picks,
which stay as the setup dealt them (the picks: the first two other agents) -- and the rest of the 30 sovereigns (less 5 per successful burn) in reserve. What the
table remembers follows from the words: a burn also leaves its 5 removed sovereigns and
its public record, a Spyglass look what its looker saw, an announced number its public
lower bound.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spyhouse.games.conspiracy import GAME
from spyhouse.games.conspiracy.abilities import record_look
from spyhouse.games.conspiracy.components import components
from spyhouse.games.conspiracy.state import Claim, ConspiracyState, Phase


def position(
    seats: int = 3,
    *,
    agents: Mapping[str, str] | None = None,
    burned: Sequence[str] = (),
    briefcase: str | None = None,
    payoffs: Mapping[int, Mapping[str, int]] | None = None,
    payoffs_made: Mapping[int, int] | None = None,
    burns: Mapping[int, Sequence[str]] | None = None,
    announced: Mapping[int, Mapping[str, int]] | None = None,
    looks: Sequence[tuple[int, int, str]] = (),
    restricted: Sequence[int] = (),
    to_act: int = 0,
    first_player: int | None = None,
    round: int = 1,
    solomon_space: int | None = None,
    seed: int = 0,
) -> ConspiracyState:
    """Seat ``to_act``'s turn with these facts on the table.

    - ``agents``: agent -> city for the agents placed; the others stay where the setup
      put them. ``burned``: agents off the board (burned before any payoff shown here).
    - ``briefcase``: its city (default: where the setup puts it).
    - ``payoffs``: per seat, payoff space (agent or ``"Dr. Solomon"``) -> sovereigns.
    - ``payoffs_made``: how many payoffs each seat has announced (default 0).
    - ``burns``: per seat, the acting agent of each of its successful burns.
    - ``announced``: per seat, agent -> the highest number it announced in a challenge.
    - ``looks``: ``(looker, player, space)`` -- the looker's Spyglass saw that space now.
    - ``restricted``: seats whose RESTRICTED marker hangs on their shield.
    - ``first_player`` (default ``to_act``), ``round``, ``solomon_space`` (the die's
      space on Dr. Solomon's track; default its start space).

    >>> state = position(2, payoffs={1: {"Tempest": 2}}, burns={1: ["Tempest"]})
    >>> GAME.view(state, None)["players"][1]["coins_removed"], state.reserve[1]
    (5, 23)
    >>> position(2, agents={"Spyglass": "Atlantis"})
    Traceback (most recent call last):
    ValueError: no city called 'Atlantis' on the map
    """
    box = components()
    state = GAME.setup(seats, GAME.Options(), seed)
    for seat in (to_act, first_player, *restricted, *(payoffs or {}), *(burns or {})):
        _seat(state, seat)
    state.phase = Phase.ACTION
    state.round = round
    state.current = to_act
    state.first_player = to_act if first_player is None else first_player
    for seat in range(seats):
        tile = state.starting_agent[seat]
        state.setup_picks[seat] = [a for a in box.agent_names if a != tile][: box.setup_picks]
    for agent, city in (agents or {}).items():
        state.agents[_agent(agent)] = _city(city)
    for agent in burned:
        state.agents[_agent(agent)] = None
    state.burned = [a for a in box.agent_names if state.agents[a] is None]
    state.briefcase = _city(briefcase or box.briefcase_start)
    if solomon_space is not None:
        if not box.solomon_last_space <= solomon_space <= state.solomon_start:
            raise ValueError(
                f"Dr. Solomon's die goes from space {state.solomon_start} down to "
                f"{box.solomon_last_space}, not {solomon_space}"
            )
        state.solomon_space = solomon_space
    for seat, made in (payoffs_made or {}).items():
        state.payoffs_made[_seat(state, seat)] = made
    state.burned_at = [tuple(state.payoffs_made) for _ in state.burned]
    for seat in range(seats):
        _fill_shield(state, seat, (payoffs or {}).get(seat, {}), (burns or {}).get(seat, ()))
    for seat, numbers in (announced or {}).items():
        for agent, number in numbers.items():
            _announced(state, _seat(state, seat), _agent(agent), number)
    for looker, player, space in looks:
        _looked(state, _seat(state, looker), _seat(state, player), space)
    for seat in restricted:
        state.restricted[seat] = True
    return state


def _fill_shield(
    state: ConspiracyState, seat: int, board: Mapping[str, int], burns: Sequence[str]
) -> None:
    """Exactly ``board`` behind the shield, 5 removed per burn, the rest in reserve."""
    box = components()
    payoffs = dict.fromkeys(box.payoff_spaces, 0)
    for space, amount in board.items():
        if space not in payoffs or amount < 0:
            raise ValueError(f"a payoff is a whole number on one of {', '.join(payoffs)}")
        payoffs[space] = amount
    state.payoffs[seat] = payoffs
    state.burns_by[seat] = [_agent(agent) for agent in burns]
    state.removed[seat] = box.burn_cost * len(burns)
    state.reserve[seat] = box.sovereigns_per_player - sum(payoffs.values()) - state.removed[seat]
    if state.reserve[seat] < 0:
        raise ValueError(f"seat {seat} has only {box.sovereigns_per_player} sovereigns")


def _announced(state: ConspiracyState, seat: int, agent: str, number: int) -> None:
    """A number spoken in a challenge: public proof of at least that much on ``agent``."""
    if number > state.payoffs[seat][agent]:
        raise ValueError(f"seat {seat} can't announce {number}: it paid {agent} less")
    known = state.known_minimum[seat]
    known[agent] = max(known[agent], number)
    state.claims.append(
        Claim(seat, agent, number, state.payoffs_made[seat], state.burns_by[seat].count(agent))
    )


def _looked(state: ConspiracyState, looker: int, player: int, space: str) -> None:
    """The looker's Spyglass saw ``player``'s payoff on ``space`` as it stands now."""
    if space not in components().payoff_spaces:
        raise ValueError(f"no payoff space called {space!r}")
    record_look(state, looker, player, space)


def _seat(state: ConspiracyState, seat: int | None) -> int:
    if seat is not None and not 0 <= seat < state.num_seats:
        raise ValueError(f"seats are 0 to {state.num_seats - 1}, not {seat}")
    return 0 if seat is None else seat


def _agent(name: str) -> str:
    if name not in components().agent_names:
        raise ValueError(f"no agent called {name!r}: {', '.join(components().agent_names)}")
    return name


def _city(name: str) -> str:
    if name not in components().cities:
        raise ValueError(f"no city called {name!r} on the map")
    return name
