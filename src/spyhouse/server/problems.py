"""Errors as RFC 9457 problem documents (``application/problem+json``) with a stable code.

Every refusal goes through :class:`Problem`, so no handler can leak a traceback, a state
or a hidden value in an error: the detail is chosen by the code that raises it.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

PROBLEM_JSON = "application/problem+json"


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

    def response(self) -> JSONResponse:
        return JSONResponse(self.to_json(), status_code=self.status, media_type=PROBLEM_JSON)


def not_found(what: str = "table") -> Problem:
    return Problem(404, f"unknown_{what}", f"No such {what}.")


def _validation_detail(exc: RequestValidationError) -> list[dict[str, Any]]:
    """Field locations and messages only: never echo the submitted input back."""
    return [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors()]


def install(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def _problem(_: Request, exc: Problem) -> JSONResponse:
        return exc.response()

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        return Problem(
            422, "malformed_body", "The request is not valid.", errors=_validation_detail(exc)
        ).response()

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return Problem(exc.status_code, code, str(exc.detail)).response()

    @app.exception_handler(Exception)
    async def _crash(_: Request, exc: Exception) -> JSONResponse:
        return Problem(500, "internal_error", "Something went wrong on our side.").response()


PROBLEM_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"description": desc, "content": {PROBLEM_JSON: {}}}
    for status, desc in {
        401: "Missing or invalid token",
        403: "Token not allowed here",
        404: "Unknown table or invite",
        409: "Stale version or conflicting change",
        413: "Request too large",
        422: "Malformed body or illegal action",
    }.items()
}
