"""REST routes, one module per concern; each only parses, resolves deps and calls its
service module (never the store)."""

from starlette.routing import BaseRoute

from spyhouse.server.web.routes import chat, clocks, lobby, play, reading, records

ROUTES: list[BaseRoute] = [
    *lobby.router.routes,
    *reading.router.routes,
    *play.router.routes,
    *records.router.routes,
    *chat.router.routes,
    *clocks.router.routes,
]
"""Every REST route, built once (see ``api.api_router``): each app serves these."""

__all__ = ["ROUTES"]
