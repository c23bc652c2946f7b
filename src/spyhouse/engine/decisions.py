"""One decision mechanism for every game: a declared table of the kinds of decision.

Each kind of action a player may take is one :class:`Decision`: the fields it has, its
reason function (``verify``: the parsed choice, or :class:`IllegalAction` with the
reason) and what carrying it out does. A game declares its kinds once in a
:class:`DecisionTable`, with the kinds the pending decision accepts, and the engine
dispatches every action through it (:meth:`Game.apply_action`, :meth:`Game.refusal`,
:meth:`Game.can`): the type is checked against what is pending, unknown fields are
refused, the reason function runs, and only then does anything change. So legality and
the reason for a refusal are the same check, in every game (PokerKit's ``verify_…`` /
``can_…`` pairs, OpenSpiel's one ``apply_action``).

>>> from spyhouse.engine import Event, whole_number
>>> table = DecisionTable(
...     {"bid": Decision(("amount",), lambda s, seat, a: whole_number(a, "amount", 1, 9),
...                      lambda s, seat, amount: [Event.public("bid", amount=amount)])},
...     pending=lambda state: ("bid",),
...     wrong_decision=lambda accepted, kind: f"Now: {' or '.join(accepted)}.",
... )
>>> [e.data for e in table.apply(None, 0, {"type": "bid", "amount": 3})]
[{'amount': 3}]
>>> table.apply(None, 0, {"type": "bid", "amount": 3.0})
Traceback (most recent call last):
spyhouse.engine.contract.IllegalAction: "amount" must be a whole number.
>>> table.apply(None, 0, {"type": "pass"})
Traceback (most recent call last):
spyhouse.engine.contract.IllegalAction: Now: bid.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from spyhouse.engine.contract import Action, Event, IllegalAction
from spyhouse.engine.matching import require_keys

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Decision(Generic[S]):
    """One kind of action: its fields, its reason function, and what it does."""

    fields: tuple[str, ...]
    """Every field besides ``type``; any other is refused (``unknown_key``) before
    ``verify`` runs."""
    verify: Callable[[S, int, Action], Any]
    """Reads the action strictly (:mod:`spyhouse.engine.matching`) and only what the
    acting seat knows; returns the parsed choice or raises :class:`IllegalAction`."""
    carry_out: Callable[[S, int, Any], list[Event]]
    """Called with what ``verify`` returned, on the engine's private copy of the state."""


def nothing(state: object, seat: int, action: Action) -> None:
    """The reason function of a decision without parameters: being asked is all it takes."""


class DecisionTable(Generic[S]):
    """A game's decision kinds, and how the engine dispatches an action to one.

    ``pending(state)`` gives the action types the pending decision accepts (whose turn
    it is, :meth:`Game.apply` has already checked); ``wrong_decision(accepted, kind)``
    words the refusal of another type; ``then(state, events)``, if given, runs after
    every decision carried out (the automatic steps up to the next decision).
    """

    __slots__ = ("kinds", "pending", "then", "wrong_decision")

    def __init__(
        self,
        kinds: Mapping[str, Decision[S]],
        *,
        pending: Callable[[S], Collection[str]],
        wrong_decision: Callable[[Collection[str], str], str],
        then: Callable[[S, list[Event]], None] | None = None,
    ) -> None:
        self.kinds = dict(kinds)
        self.pending = pending
        self.wrong_decision = wrong_decision
        self.then = then

    def verify(self, state: S, seat: int, action: Action) -> tuple[Decision[S], Any]:
        """The decision ``action`` makes and its parsed choice, or why it is refused now."""
        kind = action["type"]
        accepted = self.pending(state)
        if kind not in accepted:
            raise IllegalAction("wrong_decision", self.wrong_decision(accepted, kind))
        decision = self.kinds[kind]
        require_keys(action, decision.fields)
        return decision, decision.verify(state, seat, action)

    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Verify ``action`` fully, then carry it out: a refused action changes nothing."""
        decision, choice = self.verify(state, seat, action)
        events = decision.carry_out(state, seat, choice)
        if self.then is not None:
            self.then(state, events)
        return events
