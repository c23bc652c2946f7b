"""REST routes for reading a table: a reader's view and filtered event log."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query

from spyhouse.server import reading
from spyhouse.server.access import Ctx, Reader, RecordReader, Table
from spyhouse.server.web.inputbounds import MAX_VERSION
from spyhouse.server.web.problems import problem_responses
from spyhouse.server.web.routes.api import api_router
from spyhouse.server.web.schemas import LoggedEvent, TableDocument

router = api_router(tags=["play"])


@router.get(
    "/tables/{table_id}/view",
    response_model=TableDocument,
    responses=problem_responses(401, 403, 404, 410),
)
async def get_view(row: Table, seat: Reader, ctx: Ctx) -> dict[str, Any]:
    """Your view (or the public one, without a token, if spectators are allowed), the
    version, who is to act and your legal actions."""
    return await reading.live_document(ctx, row, seat)


@router.get(
    "/tables/{table_id}/events",
    response_model=list[LoggedEvent],
    response_model_exclude_unset=True,
    responses=problem_responses(401, 403, 404, 410, 422),
)
async def get_events(
    row: Table,
    seat: RecordReader,
    ctx: Ctx,
    since: Annotated[
        int, Query(ge=0, le=MAX_VERSION, description="Only events after this version")
    ] = 0,
) -> list[dict[str, Any]]:
    """Your filtered event log. Once the game is over, if the table publishes its log,
    every event, each with its ``audience`` (who could read it during the game)."""
    return await reading.events(ctx, row, seat, since)
