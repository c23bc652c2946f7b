"""The game contract every Spyhouse game implements.

A game is a pure, deterministic state machine over JSON-able actions. The server only
ever calls the methods below; it never looks inside a state. See ``design.md``.

Authors subclass :class:`Game`, declare a pydantic ``State`` and ``Options`` model and
implement the abstract methods. :meth:`Game.apply` copies the state and checks whose
turn it is before handing the copy to :meth:`Game.apply_action`, so an engine may mutate
freely and a refused action can never change the caller's state.
"""

from __future__ import annotations

import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Generic, Self, TypeVar, Union

from pydantic import BaseModel, ConfigDict, ValidationError

from spyhouse.engine.rng import Rng
from spyhouse.engine.visibility import Public

JSON = Any
Action = dict[str, Any]
"""An action is a JSON object with a ``"type"`` key, e.g. ``{"type": "pass"}``."""


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is stable, ``message`` is for people.

    The message goes only to the seat that tried the action, so it may mention what
    that seat knows, but never what it does not.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(slots=True)
class Event:
    """Something that happened, with who may learn of it.

    ``audience`` is ``None`` for everyone (spectators included) or the seats that may
    read it. ``data`` must be JSON-able and name things as a player would.

    Treat an event as a value: nothing changes one once made. It is not a frozen
    dataclass only because a step makes several events and a frozen one costs three
    times as much to build (issue 15: a search bot plays thousands of steps a second).
    """

    type: str
    data: dict[str, JSON] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    @classmethod
    def public(cls, type: str, **data: JSON) -> Event:
        return cls(type, data, None)

    @classmethod
    def private(cls, seats: int | Sequence[int] | frozenset[int], type: str, **data: JSON) -> Event:
        audience = frozenset([seats]) if isinstance(seats, int) else frozenset(seats)
        return cls(type, data, audience)

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> dict[str, JSON]:
        return {
            "type": self.type,
            "data": self.data,
            "audience": None if self.audience is None else sorted(self.audience),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Event:
        audience = data.get("audience")
        return cls(
            data["type"],
            dict(data.get("data") or {}),
            None if audience is None else frozenset(audience),
        )


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` share the win (two or more = a tie/shared win; empty = a draw with no
    winner). ``scores`` is per seat when the game keeps a score. ``detail`` holds the
    scoring breakdown a client shows at the end.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    detail: dict[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {
            "winners": list(self.winners),
            "scores": None if self.scores is None else list(self.scores),
            "detail": self.detail,
        }


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
        (numbers, strings, enums, tuples) is immutable and shared.
        """
        cls = type(self)
        fields = self.__dict__.copy()
        for name, copier in _PLANS.get(cls) or _copy_plan(cls):
            value = fields[name]
            if value is not None:
                fields[name] = copier(value)
        # What pydantic's own __copy__ does, minus its generic copy.copy calls: a Part
        # has no extra fields (extra="forbid") and no private attributes.
        new = cls.__new__(cls)
        _set = object.__setattr__
        _set(new, "__dict__", fields)
        _set(new, "__pydantic_fields_set__", self.__pydantic_fields_set__)  # never changed
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new


Copier = Callable[[Any], Any]


def _copy_plan(model: type[Part]) -> tuple[tuple[str, Copier], ...]:
    """How to copy each mutable field of ``model``, read once from its annotations."""
    plan = _PLANS.get(model)
    if plan is None:
        steps = ((name, _copier(info.annotation)) for name, info in model.model_fields.items())
        plan = _PLANS[model] = tuple((name, c) for name, c in steps if c is not None)
    return plan


_PLANS: dict[type[Part], tuple[tuple[str, Copier], ...]] = {}


def _copier(annotation: Any) -> Copier | None:
    """A function copying a value of this type, or ``None`` if it is immutable."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Annotated:
        return _copier(args[0])
    if origin in (Union, types.UnionType):
        options = [_copier(a) for a in args if a is not type(None)]
        if all(o is None for o in options):
            return None
        return options[0] if len(options) == 1 else _copied
    if (
        isinstance(annotation, type)
        and issubclass(annotation, BaseModel)
        and _immutable(annotation)
    ):
        return None  # a frozen model of immutable fields (a frozen Part, table options)
    if isinstance(annotation, type) and issubclass(annotation, Part):
        return _copy_part
    if origin is list or annotation is list:
        item = _copier(args[0]) if args else _copied
        return list if item is None else _list_copier(item)
    if origin is dict or annotation is dict:
        value = _copier(args[1]) if args else _copied
        return dict if value is None else _dict_copier(value)
    if annotation is Any or origin is set:
        return _copied
    if isinstance(annotation, type) and issubclass(annotation, (list, dict, set, BaseModel)):
        return _copied
    return None


def _immutable(part: type[BaseModel]) -> bool:
    """A frozen model whose fields are all immutable can be shared, not copied."""
    return bool(part.model_config.get("frozen")) and all(
        _copier(info.annotation) is None for info in part.model_fields.values()
    )


def _list_copier(item: Copier) -> Copier:
    if item is _copy_part:  # the common case (players, locations), one call per item
        return _copy_parts

    def copy(items: list[Any]) -> list[Any]:
        return [None if x is None else item(x) for x in items]

    return copy


def _copy_parts(items: list[Part | None]) -> list[Part | None]:
    return [None if x is None else x.copy() for x in items]


def _dict_copier(value: Copier) -> Copier:
    def copy(items: dict[Any, Any]) -> dict[Any, Any]:
        return {k: None if v is None else value(v) for k, v in items.items()}

    return copy


def _copy_part(value: Part) -> Part:
    return value.copy()


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


class StateModel(Part):
    """Base for game states: pydantic gives exact JSON round-trips for free."""

    num_seats: Public[int]
    """How many players; the one field every state has (the generic helpers read it)."""


class GameOptions(BaseModel):
    """Base for a game's table options (expansions, variants): unknown keys are refused."""

    model_config = ConfigDict(extra="forbid")


S = TypeVar("S", bound=StateModel)


class Game(ABC, Generic[S]):
    """One game's rules. Instances are stateless; all state lives in ``S``."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = GameOptions
    State: ClassVar[type[StateModel]]

    # -- options and seats ---------------------------------------------------------

    def parse_options(self, raw: Mapping[str, JSON] | None) -> BaseModel:
        """Validate table options; raises ``ValueError`` with a readable reason."""
        try:
            return self.Options.model_validate(dict(raw or {}))
        except ValidationError as exc:
            raise ValueError(exc.errors(include_url=False, include_input=False)) from None

    def seat_range(self, options: BaseModel) -> range:
        """Legal player counts under these options (an expansion may add a seat)."""
        return range(self.min_seats, self.max_seats + 1)

    def options_schema(self) -> dict[str, JSON]:
        return self.Options.model_json_schema()

    # -- the contract ------------------------------------------------------------------

    @abstractmethod
    def setup(self, seats: int, options: BaseModel, seed: int) -> S:
        """A fresh game for ``seats`` players. All chance comes from ``seed``."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats with a pending decision (several at once for simultaneous choices)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty when it has nothing to decide."""

    @abstractmethod
    def apply_action(self, state: S, seat: int, action: Action) -> list[Event]:
        """Mutate ``state`` (a private copy) by ``action``; raise ``IllegalAction``."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` (``None``: a spectator) may know, built by allow-list."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """``None`` while the game is running."""

    @abstractmethod
    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A state ``seat`` cannot tell apart from ``state``: every secret of the
        others, the deck order and the RNG are redrawn consistently with what ``seat``
        knows. Feeds the generic leak test and information-set search bots.

        The result may share with ``state`` the parts it does not redraw: copy it before
        changing it in place (``bots.knowledge`` copies every sampled world)."""

    # -- provided ------------------------------------------------------------------------

    def setup_events(self, state: S) -> list[Event]:
        """What the setup shows, with audiences (private deals, public face-up draws).

        Called once by the server right after :meth:`setup` and stored in the log's
        start entry, so the log tells everything a seat was shown. Default: nothing.
        """
        return []

    def apply(self, state: S, seat: int, action: Mapping[str, JSON]) -> tuple[S, list[Event]]:
        """Validate whose turn it is, then apply ``action`` to a copy of ``state``."""
        if self.outcome(state) is not None:
            raise IllegalAction("game_over", "The game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction("not_your_turn", "It is not your turn to act.")
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise IllegalAction("malformed_action", 'An action is an object with a "type".')
        new = self.copy(state)
        events = self.apply_action(new, seat, dict(action))
        return new, events

    def copy(self, state: S) -> S:
        """The state's own fast copy (:meth:`Part.copy`)."""
        return state.copy()

    def dump(self, state: S) -> dict[str, JSON]:
        """The full state (secrets and RNG included) as JSON; never sent to clients."""
        return state.model_dump(mode="json")

    def load(self, data: Mapping[str, JSON]) -> S:
        return self.State.model_validate(data)  # type: ignore[return-value]

    def info(self) -> dict[str, JSON]:
        """What the lobby shows about this game."""
        default = self.Options()
        return {
            "id": self.id,
            "title": self.title,
            "description": self.description,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "default_seats": list(self.seat_range(default)),
            "options_schema": self.options_schema(),
        }
