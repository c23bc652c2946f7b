"""REST routes for table chat (the WebSocket carries the same lines live)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path, Request
from pydantic import Field

from spyhouse.server import chat
from spyhouse.server.access import (
    Ctx,
    HostControl,
    MaybeToken,
    Reader,
    Returned,
    Speaking,
    Table,
    same_token,
)
from spyhouse.server.web.problems import problem_responses
from spyhouse.server.web.routes.api import api_router
from spyhouse.server.web.schemas import StrictModel

router = api_router(tags=["chat"])


class SayLine(StrictModel):
    text: str = Field(max_length=2000, description="At most 500 characters once trimmed")


class Mute(StrictModel):
    muted: bool = Field(True, description="false lifts the mute")


class ChatFrame(StrictModel):
    type: str = "chat"
    id: int
    channel: str = Field(description="table (players) or spectators")
    seat: int | None
    name: str
    text: str
    at: str | None


@router.get(
    "/tables/{table_id}/chat",
    response_model=list[ChatFrame],
    responses=problem_responses(401, 403, 404),
)
async def get_chat(row: Table, seat: Reader, ctx: Ctx) -> list[dict[str, Any]]:
    """The last 200 lines you may read (players: the table; spectators: both channels)."""
    return await chat.history(ctx, row.id, seat)


@router.post(
    "/tables/{table_id}/chat",
    response_model=ChatFrame,
    status_code=201,
    responses=problem_responses(400, 401, 403, 404, 422, 429),
)
async def post_chat(
    body: SayLine, row: Returned, seat: Speaking, token: MaybeToken, ctx: Ctx, request: Request
) -> dict[str, Any]:
    """Say something at the table (players) or among spectators. 422 ``chat_too_long``,
    429 ``chat_rate_limited``, 403 ``muted``. Never changes the table version."""
    if seat is not None:
        key = f"seat:{seat}"
    elif token is not None and same_token(token, row.host_token_hash):
        key = "host:"
    else:
        key = f"spectator:{request.client.host if request.client else '?'}"
    return await chat.say(ctx, row, chat.Speaker(seat, key), body.text)


@router.post(
    "/tables/{table_id}/seats/{seat}/mute",
    status_code=204,
    responses=problem_responses(400, 401, 403, 404, 409, 422),
)
async def mute_seat(
    body: Mute, row: HostControl, ctx: Ctx, seat: Annotated[int, Path(ge=0, le=63)]
) -> None:
    """Host only: mute (or unmute) a seat's chat."""
    await chat.mute(ctx, row, seat, body.muted)
