"""Every reason a game may give for refusing an action, defined once.

A client that plays several games reads one vocabulary: the same fault has the same
reason in every game (an action of the wrong kind for the pending decision is
``wrong_decision`` whether Estoril, La Agencia, Spies & Lies or Conspiracy refuses it),
and each rule of a game that forbids a choice has a reason of its own. The server sends
the reason in a refused move's ``reason`` field (its top-level ``code`` is
``illegal_action``, ``not_your_turn`` or ``game_over``) and publishes this catalogue as
an enum in its OpenAPI document, so a reason not listed here cannot reach a client:
:class:`~spyhouse.engine.contract.IllegalAction` refuses to be built with one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

FORM: Final[Mapping[str, str]] = {
    "malformed_action": 'The action is not a JSON object with a text "type".',
    "wrong_decision": "The action's type is not one the pending decision accepts.",
    "unknown_key": "The action has a field its type does not have.",
    "bad_value": "A field is missing, or not of the JSON kind it must be (a whole "
    "number, text, true/false, a list).",
    "out_of_range": "A number is outside the bounds the decision gives.",
    "unknown_name": "A text field names nothing it may name here (no such location, "
    "space, agent, soldier, option…).",
    "wrong_count": "A list has more or fewer items than the decision asks for.",
    "duplicate_choice": "A list names the same thing twice.",
    "not_in_hand": "The piece named is not in the acting seat's hand.",
    "not_in_discards": "The piece named is not in the acting seat's discard pile.",
    "illegal_choice": "A choice the rules forbid here; the message quotes the rule.",
}
"""Faults of an action's form, shared by every game: the same fault, the same reason."""

TURN: Final[Mapping[str, str]] = {
    "not_your_turn": "The seat has no pending decision now.",
    "game_over": "The game is over: nobody is to act.",
}
"""Refusals of *who* acts, whatever the action: each is also a top-level problem code."""

RULES: Final[Mapping[str, str]] = {
    # Estoril 1942
    "space_taken": "Estoril: the space is not free.",
    "space_not_allowed": "Estoril: place on a free outer space, or an inner space next "
    "to a tile you control.",
    "roulette_needs_tile": "Estoril: the Casino Roulette needs one more tile from your "
    "hand or discards.",
    "ability_not_available": "Estoril: the Character has no unused symbol of that ability.",
    # Stratego Spies & Lies
    "wrong_mission": "Spies & Lies: the action names another Mission than the one "
    "being identified.",
    "out_of_rank_order": "Spies & Lies: ranks must increase from left to right (only "
    "the Sergeant may sit anywhere).",
    "no_completion": "Spies & Lies: the teammate could not complete a line-up in rank order.",
    "no_sergeant": "Spies & Lies: only a seat whose Sergeant is deployed chooses his Intel token.",
    "not_exhausted": "Spies & Lies: choose one of your exhausted soldiers.",
    # Conspiracy: The Solomon Gambit
    "already_chosen": "Conspiracy: you already chose your setup agents.",
    "starting_agent": "Conspiracy: your starting-payoff agent cannot be chosen again.",
    "agent_burned": "Conspiracy: the agent has been burned.",
    "negative_payoff": "Conspiracy: a payoff cannot be negative.",
    "one_to_solomon": "Conspiracy: Dr. Solomon may be paid only one sovereign.",
    "reserve_too_small": "Conspiracy: your reserve cannot pay that much.",
    "restricted": "Conspiracy: a RESTRICTED player may only make a payoff.",
    "not_adjacent": "Conspiracy: the agent cannot reach that city in one move.",
    "burn_self": "Conspiracy: an agent cannot burn itself.",
    "not_same_city": "Conspiracy: both agents must be in the same city to burn.",
    "burn_needs_five": "Conspiracy: you must have paid the agent enough to burn.",
    "announcement_too_low": "Conspiracy: the announcement is below the lowest allowed.",
    "above_your_payoff": "Conspiracy: you cannot announce more than you paid the agent.",
    "ability_not_possible": "Conspiracy: the agent's ability cannot be used now.",
    "bad_push": "Conspiracy: Tempest cannot push that agent there.",
}
"""Rules of one game that forbid a choice, each its own reason."""

REASONS: Final[Mapping[str, str]] = {**FORM, **TURN, **RULES}
"""The whole catalogue: reason → what it means."""


def check_reason(code: str) -> str:
    """``code`` if the catalogue has it; a ``ValueError`` otherwise, so a game cannot
    refuse with a reason no client was told about.

    >>> check_reason("wrong_decision")
    'wrong_decision'
    >>> check_reason("not_now")
    Traceback (most recent call last):
    ValueError: refusal reason 'not_now' is not in spyhouse.engine.refusals.REASONS
    """
    if code not in REASONS:
        raise ValueError(f"refusal reason {code!r} is not in spyhouse.engine.refusals.REASONS")
    return code
