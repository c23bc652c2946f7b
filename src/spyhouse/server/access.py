"""May this token read or act for this seat: tokens, holders, and the checks every
route and socket goes through.

- **Tokens** are 256-bit random strings from :mod:`secrets`; the database keeps only
  their SHA-256, so a database dump lets nobody sit at someone else's seat.
- **Holders**: a seat's holder is the human sitting there, known by the hash of their
  seat token; open seats and bot seats have none. Authority is checked against the
  current holder for every frame a socket is sent and every action it plays, so when a
  seat changes hands (the host empties it in the lobby, or hands it to a bot mid-game)
  every socket and token of the previous holder loses the seat at once. While a bot only
  *holds* a seat for a player who may return (``server/holds.py``), the seat keeps that
  player's hash aside (``held_for``) and has no human holder: the player sees nothing of
  the seat, and is told why (:func:`held_problem`) instead of "invalid token".
- **Who is asking**, resolved once per request: routes declare what they need
  (``Table``, ``Reader``, ``Seated``, ``Host``) and FastAPI resolves each at most once;
  service functions then take ``(row, seat)``, never a raw token. The plain functions
  (:func:`reader_of`, :func:`seat_of`, :func:`require_host`) are the same checks for the
  WebSocket, which authenticates in a frame rather than a header.

Reading never writes. A player coming back takes back the seat a bot held while they
were away only where a route says so (``Returned``, on the player's own writes: a move,
a chat line, asking for the seat back) and when their socket authenticates.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Annotated, cast

from fastapi import Depends, Request

from spyhouse.kinds import Hold, SeatKind, TableStatus
from spyhouse.server import holds
from spyhouse.server.context import Context, load
from spyhouse.server.tablerates import host_control
from spyhouse.server.web.problems import Problem
from spyhouse.store.snapshots import SeatSnapshot, TableSnapshot

SPECTATOR = None


# -- tokens ----------------------------------------------------------------------------


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(token: str, token_hash: str | None) -> bool:
    return same_hash(hash_token(token), token_hash)


def same_hash(hashed: str, token_hash: str | None) -> bool:
    """Whether a token already hashed (:func:`hash_token`) is the one ``token_hash`` holds."""
    return token_hash is not None and hmac.compare_digest(hashed, token_hash)


def bearer(request: Request, *, required: bool = True) -> str | None:
    """The token from ``Authorization: Bearer …``; 401 when required and absent."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    if required:
        raise Problem(401, "missing_token", "Send your token as 'Authorization: Bearer <token>'.")
    return None


# -- holders ---------------------------------------------------------------------------


def holder(seat: SeatSnapshot) -> str | None:
    """The token hash with authority over ``seat`` now; ``None`` for open and bot seats."""
    return seat.token_hash if seat.kind == SeatKind.HUMAN else None


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


def held_problem(row: TableSnapshot, token: str) -> Problem | None:
    """What a player whose seat a bot holds is told, instead of "invalid token"."""
    for s in row.seats:
        if s.held_for is None or not same_token(token, s.held_for):
            continue
        if s.hold == Hold.REMOVED:
            return Problem(
                403,
                "removed_from_table",
                "The host removed you from this table; a bot plays your seat.",
                seat=s.seat,
            )
        return Problem(
            403,
            "seat_held",
            "A bot is playing your seat until the host gives it back.",
            seat=s.seat,
        )
    return None


def held_for(row: TableSnapshot, token: str) -> SeatSnapshot | None:
    """The seat a bot holds for the player of ``token`` (not one they were removed from)."""
    return next(
        (
            s
            for s in row.seats
            if s.held_for is not None
            and s.hold in (Hold.ABSENT, Hold.HOST)
            and same_token(token, s.held_for)
        ),
        None,
    )


def away_from(row: TableSnapshot, token: str) -> SeatSnapshot | None:
    """The seat a bot holds for the player of ``token`` because their time ran out: theirs
    again the moment they come back."""
    return next(
        (s for s in row.seats if s.hold == Hold.ABSENT and same_token(token, s.held_for)), None
    )


# -- the checks, as plain functions ---------------------------------------------------


def reader_of(row: TableSnapshot, token: str | None, token_hash: str | None = None) -> int | None:
    """The seat a token sits at, or ``None`` for a spectator/host; 401/403 otherwise.

    The token is hashed once (``token_hash``: already hashed, as a socket keeps it) and
    that hash compared with each seat's and the host's."""
    if token is None:
        if not row.spectators:
            raise Problem(401, "missing_token", "This table has no spectators; send a token.")
        return SPECTATOR
    hashed = hash_token(token) if token_hash is None else token_hash
    for s in row.seats:
        if same_hash(hashed, s.token_hash):
            return s.seat
    if same_hash(hashed, row.host_token_hash):
        return SPECTATOR
    raise held_problem(row, token) or Problem(
        403, "invalid_token", "That token does not belong to this table."
    )


