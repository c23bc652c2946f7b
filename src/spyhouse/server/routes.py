"""REST routes: games, the lobby (tables, invites, seats) and play."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from spyhouse.engine import all_games
from spyhouse.server.auth import bearer
from spyhouse.server.problems import PROBLEM_RESPONSES
from spyhouse.server.schemas import (
    ActionResult,
    CreatedTable,
    CreateTable,
    GameInfo,
    JoinTable,
    LoggedEvent,
    PostAction,
    SeatGrant,
    TableDocument,
    TableSummary,
)
from spyhouse.server.service import TableService

router = APIRouter(prefix="/api", responses=PROBLEM_RESPONSES)


def service(request: Request) -> TableService:
    return request.app.state.service  # type: ignore[no-any-return]


def token(request: Request) -> str:
    return bearer(request)  # type: ignore[return-value]


def optional_token(request: Request) -> str | None:
    return bearer(request, required=False)


Service = Annotated[TableService, Depends(service)]
Token = Annotated[str, Depends(token)]
MaybeToken = Annotated[str | None, Depends(optional_token)]


@router.get("/games", response_model=list[GameInfo], tags=["games"])
async def list_games() -> list[dict[str, Any]]:
    """The games this server hosts, their player counts and the JSON schema of options."""
    return [g.info() for g in all_games()]


@router.post("/tables", response_model=CreatedTable, status_code=201, tags=["lobby"])
async def create_table(body: CreateTable, svc: Service) -> dict[str, Any]:
    """Open a table. Returns the host token (keep it) and the invite code/link;
    with ``host_name`` the creator also takes seat 0."""
    return await svc.create(body)


@router.get("/tables", response_model=list[TableSummary], tags=["lobby"])
async def list_public_tables(svc: Service) -> list[dict[str, Any]]:
    """Public tables still waiting for players."""
    return [svc.summary(row) for row in await svc.store.waiting_public()]


@router.get("/tables/{table_id}", response_model=TableSummary, tags=["lobby"])
async def get_table(table_id: str, svc: Service) -> dict[str, Any]:
    """Who sits where and the table's status (no game view)."""
    return svc.summary(await svc.table(table_id))


@router.get("/invites/{code}", response_model=TableSummary, tags=["lobby"])
async def get_invite(code: str, svc: Service) -> dict[str, Any]:
    """The table an invite code leads to."""
    return svc.summary(await svc.by_invite(code))


@router.post("/invites/{code}/join", response_model=SeatGrant, status_code=201, tags=["lobby"])
async def join_table(code: str, body: JoinTable, svc: Service) -> dict[str, Any]:
    """Take the first open seat under a display name; returns the seat token (keep it)."""
    return await svc.join(code, body.name)


@router.post("/tables/{table_id}/seats/{seat}/bot", status_code=204, tags=["lobby"])
async def seat_bot(table_id: str, seat: int, svc: Service, tok: Token) -> None:
    """Host: put a bot in an open seat (or, during play, in place of an absent player)."""
    await svc.set_bot(table_id, tok, seat)


@router.delete("/tables/{table_id}/seats/{seat}", status_code=204, tags=["lobby"])
async def empty_seat(table_id: str, seat: int, svc: Service, tok: Token) -> None:
    """Host: empty a seat before the game starts."""
    await svc.remove_seat(table_id, tok, seat)


@router.post("/tables/{table_id}/start", status_code=204, tags=["lobby"])
async def start_table(table_id: str, svc: Service, tok: Token) -> None:
    """Host: start the game once every seat holds a player or a bot."""
    await svc.start(table_id, tok)


@router.get("/tables/{table_id}/view", response_model=TableDocument, tags=["play"])
async def get_view(table_id: str, svc: Service, tok: MaybeToken) -> dict[str, Any]:
    """Your view (or the public one, without a token, if spectators are allowed), the
    version, who is to act and your legal actions."""
    row = await svc.table(table_id)
    return svc.document(row, svc.reader(row, tok))


@router.post("/tables/{table_id}/actions", response_model=ActionResult, tags=["play"])
async def post_action(table_id: str, body: PostAction, svc: Service, tok: Token) -> dict[str, Any]:
    """Play one of your legal actions, chosen at ``version``. Stale version → 409;
    illegal → 422 with the rules' reason. Nothing changes on any error."""
    row, seat = await svc.play(table_id, tok, body.action, body.version, body.request_id)
    doc = svc.document(row, seat)
    doc["events"] = await svc.events(row, seat, body.version)
    return doc


@router.get(
    "/tables/{table_id}/events",
    response_model=list[LoggedEvent],
    response_model_exclude_unset=True,
    tags=["play"],
)
async def get_events(
    table_id: str,
    svc: Service,
    tok: MaybeToken,
    since: Annotated[int, Query(ge=0, description="Only events after this version")] = 0,
) -> list[dict[str, Any]]:
    """Your filtered event log. Once the game is over, if the table publishes its log,
    every event, each with its ``audience`` (who could read it during the game)."""
    row = await svc.table(table_id)
    return await svc.events(row, svc.reader(row, tok), since)
