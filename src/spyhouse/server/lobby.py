"""The lobby: open a table, join by invite, seat bots, empty seats, start, list.

Every lobby change is one versioned commit with a public event, so a reader's log tells
who came and went.
"""

from __future__ import annotations

import secrets
from typing import Any

from spyhouse.bots import LEVELS
from spyhouse.bots.worker import DEFAULT_LEVEL
from spyhouse.engine import Event, Game, get_game
from spyhouse.kinds import BotLevel, SeatKind, TableStatus
from spyhouse.server import holds
from spyhouse.server.access import hash_token, new_token
from spyhouse.server.autoplay import levels
from spyhouse.server.clocks import arithmetic
from spyhouse.server.context import Context, commit, game_of, try_commit
from spyhouse.server.web.inputbounds import well_formed_id
from spyhouse.server.web.problems import Problem, not_found
from spyhouse.server.web.schemas import CreateTable
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change, SeatChange, StaleVersion
from spyhouse.store.snapshots import SeatSnapshot, TableSnapshot

_JOIN_RETRIES = 8


def game_info(ctx: Context, game: Game[Any]) -> dict[str, Any]:
    """What the lobby shows about a game, and what it needs to preselect a bot level:
    how long each level thinks per decision on this server and how many decisions a seat
    makes in a game, so a searching bot is offered only where the table's clock allows it
    (the strongest level whose think time fits the table's clock is preselected)."""
    think = levels.think_seconds(ctx)
    return game.info() | {
        "bots": [{"level": level, "think_seconds": think[level]} for level in LEVELS],
        "decisions_per_seat": game.decisions_per_seat,
    }


async def create(ctx: Context, req: CreateTable) -> dict[str, Any]:
    """Open a table; with ``host_name`` the creator also takes seat 0."""
    game = get_game(req.game)
    if game is None:
        raise Problem(422, "unknown_game", f"No game with id {req.game!r}.")
    try:
        options = game.parse_options(req.options)
    except ValueError as exc:
        raise Problem(422, "invalid_options", f"Invalid options: {exc}") from None
    allowed = game.seat_range(options)
    seats = req.seats if req.seats is not None else allowed.start
    if seats not in allowed:
        raise Problem(
            422,
            "invalid_seat_count",
            f"{game.title} takes {allowed.start}-{allowed.stop - 1} players with these options.",
        )
    host_token = new_token()
    row = _fresh_table(
        ctx,
        host_token_hash=hash_token(host_token),
        game_id=game.id,
        options=options.model_dump(mode="json"),
        num_seats=seats,
        private=req.private,
        spectators=req.spectators,
        publish_log=req.publish_log,
        clock=None
        if req.clock is None
        else arithmetic.new_clock(req.clock.model_dump(), req.handover_after, seats),
    )
    seat_token = new_token() if req.host_name else None
    changes = [SeatChange(i, SeatKind.OPEN, None, None) for i in range(seats)]
    if req.host_name:
        changes[0] = SeatChange(
            0, SeatKind.HUMAN, req.host_name.strip(), hash_token(seat_token or "")
        )
    await ctx.store.create(row, changes)
    return {
        "table_id": row.id,
        "invite_code": row.invite_code,
        "invite_url": f"{ctx.settings.public_url}/#/join/{row.invite_code}",
        "host_token": host_token,
        "seat": {"table_id": row.id, "seat": 0, "seat_token": seat_token} if seat_token else None,
    }


async def by_invite(ctx: Context, code: str) -> TableSnapshot:
    row = await ctx.store.by_invite(code) if well_formed_id(code) else None
    if row is None:
        raise not_found("invite")
    return row


def same_name(a: str | None, b: str) -> bool:
    """Names at one table are unique whatever the case and surrounding spaces."""
    return a is not None and a.strip().casefold() == b.strip().casefold()


