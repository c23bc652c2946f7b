"""The FastAPI service: REST routes, the WebSocket hub, auth and the lobby."""

from spyhouse.server.app import create_app

__all__ = ["create_app"]
