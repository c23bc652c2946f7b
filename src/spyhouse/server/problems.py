"""Errors as RFC 9457 problem documents (``application/problem+json``) with a stable code.

Every refusal goes through :class:`Problem`, so no handler can leak a traceback, a state
or a hidden value in an error: the detail is chosen by the code that raises it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

PROBLEM_JSON = "application/problem+json"

log = logging.getLogger(__name__)


class Problem(Exception):
    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
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


def not_found(what: str = "table") -> Problem:
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
    malformed body, ``current_version`` for a stale one, ``retry_after`` for a 429)."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(description="/problems/<code>")
    title: str
    status: int
    code: str = Field(description="Stable machine-readable reason, e.g. stale_version")
    detail: str


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
