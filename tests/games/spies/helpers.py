"""Build exact positions for the Spies & Lies tests (through ``spies.positions``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spyhouse.engine import Event
from spyhouse.games.spies import GAME, positions
from spyhouse.games.spies.components import SIDES, components, soldier_name
from spyhouse.games.spies.infiltration import space_name
from spyhouse.games.spies.state import SpiesState

RED, BLUE = 0, 1


def intel_index(ranks: Sequence[int]) -> int:
    return next(i for i, c in enumerate(components().intel_cards) if c.ranks == frozenset(ranks))


def before_deployment(
    *,
    seats: int = 2,
    day: int = 1,
    starting: int = RED,
    exhausted: Mapping[int, Sequence[int]] | None = None,
    intel: Sequence[int] = (1, 2, 3, 4),
    ip: Mapping[int, int] | None = None,
    double_agent: int = 0,
    deception: Mapping[int, int] | None = None,
) -> SpiesState:
    """A state at the start of a day's Deployment phase, with the given public facts
    (sides by index here; :func:`spyhouse.games.spies.positions.position` speaks colours)."""
    return positions.position(
        seats,
        day=day,
        starting=SIDES[starting],
        intel=components().intel_cards[intel_index(intel)].name,
        exhausted={SIDES[s]: list(r) for s, r in (exhausted or {RED: [5], BLUE: [5]}).items()},
        infiltration_points={SIDES[s]: n for s, n in (ip or {}).items()},
        deception_tokens={SIDES[s]: (deception or {}).get(s, 1) for s in (RED, BLUE)},
        double_agent=space_name(double_agent),
    )


def deploy_all(
    state: SpiesState,
    line_ups: Mapping[int, Sequence[int]],
    sergeant_token: Mapping[int, bool] | None = None,
) -> SpiesState:
    """Deploy both sides' line-ups (seat by seat) and place Intel tokens: Mission phase."""
    tokens = {SIDES[s]: t for s, t in (sergeant_token or {}).items()}
    state = positions.deploy(state, line_ups, tokens)
    assert state.phase == "missions"
    return state


def position(
    red: Sequence[int],
    blue: Sequence[int],
    sergeant_token: Mapping[int, bool] | None = None,
    **kw: Any,
) -> SpiesState:
    """Both line-ups deployed under the given public facts, ready for the first guess."""
    return deploy_all(before_deployment(**kw), {RED: red, BLUE: blue}, sergeant_token)


def act(state: SpiesState, action: dict[str, Any]) -> tuple[SpiesState, list[Event]]:
    """Apply ``action`` for the one seat that must decide now."""
    (seat,) = GAME.to_act(state)
    return GAME.apply(state, seat, action)


def guess(
    state: SpiesState, soldier: int, *, deception: bool = False
) -> tuple[SpiesState, list[Event]]:
    """Play the next turn: the defender's Deception decision (if any), then the guess."""
    events: list[Event] = []
    if state.step == "deception":
        state, events = act(state, {"type": "play_deception" if deception else "no_deception"})
    else:
        assert not deception, "the defender holds no Deception token"
    state, more = act(state, {"type": "guess", "soldier": soldier_name(soldier)})
    return state, events + more


def skip_to_turn(
    state: SpiesState, turn: int, guesses: Mapping[int, int] | None = None
) -> SpiesState:
    """Play the turns before ``turn`` (8 = to the end of the day) guessing each card
    correctly unless ``guesses`` (turn → rank) says otherwise."""
    day = state.day
    while state.phase == "missions" and state.day == day and state.turn < turn:
        mission = state.turn // 2
        defender = state.starting_side if state.turn % 2 else 1 - state.starting_side
        rank = state.sides[defender].missions[mission]
        assert rank is not None
        state, _ = guess(state, (guesses or {}).get(state.turn, rank))
    return state


def event_types(events: list[Event]) -> list[str]:
    return [e.type for e in events]
