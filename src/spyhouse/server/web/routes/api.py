"""The router every REST module declares its routes on."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from spyhouse.server.web.problems import PROBLEM_RESPONSES


def api_router(**options: Any) -> APIRouter:
    """A router whose routes are under ``/api`` and answer problems as the document says.

    The prefix and the responses are the router's own, not added by including it in
    another: FastAPI builds a route when it is declared, once per process, but builds an
    included router's routes again for every app that includes it, at its first request
    (~60 ms of CPU an app; a server is one app, the tests start hundreds)."""
    return APIRouter(prefix="/api", responses=PROBLEM_RESPONSES, **options)
