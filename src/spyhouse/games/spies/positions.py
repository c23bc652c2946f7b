"""Build a Spies & Lies position in the rulebook's words, for tests, tools and puzzles.

Like a chess FEN, a position names what is on the table — the day, the soldiers under
each side's Mission cards, the current Intel card, the exhausted soldiers, the tracks —
not the state's internals. Soldiers are named by title or rank, sides by colour, the
Double Agent's space as the board says it:

>>> state = position(
...     red=["Spy", "Sergeant", "Miner", "Marshal"],
...     blue=["Scout", "Miner", "Colonel", "General"],
...     intel="Intel 1-2-3-4",
...     starting="blue",
...     exhausted={"red": ["Lieutenant"], "blue": ["Lieutenant"]},
...     infiltration_points={"red": 3},
...     double_agent="red territory 1",
...     sergeant_token={"red": True},
... )
>>> view = GAME.view(state, None)
>>> view["turn"]["guessing_side"], view["double_agent"]["space"]
('blue', 'red territory 1')
>>> [m["intel_token"] for m in view["sides"]["red"]["missions"]]
[True, True, True, False]

Given line-ups, the position is the start of that day's Mission phase, reached through
the real Deployment and Intelligence actions (so every rule on the way is checked: rank
order, hands, Intel tokens). Without line-ups it is the start of the Deployment phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spyhouse.games.spies import GAME
from spyhouse.games.spies.components import ALL_RANKS, SIDES, components, rank_of, soldier_name
from spyhouse.games.spies.infiltration import flag_space, space_name
from spyhouse.games.spies.state import Phase, SpiesState
from spyhouse.games.spies.teams import missions_of, side_of

Soldier = str | int
"""A soldier by title (``"Spy"``) or rank (``1``)."""


def position(
    seats: int = 2,
    *,
    red: Sequence[Soldier] | None = None,
    blue: Sequence[Soldier] | None = None,
    day: int = 1,
    starting: str = "red",
    intel: str = "Intel 1-2-3-4",
    exhausted: Mapping[str, Sequence[Soldier]] | None = None,
    infiltration_points: Mapping[str, int] | None = None,
    deception_tokens: Mapping[str, int] | None = None,
    double_agent: str = "neutral ground",
    sergeant_token: Mapping[str, bool] | None = None,
    seed: int = 1,
) -> SpiesState:
    """Day ``day`` with these public facts; with ``red`` and ``blue`` (Missions 1-4) the
    soldiers are deployed and the Intel tokens placed, ready for the first guess."""
    state = GAME.setup(seats, GAME.Options(), seed)
    state.day = day
    state.starting_side = side(starting)
    state.double_agent = space(double_agent)
    for index, colour in enumerate(SIDES):
        own = state.sides[index]
        own.exhausted = tuple(
            sorted(rank(s) for s in (exhausted or {}).get(colour, ["Lieutenant"]))
        )
        own.hand = tuple(sorted(set(ALL_RANKS) - set(own.exhausted)))
        own.infiltration_points = (infiltration_points or {}).get(colour, 0)
        own.deception_tokens = (deception_tokens or {}).get(
            colour, components().deception_tokens_at_start
        )
    card = intel_card(intel)
    others = [i for i in range(len(components().intel_cards)) if i != card]
    state.old_intel = others[:day]
    state.intel_deck = others[day:] + [card]
    if red is None and blue is None:
        return state
    if red is None or blue is None:
        raise ValueError("give both line-ups (red and blue), or neither")
    return deploy(state, {0: [rank(s) for s in red], 1: [rank(s) for s in blue]}, sergeant_token)


def deploy(
    state: SpiesState,
    line_ups: Mapping[int, Sequence[int]],
    sergeant_token: Mapping[str, bool] | None = None,
) -> SpiesState:
    """Deploy both sides' line-ups seat by seat, then place the Intel tokens."""
    while state.phase == Phase.DEPLOY:
        seat = min(GAME.to_act(state))
        soldiers = [
            soldier_name(line_ups[side_of(seat)][m]) for m in missions_of(state.num_seats, seat)
        ]
        state, _ = GAME.apply(state, seat, {"type": "deploy", "soldiers": soldiers})
    for seat in range(state.num_seats):
        if len(GAME.legal_actions(state, seat)) == 1:
            state, _ = GAME.apply(state, seat, {"type": "place_intel"})
        else:
            token = (sergeant_token or {}).get(SIDES[side_of(seat)], False)
            state, _ = GAME.apply(state, seat, {"type": "place_intel", "sergeant_token": token})
    return state


def rank(soldier: Soldier) -> int:
    """``"Marshal"`` or ``10`` → 10."""
    found = rank_of(soldier)
    if found is None:
        raise ValueError(f"no soldier called {soldier!r}")
    return found


def side(colour: str) -> int:
    """``"red"`` → 0, ``"blue"`` → 1."""
    if colour not in SIDES:
        raise ValueError(f"a side is red or blue, not {colour!r}")
    return SIDES.index(colour)


def space(name: str) -> int:
    """The Double Agent's position for a space named as :func:`space_name` names it.

    >>> space("neutral ground"), space("blue territory 2"), space("red wall")
    (0, 2, -5)
    """
    for position in range(-flag_space(), flag_space() + 1):
        if space_name(position) == name:
            return position
    raise ValueError(f"no space called {name!r}")


def intel_card(name: str) -> int:
    """The index of the Intel card called ``name`` (``"Intel 1-2-3-4"``)."""
    for index, card in enumerate(components().intel_cards):
        if card.name == name:
            return index
    raise ValueError(f"no Intel card called {name!r}")
