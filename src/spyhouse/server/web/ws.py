"""``WS /ws/tables/{id}``: live views and actions over one socket.

Protocol (JSON text frames; every frame is defined and built in
:mod:`spyhouse.server.web.protocol` and published by :mod:`spyhouse.server.web.asyncapi`):
- client → ``{"type": "auth", "token": "…"}`` (or ``{"type": "auth"}`` to spectate), with
  an optional ``"since": <version>`` to receive the events missed while away. The token
  travels in a frame, not the URL, so it never lands in access logs.
- server → ``{"type": "state", …table document…, "events": [...]}`` on connect and after
  every committed change: this socket's own view, its filtered events, the new version.
- client → ``{"type": "action", "action": {...}, "version": n, "request_id": "…"}``;
  server → ``{"type": "ack", "version": n, "request_id": …}`` or ``{"type": "error", …}``
  (the same problem document and codes as REST).
- client → ``{"type": "chat", "text": "…"}``; every socket of the table that may read it
  gets ``{"type": "chat", "id": …, "seat": n, "name": …, "text": …, "at": …, "channel": …}``
  (see :mod:`spyhouse.server.chat`). Right after the first state frame, a table with talk
  sends ``{"type": "chat_history", "lines": [...]}`` (the last 200 lines this reader may
  read; lines carry ids, so a client drops one it already has). Chat never changes the
  table version.
- With ``"parts": true`` in the auth frame, a view's unchanged parts are sent once: in
  state frames, ``{"$part": id}`` stands for a part of the frame's ``parts`` or of the
  previous state frame's (``StateFrame.parts`` in the AsyncAPI document).
- With ``"presence": true`` in the auth frame, the server also sends
  ``{"type": "presence", "seats": {"0": "connected", "1": "away", …}}`` at once and
  whenever a player comes or goes (``server/presence.py``).
- When the seat changes hands (emptied by the host, handed to a bot), the previous
  holder's sockets get ``{"type": "error", "code": "seat_revoked", …}`` and close code
  4403 before any later state.

A frame that cannot be a message at all — binary, not JSON, nested deeper than any
message, or not a JSON object — gets an error frame, then the socket is closed with the
WebSocket code that names the fault (1003 unsupported data, 1007 invalid payload, 1008
policy violation). A client that goes away mid-exchange just ends its socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from typing import Any

from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from spyhouse.server import chat, frames, holds, play, presence
from spyhouse.server.access import (
    SPECTATOR,
    holder_hash,
    reader_of,
    same_token,
    seat_of,
    still_holds,
)
from spyhouse.server.context import Context, current, load
from spyhouse.server.fanout import Subscription
from spyhouse.server.web import protocol
from spyhouse.server.web.problems import DATABASE_TROUBLE, Problem, database_busy

PATH = re.compile(r"/ws/tables/(?P<table_id>[^/]+)")
"""The socket's route (the same match as a Starlette ``{table_id}`` path parameter)."""
AUTH_TIMEOUT = 10.0
REVOKED = Problem(403, "seat_revoked", "Your seat changed hands: this token no longer holds it.")
REVOKED_CLOSE_CODE = 4403
MAX_MESSAGE_DEPTH = 16
"""No message nests deeper (an action is itself limited to 8 levels)."""
GONE = (WebSocketDisconnect, WebSocketDisconnected)
"""The client went away: raised by a receive, or by a send after the peer closed."""

log = logging.getLogger(__name__)


class Unreadable(Exception):
    """A frame that is no message: answered with ``problem``, then closed with ``close``."""

    def __init__(self, problem: Problem, close: int) -> None:
        super().__init__(problem.detail)
        self.problem = problem
        self.close = close


async def _send_problem(ws: WebSocket, problem: Problem, **extra: Any) -> None:
    """The REST problem document, with ``type`` naming the frame (``"error"``)."""
    await ws.send_text(protocol.error(problem.to_json(), **extra))


async def _receive_json(ws: WebSocket, limit: int) -> dict[str, Any]:
    """The next message as a JSON object; :class:`Unreadable` for a frame that is none,
    a :class:`Problem` for one too large (the socket stays usable)."""
    frame = await ws.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
    text = frame.get("text")
    if text is None:
        problem = Problem(422, "binary_frame", "Messages are JSON text frames, not binary.")
        raise Unreadable(problem, 1003)
    if len(text.encode()) > limit:
        raise Problem(413, "message_too_large", f"Messages are limited to {limit} bytes.")
    too_deep = Unreadable(
        Problem(422, "message_too_deep", f"Messages nest at most {MAX_MESSAGE_DEPTH} levels."),
        1008,
    )
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise Unreadable(Problem(422, "malformed_json", "The message is not JSON."), 1007) from None
    except RecursionError:  # nested past the parser's own limit
        raise too_deep from None
    if _too_deep(data):
        raise too_deep
    if not isinstance(data, dict):
        detail = "A message is a JSON object with a type."
        raise Unreadable(Problem(422, "malformed_message", detail), 1008)
    return data


