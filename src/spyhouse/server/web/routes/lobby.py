"""REST routes of the lobby: games, tables, invites, seats, start."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import Path, Query, Response

from spyhouse.engine import all_games
from spyhouse.server import lobby, reading
from spyhouse.server.access import Ctx, Host, HostControl, Table
from spyhouse.server.context import against_latest
from spyhouse.server.web.inputbounds import MAX_SEAT
from spyhouse.server.web.openapi import game_schema_links
from spyhouse.server.web.problems import problem_responses
from spyhouse.server.web.routes.api import api_router
from spyhouse.server.web.schemas import (
    CreatedTable,
    CreateTable,
    GameInfo,
    JoinTable,
    Rematch,
    SeatBot,
    SeatGrant,
    TableSummary,
)

router = api_router()
SeatNumber = Annotated[int, Path(ge=0, le=MAX_SEAT, description="Seat number, from 0")]


@router.get("/games", response_model=list[GameInfo], tags=["games"])
async def list_games(ctx: Ctx) -> list[dict[str, Any]]:
    """The games this server hosts, their player counts, the JSON schema of options and
    how long each bot level thinks per decision here."""
    return [lobby.game_info(ctx, g) | {"schemas": game_schema_links(g)} for g in all_games()]


@router.post(
    "/tables",
    response_model=CreatedTable,
    status_code=201,
    tags=["lobby"],
    responses=problem_responses(400, 422),
)
async def create_table(body: CreateTable, ctx: Ctx) -> dict[str, Any]:
    """Open a table. Returns the host token (keep it) and the invite code/link;
    with ``host_name`` the creator also takes seat 0."""
    return await lobby.create(ctx, body)


@router.get(
    "/tables",
    response_model=list[TableSummary],
    tags=["lobby"],
    responses=problem_responses(422),
)
async def list_public_tables(
    ctx: Ctx,
    response: Response,
    limit: Annotated[int, Query(ge=1, le=100, description="Tables per page")] = 50,
    before: Annotated[
        str | None,
        Query(max_length=64, description="The last table_id of the previous page"),
    ] = None,
) -> list[dict[str, Any]]:
    """Public tables still waiting for players, newest first, one page at a time: when
    the page is full, a ``Link: <…>; rel="next"`` header points to the next one."""
    rows = await lobby.waiting_public(ctx, limit, before)
    if len(rows) == limit:
        nxt = f"/api/tables?{urlencode({'limit': limit, 'before': rows[-1].id})}"
        response.headers["link"] = f'<{nxt}>; rel="next"'
    now = ctx.settings.clock.now()
    return [reading.summary(row, now) for row in rows]


@router.get(
    "/tables/{table_id}",
    response_model=TableSummary,
    tags=["lobby"],
    responses=problem_responses(404, 410),
)
async def get_table(row: Table, ctx: Ctx) -> dict[str, Any]:
    """Who sits where and the table's status (no game view)."""
    return reading.summary(row, ctx.settings.clock.now())


@router.get(
    "/invites/{code}",
    response_model=TableSummary,
    tags=["lobby"],
    responses=problem_responses(404, 410),
)
async def get_invite(code: str, ctx: Ctx) -> dict[str, Any]:
    """The table an invite code leads to."""
    return reading.summary(await lobby.by_invite(ctx, code), ctx.settings.clock.now())


@router.post(
    "/invites/{code}/join",
    response_model=SeatGrant,
    status_code=201,
    tags=["lobby"],
    responses=problem_responses(400, 404, 409, 422),
)
async def join_table(code: str, body: JoinTable, ctx: Ctx) -> dict[str, Any]:
    """Take the first open seat under a display name; returns the seat token (keep it)."""
    return await lobby.join(ctx, code, body.name)


@router.post(
    "/tables/{table_id}/seats/{seat}/bot",
    status_code=204,
    tags=["lobby"],
    responses=problem_responses(400, 401, 403, 404, 409, 410, 422),
)
async def seat_bot(
    seat: SeatNumber, row: HostControl, ctx: Ctx, body: SeatBot | None = None
) -> None:
    """Host: put a bot in an open seat (or, during play, in place of an absent player),
    or change a bot's level. Body ``{"level": "random" | "heuristic" | "search"}``,
    optional: before the start ``random``, during play the strongest level the table's
    clock allows; the level shows on the seat in table documents."""
    level = body.level if body else None
    await against_latest(ctx, row, lambda r: lobby.seat_bot(ctx, r, seat, level))


@router.delete(
    "/tables/{table_id}/seats/{seat}",
    status_code=204,
    tags=["lobby"],
    responses=problem_responses(401, 403, 404, 409, 422),
)
async def empty_seat(seat: SeatNumber, row: HostControl, ctx: Ctx) -> None:
    """Host: empty a seat before the game starts."""
    await lobby.empty_seat(ctx, row, seat)


@router.post(
    "/tables/{table_id}/start",
    status_code=204,
    tags=["lobby"],
    responses=problem_responses(401, 403, 404, 409, 410),
)
async def start_table(row: Host, ctx: Ctx) -> None:
    """Host: start the game once every seat holds a player or a bot."""
    await lobby.start(ctx, row)


@router.post(
    "/tables/{table_id}/rematch",
    response_model=CreatedTable,
    status_code=201,
    tags=["lobby"],
    responses=problem_responses(400, 401, 403, 404, 409, 410, 422),
)
async def rematch(body: Rematch, row: HostControl, ctx: Ctx) -> dict[str, Any]:
    """Host: open the same game again with the same seats. Bots keep their seats, the
    host takes ``host_seat``, the other players' seats wait for them by name and they are
    invited on their page (a ``rematch`` event only they can read)."""
    return await lobby.rematch(ctx, row, body.host_seat)
