"""Who holds a seat: the one token with authority over its private view and its moves.

A seat's *holder* is the human sitting there, known by the SHA-256 of their seat token;
open seats and bot seats have none. Authority is checked against the current holder for
every frame a socket is sent and every action it plays, so when a seat changes hands
(the host empties it in the lobby, or hands it to a bot mid-game) every socket and token
of the previous holder loses the seat at once.

Designed for table clocks: when a bot only *holds* a seat for an absent player who
may return, the seat keeps that player's hash aside (``held_for``) and has no human
holder meanwhile, so the player sees nothing of the seat; returning makes them its
holder again, and this check lets their sockets in again.
"""

from __future__ import annotations

from spyhouse.server.auth import hash_token
from spyhouse.store.snapshots import SeatSnapshot, TableSnapshot


def holder(seat: SeatSnapshot) -> str | None:
    """The token hash with authority over ``seat`` now; ``None`` for open and bot seats."""
    return seat.token_hash if seat.kind == "human" else None


def holder_hash(token: str | None) -> str | None:
    """What a socket remembers of its token to re-check its authority on every frame."""
    return hash_token(token) if token is not None else None


def still_holds(row: TableSnapshot, seat: int | None, token_hash: str | None) -> bool:
    """Whether a reader authenticated as ``seat`` by ``token_hash`` still holds it.

    Spectators and the host (``seat`` ``None``) read only public information, which no
    change of holder takes away.
    """
    if seat is None:
        return True
    current = next((holder(s) for s in row.seats if s.seat == seat), None)
    return current is not None and current == token_hash
