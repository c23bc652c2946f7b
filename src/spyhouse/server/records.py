"""Records: a finished game as a document, and its replay from one chair.

Who may read what (the seed decides every shuffle, so it is hidden until the end):
- before the end, nobody gets a record (409 ``game_not_over``);
- once the game is over **and the host published the log**, participants (seats and the
  host) get the full record — seed, every move with its seat — and so does everyone at a
  public table or one open to spectators;
- without publication, a seat gets only its own record: the events it could read and
  its own actions, no seed; the host and spectators get the public one.

Replays are built on the server by re-playing the engine from the stored seed, and only
the viewpoints the reader may have are sent. Re-playing is CPU work: it runs in a thread,
and each process keeps the replays it built (:class:`Replays`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from cachetools import LRUCache

from spyhouse.engine import Event
from spyhouse.engine.records import EVERYONE as ALL
from spyhouse.engine.records import FORMAT, VERSION, seat_steps
from spyhouse.kinds import TableStatus
from spyhouse.server.context import Context
from spyhouse.server.web.problems import Problem
from spyhouse.store import jsontext
from spyhouse.store.snapshots import EntrySnapshot, TableSnapshot

REPLAYS_KEPT = 64
"""Replays one process keeps: a replay re-plays the whole game through the engine (about
0.2 s of CPU for a long game), and a finished game's replay is asked for again and again
(each player, then everyone a link is sent to) while it never changes."""

Viewpoint = int | str | None
ReplayKey = tuple[str, int, Viewpoint]


class Replays:
    """Replays by (table, version, viewpoint), computed off the event loop, at most
    :data:`REPLAYS_KEPT` of them (the least recently read go first).

    The viewpoint is part of the key and of nothing else: a replay is only ever served
    for the viewpoint it was computed for, after that reader's own checks. Readers asking
    for the same replay at once share one computation."""

    def __init__(self, size: int = REPLAYS_KEPT) -> None:
        self._kept: LRUCache[ReplayKey, asyncio.Future[bytes]] = LRUCache(size)

    def __len__(self) -> int:
        return len(self._kept)

    async def get(self, key: ReplayKey, compute: Callable[[], Awaitable[bytes]]) -> bytes:
        future = self._kept.get(key)
        if future is None:
            future = asyncio.ensure_future(compute())
            self._kept[key] = future
            future.add_done_callback(lambda done: self._forget_failed(key, done))
        # A reader who leaves does not cancel the replay the others wait for.
        return await asyncio.shield(future)

    def _forget_failed(self, key: ReplayKey, done: asyncio.Future[bytes]) -> None:
        if (done.cancelled() or done.exception() is not None) and self._kept.get(key) is done:
            del self._kept[key]


def _require_finished(row: TableSnapshot) -> None:
    if row.status != TableStatus.FINISHED:
        raise Problem(409, "game_not_over", "Records and replays exist once the game is over.")


def may_read_full(row: TableSnapshot, seat: int | None, is_host: bool) -> bool:
    """The full record needs a published log, and a participant or an open table."""
    if not row.publish_log:
        return False
    return seat is not None or is_host or not row.private or row.spectators


def _header(row: TableSnapshot) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "table_id": row.id,
        "game": row.game_id,
        "options": row.options,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in row.seats],
        "outcome": row.outcome,
    }


def _moves(entries: list[EntrySnapshot]) -> list[dict[str, Any]]:
    return [
        {"version": e.version, "seat": e.seat, "action": e.action}
        for e in entries
        if e.action is not None and e.seat is not None
    ]


async def _entries(ctx: Context, row: TableSnapshot) -> list[EntrySnapshot]:
    return await ctx.store.entries_between(row.id, 0, row.version)


async def full_record(ctx: Context, row: TableSnapshot) -> dict[str, Any]:
    """Everything needed to replay the game: the seed and every move, in order."""
    return {**_header(row), "seed": row.seed, "moves": _moves(await _entries(ctx, row))}


async def record_for(
    ctx: Context, row: TableSnapshot, seat: int | None, is_host: bool
) -> dict[str, Any]:
    """The record this reader may have (see the module docstring)."""
    _require_finished(row)
    if may_read_full(row, seat, is_host):
        return await full_record(ctx, row)
    entries = await _entries(ctx, row)
    seen = []
    for e in entries:
        events = [
            {"type": ev.type, "data": ev.data}
            for ev in map(Event.from_json, e.events)
            if ev.visible_to(seat)
        ]
        own = e.action if seat is not None and e.seat == seat else None
        if events or own is not None:
            seen.append({"version": e.version, "seat": e.seat, "action": own, "events": events})
    return {**_header(row), "viewpoint": seat, "entries": seen}


async def replay_for(
    ctx: Context, row: TableSnapshot, reader: int | None, is_host: bool, viewpoint: str | None
) -> bytes:
    """The game step by step from ``viewpoint`` (a seat number, ``"all"`` or ``None`` for
    the public view), as JSON text; a reader may always replay their own chair, others
    once published.
    """
    _require_finished(row)
    want: Viewpoint
    if viewpoint is None or viewpoint == "":
        want = reader
    elif viewpoint == "public":
        want = None
    elif viewpoint == ALL:
        want = ALL
    elif viewpoint.isdigit() and int(viewpoint) < row.num_seats:
        want = int(viewpoint)
    else:
        raise Problem(422, "bad_viewpoint", 'viewpoint is a seat number, "public" or "all".')
    if want is not None and want != reader and not may_read_full(row, reader, is_host):
        raise Problem(
            403,
            "log_not_published",
            "Only your own seat's replay: the host did not publish the log.",
        )
    if want is None and reader is None and not is_host and row.private and not row.spectators:
        raise Problem(403, "not_a_participant", "This table's replay is for its players.")
    key = (row.id, row.version, want)
    return await ctx.replays.get(key, lambda: _replay(ctx, row, want))


async def _replay(ctx: Context, row: TableSnapshot, want: Viewpoint) -> bytes:
    record = await full_record(ctx, row)
    # Re-playing the engine and encoding every step is CPU work of up to a fraction of a
    # second: in a thread, so the event loop keeps serving the process's sockets.
    return await asyncio.to_thread(_encoded_replay, record, want)


def _encoded_replay(record: dict[str, Any], want: Viewpoint) -> bytes:
    steps = seat_steps(record, want)
    # ``game`` tells a client which game's views, actions and events the steps hold.
    replay = {"game": record["game"], "viewpoint": want, "seats": record["seats"], "steps": steps}
    return jsontext.dumps_bytes(replay)