def _too_deep(data: Any) -> bool:
    """Whether ``data`` nests deeper than :data:`MAX_MESSAGE_DEPTH` (iteratively, so a
    deep message cannot exhaust the stack here either)."""
    level: list[Any] = [data]
    for _ in range(MAX_MESSAGE_DEPTH):
        level = [
            child
            for node in level
            if isinstance(node, (dict, list))
            for child in (node.values() if isinstance(node, dict) else node)
        ]
        if not level:
            return False
    return any(isinstance(node, (dict, list)) for node in level)


async def _close(ws: WebSocket, problem: Problem, code: int) -> None:
    """An error frame, then the close; a client already gone is no error."""
    with contextlib.suppress(*GONE, OSError):
        await _send_problem(ws, problem)
        await ws.close(code=code)


async def table_socket(scope: Scope, receive: Receive, send: Send) -> None:
    """The ASGI app of one socket, for a ``websocket`` scope whose path matched
    :data:`PATH` (``path_params`` holds ``table_id``).

    Served straight from :class:`spyhouse.server.app.Spyhouse`, not through FastAPI's
    routing and middleware stack: an open socket keeps every layer it came through
    suspended for its whole life (see ``bench/README.md``, "Fan-out results").
    """
    ws = WebSocket(scope, receive, send)
    table_id: str = scope["path_params"]["table_id"]
    ctx: Context = ws.app.state.context
    limit = ctx.settings.max_ws_message_bytes
    await ws.accept()
    sub: Subscription | None = None
    try:
        first = await asyncio.wait_for(_receive_json(ws, limit), AUTH_TIMEOUT)
        if first.get("type") != "auth":
            raise Problem(401, "missing_token", 'Send {"type": "auth", "token": …} first.')
        hello = protocol.parse_client(first)
        assert isinstance(hello, protocol.AuthMessage)
        # Watch before reading the table, so no commit slips between the read and the feed.
        sub = ctx.hub.subscribe(table_id, SPECTATOR, 0)
        row = await load(ctx, table_id)
        token, since = hello.token, hello.since
        # A player coming back takes back the seat a bot held while they were away.
        row = await holds.reclaim(ctx, row, token)
        token_hash = holder_hash(token) if token is not None else None
        seat = reader_of(row, token, token_hash)
    except (Problem, TimeoutError) as exc:
        _forget(ctx, sub)
        problem = exc if isinstance(exc, Problem) else Problem(401, "auth_timeout", "No auth.")
        await _close(ws, problem, 4000 + problem.status)
        return
    except Unreadable as unreadable:
        _forget(ctx, sub)
        await _close(ws, unreadable.problem, unreadable.close)
        return
    except DATABASE_TROUBLE as exc:  # a passing condition: the client may try again
        _forget(ctx, sub)
        log.warning("database trouble while a socket authenticated: %r", exc)
        busy = database_busy()
        await _close(ws, busy, 4000 + busy.status)
        return
    except GONE:
        _forget(ctx, sub)
        return

    sub.seat, sub.last_version = seat, since
    sub.holder = token_hash if seat is not None else None
    sub.parts = set() if hello.parts else None
    wants_presence = hello.presence
    del row, hello, first  # an idle socket keeps only its subscription (the hub keeps the table)
    sub.mark()  # send the current view at once
    # The reader runs here until the client leaves — or until the writer closed the
    # socket because the seat changed hands, which ends the pending receive too.
    writer = asyncio.create_task(_writer(ws, ctx, sub))
    try:
        # Present while connected; ``"presence": true`` at auth asks for presence frames.
        async with presence.attending(ctx, table_id, seat, ws if wants_presence else None):
            await _reader(ws, ctx, table_id, token, token_hash, limit, _client_key(ws))
    finally:
        ctx.hub.unsubscribe(sub)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer


def _forget(ctx: Context, sub: Subscription | None) -> None:
    if sub is not None:
        ctx.hub.unsubscribe(sub)


def _client_key(ws: WebSocket) -> str:
    """Who a spectator is, for chat's per-writer rate limit: their address."""
    return f"spectator:{ws.client.host if ws.client else '?'}"


