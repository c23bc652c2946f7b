"""REST route for playing: one action of the caller's seat."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query

from spyhouse.kinds import BotLevel
from spyhouse.server import play, reading
from spyhouse.server.access import Acting, Ctx, Returned, Seated, Table
from spyhouse.server.web.problems import problem_responses
from spyhouse.server.web.routes.api import api_router
from spyhouse.server.web.schemas import ActionResult, PostAction, Suggestion

router = api_router(tags=["play"])


@router.post(
    "/tables/{table_id}/actions",
    response_model=ActionResult,
    responses=problem_responses(400, 401, 403, 404, 409, 410, 422),
)
async def post_action(body: PostAction, row: Returned, seat: Acting, ctx: Ctx) -> dict[str, Any]:
    """Play one of your legal actions, chosen at ``version``. Stale version → 409;
    illegal → 422 with the rules' reason. Nothing changes on any error."""
    moved = await play.move(ctx, row, seat, body.action, body.version, body.request_id)
    return await reading.document_with_events(ctx, moved.row, seat, body.version)


@router.get(
    "/tables/{table_id}/suggestion",
    response_model=Suggestion,
    responses=problem_responses(401, 403, 404, 409, 410, 422),
)
async def suggestion(
    row: Table,
    seat: Seated,
    ctx: Ctx,
    level: Annotated[BotLevel, Query()] = "search",
) -> dict[str, Any]:
    """The move a bot of ``level`` would make for your seat now: the same bots as the
    bot seats, playing only from what your seat may know (``search`` thinks about a
    second). 409 ``not_your_turn`` when you have nothing to decide."""
    return await play.suggest(ctx, row, seat, level)
