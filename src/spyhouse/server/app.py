"""The FastAPI application: REST + WebSocket API and the static browser client."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from spyhouse import __version__
from spyhouse.engine import load_builtin_games
from spyhouse.server import chat
from spyhouse.server.autoplay.resume import BotResumer
from spyhouse.server.clocks import firing
from spyhouse.server.context import Context
from spyhouse.server.fanout import Hub
from spyhouse.server.web import asyncapi, openapi, problems, ws
from spyhouse.server.web.addresslimits import RateLimits, Rules, new_limiter
from spyhouse.server.web.bodylimit import BodyLimit
from spyhouse.server.web.headers import SecurityHeaders
from spyhouse.server.web.routes import ROUTES
from spyhouse.settings import Settings
from spyhouse.store import Database, TableStore
from spyhouse.store.notify import Listener

DESCRIPTION = """
Play hidden-information spy games with friends or from code.

1. `GET /api/games` — pick a game and read its options schema.
2. `POST /api/tables` — open a table; keep the **host token**, share the **invite code**.
3. `POST /api/invites/{code}/join` — each player gets a **seat token** (send it as
   `Authorization: Bearer …`).
4. Host: `POST /api/tables/{id}/seats/{n}/bot` for bots, then `POST /api/tables/{id}/start`.
5. `GET /api/tables/{id}/view` — your view, the version, who is to act, your legal actions.
6. `POST /api/tables/{id}/actions` — `{"action": …, "version": …}`.
7. `WS /ws/tables/{id}` — send `{"type": "auth", "token": …}`; receive your view after
   every change; send actions as `{"type": "action", …}`.

Errors are `application/problem+json` documents with a stable `code`.
"""

BOT_STOP_GRACE_SECONDS = 2.0
"""How long a stopping server lets bot moves under way finish their commit."""


class Spyhouse(FastAPI):
    """The FastAPI app, with ``WS /ws/tables/{id}`` served in front of its stack.

    An open WebSocket keeps every ASGI layer it passed through suspended for its whole
    life: FastAPI's routing, exit stacks and exception wrappers and each middleware —
    19 coroutine frames with their closures and exit stacks, ~12 KiB of an idle
    socket's 38 (``bench/README.md``, table sockets in front of the web stack).
    None of them acts on these sockets: the security headers and body limit pass
    ``websocket`` scopes through, the exception handlers answer HTTP, and the table
    socket answers every fault itself with a problem frame and a close code. The one
    middleware that does act on sockets, the rate limits, wraps :attr:`sockets` too
    and shares its counts with the REST API's. (FastAPI's own telemetry, off unless
    configured, no longer sees these sockets.)
    """

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.sockets: ASGIApp = ws.table_socket

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if self.root_path:
                scope["root_path"] = self.root_path
            if match := ws.PATH.fullmatch(_route_path(scope)):
                scope["app"] = self
                scope["path_params"] = match.groupdict()
                await self.sockets(scope, receive, send)
                return
        await super().__call__(scope, receive, send)


def _route_path(scope: Scope) -> str:
    """The path below the app's ``root_path`` (behind a proxy that mounts it under a
    prefix), as Starlette's router matches it; written here because Starlette keeps its
    own helper private and free to change."""
    path: str = scope["path"]
    root = scope.get("root_path", "")
    if root and path.startswith(root) and (path == root or path[len(root)] == "/"):
        return path[len(root) :]
    return path


def create_app(settings: Settings | None = None) -> Spyhouse:
    settings = settings or Settings.from_env()
    load_builtin_games()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        db = Database(settings.database_url)
        store = TableStore(db)
        hub = Hub(loader=store.get_with_entries)
        ctx = app.state.context = Context(store, hub, settings)
        listener = (
            None
            if db.is_sqlite
            else Listener(
                settings.database_url,
                hub.notice,
                hub.resync,
                on_chat=lambda payload: chat.on_notice(ctx, payload),
                on_presence=ctx.presence.on_notice,
            )
        )
        if listener is not None:  # serve sockets only once changes elsewhere reach us
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(listener.ready.wait(), 10)
        resumer = asyncio.create_task(BotResumer(ctx).run())
        try:
            async with firing.watching(ctx):  # expired deadlines fire, even after a restart
                yield
        finally:
            resumer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await resumer
            # A graceful stop takes seconds, not a game: bot moves under way may commit,
            # then the workers are killed (an abandoned decision was never committed).
            await ctx.autoplay.close(grace=BOT_STOP_GRACE_SECONDS)
            ctx.thinking.close()
            await ctx.presence.close()
            if listener is not None:
                await listener.close()
            await db.dispose()

    app = Spyhouse(
        title="Spyhouse",
        version=__version__,
        description=DESCRIPTION + asyncapi.docs_markdown(),
        lifespan=lifespan,
    )
    app.state.settings = settings
    problems.install(app)
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes)
    if (rules := Rules.from_settings(settings)) is not None:
        limiter = new_limiter()
        app.add_middleware(RateLimits, rules=rules, limiter=limiter)
        app.sockets = RateLimits(ws.table_socket, rules=rules, limiter=limiter)
    app.add_middleware(SecurityHeaders)
    app.router.routes.extend(ROUTES)
    openapi.install(app)

    @app.get("/asyncapi.json", include_in_schema=False)
    async def asyncapi_document() -> dict[str, Any]:
        """The table socket's protocol (AsyncAPI 3), from the same frame models."""
        return asyncapi.document()

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    static = settings.static_dir
    if (static / "index.html").exists():
        app.mount("/static", StaticFiles(directory=static), name="static")

        @app.get("/", include_in_schema=False)
        async def index() -> FileResponse:
            return FileResponse(static / "index.html")

    return app
