"""The Spyhouse API from Python, over the same REST endpoints any client uses.

>>> api = Spyhouse("http://127.0.0.1:8000")                    # doctest: +SKIP
>>> table = api.create_table("agencia", seats=3, host_name="me")  # doctest: +SKIP
>>> table.add_bot(1); table.add_bot(2); table.start()            # doctest: +SKIP
>>> table.seat.play_randomly()                                   # doctest: +SKIP
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

import httpx

THINKING_MARGIN = 3.0
"""Seconds of its own clock under which a bot plays at once instead of asking a server bot."""


def _seconds_left(doc: dict[str, Any]) -> float:
    """What this seat's running clock has left in ``doc`` (infinity: no clock, or not
    running)."""
    clock, seat = doc.get("clock"), doc.get("you")
    if not clock or seat is None or clock.get("paused"):
        return float("inf")
    mine = next((c for c in clock["seats"] if c["seat"] == seat), None)
    if mine is None or not mine["running"]:
        return float("inf")
    return float(mine["remaining"])


class ApiError(Exception):
    """A refused request: the server's problem document, with its stable ``code``."""

    def __init__(self, status: int, code: str, detail: str) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail


class Spyhouse:
    """A connection to one server. Connection errors are retried by the transport."""

    def __init__(self, base_url: str, *, timeout: float = 30.0, retries: int = 3) -> None:
        self.http = httpx.Client(
            base_url=base_url.rstrip("/"),
            timeout=timeout,
            transport=httpx.HTTPTransport(retries=retries),
        )

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> Spyhouse:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def request(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        headers = {"authorization": f"Bearer {token}"} if token else {}
        response = self.http.request(method, path, headers=headers, **kw)
        if response.is_error:
            try:
                problem = response.json()
            except ValueError:
                problem = {}
            raise ApiError(
                response.status_code,
                str(problem.get("code", "http_error")),
                str(problem.get("detail", response.reason_phrase)),
            )
        return response.json() if response.content else None

    # -- lobby ----------------------------------------------------------------------------

    def games(self) -> list[dict[str, Any]]:
        return self.request("GET", "/api/games")  # type: ignore[no-any-return]

    def public_tables(self) -> list[dict[str, Any]]:
        return self.request("GET", "/api/tables")  # type: ignore[no-any-return]

    def create_table(
        self,
        game: str,
        *,
        seats: int | None = None,
        options: dict[str, Any] | None = None,
        private: bool = True,
        spectators: bool = False,
        host_name: str | None = None,
        clock: dict[str, Any] | None = None,
        handover_after: int | None = None,
    ) -> TableHandle:
        """Create a table; ``clock`` is a time control such as ``{"kind": "per_decision",
        "seconds": 60}``, ``{"kind": "bank", "seconds": 600, "increment": 5}`` or
        ``{"kind": "correspondence", "seconds": 86400}`` (None: no clock), and
        ``handover_after`` the consecutive timeouts after which a bot holds a seat."""
        body: dict[str, Any] = {
            "game": game,
            "seats": seats,
            "options": options or {},
            "private": private,
            "spectators": spectators,
            "host_name": host_name,
        }
        if clock is not None:
            body["clock"] = clock
        if handover_after is not None:
            body["handover_after"] = handover_after
        created = self.request("POST", "/api/tables", json=body)
        seat = created.get("seat")
        return TableHandle(
            self,
            created["table_id"],
            created["invite_code"],
            created["host_token"],
            Seat(self, created["table_id"], seat["seat"], seat["seat_token"]) if seat else None,
        )

    def join(self, invite_code: str, name: str) -> Seat:
        grant = self.request("POST", f"/api/invites/{invite_code}/join", json={"name": name})
        return Seat(self, grant["table_id"], grant["seat"], grant["seat_token"])


@dataclass
class TableHandle:
    """A table you host."""

    api: Spyhouse
    table_id: str
    invite_code: str
    host_token: str
    seat: Seat | None = None

    def summary(self) -> dict[str, Any]:
        return self.api.request("GET", f"/api/tables/{self.table_id}")  # type: ignore[no-any-return]

    def clock(self) -> dict[str, Any] | None:
        """The table's time control and each seat's time (None: no clock)."""
        return self.summary().get("clock")

    def add_bot(self, seat: int, level: str = "random") -> None:
        """A bot in ``seat``: ``random``, ``heuristic`` or ``search``."""
        self.api.request(
            "POST",
            f"/api/tables/{self.table_id}/seats/{seat}/bot",
            self.host_token,
            json={"level": level},
        )

    def fill_with_bots(self, level: str = "random") -> None:
        for s in self.summary()["seats"]:
            if s["kind"] == "open":
                self.add_bot(s["seat"], level)

    def remove(self, seat: int) -> None:
        self.api.request("DELETE", f"/api/tables/{self.table_id}/seats/{seat}", self.host_token)

    def start(self) -> None:
        self.api.request("POST", f"/api/tables/{self.table_id}/start", self.host_token)


@dataclass
class Seat:
    """Your seat at a table: read your view, act, read your log."""

    api: Spyhouse
    table_id: str
    seat: int
    token: str

    def view(self) -> dict[str, Any]:
        return self.api.request("GET", f"/api/tables/{self.table_id}/view", self.token)  # type: ignore[no-any-return]

    def clock(self) -> dict[str, Any] | None:
        """The table's clock as this seat's view shows it (None: no clock)."""
        return self.view().get("clock")

    def act(
        self, action: dict[str, Any], version: int, request_id: str | None = None
    ) -> dict[str, Any]:
        body = {"action": action, "version": version, "request_id": request_id}
        return self.api.request(  # type: ignore[no-any-return]
            "POST", f"/api/tables/{self.table_id}/actions", self.token, json=body
        )

    def events(self, since: int = 0) -> list[dict[str, Any]]:
        return self.api.request(  # type: ignore[no-any-return]
            "GET", f"/api/tables/{self.table_id}/events", self.token, params={"since": since}
        )

    def suggestion(self, level: str = "search") -> dict[str, Any]:
        """``{"version", "level", "action"}``: the move the server's bot of ``level``
        would make for this seat now, from what this seat may know."""
        return self.api.request(  # type: ignore[no-any-return]
            "GET",
            f"/api/tables/{self.table_id}/suggestion",
            self.token,
            params={"level": level},
        )

    def play_randomly(
        self, seed: int | None = None, max_moves: int = 100_000, poll_limit: float = 1.0
    ) -> dict[str, Any]:
        """Play uniformly random legal actions until the game ends; returns the outcome."""
        return self.play("random", seed, max_moves, poll_limit)

    def play(
        self,
        bot: str = "random",
        seed: int | None = None,
        max_moves: int = 100_000,
        poll_limit: float = 1.0,
    ) -> dict[str, Any]:
        """Play this seat with a bot until the game ends; returns the outcome.

        ``random`` chooses here; ``heuristic`` and ``search`` are the server's bots (the
        same as its bot seats), asked for this seat's move through ``suggestion``: they
        need nothing but what this seat may know. Polls the view, backing off while
        others think; a 409 (someone else moved first) just means: look again.

        On a table with a clock the bot never times out: it acts as soon as its turn
        comes, and when its own clock has less than :data:`THINKING_MARGIN` seconds left
        it plays a random legal move rather than wait for the server's slower bots.
        """
        if bot not in ("random", "heuristic", "search"):
            raise ValueError(f"unknown bot level {bot!r}")
        rng = random.Random(seed)
        wait = 0.0
        for _ in range(max_moves):
            doc = self.view()
            if doc["status"] == "finished":
                return doc["outcome"]  # type: ignore[no-any-return]
            if not doc["legal_actions"]:
                wait = min(max(wait * 2, 0.02), poll_limit)
                time.sleep(wait)
                continue
            wait = 0.0
            try:
                if bot == "random" or _seconds_left(doc) < THINKING_MARGIN:
                    self.act(rng.choice(doc["legal_actions"]), doc["version"])
                else:
                    move = self.suggestion(bot)
                    self.act(move["action"], move["version"])
            except ApiError as err:
                if err.status != 409:
                    raise
        raise RuntimeError("the game did not end")
