"""REST routes, one module per concern; each only parses, resolves deps and calls its
service module (never the store)."""

from fastapi import APIRouter

from spyhouse.server.web.problems import PROBLEM_RESPONSES
from spyhouse.server.web.routes import chat, clocks, lobby, play, reading, records

router = APIRouter(prefix="/api", responses=PROBLEM_RESPONSES)
router.include_router(lobby.router)
router.include_router(reading.router)
router.include_router(play.router)
router.include_router(records.router)
router.include_router(chat.router)
router.include_router(clocks.router)

__all__ = ["router"]