def seat_of(row: TableSnapshot, token: str, token_hash: str | None = None) -> int:
    """The seat a token sits at; 403 for a spectator, the host alone or a stranger."""
    seat = reader_of(row, token, token_hash)
    if seat is None:
        raise Problem(403, "not_a_seat", "Only a seated player may act.")
    return seat


def require_host(row: TableSnapshot, token: str) -> None:
    if not same_token(token, row.host_token_hash):
        raise Problem(403, "not_host", "Only the table's host may do that.")


# -- the same, as FastAPI dependencies -------------------------------------------------


async def context(request: Request) -> Context:
    return cast(Context, request.app.state.context)


Ctx = Annotated[Context, Depends(context)]


async def _token(request: Request) -> str:
    return cast(str, bearer(request))


async def _maybe_token(request: Request) -> str | None:
    return bearer(request, required=False)


Token = Annotated[str, Depends(_token)]
MaybeToken = Annotated[str | None, Depends(_maybe_token)]


async def _table(table_id: str, ctx: Ctx) -> TableSnapshot:
    return await load(ctx, table_id)


Table = Annotated[TableSnapshot, Depends(_table)]
"""The table named by the path's ``table_id``, as committed; 404 ``unknown_table``.
Resolving it writes nothing."""


async def _returned(row: Table, ctx: Ctx, token: MaybeToken) -> TableSnapshot:
    return await holds.reclaim(ctx, row, token)


Returned = Annotated[TableSnapshot, Depends(_returned)]
""":data:`Table`, once the caller took back the seat a bot held while their time was out
(a commit with a public ``returned`` event). Only for a player's own writes: a read
never takes a seat back (it would write a version and stop the bot mid-turn because
someone looked)."""


async def _reader(row: Table, token: MaybeToken) -> int | None:
    return reader_of(row, token)


Reader = Annotated[int | None, Depends(_reader)]
"""The seat reading (``None``: spectator or host); 401 without a token where no
spectators are allowed, 403 for a token of another table."""


def published_to_everyone(row: TableSnapshot) -> bool:
    """A finished game whose host published the log at a public table: its record is
    everyone's. The host chose both — to list the table for strangers to join and to
    publish the whole game once it is over — and a shared link to the record or replay
    should open for whoever it is sent to, not only for the four who played."""
    return row.status == TableStatus.FINISHED and row.publish_log and not row.private


async def _record_reader(row: Table, token: MaybeToken) -> int | None:
    if token is None and published_to_everyone(row):
        return SPECTATOR
    return reader_of(row, token)


RecordReader = Annotated[int | None, Depends(_record_reader)]
""":data:`Reader`, where anyone without a token may also read a game published to
everyone (:func:`published_to_everyone`): records, replays, the published log."""


async def _seated(row: Table, token: Token) -> int:
    return seat_of(row, token)


Seated = Annotated[int, Depends(_seated)]
"""The caller's seat, for a read only a seat may make (a suggestion); 401 without a
token, 403 ``not_a_seat`` / ``invalid_token``."""


async def _acting(row: Returned, token: Token) -> int:
    return seat_of(row, token)


Acting = Annotated[int, Depends(_acting)]
""":data:`Seated` for a move: the seat of :data:`Returned`, so a player coming back plays
the seat they just took back."""


async def _speaking(row: Returned, token: MaybeToken) -> int | None:
    return reader_of(row, token)


Speaking = Annotated[int | None, Depends(_speaking)]
""":data:`Reader` for a chat line: the reader of :data:`Returned`."""


async def _host(row: Table, token: Token) -> TableSnapshot:
    require_host(row, token)
    return row


Host = Annotated[TableSnapshot, Depends(_host)]
"""The table, once the token is proven to be its host's; 403 ``not_host``."""


async def _host_control(row: Host, ctx: Ctx) -> TableSnapshot:
    await host_control(ctx, row)
    return row


HostControl = Annotated[TableSnapshot, Depends(_host_control)]
""":data:`Host`, for a control that changes the table or tells every socket (clocks,
seats, mutes, rematches): counted per table across processes, 429 ``host_rate_limited``
past ``Settings.rate_limit_host_controls``."""
