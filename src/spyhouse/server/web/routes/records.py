"""REST routes for finished games: the game record and its replay from a chair."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from spyhouse.server import records
from spyhouse.server.access import Ctx, MaybeToken, RecordReader, Table, same_token
from spyhouse.server.web.problems import problem_responses

router = APIRouter(tags=["records"])


@router.get("/tables/{table_id}/record", responses=problem_responses(401, 403, 404, 409, 410, 422))
async def get_record(row: Table, seat: RecordReader, token: MaybeToken, ctx: Ctx) -> dict[str, Any]:
    """The game record (format ``spyhouse-record`` v1), once the game is over (409
    ``game_not_over`` before). With a published log: seed and every move, to participants
    and spectators, and at a public table to anyone, without a token — ``spyhouse
    replay FILE`` verifies it. Otherwise a
    seat's own record: its events and its own actions, no seed."""
    is_host = token is not None and same_token(token, row.host_token_hash)
    return await records.record_for(ctx, row, seat, is_host)


@router.get("/tables/{table_id}/replay", responses=problem_responses(401, 403, 404, 409, 410, 422))
async def get_replay(
    row: Table,
    seat: RecordReader,
    token: MaybeToken,
    ctx: Ctx,
    viewpoint: Annotated[
        str | None,
        Query(
            max_length=8,
            description='A seat number, "public" or "all"; default: your own seat. Other '
            "seats and everyone's view need a published log.",
        ),
    ] = None,
) -> dict[str, Any]:
    """A finished game step by step as one chair saw it: after the setup and after every
    move, that chair's view, who was to act and the events it could read."""
    is_host = token is not None and same_token(token, row.host_token_hash)
    return await records.replay_for(ctx, row, seat, is_host, viewpoint)
