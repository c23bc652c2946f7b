"""The decisions players make, as JSON actions, with their legality checks.

- ``{"type": "choose_location", "location": "Hall"}`` — the Ambassador, step (A);
- ``{"type": "play", "position": "hand_facing_others"}`` — step (B);
- ``{"type": "infiltrate", "target": 2}`` / ``{"type": "recruit", "target": 4}`` — an
  Infiltrator or Recruiter with more than one possible target, step (C).

Validation reads only what the acting seat knows, so a refusal can never leak.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Action, IllegalAction
from spyhouse.games.agencia.components import Kind
from spyhouse.games.agencia.positions import Position
from spyhouse.games.agencia.resolution import targets
from spyhouse.games.agencia.state import AgenciaState, Location, Phase

TARGET_ACTION: dict[Kind, str] = {Kind.INFILTRATOR: "infiltrate", Kind.RECRUITER: "recruit"}


def expected_type(state: AgenciaState) -> str:
    """The action type the pending decision calls for."""
    if state.phase is Phase.CHOOSE_LOCATION:
        return "choose_location"
    if state.phase is Phase.PLAY:
        return "play"
    assert state.choosing is not None
    played = state.players[state.choosing].played
    assert played is not None
    return TARGET_ACTION[played.kind]


def legal_actions(state: AgenciaState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has nothing to decide)."""
    if seat not in to_act(state):
        return []
    kind = expected_type(state)
    if kind == "choose_location":
        return [{"type": kind, "location": location.value} for location in Location]
    if kind == "play":
        return [{"type": kind, "position": position.value} for position in Position]
    return [{"type": kind, "target": target} for target in targets(state, seat)]


def to_act(state: AgenciaState) -> frozenset[int]:
    """The one seat with a pending decision (this game has no simultaneous choices)."""
    if state.phase is Phase.CHOOSE_LOCATION:
        return frozenset([state.ambassador])
    if state.phase is Phase.PLAY and state.to_play is not None:
        return frozenset([state.to_play])
    if state.phase is Phase.CHOOSE_TARGET and state.choosing is not None:
        return frozenset([state.choosing])
    return frozenset()


def _check_shape(action: Action, expected: str, key: str) -> Any:
    """The parameter of an action of the ``expected`` type with exactly one ``key``."""
    if action["type"] != expected:
        raise IllegalAction(
            "wrong_decision", f'Now you must decide "{expected}", not "{action["type"]}".'
        )
    if set(action) != {"type", key}:
        raise IllegalAction(
            "malformed_action", f'A "{expected}" action has exactly the keys "type" and "{key}".'
        )
    return action[key]


def parse_location(action: Action) -> Location:
    """The Embassy side the Ambassador chose."""
    value = _check_shape(action, "choose_location", "location")
    try:
        return Location(value)
    except ValueError:
        raise IllegalAction(
            "unknown_location", 'The Embassy is either "Hall" or "Garden".'
        ) from None


def parse_position(action: Action) -> Position:
    """The position of the card the player plays (any of the four, seen or not)."""
    value = _check_shape(action, "play", "position")
    try:
        return Position(value)
    except ValueError:
        names = ", ".join(position.value for position in Position)
        raise IllegalAction("unknown_position", f"Play from one of: {names}.") from None


def parse_target(state: AgenciaState, seat: int, action: Action) -> int:
    """The player whose played card the Infiltrator or Recruiter takes in exchange."""
    value = _check_shape(action, expected_type(state), "target")
    choices = targets(state, seat)
    if isinstance(value, bool) or not isinstance(value, int) or value not in choices:
        raise IllegalAction(
            "invalid_target", f"Choose one of the players who can be targeted: {choices}."
        )
    return value
