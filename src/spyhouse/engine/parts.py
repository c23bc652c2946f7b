"""The pieces of a game state, and their fast copy.

A state is a tree of Parts whose every field says who may know it
(:mod:`spyhouse.engine.visibility`). A Part comes in two kinds with one contract
(unknown keys refused, exact JSON round trips through pydantic, a :meth:`copy` that
shares nothing mutable):

- :class:`Part`, a pydantic model: the default.
- :class:`SlottedPart`, a pydantic dataclass with ``__slots__`` (declared with
  :func:`slotted`), for an engine whose search playouts read the state at every step.
  CPython 3.11 speeds up an attribute read only on slots and on the ``__dict__`` it
  manages itself, and a pydantic model's ``__dict__`` is a declared slot, so each
  ``state.phase`` takes the generic path (about four times as slow), and each
  assignment goes through :meth:`Part.__setattr__`. Spies & Lies reads its state about a
  hundred times a step; slotted, a random game of it takes a quarter less time
  (issue 15; `bench/README.md`, session 8).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, ClassVar, Protocol, Self, TypeVar, Union, dataclass_transform

import pydantic.dataclasses
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from spyhouse.engine.visibility import Public, fields_of, is_part_class

T = TypeVar("T")


class GameState(Protocol):
    """What the engine and the server ask of every game state: its seat count and a
    fast copy (:class:`StateModel` and a slotted state both have them)."""

    @property
    def num_seats(self) -> int: ...

    def copy(self) -> Self: ...


class Part(BaseModel):
    """Base for the pieces of a game state (a deck, a duel, a location): strict, so a
    typo in a saved state fails loudly instead of being dropped."""

    model_config = ConfigDict(validate_assignment=False, extra="forbid")

    __assignable__: ClassVar[frozenset[str]] = frozenset()
    """The fields ``__setattr__`` writes straight into ``__dict__`` (all, unless frozen)."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        frozen = cls.model_config.get("frozen") or cls.model_config.get("validate_assignment")
        fields = cls.model_fields.items()
        cls.__assignable__ = frozenset(
            () if frozen else (name for name, info in fields if not info.frozen)
        )
        if "copy" not in cls.__dict__:  # each class compiles its own (see copy)
            type.__setattr__(cls, "copy", _first_copy)

    def __setattr__(self, name: str, value: Any) -> None:
        """Assign a field without pydantic's generic handler: engines assign fields at
        every step. Parts do not track which fields were assigned (``model_fields_set``
        is what validation found), so a copy may share that set. Anything else (a frozen
        Part, a typo) goes through pydantic, which refuses it."""
        if name in self.__assignable__:
            self.__dict__[name] = value
        else:
            super().__setattr__(name, value)

    def copy(self) -> Self:  # type: ignore[override]  # replaces pydantic's deprecated copy()
        """A deep copy that shares nothing mutable with ``self``, fast.

        The engine copies the state once per action (:meth:`Game.apply`), and search
        bots far more often; ``model_copy(deep=True)`` goes through ``copy.deepcopy``
        and is several times slower. Lists, dicts and Parts are copied, everything else
        (numbers, strings, enums, tuples, frozen Parts) is immutable and shared.

        The first copy of a class writes its copy function out field by field
        (:func:`_compile_copy`) and puts it on the class in place of this one, so
        later copies run no loop over fields and no lookup of how to copy them.
        """
        copy = _compile_copy(type(self))
        type.__setattr__(type(self), "copy", copy)
        return copy(self)  # type: ignore[no-any-return]


_first_copy = Part.copy
"""Every Part class starts with this copy, which replaces itself by the class's own."""

_new_object = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
"""The setters of pydantic's four slots, called directly: ``object.__setattr__`` would
look each one up again (issue 15: a Part copy is mostly its new object's slots)."""


P = TypeVar("P", bound=Part)


