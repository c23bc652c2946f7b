"""The decisions players make: who decides, what they may choose, and applying a choice.

- ``{"type": "choose_location", "location": "Hall"}`` — the Ambassador, step (A);
- ``{"type": "play", "position": "hand_facing_others"}`` — step (B);
- ``{"type": "infiltrate", "target": 2}`` / ``{"type": "recruit", "target": 4}`` — an
  Infiltrator or Recruiter with more than one possible target, step (C).

Each decision has one ``verify_…`` function that returns the parsed choice or raises
:class:`IllegalAction` with the specific reason; :func:`apply` calls it before changing
anything and :func:`is_legal` asks it, so a refusal's reason and legality cannot
disagree. Verification reads only what the acting seat knows, so a refusal cannot leak.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Action, Event, IllegalAction, frozen_action
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.components import ROUNDS, Kind
from spyhouse.games.agencia.hand import choose_embassy_location, play_agency_card
from spyhouse.games.agencia.resolution import solve_choice, targets
from spyhouse.games.agencia.sequence import continue_hand
from spyhouse.games.agencia.state import AgenciaState, Location, Phase

TARGET_ACTION: dict[Kind, str] = {Kind.INFILTRATOR: "infiltrate", Kind.RECRUITER: "recruit"}

# -- who decides, and on what ------------------------------------------------------------

CHOOSE_LOCATION, PLAY, CHOOSE_TARGET = Phase.CHOOSE_LOCATION, Phase.PLAY, Phase.CHOOSE_TARGET
"""The phases with a decision, read once: Python 3.11 looks an enum member up slowly
through its class, and whose turn it is gets asked several times a step."""


def to_act(state: AgenciaState) -> frozenset[int]:
    """The one seat with a pending decision (this game has no simultaneous choices)."""
    if state.phase is CHOOSE_LOCATION:
        return _ONLY[state.ambassador]
    if state.phase is PLAY and state.to_play is not None:
        return _ONLY[state.to_play]
    if state.phase is CHOOSE_TARGET and state.choosing is not None:
        return _ONLY[state.choosing]
    return frozenset()


_ONLY: tuple[frozenset[int], ...] = tuple(frozenset([seat]) for seat in range(max(ROUNDS)))
"""``{seat}`` for every seat, built once: every step asks whose turn it is several times."""


def expected_type(state: AgenciaState) -> str:
    """The action type the pending decision calls for."""
    if state.phase is CHOOSE_LOCATION:
        return "choose_location"
    if state.phase is PLAY:
        return "play"
    assert state.choosing is not None
    played = state.players[state.choosing].played
    assert played is not None
    return TARGET_ACTION[played.kind]


def legal_actions(state: AgenciaState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has nothing to decide).

    Playing a card and choosing the Embassy's side are the same few actions every time:
    built once and shared (not listed anew), as :class:`FrozenAction`s that refuse changes."""
    if seat not in to_act(state):
        return []
    if state.phase is PLAY:
        return [*_PLAY_ACTIONS]
    if state.phase is CHOOSE_LOCATION:
        return [*_LOCATION_ACTIONS]
    kind = expected_type(state)
    return [{"type": kind, "target": target} for target in targets(state, seat)]


# -- one reason function per decision -----------------------------------------------------


def _parameter(action: Action, expected: str, key: str) -> Any:
    """The one parameter of an action of the ``expected`` type (exactly ``type`` and ``key``)."""
    if action["type"] != expected:
        raise IllegalAction(
            "wrong_decision", f'Now you must decide "{expected}", not "{action["type"]}".'
        )
    if key not in action:
        raise IllegalAction("bad_value", f'A "{expected}" action needs "{key}".')
    if len(action) > 2:
        extra = sorted(str(k) for k in action if k not in ("type", key))
        raise IllegalAction(
            "unknown_key",
            f'Unknown field "{extra[0]}": a "{expected}" action has exactly the keys '
            f'"type" and "{key}".',
        )
    return action[key]


def verify_location(action: Action) -> Location:
    """(A) The Embassy side the Ambassador chose: ``"Hall"`` or ``"Garden"``, exactly."""
    value = _parameter(action, "choose_location", "location")
    if not isinstance(value, str) or value not in _LOCATIONS:
        reason = "unknown_name" if isinstance(value, str) else "bad_value"
        raise IllegalAction(reason, 'The Embassy is either "Hall" or "Garden".')
    return _LOCATIONS[value]


def verify_position(action: Action) -> Position:
    """(B) The position of the card played: any of the four, seen or not."""
    value = _parameter(action, "play", "position")
    if not isinstance(value, str) or value not in _POSITIONS:
        reason = "unknown_name" if isinstance(value, str) else "bad_value"
        raise IllegalAction(reason, f"Play from one of: {', '.join(_POSITIONS)}.")
    return _POSITIONS[value]


def verify_target(state: AgenciaState, seat: int, action: Action) -> int:
    """(C) The player whose played card the Infiltrator or Recruiter exchanges with.

    The candidates are the face-up played cards of the prey kind, which every seat sees.
    """
    value = _parameter(action, expected_type(state), "target")
    choices = targets(state, seat)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(
            "bad_value", f"Choose one of the players who can be targeted: {choices}."
        )
    if value not in choices:
        raise IllegalAction(
            "illegal_choice", f"Choose one of the players who can be targeted: {choices}."
        )
    return value


_LOCATIONS: dict[str, Location] = {location.value: location for location in Location}
_POSITIONS: dict[str, Position] = {position.value: position for position in Position}
_LOCATION_ACTIONS = tuple(
    frozen_action(type="choose_location", location=location) for location in _LOCATIONS
)
_PLAY_ACTIONS = tuple(frozen_action(type="play", position=position) for position in _POSITIONS)


def is_legal(state: AgenciaState, seat: int, action: Action) -> bool:
    """Whether ``apply`` would accept ``action`` (it asks the same reason functions)."""
    if seat not in to_act(state) or not isinstance(action.get("type"), str):
        return False
    try:
        _verify(state, seat, action)
    except IllegalAction:
        return False
    return True


def _verify(state: AgenciaState, seat: int, action: Action) -> Location | Position | int:
    if state.phase is CHOOSE_LOCATION:
        return verify_location(action)
    if state.phase is PLAY:
        return verify_position(action)
    if state.phase is CHOOSE_TARGET:
        return verify_target(state, seat, action)
    raise IllegalAction("game_over", "The game is over.")


# -- applying a decision -------------------------------------------------------------------


def apply(state: AgenciaState, seat: int, action: Action) -> list[Event]:
    """Verify fully, then change the state: a refused action changes nothing."""
    choice = _verify(state, seat, action)
    if isinstance(choice, Location):
        return choose_embassy_location(state, choice)
    if isinstance(choice, Position):
        return play_agency_card(state, seat, choice) + continue_hand(state)
    return solve_choice(state, seat, choice) + continue_hand(state)
