"""The ``state`` frames sockets receive, built once per snapshot and reader.

A frame is the reader's document at a committed version plus the events it may read
since the version it last saw. It depends only on the snapshot, the seat and that
``since``, so sockets due the same frame (every spectator and the host, or two tabs of
one player) share one encoded text; the state is loaded at most once per snapshot and
the events come from the hub's recent entries, or from the log for a socket far behind.
"""

from __future__ import annotations

from spyhouse.server import reading
from spyhouse.server.context import Context, game_of
from spyhouse.server.fanout import Snapshot
from spyhouse.server.web import protocol

encode = protocol.encode
"""Kept for callers of the old name: frames are built in :mod:`spyhouse.server.web.protocol`."""


async def state_frame(ctx: Context, snap: Snapshot, seat: int | None, since: int) -> str:
    """The encoded ``state`` frame of ``snap`` for ``seat``, with events after ``since``."""
    key = (seat, since)
    if (text := snap.frames.get(key)) is not None:
        return text
    row = snap.row
    entries = ctx.hub.recent(row.id, since, row.version)
    if entries is None:  # behind by more than the hub keeps: read the log
        entries = await ctx.store.entries_between(row.id, since, row.version)
    if snap.state is None and row.state is not None:
        snap.state = game_of(row).load(row.state)
    readers = ctx.hub.readers(row.id)
    doc = reading.document(row, seat, ctx.settings.clock.now(), snap.state, snap.memo, readers)
    doc["events"] = reading.filter_entries(row, entries, seat)
    text = protocol.state(doc)
    snap.frames[key] = text
    return text
