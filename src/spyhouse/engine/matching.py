"""Reading actions exactly: JSON types count, unknown fields are refused.

Python's ``==`` says ``True == 1`` and ``{"n": 1.0} == {"n": 1}``; JSON does not, and a
client that sends ``{"value": true}`` has not sent the number 1. Every game compares an
action with its legal ones through :func:`is_one_of` and reads parameters through
:func:`require_keys` and :func:`whole_number`, so a refusal always names the field.
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


def whole_number(action: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    """``action[key]`` as an int in ``[lo, hi]``; ``true`` and ``2.0`` are not numbers.

    >>> whole_number({"type": "bid", "amount": 3}, "amount", 0, 5)
    3
    >>> whole_number({"type": "bid", "amount": True}, "amount", 0, 5)
    Traceback (most recent call last):
    spyhouse.engine.contract.IllegalAction: "amount" must be a whole number.
    """
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction("bad_value", f'"{key}" must be a whole number.')
    if not lo <= value <= hi:
        raise IllegalAction("out_of_range", f'"{key}" must be between {lo} and {hi}.')
    return value


_TYPE = frozenset(["type"])


def _kind(action: Mapping[str, Any]) -> str:
    kind = action.get("type")
    return kind if isinstance(kind, str) else "this"
