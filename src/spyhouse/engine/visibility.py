"""Who may know each field of a game state, declared next to the field.

Every field of a game's ``State`` (and of the Parts it holds) says who may know it::

    @slotted
    class State(Part):
        num_seats: Public[int]
        turn: Public[int]             # every seat and spectators
        hands: Private[list[list[str]]]  # known to some seats only (a hand)
        deck: Hidden[list[str]]       # known to nobody: chance, deck order, the RNG
        board: Mixed[list[Space]]     # Parts whose own fields carry declarations

The markers are ``typing.Annotated`` metadata, so the type checker sees plain ``int`` and
pydantic keeps the marker in the field's ``metadata`` (:func:`fields_of`).
:func:`undeclared_fields` is what a game's test asserts empty (a new field without a
declaration fails), and :func:`declared_fields` feeds
:func:`spyhouse.engine.testing.check_determinize_redraws`, which checks that
``determinize`` redraws every ``Hidden`` field.
"""

from __future__ import annotations

import enum
import types
import typing
from typing import Annotated, Any, TypeVar, Union

import pydantic.dataclasses
from pydantic import BaseModel
from pydantic.fields import FieldInfo

T = TypeVar("T")


class Visibility(enum.Enum):
    """Who may know a field's value."""

    PUBLIC = "public"
    """Every seat and spectators may know it (the view may show it)."""
    PRIVATE = "private"
    """Known to some seats only: a hand, a face-down card its owner looked at."""
    HIDDEN = "hidden"
    """Known to nobody: chance, deck order, the RNG, a choice not yet revealed."""
    MIXED = "mixed"
    """A Part (or list/dict/Optional of Parts) whose own fields carry declarations."""


Public = Annotated[T, Visibility.PUBLIC]
Private = Annotated[T, Visibility.PRIVATE]
Hidden = Annotated[T, Visibility.HIDDEN]
Mixed = Annotated[T, Visibility.MIXED]


def declared_fields(model: type[Any]) -> dict[str, Visibility]:
    """Every declared field by dotted path; Mixed fields are replaced by their parts.

    Lists read ``name[]``, dicts ``name{}``: ``"locations[].tile"``.
    """
    found: dict[str, Visibility] = {}
    _walk(model, "", found, [])
    return found


def undeclared_fields(model: type[Any]) -> list[str]:
    """Dotted paths of fields that say nothing about who may know them (want: ``[]``)."""
    missing: list[str] = []
    _walk(model, "", {}, missing)
    return missing


def _walk(model: type[Any], prefix: str, found: dict[str, Visibility], missing: list[str]) -> None:
    for name, info in fields_of(model).items():
        path = prefix + name
        marks = [m for m in info.metadata if isinstance(m, Visibility)]
        if len(marks) != 1:
            missing.append(path)
            continue
        if marks[0] is not Visibility.MIXED:
            found[path] = marks[0]
            continue
        parts = _parts(info.annotation, path)
        if not parts:
            missing.append(path + " (Mixed but holds no Part)")
        for part_path, part in parts:
            _walk(part, part_path + ".", found, missing)


def is_part_class(annotation: Any) -> bool:
    """Whether ``annotation`` is a class whose fields carry declarations: a Part (a
    pydantic dataclass) or a pydantic model (table options)."""
    return isinstance(annotation, type) and (
        issubclass(annotation, BaseModel) or pydantic.dataclasses.is_pydantic_dataclass(annotation)
    )


def fields_of(part: type[Any]) -> dict[str, FieldInfo]:
    """A Part's (or a pydantic model's) fields by name, with annotations and markers."""
    if issubclass(part, BaseModel):
        return part.model_fields
    fields: dict[str, FieldInfo] = part.__pydantic_fields__
    return fields


def _parts(annotation: Any, path: str) -> list[tuple[str, type[Any]]]:
    """The Part classes inside ``annotation`` with the path suffix that reaches them."""
    if is_part_class(annotation):
        return [(path, annotation)]
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is Annotated:
        return _parts(args[0], path)
    if origin in (list, tuple, set, frozenset):
        return [p for arg in args if arg is not Ellipsis for p in _parts(arg, path + "[]")]
    if origin is dict:
        return _parts(args[1], path + "{}")
    if origin in (Union, types.UnionType):
        return [p for arg in args for p in _parts(arg, path)]
    return []


def values_at(data: Any, path: str) -> list[Any]:
    """Every value a dotted path reaches in a dumped state (``None`` where a part is absent).

    >>> values_at({"a": [{"b": 1}, {"b": 2}]}, "a[].b")
    [1, 2]
    >>> values_at({"a": {"x": {"b": 1}}, "c": None}, "a{}.b")
    [1]
    """
    current = [data]
    for step in path.split("."):
        name = step.rstrip("[]{}")
        suffix = step[len(name) :]
        nxt = [item.get(name) if isinstance(item, dict) else None for item in current]
        while suffix:
            if suffix.startswith("[]"):
                nxt = [v for item in nxt if isinstance(item, list) for v in item]
            else:
                nxt = [item[k] for item in nxt if isinstance(item, dict) for k in sorted(item)]
            suffix = suffix[2:]
        current = nxt
    return current
