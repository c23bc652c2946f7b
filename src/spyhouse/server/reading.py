"""Reading: what one reader may know of a table — its document and its filtered log.

Everything a client receives is built here, per reader, from the game's ``view`` and the
events' audiences; the stored state never leaves the server.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from spyhouse.engine import in_audience
from spyhouse.kinds import TableStatus
from spyhouse.server.clocks import arithmetic
from spyhouse.server.context import AnyGame, Context, game_of
from spyhouse.store.snapshots import EntrySnapshot, TableSnapshot


def summary(row: TableSnapshot, now: float, memo: Memo | None = None) -> dict[str, Any]:
    """Who sits where, the clocks and the table's status: public to anyone holding its id.
    (Who is here right now is sent apart, in ``presence`` frames: ``server/presence.py``.)

    ``memo``: the snapshot's cache (:attr:`Snapshot.memo`): the part that depends on
    the version alone is built once for every reader of it, only the clocks (which run
    on) are read at ``now``. A new top-level dict every call: callers add to it."""
    public = None if memo is None else memo.get(_PUBLIC)
    if public is None:
        public = _public(row)
        if memo is not None:
            memo[_PUBLIC] = public
    doc = dict(public)
    if row.clock is not None:
        doc["clock"] = arithmetic.public(row.clock, now)
    return doc


Memo = dict[Any, Any]
"""What one committed version's readers share (a :class:`~spyhouse.server.hub.Snapshot`'s
``memo``): never changed once built, so every reader may hold it."""
_PUBLIC = ("public",)


def _public(row: TableSnapshot) -> dict[str, Any]:
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
        "clock": None,
    }


def document(
    row: TableSnapshot,
    seat: int | None,
    now: float,
    state: Any = None,
    memo: Memo | None = None,
    readers: Iterable[int | None] = (),
) -> dict[str, Any]:
    """Everything ``seat`` may know about the table at ``now``, built from the game's view
    (``state``: the engine state of ``row.state`` when already loaded).

    With ``memo`` (the snapshot's cache) each seat's document is built once per version
    and shared by its sockets and its REST reads: the view and legal actions are most of
    a move's reading cost. The views of ``readers`` (the other seats about to read this
    version) are built along with ``seat``'s, in one :meth:`~spyhouse.engine.Game.views`,
    and kept in the memo for them. A new top-level dict every call (callers add the
    events)."""
    key = ("document", seat)
    if memo is not None and (built := memo.get(key)) is not None:
        doc = dict(built)
        if row.clock is not None:
            doc["clock"] = arithmetic.public(row.clock, now)
        return doc
    doc = summary(row, now, memo)
    doc.update(you=seat, to_act=[], legal_actions=[], view=None, outcome=row.outcome)
    if row.state is not None:
        game = game_of(row)
        if state is None:
            state = game.load(row.state)
        doc["view"] = _view(game, state, seat, memo, readers)
        to_act = None if memo is None else memo.get(_TO_ACT)
        if to_act is None:
            to_act = sorted(game.to_act(state))
            if memo is not None:
                memo[_TO_ACT] = to_act
        doc["to_act"] = to_act
        if seat is not None and seat in to_act:  # no one else has any (the contract's rule)
            doc["legal_actions"] = game.legal_actions(state, seat)
    if memo is not None:
        memo[key] = dict(doc)
    return doc


_TO_ACT = ("to_act",)


def _view(
    game: AnyGame, state: Any, seat: int | None, memo: Memo | None, readers: Iterable[int | None]
) -> dict[str, Any]:
    if memo is None:
        return game.view(state, seat)
    built = memo.get(("view", seat))
    if built is None:
        wanted = list(dict.fromkeys(r for r in (seat, *readers) if ("view", r) not in memo))
        for reader, view in zip(wanted, game.views(state, wanted), strict=True):
            memo[("view", reader)] = view
        built = memo[("view", seat)]
    return cast(dict[str, Any], built)


# An invitation sent after the end (a rematch's seat is kept for its player's name) is not
# part of the game's log: a published log still shows it only to the seats it was for.
NEVER_PUBLISHED = frozenset({"rematch"})


def filter_entries(
    row: TableSnapshot, entries: list[EntrySnapshot], seat: int | None
) -> list[dict[str, Any]]:
    """The events ``seat`` may read; after the end the host may publish everything.

    Read from the stored form, without making an ``Event`` of each: every reader's
    frame filters the same entries after every move."""
    published = row.status == TableStatus.FINISHED and row.publish_log
    out: list[dict[str, Any]] = []
    for entry in entries:
        for raw in entry.events:
            audience = raw.get("audience")
            kind = raw["type"]
            if in_audience(audience, seat) or (published and kind not in NEVER_PUBLISHED):
                item: dict[str, Any] = {
                    "version": entry.version,
                    "seat": entry.seat,
                    "type": kind,
                    "data": raw.get("data") or {},
                }
                if published:
                    item["audience"] = audience
                out.append(item)
    return out


async def events(
    ctx: Context, row: TableSnapshot, seat: int | None, since: int
) -> list[dict[str, Any]]:
    """Events ``seat`` may read after version ``since``, up to the row's version."""
    entries = await ctx.store.entries_between(row.id, since, row.version)
    return filter_entries(row, entries, seat)


async def live_document(ctx: Context, row: TableSnapshot, seat: int | None) -> dict[str, Any]:
    """:func:`document` at the server's time: from the hub's snapshot of that version
    when this process holds it (its state loaded and its documents built once)."""
    snap = ctx.hub.holding(row)
    if snap is None:
        return document(row, seat, ctx.settings.clock.now())
    if snap.state is None and row.state is not None:
        snap.state = game_of(row).load(row.state)
    return document(snap.row, seat, ctx.settings.clock.now(), snap.state, snap.memo)


async def document_with_events(
    ctx: Context, row: TableSnapshot, seat: int | None, since: int
) -> dict[str, Any]:
    """The reader's document plus the events it has not seen since ``since``."""
    doc = await live_document(ctx, row, seat)
    doc["events"] = await events(ctx, row, seat, since)
    return doc
