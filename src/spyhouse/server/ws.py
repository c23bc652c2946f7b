"""``WS /ws/tables/{id}``: live views and actions over one socket.

Protocol (JSON text frames):
- client → ``{"type": "auth", "token": "…"}`` (or ``{"type": "auth"}`` to spectate), with
  an optional ``"since": <version>`` to receive the events missed while away. The token
  travels in a frame, not the URL, so it never lands in access logs.
- server → ``{"type": "state", …table document…, "events": [...]}`` on connect and after
  every committed change: this socket's own view, its filtered events, the new version.
- client → ``{"type": "action", "action": {...}, "version": n, "request_id": "…"}``;
  server → ``{"type": "ack", "version": n, "request_id": …}`` or ``{"type": "error", …}``
  (the same problem document and codes as REST).
- When the seat changes hands (emptied by the host, handed to a bot), the previous
  holder's sockets get ``{"type": "error", "code": "seat_revoked", …}`` and close code
  4403 before any later state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from spyhouse.server import play, reading
from spyhouse.server.context import Context, load
from spyhouse.server.deps import reader_of, seat_of
from spyhouse.server.holders import holder_hash, still_holds
from spyhouse.server.hub import Subscription
from spyhouse.server.problems import Problem
from spyhouse.server.schemas import PostAction

router = APIRouter()
AUTH_TIMEOUT = 10.0
REVOKED = Problem(403, "seat_revoked", "Your seat changed hands: this token no longer holds it.")
REVOKED_CLOSE_CODE = 4403


async def _send_problem(ws: WebSocket, problem: Problem, **extra: Any) -> None:
    """The REST problem document, with ``type`` naming the frame (``"error"``)."""
    await ws.send_json({**problem.to_json(), **extra, "type": "error"})


async def _receive_json(ws: WebSocket, limit: int) -> dict[str, Any]:
    text = await ws.receive_text()
    if len(text.encode()) > limit:
        raise Problem(413, "message_too_large", f"Messages are limited to {limit} bytes.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise Problem(422, "malformed_json", "The message is not valid JSON.") from None
    if not isinstance(data, dict):
        raise Problem(422, "malformed_message", "A message is a JSON object with a type.")
    return data


@router.websocket("/ws/tables/{table_id}")
async def table_socket(ws: WebSocket, table_id: str) -> None:
    ctx: Context = ws.app.state.context
    limit = ctx.settings.max_ws_message_bytes
    await ws.accept()
    try:
        hello = await asyncio.wait_for(_receive_json(ws, limit), AUTH_TIMEOUT)
        if hello.get("type") != "auth":
            raise Problem(401, "missing_token", 'Send {"type": "auth", "token": …} first.')
        row = await load(ctx, table_id)
        token = hello.get("token")
        seat = reader_of(row, token if isinstance(token, str) else None)
        since = hello.get("since", 0)
        since = since if isinstance(since, int) and since >= 0 else 0
    except (Problem, TimeoutError) as exc:
        problem = exc if isinstance(exc, Problem) else Problem(401, "auth_timeout", "No auth.")
        with contextlib.suppress(Exception):
            await _send_problem(ws, problem)
            await ws.close(code=4000 + problem.status)
        return
    except WebSocketDisconnect:
        return

    sub = ctx.hub.subscribe(table_id, seat, since, holder_hash(token) if seat is not None else None)
    sub.dirty.set()  # send the current view at once
    # Whichever ends first ends the connection: the client leaving (reader) or the
    # seat changing hands (writer).
    writer = asyncio.create_task(_writer(ws, ctx, sub))
    reader = asyncio.create_task(_reader(ws, ctx, table_id, token, limit))
    try:
        await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        ctx.hub.unsubscribe(sub)
        for task in (reader, writer):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


async def _reader(ws: WebSocket, ctx: Context, table_id: str, token: Any, limit: int) -> None:
    """Handle the client's messages until it leaves."""
    try:
        while True:
            try:
                message = await _receive_json(ws, limit)
                await _handle(ws, ctx, table_id, token, message)
            except Problem as problem:
                await _send_problem(ws, problem)
    except WebSocketDisconnect:
        pass


async def _handle(
    ws: WebSocket, ctx: Context, table_id: str, token: Any, message: dict[str, Any]
) -> None:
    kind = message.get("type")
    if kind == "ping":
        await ws.send_json({"type": "pong"})
        return
    if kind != "action":
        raise Problem(422, "unknown_message", "Expected a message of type 'action' or 'ping'.")
    if not isinstance(token, str):
        raise Problem(403, "not_a_seat", "Spectators cannot act.")
    try:
        body = PostAction.model_validate({k: v for k, v in message.items() if k != "type"})
    except ValidationError:
        raise Problem(
            422, "malformed_body", "An action message needs action and version."
        ) from None
    try:
        row = await load(ctx, table_id)  # the token is checked again: seats change hands
        seat = seat_of(row, token)
        moved = await play.move(ctx, row, seat, body.action, body.version, body.request_id)
    except Problem as problem:
        await _send_problem(ws, problem, request_id=body.request_id)
        return
    await ws.send_json({"type": "ack", "version": moved.row.version, "request_id": body.request_id})


async def _writer(ws: WebSocket, ctx: Context, sub: Subscription) -> None:
    """Send this socket its own document whenever the table changed.

    The socket's authority is checked against the table each frame is built from: once
    its seat changed hands it gets ``seat_revoked`` and close code 4403 instead.
    """
    while True:
        await sub.dirty.wait()
        sub.dirty.clear()
        try:
            row = await load(ctx, sub.table_id)
        except Problem:
            return
        if not still_holds(row, sub.seat, sub.holder):
            await _send_problem(ws, REVOKED)
            await ws.close(code=REVOKED_CLOSE_CODE)
            return
        if row.version < sub.last_version:
            sub.last_version = 0  # the client's ``since`` was from the future: resend all
        doc = await reading.document_with_events(ctx, row, sub.seat, sub.last_version)
        sub.last_version = row.version
        await ws.send_json({"type": "state", **doc})
