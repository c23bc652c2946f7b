r"""The pieces of a game state, and their fast copy.

A state is a tree of Parts whose every field says who may know it
(:mod:`spyhouse.engine.visibility`)::

    @slotted
    class SideState(Part):
        hand: Private[tuple[int, ...]]
        infiltration_points: Public[int] = 0

A Part is a pydantic dataclass with ``__slots__``: its saved form refuses unknown keys
and round-trips exactly (:func:`state_adapter`), an assignment to a field it does not
have raises ``AttributeError``, and :meth:`Part.copy` shares nothing mutable.

Why slots rather than pydantic models (the Parts were ``BaseModel``\s before):
CPython 3.11 speeds up an attribute read only on slots and on a ``__dict__`` it manages
itself. A pydantic model declares its ``__dict__`` as a slot, so each ``state.phase``
took the generic path (about four times as slow) and each assignment a Python
``__setattr__``. An engine reads its state dozens of times a step, and a search bot
plays thousands of steps a second: slotted, a random game takes 12-35 % less time
(``bench/README.md``, slotted states).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Protocol, Self, TypeVar, Union, dataclass_transform

import pydantic.dataclasses
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from spyhouse.engine.visibility import fields_of, is_part_class

T = TypeVar("T")


class GameState(Protocol):
    """What the engine and the server ask of every game state: its seat count and a
    fast copy."""

    @property
    def num_seats(self) -> int: ...

    def copy(self) -> Self: ...


_STRICT = ConfigDict(extra="forbid")


@dataclass_transform(kw_only_default=True, field_specifiers=(Field,))
def slotted(cls: type[T]) -> type[T]:
    """Declare a :class:`Part`: a pydantic dataclass with ``__slots__`` whose fields are
    given by keyword and whose saved form refuses unknown keys."""
    return pydantic.dataclasses.dataclass(cls, slots=True, kw_only=True, config=_STRICT)  # type: ignore[return-value]


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(Field,))
def frozen_slotted(cls: type[T]) -> type[T]:
    """Declare a frozen :class:`Part` (replaced, never changed): it holds only immutable
    fields, so a copy shares it, and :func:`fast_copy` makes a changed one."""
    return pydantic.dataclasses.dataclass(  # type: ignore[return-value]
        cls, slots=True, kw_only=True, frozen=True, config=_STRICT
    )


class Part:
    """Base for the pieces of a game state (a deck, a duel, a location), declared with
    :func:`slotted` or :func:`frozen_slotted` (see the module's docstring)."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "copy" not in cls.__dict__:  # each class compiles its own (see copy)
            cls.copy = _first_copy  # type: ignore[method-assign]

    def copy(self) -> Self:
        """A deep copy that shares nothing mutable with ``self``, fast.

        The engine copies the state once per action (:meth:`Game.apply`), and search
        bots far more often. Lists, dicts and Parts are copied; everything else
        (numbers, strings, enums, tuples, frozen Parts) is immutable and shared. The
        first copy of a class writes its copy function out field by field
        (:func:`_copy_source`) and puts it on the class in place of this one, so later
        copies run no loop over fields and no lookup of how to copy them."""
        copy = _compile_copy(type(self))
        type.__setattr__(type(self), "copy", copy)
        return copy(self)  # type: ignore[return-value]


_first_copy = Part.copy
"""Every Part class starts with this copy, which replaces itself by the class's own."""


def _compile_copy(model: type[Part]) -> Callable[[Part], Part]:
    """``model``'s copy function, compiled from :func:`_copy_source`."""
    namespace: dict[str, Any] = {"cls": model, "_new_object": object.__new__, "_copied": _copied}
    exec(_copy_source(model), namespace)  # noqa: S102 -- source built from annotations only
    copy: Callable[[Part], Part] = namespace["copy"]
    copy.__doc__ = Part.copy.__doc__
    copy.__qualname__ = f"{model.__qualname__}.copy"
    return copy


def _copy_source(model: type[Part]) -> str:
    """The source of a Part's copy: each field assigned, a mutable one through the
    expression :func:`_copy_expression` writes for its type. For La Agencia's
    ``Player``::

        def copy(self):
            new = _new_object(cls)
            new.information = self.information
            new.positions = None if (v := self.positions) is None else {**v}
            new.remembered = None if (v := self.remembered) is None else [*v]
            ...
            return new

    A frozen Part holds only immutable fields and is its own copy."""
    if is_frozen(model):
        if not _immutable(model):
            raise TypeError(f"{model.__name__}: a frozen Part holds only immutable fields")
        return "def copy(self):\n    return self"
    lines = []
    for name, info in fields_of(model).items():
        expression = _copy_expression(info.annotation, "v", 0)
        if expression is None:
            lines.append(f"    new.{name} = self.{name}")
        else:
            lines.append(f"    new.{name} = None if (v := self.{name}) is None else {expression}")
    return "\n".join(["def copy(self):", "    new = _new_object(cls)", *lines, "    return new"])


def _copy_expression(annotation: Any, value: str, depth: int) -> str | None:
    """An expression copying ``value`` (a variable name) of this type, or ``None`` if
    such a value is immutable and may be shared. ``None`` items are kept as they are."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Annotated:
        return _copy_expression(args[0], value, depth)
    if origin in (Union, types.UnionType):
        options = [_copy_expression(a, value, depth) for a in args if a is not type(None)]
        if all(o is None for o in options):
            return None
        return options[0] if len(options) == 1 else f"_copied({value})"
    if is_part_class(annotation) and _immutable(annotation):
        return None  # a frozen model of immutable fields (a frozen Part, table options)
    if isinstance(annotation, type) and issubclass(annotation, Part):
        return f"{value}.copy()"
    item, key = f"x{depth}", f"k{depth}"
    if origin is list or annotation is list:
        inner = _copy_expression(args[0], item, depth + 1) if args else f"_copied({item})"
        if inner is None:
            return f"[*{value}]"
        return f"[None if {item} is None else {inner} for {item} in {value}]"
    if origin is dict or annotation is dict:
        inner = _copy_expression(args[1], item, depth + 1) if args else f"_copied({item})"
        if inner is None:
            return f"{{**{value}}}"
        return (
            f"{{{key}: None if {item} is None else {inner} for {key}, {item} in {value}.items()}}"
        )
    if annotation is Any or origin is set:
        return f"_copied({value})"
    if isinstance(annotation, type) and issubclass(annotation, (list, dict, set, BaseModel)):
        return f"_copied({value})"
    return None


def _immutable(part: type[Any]) -> bool:
    """A frozen model whose fields are all immutable can be shared, not copied."""
    return is_frozen(part) and all(
        _copy_expression(info.annotation, "v", 0) is None for info in fields_of(part).values()
    )


def _copied(value: Any) -> Any:
    """The fallback for loosely typed fields: copy whatever is mutable, recursively."""
    if isinstance(value, Part):
        return value.copy()
    if isinstance(value, BaseModel):
        return value.model_copy(deep=True)
    if isinstance(value, list):
        return [_copied(v) for v in value]
    if isinstance(value, dict):
        return {k: _copied(v) for k, v in value.items()}
    if isinstance(value, set):
        return set(value)
    return value


P = TypeVar("P", bound=Part)


def fast_copy(part: P, **changes: object) -> P:
    """A shallow copy of ``part`` with ``changes``, unvalidated (``changes`` must be valid).

    A frozen Part (Estoril's Location, a tile) is replaced, never changed, and a step may
    replace several; ``dataclasses.replace`` would validate the whole Part again through
    pydantic. Each class compiles its own (:func:`_compile_fast_copy`). A change to a
    field that does not exist raises ``TypeError``. (A full copy is :meth:`Part.copy`.)
    """
    copy: P = _FAST_COPIES[type(part)](part, **changes)
    return copy


class _FastCopies(dict[type[Any], Callable[..., Any]]):
    """Each slotted class's fast copy, compiled on first use."""

    def __missing__(self, cls: type[Any]) -> Callable[..., Any]:
        copy = self[cls] = _compile_fast_copy(cls)
        return copy


_FAST_COPIES = _FastCopies()


def _compile_fast_copy(cls: type[Any]) -> Callable[..., Any]:
    """``cls``'s fast copy written out field by field; for Estoril's ``Reward``::

        def fast_copy(self, /, *, tile=_keep, face_up=_keep, known_by=_keep):
            new = _new_object(cls)
            _set_tile(new, self.tile if tile is _keep else tile)
            ...
            return new

    Each slot is set through its own descriptor: a frozen dataclass refuses
    ``setattr``, and ``object.__setattr__`` would look the slot up again."""
    names = list(fields_of(cls))
    namespace: dict[str, Any] = {"cls": cls, "_new_object": object.__new__, "_keep": _KEEP}
    lines = []
    for name in names:
        namespace[f"_set_{name}"] = cls.__dict__[name].__set__
        lines.append(f"    _set_{name}(new, self.{name} if {name} is _keep else {name})")
    parameters = ", ".join(f"{name}=_keep" for name in names)
    source = "\n".join(
        [
            f"def fast_copy(self, /, *, {parameters}):",
            "    new = _new_object(cls)",
            *lines,
            "    return new",
        ]
    )
    exec(source, namespace)  # noqa: S102 -- source built from field names only
    copy: Callable[..., Any] = namespace["fast_copy"]
    return copy


_KEEP = object()
"""A field :func:`fast_copy` leaves as it is."""


def is_frozen(part: type[Any]) -> bool:
    """Whether instances of ``part`` (a Part, or table options) refuse changes."""
    if issubclass(part, BaseModel):
        return bool(part.model_config.get("frozen"))
    return bool(part.__dataclass_params__.frozen)


@cache
def state_adapter(state: type[Any]) -> TypeAdapter[Any]:
    """Dumps and validates a state class's saved form (``Game.dump``/``Game.load``)."""
    return TypeAdapter(state)
