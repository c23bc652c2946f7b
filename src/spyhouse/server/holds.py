"""Absent players: a bot holds their seat, and they get it back — or are told they left.

A seat a bot plays for someone keeps that player's token hash aside (``held_for``) with
the reason (``hold``):

- ``absent`` — their time ran out too often: the moment they come back (any request or
  socket with their token) they take the seat back, automatically;
- ``host`` — the host handed the seat to a bot: it stays with the bot until the host gives
  it back;
- ``removed`` — the host removed the player: the bot plays on, and the player's token
  gets a clear ``removed_from_table`` page instead of a bare "invalid token".

Meanwhile the player has no authority over the seat (``server/access.py``): their sockets
are closed and they see nothing of it. Every change is announced in the log.
"""

from __future__ import annotations

import contextlib
from typing import Any

from spyhouse.engine import Event
from spyhouse.kinds import BotLevel, Hold, SeatKind, TableStatus

# The access checks resolve a held seat through this module's reclaim: imported as a module.
from spyhouse.server import access, reading
from spyhouse.server.context import Context, commit, load, try_commit
from spyhouse.server.web.problems import Problem
from spyhouse.store.models import SeatRow, TableRow
from spyhouse.store.repository import Change, SeatChange, StaleVersion


def _held_seat(row: TableRow, token: str) -> SeatRow:
    seat = access.held_for(row, token)
    if seat is None:
        raise access.held_problem(row, token) or Problem(
            409, "not_held", "No bot is holding a seat for this token."
        )
    return seat


def _asked(events: list[dict[str, Any]], seat: int) -> bool:
    """Whether the player asked for ``seat`` back since a bot last took it."""
    asked = False
    for event in events:
        if event["data"].get("seat") != seat:
            continue
        if event["type"] == "seat_requested":
            asked = True
        elif event["type"] in ("bot_seated", "seat_held"):
            asked = False
    return asked


async def held_view(ctx: Context, row: TableRow, token: str) -> dict[str, Any]:
    """What a player whose seat a bot holds may watch: the table from their seat's point
    of view (what the seat knows stays theirs: they will play it again), with nothing to
    decide, why it is held, and whether they already asked for it back."""
    seat = _held_seat(row, token)
    doc = await reading.document_with_events(ctx, row, seat.seat, 0)
    doc["legal_actions"] = []
    asked = _asked(doc["events"], seat.seat)
    return {"seat": seat.seat, "hold": seat.hold, "asked": asked, "document": doc}


async def ask_back(ctx: Context, row: TableRow, token: str) -> None:
    """The player asks the host for their seat back: a public line in the log, which the
    host's controls show beside a one-click Give back. Asking again while the request
    stands changes nothing (one line per hold, however often the button is pressed)."""
    seat = _held_seat(row, token)
    if _asked(await reading.events(ctx, row, seat.seat, 0), seat.seat):
        return
    await commit(
        ctx,
        row,
        Change(events=[Event.public("seat_requested", seat=seat.seat, name=seat.name).to_json()]),
    )


async def reclaim(ctx: Context, row: TableRow, token: str | None) -> TableRow:
    """A player coming back takes back the seat a bot held for them while absent."""
    if token is None or row.status != TableStatus.PLAYING:
        return row
    for _ in range(8):
        seat = access.away_from(row, token)
        if seat is None:
            return row
        change = _back_to_player(seat, "returned")
        with contextlib.suppress(StaleVersion):  # the table moved: look again
            await try_commit(ctx, row, change)
        row = await load(ctx, row.id)
    return row


async def hand_to_bot(ctx: Context, row: TableRow, seat: SeatRow, level: BotLevel) -> None:
    """Host, during play: a bot plays the seat until the host gives it back."""
    if seat.kind != SeatKind.HUMAN:
        raise Problem(409, "seat_taken", "Only a player's seat can be handed to a bot.")
    change = Change(
        events=[Event.public("bot_seated", seat=seat.seat, name=seat.name).to_json()],
        seats=[
            SeatChange(
                seat.seat, SeatKind.BOT, seat.name, None, level, seat.token_hash, hold=Hold.HOST
            )
        ],
    )
    await commit(ctx, row, change)
    ctx.autoplay.wake(row.id)


async def give_back(ctx: Context, row: TableRow, seat: SeatRow) -> None:
    """Host: the player a bot was holding the seat for takes it back."""
    if row.status != TableStatus.PLAYING:
        raise Problem(409, "not_playing", "Seats are given back only during the game.")
    if seat.hold not in (Hold.ABSENT, Hold.HOST):
        raise Problem(409, "not_held", "No bot is holding this seat for a player.")
    await commit(ctx, row, _back_to_player(seat, "seat_given_back"))


async def remove(ctx: Context, row: TableRow, seat: SeatRow) -> None:
    """Host: remove a player for good; a bot plays their seat to the end."""
    if row.status != TableStatus.PLAYING:
        raise Problem(409, "not_playing", "Before the start, empty the seat instead.")
    if seat.hold == Hold.REMOVED or (seat.kind != SeatKind.HUMAN and seat.held_for is None):
        raise Problem(409, "not_a_player_seat", "No player sits at this seat.")
    player = seat.token_hash if seat.kind == SeatKind.HUMAN else seat.held_for
    change = Change(
        events=[Event.public("player_removed", seat=seat.seat, name=seat.name).to_json()],
        seats=[
            SeatChange(
                seat.seat,
                SeatKind.BOT,
                seat.name,
                None,
                seat.bot_level,
                held_for=player,
                hold=Hold.REMOVED,
            )
        ],
    )
    await commit(ctx, row, change)
    ctx.autoplay.wake(row.id)


def _back_to_player(seat: SeatRow, kind: str) -> Change:
    return Change(
        events=[Event.public(kind, seat=seat.seat, name=seat.name).to_json()],
        seats=[SeatChange(seat.seat, SeatKind.HUMAN, seat.name, seat.held_for)],
    )
