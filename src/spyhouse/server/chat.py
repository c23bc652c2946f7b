"""Table chat: players accuse, bluff and joke; spectators talk among themselves.

- Seated players write to the ``table`` channel, read by every socket of the table.
- Spectators (and a host without a seat) write to the ``spectators`` channel, read only
  by spectators, so watchers who may see more than a player cannot coach one.
- Lines are text only (at most 500 characters; control characters other than line
  breaks refused; clients render them as text, never HTML), stored with the table, and
  the last 200 are sent on every (re)connect. A chat line never changes the game
  version: it is not part of the game's log.
- Each seat (or spectator address) may send a few lines per moment (a moving window from
  the ``limits`` library); the host may mute a seat, which refuses its lines with 403.
"""

from __future__ import annotations

import asyncio
import math
import time
from dataclasses import dataclass
from typing import Any

from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from spyhouse.server import protocol
from spyhouse.server.context import Context
from spyhouse.server.problems import Problem
from spyhouse.store.models import ChatLine, TableRow

TABLE = "table"
SPECTATORS = "spectators"
MAX_LENGTH = 500
HISTORY = 200
RATE = parse("5/10second")
"""Lines one writer may send: a burst of banter, not a flood."""

_limiter = MovingWindowRateLimiter(MemoryStorage())


def channels_read_by(seat: int | None) -> tuple[str, ...]:
    """Players read the table's talk; spectators read it and their own channel."""
    return (TABLE,) if seat is not None else (TABLE, SPECTATORS)


def frame(line: ChatLine) -> dict[str, Any]:
    """A chat line as every client receives it."""
    at = line.created_at.isoformat() if line.created_at else None
    return protocol.chat_line(line.id, line.channel, line.seat, line.name, line.text, at)


def clean_text(raw: object) -> str:
    """Chat text: a non-blank string of at most 500 characters, no control characters
    except line breaks; 422 ``bad_chat`` otherwise."""
    if not isinstance(raw, str):
        raise Problem(422, "bad_chat", 'A chat message is {"type": "chat", "text": "…"}.')
    text = raw.strip()
    if not text:
        raise Problem(422, "bad_chat", "Say something: the message is empty.")
    if len(text) > MAX_LENGTH:
        raise Problem(422, "chat_too_long", f"Chat lines are at most {MAX_LENGTH} characters.")
    if any(ord(c) < 32 and c not in "\n\t" or c == "\x7f" for c in text):
        raise Problem(422, "bad_chat", "Chat text may not contain control characters.")
    return text


@dataclass(frozen=True)
class Speaker:
    """Who is talking: a seat, or a spectator known by an address or socket key."""

    seat: int | None
    key: str


def _check_rate(row: TableRow, speaker: Speaker) -> None:
    keys = (row.id, speaker.key)
    if not _limiter.hit(RATE, *keys):
        reset = _limiter.get_window_stats(RATE, *keys).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        raise Problem(
            429,
            "chat_rate_limited",
            f"Slow down: wait {wait} s before your next line.",
            retry_after=wait,
        )


async def say(ctx: Context, row: TableRow, speaker: Speaker, raw_text: object) -> dict[str, Any]:
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
    _check_rate(row, speaker)
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


async def mute(ctx: Context, row: TableRow, seat: int, muted: bool) -> None:
    """The host mutes (or unmutes) a seat's chat. Not a move: the version stays; the
    table's sockets are told at once and the seat list shows it from now on."""
    if not 0 <= seat < row.num_seats:
        raise Problem(404, "unknown_seat", "No such seat at this table.")
    await ctx.chat.set_muted(row.id, seat, muted)
    ctx.hub.refresh(await ctx.store.get(row.id))
    ctx.hub.broadcast(row.id, protocol.chat_muted(seat, muted), lambda reader: True)


def on_notice(ctx: Context, payload: str) -> None:
    """A chat line said in another process (PostgreSQL ``NOTIFY``): deliver it here too."""
    table_id, _, line_id = payload.partition(":")
    if line_id.isdigit() and ctx.hub.watched(table_id):
        asyncio.get_running_loop().create_task(_deliver_remote(ctx, table_id, int(line_id)))


async def _deliver_remote(ctx: Context, table_id: str, line_id: int) -> None:
    line = await ctx.chat.get(line_id)
    if line is not None and line.table_id == table_id:
        deliver(ctx, table_id, frame(line))
