"""Reading: what one reader may know of a table — its document and its filtered log.

Everything a client receives is built here, per reader, from the game's ``view`` and the
events' audiences; the stored state never leaves the server.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Event
from spyhouse.kinds import TableStatus
from spyhouse.server.clocks import arithmetic
from spyhouse.server.context import Context, game_of
from spyhouse.store.models import LogEntry, TableRow


def summary(row: TableRow, now: float) -> dict[str, Any]:
    """Who sits where, the clocks and the table's status: public to anyone holding its id.
    (Who is here right now is sent apart, in ``presence`` frames: ``server/presence.py``.)"""
    game = game_of(row)
    return {
        "table_id": row.id,
        "game": row.game_id,
        "title": game.title,
        "status": row.status,
        "version": row.version,
        "private": row.private,
        "spectators": row.spectators,
        "publish_log": row.publish_log,
        "invite_code": None if row.private else row.invite_code,
        "options": row.options,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.name,
                "bot_level": s.bot_level,
                "held": s.hold,
                "muted": s.chat_muted,
            }
            for s in row.seats
        ],
        "clock": arithmetic.public(row.clock, now) if row.clock is not None else None,
    }


def document(row: TableRow, seat: int | None, now: float, state: Any = None) -> dict[str, Any]:
    """Everything ``seat`` may know about the table at ``now``, built from the game's view
    (``state``: the engine state of ``row.state`` when already loaded)."""
    doc = summary(row, now)
    doc.update(you=seat, to_act=[], legal_actions=[], view=None, outcome=row.outcome)
    if row.state is not None:
        game = game_of(row)
        if state is None:
            state = game.load(row.state)
        doc["view"] = game.view(state, seat)
        doc["to_act"] = sorted(game.to_act(state))
        if seat is not None:
            doc["legal_actions"] = game.legal_actions(state, seat)
    return doc


# An invitation sent after the end (a rematch's seat is kept for its player's name) is not
# part of the game's log: a published log still shows it only to the seats it was for.
NEVER_PUBLISHED = frozenset({"rematch"})


def filter_entries(
    row: TableRow, entries: list[LogEntry], seat: int | None
) -> list[dict[str, Any]]:
    """The events ``seat`` may read; after the end the host may publish everything."""
    published = row.status == TableStatus.FINISHED and row.publish_log
    out: list[dict[str, Any]] = []
    for entry in entries:
        for raw in entry.events:
            event = Event.from_json(raw)
            if event.visible_to(seat) or (published and event.type not in NEVER_PUBLISHED):
                item: dict[str, Any] = {
                    "version": entry.version,
                    "seat": entry.seat,
                    "type": event.type,
                    "data": event.data,
                }
                if published:
                    item["audience"] = raw.get("audience")
                out.append(item)
    return out


async def events(ctx: Context, row: TableRow, seat: int | None, since: int) -> list[dict[str, Any]]:
    """Events ``seat`` may read after version ``since``, up to the row's version."""
    entries = await ctx.store.entries_between(row.id, since, row.version)
    return filter_entries(row, entries, seat)


async def live_document(ctx: Context, row: TableRow, seat: int | None) -> dict[str, Any]:
    """:func:`document` at the server's time."""
    return document(row, seat, ctx.settings.clock.now())


async def document_with_events(
    ctx: Context, row: TableRow, seat: int | None, since: int
) -> dict[str, Any]:
    """The reader's document plus the events it has not seen since ``since``."""
    doc = await live_document(ctx, row, seat)
    doc["events"] = await events(ctx, row, seat, since)
    return doc
