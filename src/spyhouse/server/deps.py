"""Who is asking, resolved once per request: the table, the reader, host and seat checks.

Routes declare what they need (``Table``, ``Reader``, ``Seated``, ``Host``) and FastAPI
resolves each at most once per request; service functions then take ``(row, seat)``,
never a raw token. The plain functions (:func:`reader_of`, :func:`seat_of`,
:func:`require_host`) are the same checks for the WebSocket, which authenticates in a
frame rather than a header.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request

from spyhouse.server.absent import held_problem, reclaim
from spyhouse.server.auth import bearer, hash_token, same_hash, same_token
from spyhouse.server.context import Context, load
from spyhouse.server.problems import Problem
from spyhouse.server.tablelimits import host_control
from spyhouse.store.snapshots import TableSnapshot

SPECTATOR = None


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


def context(request: Request) -> Context:
    return cast(Context, request.app.state.context)


Ctx = Annotated[Context, Depends(context)]


def _token(request: Request) -> str:
    return cast(str, bearer(request))


def _maybe_token(request: Request) -> str | None:
    return bearer(request, required=False)


Token = Annotated[str, Depends(_token)]
MaybeToken = Annotated[str | None, Depends(_maybe_token)]


async def _table(table_id: str, ctx: Ctx, token: MaybeToken) -> TableSnapshot:
    # A player coming back takes back the seat a bot held while they were away.
    return await reclaim(ctx, await load(ctx, table_id), token)


Table = Annotated[TableSnapshot, Depends(_table)]
"""The table named by the path's ``table_id``; 404 ``unknown_table``."""


def _reader(row: Table, token: MaybeToken) -> int | None:
    return reader_of(row, token)


Reader = Annotated[int | None, Depends(_reader)]
"""The seat reading (``None``: spectator or host); 401 without a token where no
spectators are allowed, 403 for a token of another table."""


def published_to_everyone(row: TableSnapshot) -> bool:
    """A finished game whose host published the log at a public table: its record is
    everyone's. The host chose both — to list the table for strangers to join and to
    publish the whole game once it is over — and a shared link to the record or replay
    should open for whoever it is sent to, not only for the four who played."""
    return row.status == "finished" and row.publish_log and not row.private


def _record_reader(row: Table, token: MaybeToken) -> int | None:
    if token is None and published_to_everyone(row):
        return SPECTATOR
    return reader_of(row, token)


RecordReader = Annotated[int | None, Depends(_record_reader)]
""":data:`Reader`, where anyone without a token may also read a game published to
everyone (:func:`published_to_everyone`): records, replays, the published log."""


def _seated(row: Table, token: Token) -> int:
    return seat_of(row, token)


Seated = Annotated[int, Depends(_seated)]
"""The seat acting; 401 without a token, 403 ``not_a_seat`` / ``invalid_token``."""


def _host(row: Table, token: Token) -> TableSnapshot:
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
