"""Runtime settings, read from the environment (12-factor) with safe defaults."""

from __future__ import annotations

import copy
import ipaddress
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn.config

from spyhouse.chance import Chance, SystemChance
from spyhouse.now import Clock, SystemClock

DEFAULT_DATABASE_URL = "sqlite:///spyhouse.db"


class SocketLines(logging.Filter):
    """Drops the line uvicorn and websockets log for each socket accepted, opened or
    closed: an access log of sockets, kept or dropped with the access log."""

    MESSAGES = frozenset({"connection open", "connection closed"})
    ACCEPTED = '" [accepted]'

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.msg
        return not (
            isinstance(message, str)
            and (message in self.MESSAGES or message.endswith(self.ACCEPTED))
        )


@dataclass(frozen=True)
class Settings:
    database_url: str = DEFAULT_DATABASE_URL
    max_body_bytes: int = 64 * 1024
    """Largest accepted HTTP request body; bigger ones get 413."""
    max_ws_message_bytes: int = 64 * 1024
    """Largest accepted WebSocket message; bigger ones are refused with an error frame."""
    ws_transport_max_bytes: int = 1024 * 1024
    """Frames above this are cut by the WebSocket transport itself (close code 1009)."""
    ws_compression: bool = False
    """permessage-deflate on sockets. Off: it costs a zlib context per socket (tens of KiB
    each, idle or not) and CPU per frame, for small JSON frames; ``SPYHOUSE_WS_COMPRESSION=on``
    turns it on (e.g. for slow mobile links)."""
    ws_max_queue: int = 4
    """Messages a socket may have received but not yet handled; a client waits for its ack."""
    ws_ping_seconds: float = 60.0
    """How often the transport pings a quiet socket (a peer gone without closing is dropped
    20 s after an unanswered ping). uvicorn's 20 s made the pings a third of an idle
    server's CPU (200 idle sockets: 6.7 → 5.2 ms/s at 60 s), and the browser client pings
    every second on its own, so this only bounds how long an API client's dead socket
    stays open."""
    max_bot_moves_per_commit: int = 10_000
    bot_resume_seconds: float = 15.0
    """How often each process looks for bots left to act (after a crash between a move
    and the bots' replies); a table is resumed once it stood still for a whole period."""
    bot_think_seconds: float = 1.0
    """A ``search`` bot's time budget per decision (``SPYHOUSE_BOT_THINK_SECONDS``)."""
    bot_decision_seconds: float = 2.0
    """The most any bot decision may take, in wall time from when it is asked, waiting for
    a worker included (``SPYHOUSE_BOT_DECISION_SECONDS``); a search that cannot finish
    within it is answered by the rules of thumb (``server/autoplay/thinking.py``)."""
    bot_tables_at_once: int = 8
    """Tables of one process whose bots make a move at the same time
    (``SPYHOUSE_BOT_TABLES_AT_ONCE``); the others wait their turn, first come first
    served, one move at a time, so no table waits for another's whole game."""
    bot_search_iterations: int = 20_000
    """A ``search`` bot's iteration cap per decision, whichever ends first."""
    bot_workers: int = 1
    """Worker processes for ``search`` bots (``SPYHOUSE_BOT_WORKERS``); decisions beyond
    this many wait their turn without blocking the event loop."""
    static_dir: Path = field(default_factory=lambda: Path(__file__).resolve().parents[2] / "static")
    public_url: str = ""
    """Base URL used to build invite links; empty = relative links."""
    rate_limits: bool = True
    """Per-client limits below; ``SPYHOUSE_RATE_LIMITS=off`` turns them all off."""
    rate_limit_create: str = "30/minute"
    """Tables one client address may create (``limits`` syntax, e.g. ``30/minute``)."""
    rate_limit_join: str = "60/minute"
    """Joins by invite from one client address."""
    rate_limit_auth_failures: str = "30/minute"
    """Refused tokens (403) from one client address before its tokens are not checked."""
    rate_limit_host_controls: str = "30/minute"
    """Host controls per table (clock pause/resume/add, give back, remove, mute, seating a
    bot or emptying a seat, rematch), counted in the database so every process shares
    the count."""
    access_log: bool = True
    """A log line per HTTP request (uvicorn's access log) and per socket opened or closed;
    ``SPYHOUSE_ACCESS_LOG=off`` drops them where something in front already logs
    requests: formatting and writing the line took about a tenth of the server's CPU for
    a request to open a table, and the socket's two lines a tenth of its opening."""
    trusted_proxies: str = ""
    """Addresses or networks (comma-separated, ``*`` for any) of the reverse proxies whose
    ``X-Forwarded-For``/``X-Forwarded-Proto`` name the client; empty: no one's, so a
    client cannot choose the address its rate limits are counted under."""

    clock: Clock = field(default_factory=SystemClock)
    """Where the server reads the time (tests inject a ``ManualClock``)."""
    chance: Chance = field(default_factory=SystemChance)
    """Where tables' seeds and bots' draws come from (tests inject a ``SeededChance``)."""
    clock_scan_seconds: float = 5.0
    """The longest a process waits between looks for expired clocks (it looks at
    start-up, then at the earliest deadline it knows of): how late a deadline set by a
    process that died fires at worst."""
    presence_heartbeat_seconds: float = 10.0
    """How often a socket tells the other processes its player is still here."""
    presence_grace_seconds: float = 60.0
    """How long a player who lost every socket is "away" before they are "gone"."""

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        values: dict[str, object] = {}
        if url := os.environ.get("DATABASE_URL"):
            values["database_url"] = url
        if url := os.environ.get("SPYHOUSE_PUBLIC_URL"):
            values["public_url"] = url.rstrip("/")
        if static := os.environ.get("SPYHOUSE_STATIC_DIR"):
            values["static_dir"] = Path(static)
        if switch := os.environ.get("SPYHOUSE_RATE_LIMITS"):
            values["rate_limits"] = switch.strip().lower() not in ("off", "0", "false", "no")
        if switch := os.environ.get("SPYHOUSE_ACCESS_LOG"):
            values["access_log"] = switch.strip().lower() not in ("off", "0", "false", "no")
        if proxies := os.environ.get("SPYHOUSE_TRUSTED_PROXIES"):
            values["trusted_proxies"] = proxies
        for name in ("create", "join", "auth_failures", "host_controls"):
            if limit := os.environ.get(f"SPYHOUSE_RATE_LIMIT_{name.upper()}"):
                values[f"rate_limit_{name}"] = limit
        if think := os.environ.get("SPYHOUSE_BOT_THINK_SECONDS"):
            values["bot_think_seconds"] = float(think)
        if decision := os.environ.get("SPYHOUSE_BOT_DECISION_SECONDS"):
            values["bot_decision_seconds"] = float(decision)
        if at_once := os.environ.get("SPYHOUSE_BOT_TABLES_AT_ONCE"):
            values["bot_tables_at_once"] = int(at_once)
        if workers := os.environ.get("SPYHOUSE_BOT_WORKERS"):
            values["bot_workers"] = int(workers)
        if switch := os.environ.get("SPYHOUSE_WS_COMPRESSION"):
            values["ws_compression"] = switch.strip().lower() in ("on", "1", "true", "yes")
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)  # type: ignore[arg-type]

    def proxies(self) -> list[str]:
        """:attr:`trusted_proxies` as a list, each checked (a typo fails at start-up)."""
        out = [p.strip() for p in self.trusted_proxies.split(",") if p.strip()]
        for proxy in out:
            if proxy != "*":
                ipaddress.ip_network(proxy, strict=False)  # ValueError for a bad one
        return out

    def uvicorn_options(self) -> dict[str, object]:
        """Every uvicorn setting this app runs with (``spyhouse serve`` and the tests).

        uvicorn trusts forwarded headers from 127.0.0.1 unless told otherwise, which lets
        any client on the same host name the address its limits count; here they are
        read only from the proxies named in :attr:`trusted_proxies`.
        """
        proxies = self.proxies()
        return {
            **self.uvicorn_websocket_options(),
            "access_log": self.access_log,
            "log_config": self.uvicorn_log_config(),
            "proxy_headers": bool(proxies),
            "forwarded_allow_ips": proxies or None,
        }

    def uvicorn_log_config(self) -> dict[str, Any]:
        """uvicorn's own logging, with each socket's lines (accepted, opened, closed: they
        come through ``uvicorn.error``) dropped along with the access log."""
        config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
        if not self.access_log:
            config.setdefault("filters", {})["sockets"] = {"()": SocketLines}
            config["loggers"]["uvicorn.error"]["filters"] = ["sockets"]
        return config

    def uvicorn_websocket_options(self) -> dict[str, object]:
        """The uvicorn WebSocket settings every server of this app runs with."""
        return {
            "ws_max_size": self.ws_transport_max_bytes,
            "ws_per_message_deflate": self.ws_compression,
            "ws_max_queue": self.ws_max_queue,
            "ws_ping_interval": self.ws_ping_seconds,
            "ws_ping_timeout": 20.0,
        }
