"""The game contract every Spyhouse game implements.

A game is a pure, deterministic state machine over JSON-able actions. The server only
ever calls the methods below; it never looks inside a state. See ``design.md``.

Authors subclass :class:`Game`, declare a ``State`` (of Parts, :mod:`spyhouse.engine.parts`)
and a pydantic ``Options`` model and implement the abstract methods. :meth:`Game.apply` copies the state and checks whose
turn it is before handing the copy to :meth:`Game.apply_action`, so an engine may mutate
freely and a refused action can never change the caller's state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError
from typing_extensions import TypedDict

from spyhouse.engine.parts import GameState, state_adapter
from spyhouse.engine.refusals import check_reason
from spyhouse.engine.rng import Rng
from spyhouse.engine.strategy import Strategy

if TYPE_CHECKING:
    from spyhouse.engine.decisions import DecisionTable

JSON = Any
Action = dict[str, Any]
"""An action is a JSON object with a ``"type"`` key, e.g. ``{"type": "pass"}``."""


def _refuse_change(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(
        "a legal action may be shared between calls and cannot be changed: "
        "copy it first (dict(action))"
    )


class FrozenAction(dict[str, Any]):
    """A legal action a game builds once and hands out again (listing the
    legal actions is a good part of a random step): a dict that refuses every change,
    so no caller can alter what the next caller is offered. JSON, ``==`` and
    ``dict(action)`` see a plain dict; a copy (``dict(action)``, ``copy.deepcopy``) is a
    plain, changeable dict. A list inside one is a :class:`FrozenList`."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return dict, (dict(self),)


class FrozenList(list[Any]):
    """A list that refuses every change: the lists inside a :class:`FrozenAction`.
    ``==`` a plain list with the same items; a copy is a plain list."""

    __slots__ = ()

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        return list, (list(self),)


_CHANGES: dict[type, tuple[str, ...]] = {
    FrozenAction: ("__setitem__", "__delitem__", "__ior__", "clear", "pop", "popitem")
    + ("setdefault", "update"),
    FrozenList: ("__setitem__", "__delitem__", "__iadd__", "__imul__", "append", "extend")
    + ("insert", "pop", "remove", "clear", "sort", "reverse"),
}
"""Every method that changes a dict or a list in place: each refuses."""
for _kind, _methods in _CHANGES.items():
    for _method in _methods:
        setattr(_kind, _method, _refuse_change)


class Fixed(dict[str, Any]):
    """A part of a view that never changes once built, shared by every view that shows
    it: a printed card or map, a Location as everyone sees it until it changes.

    Every reader sees a plain JSON object (``==``, ``dict(part)`` and a copy are plain
    dicts), and it refuses every change, as a :class:`FrozenAction` does. What it adds:
    the server's encoder keeps its JSON in :attr:`encoded` the first time it writes it
    and reuses it wherever the part is shown again (``store/jsontext.py``). Views are
    encoded for every reader after every move, and their fixed parts (the most of an
    Estoril board) were written again each time."""

    __slots__ = ("encoded",)
    encoded: Any
    """Its JSON as the encoder keeps it (unset until first written)."""

    def __reduce__(self) -> tuple[type[dict[str, Any]], tuple[dict[str, Any]]]:
        return dict, (dict(self),)


