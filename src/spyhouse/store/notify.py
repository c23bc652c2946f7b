"""Change notifications between processes, through PostgreSQL ``LISTEN/NOTIFY``.

Every commit on PostgreSQL also sends ``NOTIFY spyhouse_tables, '<table id>:<version>'``
inside its transaction, so the notice is delivered only if the change is. Each server
process listens and passes on versions it has not delivered yet (its own commits it
already has): any process can serve any socket. When the
LISTEN connection drops, notices sent meanwhile are lost; on reconnecting, the process
resyncs every subscriber it holds. SQLite
is single-process, so there the in-process hub is all there is.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

import asyncpg
from sqlalchemy.engine import make_url

CHANNEL = "spyhouse_tables"
CHAT_CHANNEL = "spyhouse_chat"
"""Table talk: payload ``<table id>:<line id>`` for a chat line, or
``<table id>:muted:<seat>:<0|1>:<origin>`` for a mute (``origin``: the process that
muted, which has told its own sockets already)."""
PRESENCE_CHANNEL = "spyhouse_presence"
"""Players came or went: payload ``<origin>:<table id>`` (``origin``: the process whose
sockets they were, which has shown its own sockets already)."""
log = logging.getLogger(__name__)


def notice(table_id: str, version: int) -> str:
    """The NOTIFY payload of a commit: the table and the version it created."""
    return f"{table_id}:{version}"


def parse_notice(payload: str) -> tuple[str, int | None]:
    """``(table_id, version)``; the version is ``None`` in a bare table id (older servers)."""
    table_id, _, version = payload.partition(":")
    return table_id, int(version) if version.isdigit() else None


def conninfo(url: str) -> str:
    """A libpq URL of the database, whatever driver the SQLAlchemy URL names."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def _connect(url: str) -> asyncpg.Connection:
    return await asyncpg.connect(conninfo(url))


def _closed(conn: asyncpg.Connection) -> asyncio.Future[None]:
    """A future done once ``conn`` is closed (the server dropped it, or it broke)."""
    closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_close(_conn: object) -> None:
        if not closed.done():
            closed.set_result(None)

    conn.add_termination_listener(on_close)
    return closed


async def listen(
    url: str,
    on_change: Callable[[str, int | None], None],
    ready: asyncio.Event,
    on_listening: Callable[[], None] = lambda: None,
    on_chat: Callable[[str], None] = lambda payload: None,
    on_presence: Callable[[str], None] = lambda payload: None,
) -> None:
    """Call ``on_change(table_id, version)`` for every commit of any process (and
    ``on_chat(payload)`` for every chat line, ``on_presence(payload)`` for every table
    whose players came or went), until cancelled.

    Notices sent while the connection was down are lost, so ``on_listening()`` is called
    each time LISTEN is in place again: the caller resyncs everything it serves.

    asyncpg hands each notice to a callback as its protocol reads it, with no task
    woken per notice; the task here only sleeps until the connection is lost (psycopg's
    ``notifies()`` woke a task once per notice, and every move reads its own notice
    back, and every 0.1 s when idle).
    """
    delay = 0.5
    while True:
        try:
            conn = await _connect(url)
            try:
                lost = _closed(conn)
                await conn.add_listener(CHANNEL, lambda *n: on_change(*parse_notice(n[3])))
                await conn.add_listener(CHAT_CHANNEL, lambda *n: on_chat(n[3]))
                await conn.add_listener(PRESENCE_CHANNEL, lambda *n: on_presence(n[3]))
                on_listening()
                ready.set()
                delay = 0.5
                await lost
                raise ConnectionError("the LISTEN connection closed")
            finally:
                conn.terminate()
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database went away: wait, then listen again
            log.warning("LISTEN %s failed (%s); retrying in %.1fs", CHANNEL, exc, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)


class Listener:
    """Owns the background LISTEN task of one server process."""

    def __init__(
        self,
        url: str,
        on_change: Callable[[str, int | None], None],
        on_listening: Callable[[], None] = lambda: None,
        on_chat: Callable[[str], None] = lambda payload: None,
        on_presence: Callable[[str], None] = lambda payload: None,
    ) -> None:
        self.ready = asyncio.Event()
        self._task = asyncio.create_task(
            listen(url, on_change, self.ready, on_listening, on_chat, on_presence)
        )

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
