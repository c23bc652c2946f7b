"""Reading a Conspiracy action's parameters strictly: a bool is not a number, a name must
exist in the box, a yes/no is JSON ``true``/``false``.

Exact comparison of whole actions lives in :mod:`spyhouse.engine.matching`.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from spyhouse.engine import IllegalAction


def number(action: Mapping[str, Any], key: str) -> int:
    """``action[key]`` as a whole number (the rule decides its range and says why).

    >>> number({"amount": 3}, "amount")
    3
    >>> number({"amount": True}, "amount")
    Traceback (most recent call last):
    spyhouse.engine.contract.IllegalAction: "amount" must be a whole number.
    """
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction("bad_value", f'"{key}" must be a whole number.')
    return value


def name(action: Mapping[str, Any], key: str, allowed: Collection[str]) -> str:
    """``action[key]`` as one of the names in ``allowed`` (the box's agents, cities...).

    >>> name({"to": "Rome"}, "to", ["Paris", "Rome"])
    'Rome'
    >>> name({"to": 3}, "to", ["Paris", "Rome"])
    Traceback (most recent call last):
    spyhouse.engine.contract.IllegalAction: "to" must be one of: Paris, Rome.
    """
    value = action.get(key)
    if not isinstance(value, str) or value not in allowed:
        options = ", ".join(allowed)
        reason = "unknown_name" if isinstance(value, str) else "bad_value"
        raise IllegalAction(reason, f'"{key}" must be one of: {options}.')
    return value


def flag(action: Mapping[str, Any], key: str) -> bool:
    """``action[key]`` as JSON ``true`` or ``false`` (``1`` and ``"yes"`` are not).

    >>> flag({"carry_briefcase": False}, "carry_briefcase")
    False
    >>> flag({"carry_briefcase": 1}, "carry_briefcase")
    Traceback (most recent call last):
    spyhouse.engine.contract.IllegalAction: "carry_briefcase" must be true or false.
    """
    value = action.get(key)
    if not isinstance(value, bool):
        raise IllegalAction("bad_value", f'"{key}" must be true or false.')
    return value
