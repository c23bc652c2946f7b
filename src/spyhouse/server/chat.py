"""Table chat: players accuse, bluff and joke; spectators talk among themselves.

- Seated players write to the ``table`` channel, read by every socket of the table.
- Spectators (and a host without a seat) write to the ``spectators`` channel, read only
  by spectators, so watchers who may see more than a player cannot coach one.
- Lines are text only (at most 500 characters and 10 line breaks, something visible, no
  controls other than line feeds and tabs, no direction overrides; clients render them
  as text, never HTML), stored with the table, and the last 200 are sent on every
  (re)connect. A chat line never changes the game version: it is not part of the
  game's log.
- Each seat (or spectator address) may send a few lines per moment (a moving window
  counted in the database, so it holds across processes); the host may mute a seat,
  which refuses its lines with 403 and is told to every socket of every process.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from limits import parse

from spyhouse.server import tablerates
from spyhouse.server.context import Context
from spyhouse.server.web import protocol
from spyhouse.server.web.inputbounds import line_breaks_as_newlines, text_fault
from spyhouse.server.web.problems import Problem
from spyhouse.store.models import ChatLine
from spyhouse.store.reads import ChatEntry
from spyhouse.store.snapshots import TableSnapshot

TABLE = "table"
SPECTATORS = "spectators"
MAX_LENGTH = 500
MAX_LINE_BREAKS = 10
"""A line of talk, or a short verse — not a wall that pushes everyone else's lines away."""
HISTORY = 200
RATE = parse("5/10second")
"""Lines one writer may send: a burst of banter, not a flood. Counted in the database
(``server/tablerates.py``), so a seat with sockets on several processes shares one count."""


def channels_read_by(seat: int | None) -> tuple[str, ...]:
    """Players read the table's talk; spectators read it and their own channel."""
    return (TABLE,) if seat is not None else (TABLE, SPECTATORS)


def frame(line: ChatLine | ChatEntry) -> dict[str, Any]:
    """A chat line as every client receives it."""
    at = line.created_at.isoformat() if line.created_at else None
    return protocol.chat_line(line.id, line.channel, line.seat, line.name, line.text, at)


_FAULTS = {
    "control": "Chat text may not contain control characters.",
    "bidi": "Chat text may not contain direction overrides or isolates.",
    "invisible": "Say something visible: the message has only invisible characters.",
}


def clean_text(raw: object) -> str:
    """Chat text: a string of at most 500 characters and :data:`MAX_LINE_BREAKS` line
    breaks, with something visible, no controls but line feeds and tabs, no direction
    overrides (``bounds.text_fault``, the rule names follow too); every line break is
    sent as ``\\n``. Otherwise 422 ``bad_chat`` with a ``fault`` (``empty``,
    ``control``, ``bidi``, ``invisible``, ``too_many_lines``) or ``chat_too_long``."""
    if not isinstance(raw, str):
        raise Problem(422, "bad_chat", 'A chat message is {"type": "chat", "text": "…"}.')
    text = line_breaks_as_newlines(raw).strip()
    if not text:
        raise Problem(422, "bad_chat", "Say something: the message is empty.", fault="empty")
    if len(text) > MAX_LENGTH:
        raise Problem(422, "chat_too_long", f"Chat lines are at most {MAX_LENGTH} characters.")
    if (fault := text_fault(text, line_breaks=True)) is not None:
        raise Problem(422, "bad_chat", _FAULTS[fault], fault=fault)
    if text.count("\n") > MAX_LINE_BREAKS:
        detail = f"A message breaks the line at most {MAX_LINE_BREAKS} times."
        raise Problem(422, "bad_chat", detail, fault="too_many_lines")
    return text


@dataclass(frozen=True)
class Speaker:
    """Who is talking: a seat, or a spectator known by an address or socket key."""

    seat: int | None
    key: str


async def _check_rate(ctx: Context, row: TableSnapshot, speaker: Speaker) -> None:
    await tablerates.check(
        ctx,
        f"chat:{row.id}:{speaker.key}",
        RATE,
        "chat_rate_limited",
        "Slow down: wait {seconds} s before your next line.",
    )


