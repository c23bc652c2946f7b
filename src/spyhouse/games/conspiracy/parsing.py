"""Reading action parameters strictly (a bool is not a number, a name must exist)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spyhouse.engine import IllegalAction
from spyhouse.engine.matching import canonical, is_one_of

__all__ = ["canonical", "is_one_of", "name", "number"]


def number(action: dict[str, Any], key: str) -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction("bad_number", f'"{key}" must be a whole number.')
    return value


def name(action: dict[str, Any], key: str, allowed: Iterable[str], what: str) -> str:
    value = action.get(key)
    options = list(allowed)
    if not isinstance(value, str) or value not in options:
        raise IllegalAction(f"unknown_{what}", f'"{key}" must be one of: {", ".join(options)}.')
    return value