def _seat_for(row: TableSnapshot, name: str) -> int:
    """The seat ``name`` may take: the one kept for that name by a rematch, else the first
    open seat kept for nobody. A name already seated is refused (422 ``name_taken``)."""
    if any(s.kind != SeatKind.OPEN and same_name(s.name, name) for s in row.seats):
        raise Problem(
            422, "name_taken", "Someone at this table already uses that name; choose another."
        )
    kept = [s.seat for s in row.seats if s.kind == SeatKind.OPEN and same_name(s.name, name)]
    free = [s.seat for s in row.seats if s.kind == SeatKind.OPEN and s.name is None]
    if not kept and not free:
        raise Problem(409, "table_full", "Every seat at this table is taken.")
    return (kept or free)[0]


async def join(ctx: Context, code: str, name: str) -> dict[str, Any]:
    """Take the seat kept for this name, else the first open seat; retried when the lobby
    changed under us."""
    for _ in range(_JOIN_RETRIES):
        row = await by_invite(ctx, code)
        if row.status != TableStatus.WAITING:
            raise Problem(409, "already_started", "This game has already started.")
        seat = _seat_for(row, name)
        token = new_token()
        change = Change(
            events=[Event.public("joined", seat=seat, name=name.strip()).to_json()],
            seats=[SeatChange(seat, SeatKind.HUMAN, name.strip(), hash_token(token))],
        )
        try:
            await try_commit(ctx, row, change)
        except StaleVersion:
            continue  # someone else joined or changed the lobby: look again
        return {"table_id": row.id, "seat": seat, "seat_token": token}
    raise Problem(409, "busy", "The table is changing quickly; try again.")


async def seat_bot(
    ctx: Context, row: TableSnapshot, seat: int, level: BotLevel | None = None
) -> None:
    """Host: a bot of ``level`` takes an open seat, or during play the seat of an absent
    player; a bot's seat may also be given another level (before or during play). With no
    level: the API's default before the start, and during play the strongest level the
    table allows (the seat is a player's, played for them until they are back)."""
    target = seat_row(row, seat)
    if level is None:
        level = (
            levels.strongest_level(ctx, row, seat)
            if row.status == TableStatus.PLAYING
            else DEFAULT_LEVEL
        )
    if row.status == TableStatus.FINISHED:
        raise Problem(409, "game_over", "The game is over.")
    if target.kind == SeatKind.BOT:
        change = SeatChange(
            seat, SeatKind.BOT, target.name, None, level, target.held_for, target.hold
        )
        await _seat_commit(ctx, row, change, "bot_level_changed")
        return
    if row.status == TableStatus.WAITING and target.kind != SeatKind.OPEN:
        raise Problem(409, "seat_taken", "Only an open seat can be given to a bot.")
    if row.status == TableStatus.PLAYING:  # held for the player until the host gives it back
        await holds.hand_to_bot(ctx, row, target, level)
        return
    change = SeatChange(seat, SeatKind.BOT, f"Bot {seat + 1}", None, level)
    await _seat_commit(ctx, row, change, "bot_seated")


async def empty_seat(ctx: Context, row: TableSnapshot, seat: int) -> None:
    """Host: empty a seat before the start (its token stops working at once)."""
    target = seat_row(row, seat)
    if row.status != TableStatus.WAITING:
        raise Problem(409, "already_started", "Seats can only be emptied before the start.")
    if target.kind == SeatKind.OPEN:
        raise Problem(409, "seat_open", "That seat is already open.")
    await _seat_commit(ctx, row, SeatChange(seat, SeatKind.OPEN, None, None), "seat_emptied")


def _fresh_table(ctx: Context, **settings: Any) -> TableRow:
    """A new waiting table with ``settings`` (game, options, seats, privacy, clock, the
    host's token hash): its own id, invite code and secret seed."""
    return TableRow(
        id=secrets.token_urlsafe(16),
        status=TableStatus.WAITING,
        invite_code=secrets.token_urlsafe(9),
        seed=ctx.settings.chance.randbits(63),
        version=0,
        **settings,
    )