async def _reader(
    ws: WebSocket,
    ctx: Context,
    table_id: str,
    token: str | None,
    token_hash: str | None,
    limit: int,
    client: str,
) -> None:
    """Handle the client's messages until it leaves (``token_hash``: the token hashed
    once for the socket's life, not once per seat compared per move)."""
    try:
        while True:
            try:
                message = protocol.parse_client(await _receive_json(ws, limit))
                if isinstance(message, protocol.ChatMessage):
                    await _chat(ctx, table_id, token, client, message.text)
                    continue
                await _handle(ws, ctx, table_id, token, token_hash, message)
            except Problem as problem:
                await _send_problem(ws, problem)
            except DATABASE_TROUBLE as exc:
                log.warning("database trouble on a socket message: %r", exc)
                await _send_problem(ws, database_busy())
    except Unreadable as unreadable:
        await _close(ws, unreadable.problem, unreadable.close)
    except GONE:
        pass  # closed by the client, possibly while its ack was on the way


async def _chat(ctx: Context, table_id: str, token: str | None, client: str, text: str) -> None:
    """A chat line: the speaker is resolved from the table now (seats change hands)."""
    row = await load(ctx, table_id)
    seat = reader_of(row, token)
    if seat is not None:
        key = f"seat:{seat}"
    elif token is not None and same_token(token, row.host_token_hash):
        key = "host:"
    else:
        key = client
    await chat.say(ctx, row, chat.Speaker(seat, key), text)


async def _handle(
    ws: WebSocket,
    ctx: Context,
    table_id: str,
    token: str | None,
    token_hash: str | None,
    message: protocol.ClientMessage,
) -> None:
    if isinstance(message, protocol.PingMessage):
        await ws.send_text(protocol.pong())
        return
    if not isinstance(message, protocol.ActionMessage):  # a second auth
        raise Problem(
            422, "unknown_message", "Expected a message of type 'action', 'chat' or 'ping'."
        )
    if token is None:
        raise Problem(403, "not_a_seat", "Spectators cannot act.")
    body = message
    try:
        # The token is checked again against the newest table: seats change hands.
        row = await current(ctx, table_id, body.version)
        seat = seat_of(row, token, token_hash)
        moved = await play.move(ctx, row, seat, body.action, body.version, body.request_id)
    except Problem as problem:
        await _send_problem(ws, problem, request_id=body.request_id)
        return
    except DATABASE_TROUBLE as exc:
        log.warning("database trouble while playing a move: %r", exc)
        await _send_problem(ws, database_busy(), request_id=body.request_id)
        return
    await ws.send_text(protocol.ack(moved.row.version, body.request_id))


async def _writer(ws: WebSocket, ctx: Context, sub: Subscription) -> None:
    """Send this socket its own frame for every version it has not seen yet.

    Frames come from the hub's snapshot of the table (shared by all its sockets), never
    twice for one version. The socket's authority is checked against the snapshot each
    frame is built from: once its seat changed hands it gets ``seat_revoked`` and close
    code 4403 instead. A database fault while building a frame (a lagging socket reads
    the log) closes the socket with ``database_busy`` and 4503 rather than leave it open
    with no writer: the client reconnects with ``since`` and catches up.
    """
    try:
        while True:
            await sub.due()
            snap = await ctx.hub.snapshot(sub.table_id)
            if snap is None:
                return
            if not still_holds(snap.row, sub.seat, sub.holder):
                await _close(ws, REVOKED, REVOKED_CLOSE_CODE)
                return
            while sub.outbox:  # chat lines: they never change the version
                await ws.send_text(sub.outbox.popleft())
            if sub.greeted and snap.version <= sub.last_version:
                continue  # already delivered (e.g. our own commit's NOTIFY echo)
            first = not sub.greeted
            if snap.version < sub.last_version:
                sub.last_version = 0  # the client's ``since`` was from the future: resend all
            if sub.parts is None:
                text = await frames.state_frame(ctx, snap, sub.seat, sub.last_version)
            else:
                text, sub.parts = await frames.state_frame_with_parts(
                    ctx, snap, sub.seat, sub.last_version, sub.parts
                )
            sub.last_version, sub.greeted = snap.version, True
            await ws.send_text(text)
            if first and (lines := await chat.history(ctx, sub.table_id, sub.seat)):
                await ws.send_text(protocol.chat_history(lines))
    except DATABASE_TROUBLE as exc:
        log.warning("database trouble while sending a socket its frames: %r", exc)
        busy = database_busy()
        await _close(ws, busy, 4000 + busy.status)