def new_part(cls: type[P], fields: dict[str, Any], fields_set: set[str]) -> P:
    """A ``cls`` holding ``fields`` as they are, unvalidated: what pydantic's own
    ``__copy__`` does, minus its generic lookups. A Part has no extra fields
    (``extra="forbid"``) and no private attributes; ``fields_set`` may be shared, as
    Parts never change it (see :meth:`Part.__setattr__`). For engines that build a
    changed copy of a frozen Part; ``fields`` must be valid for ``cls``."""
    new = _new_object(cls)
    _set_dict(new, fields)
    _set_fields_set(new, fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def _compile_copy(model: type[Any]) -> Callable[[Any], Any]:
    """``model``'s copy function, written out from its field annotations once.

    The new ``__dict__`` is a shallow copy of the old one in which each mutable field
    is replaced by the expression :func:`_copy_expression` writes for its type; an
    immutable one is shared. For La Agencia's ``Player`` the source reads
    (``_copy_source(Player)``)::

        def copy(self):
            fields = self.__dict__.copy()
            if (v := fields['positions']) is not None:
                fields['positions'] = {**v}
            if (v := fields['remembered']) is not None:
                fields['remembered'] = [*v]
            if (v := fields['deck']) is not None:
                fields['deck'] = [*v]
            new = _new_object(cls)
            _set_dict(new, fields)
            _set_fields_set(new, self.__pydantic_fields_set__)
            _set_extra(new, None)
            _set_private(new, None)
            return new
    """
    namespace: dict[str, Any] = {
        "cls": model,
        "_new_object": _new_object,
        "_set_dict": _set_dict,
        "_set_fields_set": _set_fields_set,
        "_set_extra": _set_extra,
        "_set_private": _set_private,
        "_copied": _copied,
    }
    exec(_copy_source(model), namespace)  # noqa: S102 -- source built from annotations only
    copy: Callable[[Any], Any] = namespace["copy"]
    copy.__doc__ = Part.copy.__doc__
    copy.__qualname__ = f"{model.__qualname__}.copy"
    return copy


def _copy_source(model: type[Any]) -> str:
    """The Python source of ``model``'s copy function (see :func:`_compile_copy`)."""
    if issubclass(model, SlottedPart):
        return _slotted_copy_source(model)
    lines = []
    for name, info in model.model_fields.items():
        expression = _copy_expression(info.annotation, "v", 0)
        if expression is not None:
            lines.append(f"    if (v := fields[{name!r}]) is not None:")
            lines.append(f"        fields[{name!r}] = {expression}")
    return "\n".join(
        [
            "def copy(self):",
            "    fields = self.__dict__.copy()",
            *lines,
            "    new = _new_object(cls)",
            "    _set_dict(new, fields)",
            "    _set_fields_set(new, self.__pydantic_fields_set__)",
            "    _set_extra(new, None)",
            "    _set_private(new, None)",
            "    return new",
        ]
    )


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
    if isinstance(annotation, type) and issubclass(annotation, Part | SlottedPart):
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
    if isinstance(value, Part | SlottedPart):
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


class StateModel(Part):
    """Base for game states: pydantic gives exact JSON round-trips for free."""

    num_seats: Public[int]
    """How many players; the one field every state has (the generic helpers read it)."""


_STRICT = ConfigDict(extra="forbid")


@dataclass_transform(kw_only_default=True, field_specifiers=(Field,))
def slotted(cls: type[T]) -> type[T]:
    """Declare a :class:`SlottedPart`: a pydantic dataclass with ``__slots__`` whose
    fields are given by keyword and whose saved form refuses unknown keys, as a Part's."""
    return pydantic.dataclasses.dataclass(cls, slots=True, kw_only=True, config=_STRICT)  # type: ignore[return-value]


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(Field,))
def frozen_slotted(cls: type[T]) -> type[T]:
    """Declare a frozen :class:`SlottedPart` (replaced, never changed): it holds only
    immutable fields, so a copy shares it."""
    return pydantic.dataclasses.dataclass(  # type: ignore[return-value]
        cls, slots=True, kw_only=True, frozen=True, config=_STRICT
    )


class SlottedPart:
    """Base for a Part declared with :func:`slotted` (see the module's docstring for
    when to choose it)::

        @slotted
        class SideState(SlottedPart):
            hand: Private[tuple[int, ...]]
            infiltration_points: Public[int] = 0

    A typo in an assignment raises ``AttributeError`` (there is no slot for it)."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "copy" not in cls.__dict__:  # each class compiles its own (see copy)
            cls.copy = _first_slotted_copy  # type: ignore[method-assign]

    def copy(self) -> Self:
        """A deep copy that shares nothing mutable with ``self`` (:meth:`Part.copy`):
        compiled once per class, then one slot assignment per field."""
        copy = _compile_copy(type(self))
        type.__setattr__(type(self), "copy", copy)
        return copy(self)  # type: ignore[no-any-return]


_first_slotted_copy = SlottedPart.copy


def _slotted_copy_source(model: type[SlottedPart]) -> str:
    """The source of a slotted Part's copy; for Spies & Lies' ``SideState``::

        def copy(self):
            new = _new_object(cls)
            new.hand = self.hand
            ...
            return new

    A frozen one holds only immutable fields and is its own copy."""
    if is_frozen(model):
        if not _immutable(model):
            raise TypeError(f"{model.__name__}: a frozen slotted Part holds only immutable fields")
        return "def copy(self):\n    return self"
    lines = []
    for name, info in fields_of(model).items():
        expression = _copy_expression(info.annotation, "v", 0)
        if expression is None:
            lines.append(f"    new.{name} = self.{name}")
        else:
            lines.append(f"    new.{name} = None if (v := self.{name}) is None else {expression}")
    return "\n".join(["def copy(self):", "    new = _new_object(cls)", *lines, "    return new"])


def is_frozen(part: type[Any]) -> bool:
    """Whether instances of ``part`` refuse changes (and so may be shared)."""
    if issubclass(part, BaseModel):
        return bool(part.model_config.get("frozen"))
    return bool(part.__dataclass_params__.frozen)


@cache
def state_adapter(state: type[Any]) -> TypeAdapter[Any]:
    """Dumps and validates a state class's saved form, either kind of Part."""
    return TypeAdapter(state)