def _refuse_fixed_change(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError("a fixed part of a view is shared and cannot be changed: copy it first")


for _method in _CHANGES[FrozenAction]:
    setattr(Fixed, _method, _refuse_fixed_change)


def frozen_action(**fields: Any) -> FrozenAction:
    """A :class:`FrozenAction` of ``fields``; lists (and tuples) inside become
    :class:`FrozenList`s, dicts :class:`FrozenAction`s.

    >>> action = frozen_action(type="deploy", soldiers=["Spy", "Scout"])
    >>> action == {"type": "deploy", "soldiers": ["Spy", "Scout"]}
    True
    >>> action["type"] = "pass"
    Traceback (most recent call last):
    TypeError: a legal action may be shared between calls and cannot be changed: copy it first (dict(action))
    """
    return _frozen(fields)  # type: ignore[no-any-return]


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return FrozenAction({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return FrozenList([_frozen(v) for v in value])
    return value


_DICTS = (dict, FrozenAction)
"""The action types ``Game.apply`` accepts without asking ``isinstance(…, Mapping)``."""


class IllegalAction(Exception):
    """An action the rules refuse. ``code`` is stable, ``message`` is for people.

    ``code`` is one of :data:`spyhouse.engine.refusals.REASONS` (anything else is a
    ``ValueError`` here, so no client meets a reason it was not told about). The message
    goes only to the seat that tried the action, so it may mention what that seat
    knows, but never what it does not.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = check_reason(code)
        self.message = message


def in_audience(audience: Collection[int] | None, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may read an event with ``audience`` (a
    stored event's list, or an :class:`Event`'s set; ``None``: everyone)."""
    return audience is None or (seat is not None and seat in audience)


@dataclass(slots=True)
class Event:
    """Something that happened, with who may learn of it.

    ``audience`` is ``None`` for everyone (spectators included) or the seats that may
    read it. ``data`` must be JSON-able and name things as a player would.

    Treat an event as a value: nothing changes one once made. It is not a frozen
    dataclass only because a step makes several events and a frozen one costs three
    times as much to build (a search bot plays thousands of steps a second).
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
        return in_audience(self.audience, seat)

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


class OutcomeJSON(TypedDict):
    """:meth:`Outcome.to_json`, as a type (the published outcome schema)."""

    winners: list[int]
    scores: list[float] | None
    detail: dict[str, JSON]


class EventJSON(TypedDict):
    """An event as a reader receives it: its ``type`` and ``data`` (see each game's
    README for the types it makes)."""

    type: str
    data: dict[str, JSON]


class GameOptions(BaseModel):
    """Base for a game's table options (expansions, variants): unknown keys are refused."""

    model_config = ConfigDict(extra="forbid")


S = TypeVar("S", bound=GameState)


class Game(ABC, Generic[S]):
    """One game's rules. Instances are stateless; all state lives in ``S``."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseModel]] = GameOptions
    State: ClassVar[type[GameState]]
    """Made of Parts (:mod:`spyhouse.engine.parts`)."""
    ActionType: ClassVar[Any] = dict[str, JSON]
    """What every action is, as a type: a union of closed TypedDicts discriminated by
    ``type`` (each game's ``actions.py``). Its JSON Schema is published; the game's tests
    check that every listed legal action is one (:func:`engine.testing.check_action_types`)."""
    ViewType: ClassVar[Any] = None
    """What :meth:`view` returns, as a TypedDict (``None``: published as an object). Its
    JSON Schema is published; the same check validates every view of random games."""
    EventType: ClassVar[Any] = None
    """What every event is as a reader receives it (``{"type", "data"}``), as a type: a
    union of closed TypedDicts discriminated by ``type`` (each game's ``events.py``;
    ``None``: published as any ``EventJSON``). The same check validates every event of
    random games against it."""
    strategy: ClassVar[Strategy] = Strategy()
    """The rules of thumb the bots play by (default: none, random play)."""
    decision_table: ClassVar[DecisionTable[Any] | None] = None
    """The game's kinds of decision (:mod:`spyhouse.engine.decisions`): the engine
    dispatches every action through it (:meth:`apply_action`, :meth:`refusal`)."""
    decisions_per_seat: ClassVar[int] = 100
    """About the most decisions one seat makes in a game: how much of a time bank a
    searching bot's thinking would take (the lobby offers search where it fits)."""

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

    def schemas(self) -> dict[str, dict[str, JSON]]:
        """JSON Schemas of what this game's clients send and read, made from the types
        the engine declares: ``options``, ``action`` (one schema per action type, a union
        discriminated by ``type``), ``view`` (an object), ``event`` and ``outcome``."""
        action = TypeAdapter(self.ActionType).json_schema()
        for variant in action.get("$defs", {}).values():
            tag = variant.get("properties", {}).get("type", {})
            if "const" in tag:  # required on the wire, yet a client need not repeat it
                tag["default"] = tag["const"]
        return {
            "options": self.options_schema(),
            "action": action,
            "view": TypeAdapter(self.ViewType).json_schema()
            if self.ViewType is not None
            else {"type": "object", "description": f"What one seat of {self.title} sees"},
            "event": TypeAdapter(self.EventType or EventJSON).json_schema(),
            "outcome": TypeAdapter(OutcomeJSON).json_schema(),
        }

    # -- the contract ------------------------------------------------------------------

    @abstractmethod
    def setup(self, seats: int, options: BaseModel, seed: int) -> S:
        """A fresh game for ``seats`` players. All chance comes from ``seed``."""

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """Seats with a pending decision (several at once for simultaneous choices)."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty when it has nothing to decide.

        The list is the caller's own; its items may be :class:`FrozenAction`s shared
        between calls, which refuse changes (copy one to change it)."""

    def apply_action(self, state: S, seat: int, action: Action) -> list[Event]:
        """Mutate ``state`` (a private copy) by ``action``; raise ``IllegalAction``.

        Dispatched through :attr:`decision_table`; a game without one overrides this."""
        if self.decision_table is None:
            raise NotImplementedError(f"{type(self).__name__} declares no decision_table")
        return self.decision_table.apply(state, seat, action)

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

    def views(self, state: S, readers: Sequence[int | None]) -> list[dict[str, JSON]]:
        """The views of several readers of one state, in their order: each equal to
        :meth:`view` of that reader (the contract checks hold every game to it).

        The server asks for the views of every socket of a table at once after each move.
        A game whose readers see mostly the same board overrides this to build the shared
        part once (the views may share the parts that are the same: nothing changes a
        view once built)."""
        return [self.view(state, reader) for reader in readers]

    def setup_events(self, state: S) -> list[Event]:
        """What the setup shows, with audiences (private deals, public face-up draws).

        Called once by the server right after :meth:`setup` and stored in the log's
        start entry, so the log tells everything a seat was shown. Default: nothing.
        """
        return []

    def apply(self, state: S, seat: int, action: Mapping[str, JSON]) -> tuple[S, list[Event]]:
        """Validate whose turn it is, then apply ``action`` to a copy of ``state``.

        Whose turn it is is asked first: no seat is to act once the game is over (the
        contract tests check it), so the outcome is asked only to word a refusal, and
        a plain or frozen dict skips the slower ``Mapping`` check (a server
        and a search bot call this at every step)."""
        self._check_turn(state, seat, action)
        new = self.copy(state)
        events = self.apply_action(new, seat, dict(action))
        return new, events

    def refusal(self, state: S, seat: int, action: Any) -> IllegalAction | None:
        """Why :meth:`apply` would refuse ``action`` now, or ``None`` if it would accept
        it: the same checks (whose turn, the form, the decision's reason function) without
        copying or changing anything (PokerKit's ``can_…`` / ``verify_…``)."""
        try:
            self._check_turn(state, seat, action)
            if self.decision_table is None:
                self.apply_action(self.copy(state), seat, dict(action))
            else:
                self.decision_table.verify(state, seat, dict(action))
        except IllegalAction as refused:
            return refused
        return None

    def can(self, state: S, seat: int, action: Any) -> bool:
        """Whether :meth:`apply` would accept ``action`` now."""
        return self.refusal(state, seat, action) is None

    def _check_turn(self, state: S, seat: int, action: Any) -> None:
        """Refuse a seat that is not to act, and anything but an object with a text type."""
        if seat not in self.to_act(state):
            if self.outcome(state) is not None:
                raise IllegalAction("game_over", "The game is over.")
            raise IllegalAction("not_your_turn", "It is not your turn to act.")
        if (type(action) not in _DICTS and not isinstance(action, Mapping)) or not isinstance(
            action.get("type"), str
        ):
            raise IllegalAction("malformed_action", 'An action is an object with a "type".')

    def copy(self, state: S) -> S:
        """The state's own fast copy (:meth:`Part.copy`)."""
        return state.copy()

    def dump(self, state: S) -> dict[str, JSON]:
        """The full state (secrets and RNG included) as JSON; never sent to clients."""
        return state_adapter(self.State).dump_python(state, mode="json")  # type: ignore[no-any-return]

    def load(self, data: Mapping[str, JSON]) -> S:
        return state_adapter(self.State).validate_python(data)  # type: ignore[no-any-return]

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
