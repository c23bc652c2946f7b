"""A Deployment space as players name it: a Location and a Roman numeral ("Casino II").

Actions and events name spaces this way (``{"location": "Casino", "space": "II"}``);
the engine works with :data:`~spyhouse.games.estoril.grid.SpaceRef` (grid slot, numeral
index). :class:`Space` converts between the two, once, like ``chess.Move.from_uci``:
a name that is not on this Round's grid is refused with a reason, never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spyhouse.engine import IllegalAction
from spyhouse.games.estoril.components import NUMERALS, board
from spyhouse.games.estoril.grid import SpaceRef
from spyhouse.games.estoril.state import EstorilState


@dataclass(frozen=True)
class Space:
    """A Deployment space named as printed: ``Space("Tamariz beach", "II")``."""

    location: str
    numeral: str

    @classmethod
    def parse(cls, text: str) -> Space:
        """Read "<Location> <numeral>", the way ``str`` writes it.

        >>> Space.parse("Tamariz beach II")
        Space(location='Tamariz beach', numeral='II')
        >>> str(Space.parse("Casino IV"))
        'Casino IV'
        """
        location, _, numeral = text.strip().rpartition(" ")
        if not location or numeral not in NUMERALS:
            raise ValueError(f"not a space: {text!r} (want e.g. 'Casino II')")
        return cls(location, numeral)

    def __str__(self) -> str:
        return f"{self.location} {self.numeral}"

    def to_json(self) -> dict[str, str]:
        """The fields actions and events use.

        >>> Space("Casino", "II").to_json()
        {'location': 'Casino', 'space': 'II'}
        """
        return {"location": self.location, "space": self.numeral}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Space:
        """The space an action names; both fields must be text."""
        location, numeral = data.get("location"), data.get("space")
        if not isinstance(location, str) or not isinstance(numeral, str):
            raise IllegalAction(
                "bad_value", 'Name a space by "location" and "space", e.g. "Casino" and "II".'
            )
        return cls(location, numeral)

    @classmethod
    def at(cls, state: EstorilState, ref: SpaceRef) -> Space:
        return cls(board(state.grid[ref[0]].board).name, NUMERALS[ref[1]])

    def ref(self, state: EstorilState) -> SpaceRef:
        """Where this space lies in this Round's grid; refused if it is not there."""
        slot = find_slot(state, self.location)
        if slot is None:
            raise IllegalAction(
                "unknown_name", f"There is no Location called {self.location!r} this Round."
            )
        n = NUMERALS.index(self.numeral) if self.numeral in NUMERALS else -1
        if not 0 <= n < len(state.grid[slot].spaces):
            raise IllegalAction("unknown_name", f"{self.location} has no space {self.numeral}.")
        return slot, n


def where(state: EstorilState, ref: SpaceRef) -> dict[str, str]:
    """A space named as a player would: ``{"location": "Casino", "space": "II"}``
    (``Space.at(state, ref).to_json()``, without the intermediate object: legal actions
    name every free space)."""
    slot, n = ref
    return {"location": board(state.grid[slot].board).name, "space": NUMERALS[n]}


def find_slot(state: EstorilState, name: object) -> int | None:
    """The grid slot of the Location called ``name`` this Round, if one is."""
    for slot, loc in enumerate(state.grid):
        if board(loc.board).name == name:
            return slot
    return None


def slot_named(state: EstorilState, action: Mapping[str, Any]) -> int:
    """The slot of the Location an action names in ``"location"``; refused if none."""
    name = action.get("location")
    if not isinstance(name, str):
        raise IllegalAction("bad_value", '"location" must be a Location\'s name.')
    slot = find_slot(state, name)
    if slot is None:
        raise IllegalAction("unknown_name", f"There is no Location called {name!r} this Round.")
    return slot
