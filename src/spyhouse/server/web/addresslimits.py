"""Per-client rate limits: table creation, joining, and refused tokens.

Counted per client address — the peer's, or behind a reverse proxy named in
``SPYHOUSE_TRUSTED_PROXIES`` the one that proxy forwards (nobody else may name it: a
client choosing its own ``X-Forwarded-For`` would be counted afresh per request) — in
moving windows kept in this process's memory by the ``limits`` library. With several
processes behind a balancer an address may get up to that many times the limit; these
limits guard the server, while a table's own limits (chat, host controls) are counted in
the database (``server/tablerates.py``). The defaults let a group of friends behind one
address open tens of tables a minute; they are there to stop a script, not a party.

- ``POST /api/tables`` and ``POST /api/invites/{code}/join`` count every attempt.
- A refused token (any 403 answer, or a socket closed with 4403) counts as a failure;
  once a client's failures are used up, its requests that carry a token (and its
  sockets) are refused without checking the token until the window moves on.

A refusal is a 429 problem document with code ``rate_limited`` and ``Retry-After`` (on a
socket: an error frame with the same document, then close code 4429). It changes nothing.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from spyhouse.server.web import protocol
from spyhouse.server.web.problems import Problem
from spyhouse.settings import Settings

CLOSE_RATE_LIMITED = 4429
CLOSE_INVALID_TOKEN = 4403


@dataclass(frozen=True)
class Rules:
    create: RateLimitItem
    join: RateLimitItem
    auth_failures: RateLimitItem

    @classmethod
    def from_settings(cls, settings: Settings) -> Rules | None:
        """The configured limits, or ``None`` when they are turned off (a bad limit string
        fails at start-up, not on the first request)."""
        if not settings.rate_limits:
            return None
        return cls(
            create=parse(settings.rate_limit_create),
            join=parse(settings.rate_limit_join),
            auth_failures=parse(settings.rate_limit_auth_failures),
        )


def new_limiter() -> MovingWindowRateLimiter:
    """Counts in this process's memory."""
    return MovingWindowRateLimiter(MemoryStorage())


def rate_limited(retry_after: int) -> Problem:
    return Problem(
        429,
        "rate_limited",
        f"Too many requests from your address; try again in {retry_after} s.",
        retry_after=retry_after,
    )


class RateLimits:
    """ASGI middleware enforcing :class:`Rules` per client address."""

    def __init__(
        self, app: ASGIApp, rules: Rules, limiter: MovingWindowRateLimiter | None = None
    ) -> None:
        self.app = app
        self.rules = rules
        # Shared with the table sockets' own wrapper (served below the middleware stack,
        # see ``server/app.py``), so a token refused over REST counts on a socket too.
        self.limiter = limiter or new_limiter()

    def _retry_after(self, item: RateLimitItem, *keys: str) -> int:
        reset = self.limiter.get_window_stats(item, *keys).reset_time
        return max(1, math.ceil(reset - time.time()))

    def _attempt_bucket(self, scope: Scope) -> tuple[str, RateLimitItem] | None:
        if scope.get("method") != "POST":
            return None
        path: str = scope.get("path", "")
        if path.rstrip("/") == "/api/tables":
            return "create", self.rules.create
        if path.startswith("/api/invites/") and path.rstrip("/").endswith("/join"):
            return "join", self.rules.join
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "unknown"
        failures = self.rules.auth_failures
        carries_token = scope["type"] == "websocket" or any(
            name == b"authorization" for name, _ in scope.get("headers", ())
        )
        if carries_token and not self.limiter.test(failures, "auth_failures", address):
            refusal = rate_limited(self._retry_after(failures, "auth_failures", address))
            await self._refuse(scope, receive, send, refusal)
            return
        bucket = self._attempt_bucket(scope) if scope["type"] == "http" else None
        if bucket is not None and not self.limiter.hit(bucket[1], bucket[0], address):
            refusal = rate_limited(self._retry_after(bucket[1], bucket[0], address))
            await self._refuse(scope, receive, send, refusal)
            return

        async def counting_send(message: Message) -> None:
            refused = (message["type"] == "http.response.start" and message["status"] == 403) or (
                message["type"] == "websocket.close" and message.get("code") == CLOSE_INVALID_TOKEN
            )
            if refused:
                self.limiter.hit(failures, "auth_failures", address)
            await send(message)

        await self.app(scope, receive, counting_send)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, problem: Problem) -> None:
        retry_after = str(problem.extra["retry_after"])
        if scope["type"] == "http":
            response = problem.response()
            response.headers["retry-after"] = retry_after
            await response(scope, receive, send)
            return
        if (await receive())["type"] != "websocket.connect":
            return
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": protocol.error(problem.to_json())})
        await send({"type": "websocket.close", "code": CLOSE_RATE_LIMITED})
