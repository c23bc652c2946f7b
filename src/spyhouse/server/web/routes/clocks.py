"""REST routes of the host's table controls during play: clocks and absent players."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path
from pydantic import BaseModel, Field

from spyhouse.server import holds
from spyhouse.server.access import Ctx, HostControl, Returned, Table, Token
from spyhouse.server.clocks import controls
from spyhouse.server.context import against_latest
from spyhouse.server.lobby import seat_row
from spyhouse.server.web.inputbounds import MAX_SEAT
from spyhouse.server.web.problems import problem_responses
from spyhouse.server.web.routes.api import api_router
from spyhouse.server.web.schemas import ActionResult, StrictModel

_REFUSALS = problem_responses(400, 401, 403, 404, 409, 410, 422)

router = api_router(tags=["host"])
SeatNumber = Annotated[int, Path(ge=0, le=MAX_SEAT, description="Seat number, from 0")]


class AddTime(StrictModel):
    seconds: int = Field(ge=1, le=7 * 24 * 3600, description="Seconds to add")
    seat: int | None = Field(None, ge=0, le=MAX_SEAT, description="One seat; null: every seat")


@router.post("/tables/{table_id}/clock/pause", status_code=204, responses=_REFUSALS)
async def pause_clocks(row: HostControl, ctx: Ctx) -> None:
    """Host: freeze every clock (announced in the log)."""
    await against_latest(ctx, row, lambda r: controls.pause(ctx, r))


@router.post("/tables/{table_id}/clock/resume", status_code=204, responses=_REFUSALS)
async def resume_clocks(row: HostControl, ctx: Ctx) -> None:
    """Host: restart the clocks from what they had left."""
    await against_latest(ctx, row, lambda r: controls.resume(ctx, r))


@router.post("/tables/{table_id}/clock/add", status_code=204, responses=_REFUSALS)
async def add_time(body: AddTime, row: HostControl, ctx: Ctx) -> None:
    """Host: more time for one seat or for everyone."""
    await against_latest(ctx, row, lambda r: controls.add_time(ctx, r, body.seat, body.seconds))


@router.post("/tables/{table_id}/seats/{seat}/give-back", status_code=204, responses=_REFUSALS)
async def give_back(seat: SeatNumber, row: HostControl, ctx: Ctx) -> None:
    """Host: give a seat a bot holds back to its player."""
    await against_latest(ctx, row, lambda r: holds.give_back(ctx, r, seat_row(r, seat)))


class HeldSeat(BaseModel):
    seat: int = Field(description="The seat a bot holds for you")
    hold: str = Field(description="absent (your time ran out) or host (the host handed it)")
    asked: bool = Field(description="You have asked the host for it back since it was held")
    document: ActionResult = Field(description="The table from your seat, nothing to decide")


@router.get(
    "/tables/{table_id}/held",
    response_model=HeldSeat,
    tags=["play"],
    responses=problem_responses(401, 403, 404, 409, 410),
)
async def held_view(row: Table, token: Token, ctx: Ctx) -> dict[str, Any]:
    """A player whose seat a bot holds watches the table from their seat (with their
    seat token): 409 ``not_held`` once it is theirs again, 403 ``removed_from_table``."""
    return await holds.held_view(ctx, row, token)


@router.post(
    "/tables/{table_id}/held/ask-back",
    status_code=204,
    tags=["play"],
    responses=problem_responses(401, 403, 404, 409, 410),
)
async def ask_back(row: Returned, token: Token, ctx: Ctx) -> None:
    """A player whose seat a bot holds asks the host for it back (announced in the log)."""
    await against_latest(ctx, row, lambda r: holds.ask_back(ctx, r, token))


@router.post("/tables/{table_id}/seats/{seat}/remove", status_code=204, responses=_REFUSALS)
async def remove_player(seat: SeatNumber, row: HostControl, ctx: Ctx) -> None:
    """Host, during play: remove a player for good; a bot plays their seat to the end, and
    their token gets ``removed_from_table`` (their page says so)."""
    await against_latest(ctx, row, lambda r: holds.remove(ctx, r, seat_row(r, seat)))