async def start(ctx: Context, row: TableSnapshot) -> None:
    """Host: deal the game once every seat holds a player or a bot."""
    if row.status != TableStatus.WAITING:
        raise Problem(409, "already_started", "This game has already started.")
    if any(s.kind == SeatKind.OPEN for s in row.seats):
        raise Problem(409, "seats_open", "Fill every seat (players or bots) before starting.")
    game = game_of(row)
    state = game.setup(row.num_seats, game.parse_options(row.options), row.seed)
    # What the setup shows (private deals, face-up draws) goes in the start entry with
    # its audiences, so the log tells everything each seat was shown.
    shown = game.setup_events(state)
    if not any(e.type == "game_started" for e in shown):  # a game may announce its own
        shown = [Event.public("game_started"), *shown]
    change = Change(
        events=[e.to_json() for e in shown],
        state=game.dump(state),
        status=TableStatus.PLAYING,
    )
    committed = await commit(ctx, row, change, state)
    ctx.autoplay.wake(row.id, committed.row, state)  # the answer does not wait for them


async def rematch(ctx: Context, row: TableSnapshot, host_seat: int | None) -> dict[str, Any]:
    """Host: the same game again, same options and seats, in one click.

    Bots keep their seats; the host takes ``host_seat`` (their seat at the finished table)
    under the same name; every other player's seat is kept open for their name, and they
    get an invitation on their page: a ``rematch`` event only they can read (a published
    log shows it only to the seats it was for).
    """
    if row.status != TableStatus.FINISHED:
        raise Problem(409, "not_finished", "A rematch can only follow a finished game.")
    if host_seat is not None and seat_row(row, host_seat).kind != SeatKind.HUMAN:
        raise Problem(422, "not_a_player_seat", "The host's seat must be a player's seat.")
    host_token = new_token()
    seat_token = new_token() if host_seat is not None else None
    new = _fresh_table(
        ctx,
        host_token_hash=hash_token(host_token),
        game_id=row.game_id,
        options=dict(row.options),
        num_seats=row.num_seats,
        private=row.private,
        spectators=row.spectators,
        publish_log=row.publish_log,
        clock=None
        if row.clock is None
        else arithmetic.new_clock(row.clock, row.clock["handover_after"], row.num_seats),
    )
    seats: list[SeatChange] = []
    for s in sorted(row.seats, key=lambda x: x.seat):
        if s.seat == host_seat:
            seats.append(SeatChange(s.seat, SeatKind.HUMAN, s.name, hash_token(seat_token or "")))
        elif s.kind == SeatKind.BOT:
            seats.append(SeatChange(s.seat, SeatKind.BOT, s.name, None, s.bot_level))
        else:  # kept for the same player, who joins by name
            seats.append(
                SeatChange(
                    s.seat, SeatKind.OPEN, s.name if s.kind == SeatKind.HUMAN else None, None
                )
            )
    await ctx.store.create(new, seats)
    invited = sorted(s.seat for s in row.seats if s.kind == SeatKind.HUMAN and s.seat != host_seat)
    if invited:
        event = Event.private(
            invited,
            "rematch",
            table_id=new.id,
            invite_code=new.invite_code,
            host_seat=host_seat,
        )
        await commit(ctx, row, Change(events=[event.to_json()]))
    return {
        "table_id": new.id,
        "invite_code": new.invite_code,
        "invite_url": f"{ctx.settings.public_url}/#/join/{new.invite_code}",
        "host_token": host_token,
        "seat": {"table_id": new.id, "seat": host_seat, "seat_token": seat_token}
        if seat_token
        else None,
    }


async def waiting_public(
    ctx: Context, limit: int = 50, before: str | None = None
) -> list[TableSnapshot]:
    """Public tables still waiting for players, newest first, a page at a time."""
    if before is not None and not well_formed_id(before):
        return []
    return await ctx.store.waiting_public(limit, before)


async def _seat_commit(ctx: Context, row: TableSnapshot, seat: SeatChange, kind: str) -> None:
    events = [Event.public(kind, seat=seat.seat).to_json()]
    await commit(ctx, row, Change(events=events, seats=[seat]))


def seat_row(row: TableSnapshot, seat: int) -> SeatSnapshot:
    """The row of ``seat`` at this table; 404 ``unknown_seat`` when it has none."""
    for s in row.seats:
        if s.seat == seat:
            return s
    raise Problem(404, "unknown_seat", f"This table has no seat {seat}.")
