"""REST routes for finished games: the game record and its replay from a chair."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query, Response

from spyhouse.server import records
from spyhouse.server.access import Ctx, MaybeToken, RecordReader, Table, same_token
from spyhouse.server.web.problems import problem_responses
from spyhouse.server.web.routes.api import api_router
from spyhouse.server.web.schemas import ChairReplay, EveryoneReplay, FullRecord, SeatRecord

router = api_router(tags=["records"])

# The documents are declared for /openapi.json (typed per game there), not used to
# serialise: the record is sent as the server builds it, the replay as the JSON text it
# encoded once per viewpoint.
_RECORD: dict[str, Any] = {
    "model": FullRecord | SeatRecord,
    "description": "The full record (seed and moves) or the reader's seat record "
    "(viewpoint and entries)",
}
_REPLAY: dict[str, Any] = {
    # "all" first: its viewpoint is a constant, so a client trying each in order cannot
    # take it for a chair's replay (whose extra fields it would drop)
    "model": EveryoneReplay | ChairReplay,
    "description": 'The replay from one chair, or from every chair (viewpoint "all")',
}


@router.get(
    "/tables/{table_id}/record",
    response_model=None,
    responses={200: _RECORD, **problem_responses(401, 403, 404, 409, 410, 422)},
)
async def get_record(row: Table, seat: RecordReader, token: MaybeToken, ctx: Ctx) -> dict[str, Any]:
    """The game record (format ``spyhouse-record`` v1), once the game is over (409
    ``game_not_over`` before). With a published log: seed and every move, to participants
    and spectators, and at a public table to anyone, without a token — ``spyhouse
    replay FILE`` verifies it. Otherwise a
    seat's own record: its events and its own actions, no seed."""
    is_host = token is not None and same_token(token, row.host_token_hash)
    return await records.record_for(ctx, row, seat, is_host)


@router.get(
    "/tables/{table_id}/replay",
    response_model=None,
    responses={200: _REPLAY, **problem_responses(401, 403, 404, 409, 410, 422)},
)
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
) -> Response:
    """A finished game step by step as one chair saw it: after the setup and after every
    move, that chair's view, who was to act and the events it could read (``game`` says
    which game's views, actions and events they are)."""
    is_host = token is not None and same_token(token, row.host_token_hash)
    # The replay comes encoded: built and encoded once per viewpoint, off the loop.
    text = await records.replay_for(ctx, row, seat, is_host, viewpoint)
    return Response(text, media_type="application/json")
