"""Errors as RFC 9457 problem documents (``application/problem+json``) with a stable code.

Every refusal goes through :class:`Problem`, so no handler can leak a traceback, a state
or a hidden value in an error: the detail is chosen by the code that raises it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Annotated, Any, Final, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from spyhouse.engine.refusals import REASONS, TURN

PROBLEM_JSON = "application/problem+json"

SERVER_CODES: Final[Mapping[str, tuple[tuple[int, ...], str]]] = {
    # the request itself
    "bad_request": ((400,), "The body is not UTF-8 JSON (a truncated document too)."),
    "malformed_body": ((422,), "A body or parameter breaks the schema (see errors)."),
    "body_too_large": ((413,), "The request body is larger than the server takes."),
    "method_not_allowed": ((405,), "The path does not offer this method (see Allow)."),
    "not_found": ((404,), "No such path."),
    "http_error": (tuple(range(400, 600)), "Another HTTP-level refusal (its status says which)."),
    "rate_limited": ((429,), "Too many requests from this address (see Retry-After)."),
    "database_busy": ((503,), "The database is busy or unreachable (see Retry-After)."),
    "internal_error": ((500,), "A fault on the server's side."),
    # who is asking
    "missing_token": ((401,), "No bearer token, where one is needed."),
    "invalid_token": ((403,), "The token holds no seat of this table."),
    "not_host": ((403,), "Only the host token may do this."),
    "not_a_seat": ((403,), "Only a seated player may do this (not a spectator)."),
    "not_a_participant": ((403,), "Only a participant of this game may read this."),
    "log_not_published": ((403,), "The host did not publish the log."),
    "removed_from_table": ((403,), "The host removed this player from the table."),
    "seat_held": ((403,), "A bot holds this seat until the host gives it back."),
    "seat_revoked": ((403,), "The seat changed hands: the token no longer holds it."),
    # what is named
    "unknown_table": ((404,), "No such table."),
    "unknown_invite": ((404,), "No such invite."),
    "unknown_seat": ((404,), "No such seat at this table."),
    "unknown_game": ((422,), "No such game on this server."),
    "game_unavailable": ((410,), "The table's game is no longer hosted here."),
    # the table's state
    "stale_version": ((409,), "The table moved on since the version given."),
    "request_id_reused": ((409,), "That request_id committed a different move."),
    "not_started": ((409,), "The game has not started yet."),
    "already_started": ((409,), "The game has already started."),
    "not_playing": ((409,), "The table is not being played now."),
    "not_finished": ((409,), "The game is not over yet."),
    "game_not_over": ((409,), "No record before the end: the seed is hidden."),
    "busy": ((409,), "Another change of this table is under way; try again."),
    "seat_open": ((409,), "The seat is open."),
    "seat_taken": ((409,), "The seat is taken."),
    "seats_open": ((409,), "Seats are still open."),
    "table_full": ((409,), "Every seat is taken."),
    "not_held": ((409,), "No bot holds this seat."),
    "no_clock": ((409,), "The table has no clock."),
    "already_paused": ((409,), "The clock is already paused."),
    "not_paused": ((409,), "The clock is not paused."),
    "not_a_player_seat": ((409, 422), "That seat is not a player's seat."),
    # lobby input
    "invalid_options": ((422,), "The game refuses these options."),
    "invalid_seat_count": ((422,), "The game cannot seat that many players."),
    "name_taken": ((422,), "Someone at this table already uses that name."),
    "bad_viewpoint": ((422,), "No such viewpoint for a replay."),
    # moves
    "illegal_action": ((422,), "The rules refuse the action; `reason` says which rule."),
    "not_your_turn": ((409, 422), "The seat has no decision to make now."),
    "game_over": ((409, 422), "The game is over."),
    # chat
    "bad_chat": ((422,), "A chat line is text."),
    "chat_too_long": ((422,), "A chat line is too long."),
    "chat_rate_limited": ((429,), "Too many chat lines in a short time."),
    "host_rate_limited": ((429,), "Too many host controls at this table in a short time."),
    "clock_too_long": ((422,), "A seat's clock would hold more than the longest allowed."),
    "muted": ((403,), "The host muted this seat's chat."),
    # socket frames
    "auth_timeout": ((401,), "No auth frame in time."),
    "unknown_message": ((422,), "No message of that type."),
    "binary_frame": ((422,), "Messages are JSON text frames, not binary."),
    "malformed_json": ((422,), "The message is not JSON."),
    "message_too_deep": ((422,), "The message nests too deeply."),
    "malformed_message": ((422,), "The message is not a JSON object of its type."),
    "message_too_large": ((413,), "The message is larger than the server takes."),
}
"""Every top-level ``code`` the server sends, with its statuses and meaning: the one
catalogue (the OpenAPI enum and the README's error table come from it). A refused move's
``reason`` is one of the engine's :data:`spyhouse.engine.refusals.REASONS`."""

CHAT_FAULTS: Final = ("empty", "control", "bidi", "invisible", "too_many_lines")
"""What a refused chat line's ``fault`` names (``bad_chat``)."""

assert TURN.keys() <= SERVER_CODES.keys()  # a refusal of who acts is a top-level code too

log = logging.getLogger(__name__)


class Problem(Exception):
    """A refusal as a problem document. ``code`` must be one of :data:`SERVER_CODES` with
    ``status`` among its statuses: anything else is a ``ValueError`` here, so no client
    meets a code the API did not declare."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        declared = SERVER_CODES.get(code)
        if declared is None or status not in declared[0]:
            raise ValueError(f"problem code {code!r} ({status}) is not in SERVER_CODES")
        reason = extra.get("reason")
        if reason is not None and reason not in REASONS:
            raise ValueError(f"refusal reason {reason!r} is not in REASONS")
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.extra = extra

    def to_json(self) -> dict[str, Any]:
        return {
            "type": f"/problems/{self.code}",
            "title": self.code.replace("_", " ").capitalize(),
            "status": self.status,
            "code": self.code,
            "detail": self.detail,
            **self.extra,
        }

    def response(self, headers: dict[str, str] | None = None) -> JSONResponse:
        return JSONResponse(
            self.to_json(), status_code=self.status, media_type=PROBLEM_JSON, headers=headers
        )


DATABASE_TROUBLE = (PoolTimeout, OperationalError, InterfaceError)
"""The database is overloaded (no pooled connection in time) or unreachable: a passing
condition, not a fault of the request."""


def database_busy() -> Problem:
    """503 ``database_busy``: try again. A move may have committed before the trouble
    struck; sent again with the same ``request_id`` it is never applied twice."""
    return Problem(
        503,
        "database_busy",
        "The server is too busy to answer now; try again "
        "(a move sent again with the same request_id is never applied twice).",
        retry_after=1,
    )


def not_found(what: Literal["table", "invite", "seat"] = "table") -> Problem:
    return Problem(404, f"unknown_{what}", f"No such {what}.")


def _validation_detail(exc: RequestValidationError) -> list[dict[str, Any]]:
    """Field locations and messages only: never echo the submitted input back."""
    return [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors()]


def install(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def _problem(_: Request, exc: Problem) -> JSONResponse:
        retry = exc.extra.get("retry_after")
        return exc.response({"Retry-After": str(retry)} if retry is not None else None)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        if any(e.get("type") == "json_invalid" for e in exc.errors()):
            # Not JSON at all (truncated, not UTF-8): the request, not its content, is bad.
            return Problem(400, "bad_request", "The body is not UTF-8 JSON.").response()
        return Problem(
            422, "malformed_body", "The request is not valid.", errors=_validation_detail(exc)
        ).response()

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {
            400: "bad_request",
            404: "not_found",
            405: "method_not_allowed",
        }.get(exc.status_code, "http_error")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:
            headers["Allow"] = ", ".join(_allowed_methods(request)) or headers.get("Allow", "")
        return Problem(exc.status_code, code, str(exc.detail)).response(headers)

    @app.exception_handler(PoolTimeout)
    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    async def _busy(_: Request, exc: Exception) -> JSONResponse:
        log.warning("database trouble: %r", exc)
        return database_busy().response({"Retry-After": "1"})

    @app.exception_handler(Exception)
    async def _crash(_: Request, exc: Exception) -> JSONResponse:
        return Problem(500, "internal_error", "Something went wrong on our side.").response()


class ProblemDocument(BaseModel):
    """An error (RFC 9457). ``code`` is stable; some codes add fields (``errors`` for a
    malformed body, ``current_version`` for a stale one, ``retry_after`` for a 429,
    ``reason`` for a refused move, ``fault`` for a refused chat line)."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(description="/problems/<code>")
    title: str
    status: int
    code: Annotated[str, WithJsonSchema({"type": "string", "enum": sorted(SERVER_CODES)})] = Field(
        description="Stable machine-readable code, e.g. stale_version"
    )
    detail: str
    reason: Annotated[str | None, WithJsonSchema({"type": "string", "enum": sorted(REASONS)})] = (
        Field(
            None,
            description="A refused move only: the rule that refuses it, the same fault with "
            "the same reason in every game",
        )
    )
    fault: Annotated[
        str | None, WithJsonSchema({"type": "string", "enum": sorted(CHAT_FAULTS)})
    ] = Field(None, description="A refused chat line only (bad_chat): what is wrong with it")


def error_table() -> str:
    """The README's table of codes, made from the catalogue (a test keeps them equal)."""
    rows = ["| `code` | status | meaning |", "| --- | --- | --- |"]
    for code, (statuses, meaning) in SERVER_CODES.items():
        shown = "4xx/5xx" if len(statuses) > 3 else ", ".join(map(str, statuses))
        rows.append(f"| `{code}` | {shown} | {meaning} |")
    rows += ["", "| `reason` (of `illegal_action`) | meaning |", "| --- | --- |"]
    rows += [f"| `{reason}` | {meaning} |" for reason, meaning in REASONS.items()]
    return "\n".join(rows) + "\n"


def problem_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for these error statuses, each a problem document."""
    responses: dict[int | str, dict[str, Any]] = {
        status: {
            "description": PROBLEM_STATUSES[status],
            "model": ProblemDocument,
            "content": {PROBLEM_JSON: {"schema": {"$ref": "#/components/schemas/ProblemDocument"}}},
        }
        for status in statuses
    }
    if 429 in responses:
        responses[429]["headers"] = {
            "Retry-After": {
                "description": "Seconds until this address may try again",
                "schema": {"type": "integer", "minimum": 1},
            }
        }
    return responses


PROBLEM_STATUSES = {
    400: "The body is not UTF-8 JSON (bad_request)",
    401: "Missing token (missing_token)",
    403: "Token not allowed here (invalid_token, not_host, not_a_seat)",
    404: "Unknown table, invite or seat (unknown_table, unknown_invite, unknown_seat)",
    405: "Method not allowed (method_not_allowed; see the Allow header)",
    409: "Stale version or conflicting change (stale_version, already_started, …)",
    410: "The table's game is no longer hosted here (game_unavailable)",
    413: "Request body too large (body_too_large)",
    422: "Malformed body or parameter, or an illegal action (malformed_body, illegal_action, …)",
    429: "Too many requests from this address (rate_limited; see Retry-After)",
    503: "The database is busy or unreachable (database_busy; see Retry-After)",
}


def _allowed_methods(request: Request) -> list[str]:
    """Every method the API offers at this path: Starlette's own ``Allow`` names only the
    first route that matched, so ``PUT /api/tables`` would not mention ``GET``."""
    methods: set[str] = set()
    for template, operations in request.app.openapi().get("paths", {}).items():
        pattern = re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template))
        if re.fullmatch(pattern, request.url.path):
            methods |= {m.upper() for m in operations}
    return sorted(methods)


PROBLEM_RESPONSES: dict[int | str, dict[str, Any]] = problem_responses(413, 429)
"""What any API operation may answer: a body too large, or too many requests."""
