"""The game contract every Spyhouse game implements.

A game is a pure, deterministic state machine over JSON-able actions. The server only
ever calls the methods below; it never looks inside a state. See ``design.md``.

Authors subclass :class:`Game`, declare a pydantic ``State`` and ``Options`` model and
implement the abstract methods. :meth:`Game.apply` copies the state and checks whose
turn it is before handing the copy to :meth:`Game.apply_action`, so an engine may mutate
freely and a refused action can never change the caller's state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

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


@dataclass(frozen=True)
class Event:
    """Something that happened, with who may learn of it.

    ``audience`` is ``None`` for everyone (spectators included) or the seats that may
    read it. ``data`` must be JSON-able and name things as a player would.
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
        knows. Feeds the generic leak test and information-set search bots."""

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
        return state.model_copy(deep=True)

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
