"""The ``state`` frames sockets receive, built once per snapshot and reader.

A frame is the reader's document at a committed version plus the events it may read
since the version it last saw. It depends only on the snapshot, the seat and that
``since``, so sockets due the same frame (every spectator and the host, or two tabs of
one player) share one encoded text; the state is loaded at most once per snapshot and
the events come from the hub's recent entries, or from the log for a socket far behind.
"""

from __future__ import annotations

from typing import Any

from spyhouse.server import reading
from spyhouse.server.context import Context, game_of
from spyhouse.server.fanout import Snapshot
from spyhouse.server.web import protocol


async def state_frame(ctx: Context, snap: Snapshot, seat: int | None, since: int) -> str:
    """The encoded ``state`` frame of ``snap`` for ``seat``, with events after ``since``."""
    key = (seat, since)
    if (text := snap.frames.get(key)) is not None:
        return text
    text = protocol.state(await _document(ctx, snap, seat, since))
    snap.frames[key] = text
    return text


async def state_frame_with_parts(
    ctx: Context, snap: Snapshot, seat: int | None, since: int, held: set[str]
) -> tuple[str, set[str]]:
    """:func:`state_frame` for a socket that asked for parts and holds ``held``, and the
    parts it holds once sent this frame (each socket its own: what it holds is its own)."""
    return protocol.state_with_parts(await _document(ctx, snap, seat, since), held)


async def _document(ctx: Context, snap: Snapshot, seat: int | None, since: int) -> dict[str, Any]:
    row = snap.row
    entries = ctx.hub.recent(row.id, since, row.version)
    if entries is None:  # behind by more than the hub keeps: read the log
        entries = await ctx.store.entries_between(row.id, since, row.version)
    if snap.state is None and row.state is not None:
        snap.state = game_of(row).load(row.state)
    readers = ctx.hub.readers(row.id)
    doc = reading.document(row, seat, ctx.settings.clock.now(), snap.state, snap.memo, readers)
    doc["events"] = reading.filter_entries(row, entries, seat)
    return doc
