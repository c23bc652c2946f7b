"""Presence: whether each player is here — connected, away, or gone.

Every socket of a seated player is a row in the shared ``presence`` table, refreshed by a
heartbeat, so every server process sees every player's sockets (a process killed
without closing its sockets stops beating, and its rows go stale). A player's seat is

- ``connected`` while one of their sockets is open and beating;
- ``away`` when the last one closed (or went stale) less than
  ``Settings.presence_grace_seconds`` ago — a reload, a train tunnel —, or before the
  player ever connected;
- ``gone`` after that grace period.

Presence is not part of the table's document (which is a function of its version): a
socket that asks for it at auth gets ``presence`` frames, at once and whenever it
changes, checked every heartbeat.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator

from fastapi import WebSocket

from spyhouse.server import protocol
from spyhouse.server.context import Context, load
from spyhouse.store.models import PresenceRow, TableRow
from spyhouse.store.presence import PresenceStore


def statuses(
    row: TableRow, sockets: list[PresenceRow], now: float, heartbeat: float, grace: float
) -> dict[int, str]:
    """Each player's seat: ``connected`` | ``away`` | ``gone`` (pure: tests give ``now``)."""
    players = {s.seat for s in row.seats if s.kind == "human" or s.held_for is not None}
    fresh = now - 3 * heartbeat
    last: dict[int, float] = {}
    live: set[int] = set()
    for p in sockets:
        if p.open and p.seen_at >= fresh:
            live.add(p.seat)
        last[p.seat] = max(last.get(p.seat, p.seen_at), p.seen_at)
    out: dict[int, str] = {}
    for seat in sorted(players):
        if seat in live:
            out[seat] = "connected"
        elif seat in last and now - last[seat] >= grace:
            out[seat] = "gone"
        else:
            out[seat] = "away"
    return out


async def of_table(ctx: Context, row: TableRow) -> dict[int, str]:
    """Each player's seat now, across every server process."""
    s = ctx.settings
    sockets = await PresenceStore(ctx.store.db).of_table(row.id)
    return statuses(
        row, sockets, s.clock.now(), s.presence_heartbeat_seconds, s.presence_grace_seconds
    )


@contextlib.asynccontextmanager
async def attending(
    ctx: Context, table_id: str, seat: int | None, ws: WebSocket | None
) -> AsyncIterator[None]:
    """While a socket is open: its player is present (with a heartbeat), and ``ws`` (if
    given) is sent ``presence`` frames."""
    store, conn = PresenceStore(ctx.store.db), secrets.token_hex(16)
    if seat is not None:
        await store.arrive(conn, table_id, seat, ctx.settings.clock.now())
    # A spectator or host socket that asked for no presence frames has nothing to beat:
    # no task for it (an idle socket costs memory per task).
    beat = (
        asyncio.create_task(_beat(ctx, store, conn if seat is not None else None, table_id, ws))
        if seat is not None or ws is not None
        else None
    )
    try:
        yield
    finally:
        if beat is not None:
            beat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await beat
        if seat is not None:
            now = ctx.settings.clock.now()
            forget = now - 2 * ctx.settings.presence_grace_seconds
            with contextlib.suppress(Exception):  # the database may be gone at shutdown
                await store.leave(conn, table_id, now, forget)


async def _beat(
    ctx: Context, store: PresenceStore, conn: str | None, table_id: str, ws: WebSocket | None
) -> None:
    shown: dict[int, str] | None = None
    while True:
        with contextlib.suppress(Exception):  # a missed beat only makes the seat look away
            if conn is not None and shown is not None:
                await store.beat(conn, ctx.settings.clock.now())
            if ws is not None:
                row = ctx.hub.latest_row(table_id) or await load(ctx, table_id)
                now = await of_table(ctx, row)
                if now != shown:
                    await ws.send_text(protocol.presence(now))
                shown = now
            shown = shown if shown is not None else {}
        await asyncio.sleep(ctx.settings.presence_heartbeat_seconds)
