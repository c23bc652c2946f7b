"""Reading actions exactly: JSON types count, unknown fields are refused.

Python's ``==`` says ``True == 1`` and ``{"n": 1.0} == {"n": 1}``; JSON does not, and a
client that sends ``{"value": true}`` or ``{"value": 1.0}`` has not sent the number 1.
This is the one parser of every game: each compares an action with its legal ones
through :func:`is_one_of` and reads parameters through :func:`require_keys`,
:func:`whole_number`, :func:`one_of` and :func:`flag`, so one number policy holds
everywhere (``true`` is not ``1``, ``2.0`` is not ``2``) and a refusal names the field.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from typing import Any

import orjson

from spyhouse.engine.contract import IllegalAction


def canonical(value: Any) -> str:
    """A text key that tells ``1`` from ``true`` and ``1`` from ``1.0``: compact JSON
    with sorted keys. Equal JSON values get equal keys, different ones different keys.

    orjson, because a search keys every legal action at every tree node it passes (up to
    180 at a Conspiracy turn) and the standard encoder took a third of a search's time.
    orjson writes ``NaN`` and the infinities as ``null`` and refuses integers beyond 64
    bits, so whatever it writes ``null`` in or refuses goes to the standard encoder
    (which writes ``NaN``, ``Infinity`` and big integers as such): a client's ``NaN`` is
    never taken for a legal ``null``.

    >>> canonical({"b": 1, "a": True})
    '{"a":true,"b":1}'
    >>> canonical({"a": True}) == canonical({"a": 1}), canonical({"a": 1.0}) == canonical({"a": 1})
    (False, False)
    >>> canonical({"a": float("nan")}) == canonical({"a": None})
    False
    >>> canonical([2**70])
    '[1180591620717411303424]'
    """
    try:
        text = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
    except TypeError:
        return _standard(value)
    if b"null" in text:  # a None, a string holding "null", or a NaN orjson wrote as null
        return _standard(value)
    return text.decode()


def _standard(value: Any) -> str:
    """The standard encoder in orjson's layout (compact, sorted, UTF-8 as is)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def is_one_of(action: Mapping[str, Any], legal: Iterable[Mapping[str, Any]]) -> bool:
    """Exact membership: same keys, same values, same JSON types.

    >>> is_one_of({"type": "set_die", "value": True}, [{"type": "set_die", "value": 1}])
    False
    >>> is_one_of({"value": 1, "type": "set_die"}, [{"type": "set_die", "value": 1}])
    True
    """
    key = canonical(action)
    return any(canonical(candidate) == key for candidate in legal)


def require_keys(action: Mapping[str, Any], allowed: Collection[str]) -> None:
    """Refuse a field the action type does not have (``"type"`` is always allowed).

    >>> require_keys({"type": "pass"}, [])
    >>> require_keys({"type": "pass", "x": 1}, [])
    Traceback (most recent call last):
    spyhouse.engine.contract.IllegalAction: Unknown field "x" in a pass action.
    """
    if action.keys() - allowed <= _TYPE:
        return  # the usual case, checked by one set operation (no sorting, no loop)
    for key in sorted(str(k) for k in action):
        if key != "type" and key not in allowed:
            raise IllegalAction(
                "unknown_key", f'Unknown field "{key}" in a {_kind(action)} action.'
            )


def whole_number(
    action: Mapping[str, Any], key: str, lo: int | None = None, hi: int | None = None
) -> int:
    """``action[key]`` as an int in ``[lo, hi]`` (no bounds: the rule checks the range and
    says why); ``true`` and ``2.0`` are not whole numbers: a JSON number written with a
    fraction or a boolean is not what a listed action holds, so accepting one would make
    the legality of an action depend on how a client spells it.

    >>> whole_number({"type": "bid", "amount": 3}, "amount", 0, 5)
    3
    >>> whole_number({"type": "bid", "amount": True}, "amount", 0, 5)
    Traceback (most recent call last):
    spyhouse.engine.contract.IllegalAction: "amount" must be a whole number.
    >>> whole_number({"type": "set_die", "value": 9.0}, "value")
    Traceback (most recent call last):
    spyhouse.engine.contract.IllegalAction: "value" must be a whole number.
    """
    value = action.get(key)
    if type(value) is not int:  # bool is a subclass of int, float is not one
        raise IllegalAction("bad_value", f'"{key}" must be a whole number.')
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise IllegalAction("out_of_range", f'"{key}" must be between {lo} and {hi}.')
    return value


def one_of(action: Mapping[str, Any], key: str, allowed: Collection[str]) -> str:
    """``action[key]`` as one of the names in ``allowed`` (a box's agents, cities...).

    >>> one_of({"to": "Rome"}, "to", ["Paris", "Rome"])
    'Rome'
    >>> one_of({"to": 3}, "to", ["Paris", "Rome"])
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


_TYPE = frozenset(["type"])


def _kind(action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    return kind if isinstance(kind, str) else "this"