async def say(
    ctx: Context, row: TableSnapshot, speaker: Speaker, raw_text: object
) -> dict[str, Any]:
    """Store a line and hand it to every socket of the table that may read it."""
    text = clean_text(raw_text)
    if speaker.seat is not None:
        seat = next(s for s in row.seats if s.seat == speaker.seat)
        if seat.chat_muted:
            raise Problem(403, "muted", "The host has muted you at this table.")
        channel, name = TABLE, seat.name or f"Seat {speaker.seat + 1}"
    else:
        if not row.spectators and not _is_host_key(speaker):
            raise Problem(403, "not_a_seat", "Only players and spectators may chat here.")
        channel, name = SPECTATORS, "Host" if _is_host_key(speaker) else "Spectator"
    await _check_rate(ctx, row, speaker)
    line = await ctx.chat.add(
        ChatLine(table_id=row.id, channel=channel, seat=speaker.seat, name=name, text=text)
    )
    out = frame(line)
    deliver(ctx, row.id, out)
    return out


def _is_host_key(speaker: Speaker) -> bool:
    return speaker.key.startswith("host:")


def deliver(ctx: Context, table_id: str, out: dict[str, Any]) -> None:
    """Queue a line for every local socket of the table whose reader may read it."""
    if not ctx.hub.first_delivery(table_id, int(out["id"])):
        return  # this process already delivered it (its own NOTIFY echo)
    encoded = protocol.encode(out)
    ctx.hub.broadcast(table_id, encoded, lambda seat: out["channel"] in channels_read_by(seat))


async def history(ctx: Context, table_id: str, seat: int | None) -> list[dict[str, Any]]:
    """The last 200 lines this reader may read, oldest first."""
    lines = await ctx.chat.recent(table_id, channels_read_by(seat), HISTORY)
    return [frame(line) for line in lines]


async def mute(ctx: Context, row: TableSnapshot, seat: int, muted: bool) -> None:
    """The host mutes (or unmutes) a seat's chat. Not a move: the version stays; every
    socket of the table, on every process, is told at once and the seat list shows it
    from now on."""
    if not 0 <= seat < row.num_seats:
        raise Problem(404, "unknown_seat", "No such seat at this table.")
    notice = f"{row.id}:muted:{seat}:{int(muted)}:{ctx.origin}"
    await ctx.chat.set_muted(row.id, seat, muted, notice)
    ctx.hub.refresh(await ctx.store.get(row.id))
    _tell_muted(ctx, row.id, seat, muted)


def _tell_muted(ctx: Context, table_id: str, seat: int, muted: bool) -> None:
    ctx.hub.broadcast(table_id, protocol.chat_muted(seat, muted), lambda reader: True)


def on_notice(ctx: Context, payload: str) -> None:
    """Talk from another process (PostgreSQL ``NOTIFY``): a chat line, delivered here
    too, or a mute, told to this process's sockets of the table at once (notices arrive
    in commit order, so a quick mute and unmute end as they should)."""
    table_id, _, rest = payload.partition(":")
    if not ctx.hub.watched(table_id):
        return
    loop = asyncio.get_running_loop()
    if rest.isdigit():
        loop.create_task(_deliver_remote(ctx, table_id, int(rest)))
        return
    kind, _, rest = rest.partition(":")
    seat, muted, origin = (rest.split(":") + ["", "", ""])[:3]
    if kind == "muted" and seat.isdigit() and muted in ("0", "1") and origin != ctx.origin:
        ctx.hub.muted(table_id, int(seat), muted == "1")  # before anyone is told
        _tell_muted(ctx, table_id, int(seat), muted == "1")


async def _deliver_remote(ctx: Context, table_id: str, line_id: int) -> None:
    line = await ctx.chat.get(line_id)
    if line is not None and line.table_id == table_id:
        deliver(ctx, table_id, frame(line))
