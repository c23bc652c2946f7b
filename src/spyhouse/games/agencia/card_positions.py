"""The four positions of a player's available cards, and who sees each.

"Each Player has four cards to use during their turn, in four different positions:
2 on the table, one facing up for all to see and one facing down, unseen for everyone.
2 on their hand, one that everyone can see except the Player and one that only the
Player can see."
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache


class Position(StrEnum):
    """Where an available card lies; the deal fills them in this order."""

    TABLE_FACE_UP = "table_face_up"
    TABLE_FACE_DOWN = "table_face_down"
    HAND_FACING_OWNER = "hand_facing_owner"
    HAND_FACING_OTHERS = "hand_facing_others"

    @property
    def label(self) -> str:
        """How a player names the position."""
        return _LABELS[self]


_LABELS = {
    Position.TABLE_FACE_UP: "on the table, face up",
    Position.TABLE_FACE_DOWN: "on the table, face down",
    Position.HAND_FACING_OWNER: "in hand, facing its owner",
    Position.HAND_FACING_OTHERS: "in hand, facing the others",
}

NAMES: dict[Position, str] = {position: position.value for position in Position}
"""Each position's name in actions and events (looked up once: ``.value`` is slow)."""

DEAL_ORDER: tuple[Position, ...] = tuple(Position)
"""Getting Ready deals face up, face down, the hand card you see, the one you do not."""


def sees(position: Position, owner: int, viewer: int | None) -> bool:
    """Whether ``viewer`` (``None``: a spectator) sees the card ``owner`` holds there.

    Face up: everyone. Face down: nobody. Facing the owner: the owner only. Facing the
    others: every player but the owner. A spectator sees only what every player sees,
    so it can never tell a player their own secret (RULINGS.md).

    >>> sees(Position.HAND_FACING_OTHERS, owner=0, viewer=1)
    True
    >>> sees(Position.HAND_FACING_OTHERS, owner=0, viewer=0)
    False
    >>> sees(Position.HAND_FACING_OWNER, owner=0, viewer=None)
    False
    """
    if position is Position.TABLE_FACE_UP:
        return True
    if position is Position.TABLE_FACE_DOWN or viewer is None:
        return False
    if position is Position.HAND_FACING_OWNER:
        return viewer == owner
    return viewer != owner


@cache
def seen_by(position: Position, owner: int, num_seats: int) -> tuple[int, ...]:
    """The seats that see ``owner``'s card in ``position`` (a few dozen answers, each
    worked out once).

    >>> seen_by(Position.HAND_FACING_OTHERS, owner=1, num_seats=4)
    (0, 2, 3)
    """
    return tuple(seat for seat in range(num_seats) if sees(position, owner, seat))
