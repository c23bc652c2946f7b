"""The table repository: every write is one transaction with a compare-and-swap.

A change is committed only if the table is still at the version the change was
computed from; otherwise :class:`StaleVersion` is raised and nothing is written. This is
what makes two clients submitting at the same version end with exactly one move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import Table, and_, func, insert, literal, or_, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.orm import joinedload

from spyhouse.store import hotpath
from spyhouse.store.db import Database
from spyhouse.store.models import ChatLine, LogEntry, SeatRow, TableRow
from spyhouse.store.notify import CHANNEL, CHAT_CHANNEL, notice
from spyhouse.store.reads import ChatEntry
from spyhouse.store.snapshots import EntrySnapshot, TableSnapshot
from spyhouse.store.snapshots import SeatChange as SeatChange  # where callers import it

# The Core tables behind the models, for statements that skip the ORM's unit of work.
_TABLES = cast(Table, TableRow.__table__)
_SEATS = cast(Table, SeatRow.__table__)
_LOG = cast(Table, LogEntry.__table__)


class StaleVersion(Exception):
    """The table moved on since the change was computed (or the request was a duplicate)."""


@dataclass
class Change:
    """What one commit writes besides the version bump."""

    events: list[dict[str, Any]]
    seat: int | None = None
    action: dict[str, Any] | None = None
    request_id: str | None = None
    state: dict[str, Any] | None = None
    status: str | None = None
    outcome: dict[str, Any] | None = None
    seats: Sequence[SeatChange] = ()
    clock: dict[str, Any] | None = None
    """The table's clock after this change (``None``: unchanged)."""
    deadline: float | None = None
    """With ``clock``: its earliest running deadline."""


class TableStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, row: TableRow, seats: Sequence[SeatChange]) -> None:
        """A new table and its seats, through the driver where the moves are written:
        through the ORM a table's creation was a quarter of its opening's CPU (the
        short games open a table every few dozen moves)."""
        table = hotpath.new_table_params(row)
        new_seats = hotpath.new_seat_params(row.id, seats)
        if self.db.sqlite_writer is not None:
            await self.db.sqlite_writer.run(hotpath.sqlite_create, table, new_seats)
        elif self.db.pg_moves is not None:
            await self.db.pg_moves.run(hotpath.pg_create, table, new_seats)
        else:  # an in-memory SQLite (tests)
            async with self.db.session() as s, s.begin():
                s.add(row)
                await s.flush()
                for c in seats:
                    s.add(
                        SeatRow(
                            table_id=row.id,
                            seat=c.seat,
                            **c.columns(),
                        )
                    )

    async def get(self, table_id: str) -> TableSnapshot | None:
        """The table with its seats, in one query."""
        if self.db.reads is not None:
            return await self.db.reads.table(table_id)
        async with self.db.session() as s:
            q = select(TableRow).where(TableRow.id == table_id).options(joinedload(TableRow.seats))
            row = (await s.execute(q)).unique().scalar()
            return None if row is None else TableSnapshot.of(row)

    async def get_with_entries(
        self, table_id: str, after: int | None
    ) -> tuple[TableSnapshot | None, list[EntrySnapshot]]:
        """The table, and (unless ``after`` is ``None``) its entries after ``after``, in one
        session: what a process needs to pass on a change committed elsewhere."""
        async with self.db.session() as s:
            q = select(TableRow).where(TableRow.id == table_id).options(joinedload(TableRow.seats))
            found = (await s.execute(q)).unique().scalar()
            row = None if found is None else TableSnapshot.of(found)
            if row is None or after is None or after >= row.version:
                return row, []
            e = (
                select(LogEntry)
                .where(
                    LogEntry.table_id == table_id,
                    LogEntry.version > after,
                    LogEntry.version <= row.version,
                )
                .order_by(LogEntry.version)
            )
            return row, [EntrySnapshot.of(x) for x in (await s.execute(e)).scalars()]

    async def by_invite(self, code: str) -> TableSnapshot | None:
        if self.db.reads is not None:
            return await self.db.reads.table_by_invite(code)
        async with self.db.session() as s:
            q = (
                select(TableRow)
                .where(TableRow.invite_code == code)
                .options(joinedload(TableRow.seats))
            )
            row = (await s.execute(q)).unique().scalar()
            return None if row is None else TableSnapshot.of(row)

    async def waiting_public(
        self, limit: int = 50, before: str | None = None
    ) -> list[TableSnapshot]:
        """Public tables still waiting, newest first: one page of ``limit``, after the
        table ``before`` (the last one of the previous page) when given."""
        async with self.db.session() as s:
            q = (
                select(TableRow)
                .where(TableRow.status == "waiting", TableRow.private.is_(False))
                .order_by(TableRow.created_at.desc(), TableRow.id.desc())
                .limit(limit)
            )
            if before is not None:  # compared in SQL: SQLite keeps times as text
                mark = select(TableRow.created_at).where(TableRow.id == before).scalar_subquery()
                q = q.where(
                    or_(
                        TableRow.created_at < mark,
                        and_(TableRow.created_at == mark, TableRow.id < before),
                    )
                )
            return [TableSnapshot.of(r) for r in (await s.execute(q)).scalars()]

    async def playing_with_bots(self) -> list[tuple[str, int]]:
        """``(table id, version)`` of every game in play with a bot seated, the one that
        stood still longest first (so a restart resumes the oldest waits first)."""
        async with self.db.session() as s:
            has_bot = (
                select(SeatRow.table_id)
                .where(SeatRow.table_id == TableRow.id, SeatRow.kind == "bot")
                .exists()
            )
            q = (
                select(TableRow.id, TableRow.version)
                .where(TableRow.status == "playing", has_bot)
                .order_by(TableRow.updated_at, TableRow.id)
            )
            return [(r.id, r.version) for r in await s.execute(q)]

    async def due(self, now: float, limit: int = 100) -> list[str]:
        """Tables being played whose earliest clock deadline has passed."""
        async with self.db.session() as s:
            q = (
                select(TableRow.id)
                .where(TableRow.status == "playing", TableRow.deadline <= now)
                .order_by(TableRow.deadline)
                .limit(limit)
            )
            return list((await s.execute(q)).scalars())

    async def earliest_deadline(self) -> float | None:
        """The earliest clock deadline of the games being played (``None``: no clock)."""
        async with self.db.session() as s:
            q = select(func.min(TableRow.deadline)).where(TableRow.status == "playing")
            return (await s.execute(q)).scalar()

    async def entries_between(self, table_id: str, after: int, upto: int) -> list[EntrySnapshot]:
        """Log entries with ``after < version <= upto``, oldest first."""
        if self.db.reads is not None:
            return await self.db.reads.entries(table_id, after, upto)
        async with self.db.session() as s:
            q = (
                select(LogEntry)
                .where(
                    LogEntry.table_id == table_id,
                    LogEntry.version > after,
                    LogEntry.version <= upto,
                )
                .order_by(LogEntry.version)
            )
            return [EntrySnapshot.of(x) for x in (await s.execute(q)).scalars()]

    async def entry_for_request(self, table_id: str, request_id: str) -> EntrySnapshot | None:
        async with self.db.session() as s:
            q = select(LogEntry).where(
                LogEntry.table_id == table_id, LogEntry.request_id == request_id
            )
            entry = (await s.execute(q)).scalar()
            return None if entry is None else EntrySnapshot.of(entry)

    async def commit(self, table_id: str, expected_version: int, change: Change) -> EntrySnapshot:
        """Write ``change`` iff the table is at ``expected_version``; return its log entry
        (whose ``version`` is the table's new version).

        Through the driver, not the ORM (``store/hotpath.py``): on PostgreSQL a move is
        one prepared statement in autocommit, so one round trip: the version
        compare-and-swap, the log insert and the ``NOTIFY`` are data-modifying CTEs that
        all commit or none (no log row unless the swap matched). A change of seats
        (lobby, host controls: rare) adds its updates in one transaction around that
        statement. SQLite runs the same steps as one transaction on its writer thread.
        """
        new_version = expected_version + 1
        values: dict[str, Any] = {"version": new_version}  # updated_at: its onupdate
        if change.state is not None:
            values["state"] = change.state
        if change.status is not None:
            values["status"] = change.status
        if change.outcome is not None:
            values["outcome"] = change.outcome
        if change.clock is not None:
            values["clock"] = change.clock
            values["deadline"] = change.deadline
        entry = EntrySnapshot(
            table_id, new_version, change.seat, change.action, change.events, change.request_id
        )
        try:
            if (writer := self.db.sqlite_writer) is not None:
                await writer.run(
                    writer.commit,
                    table_id,
                    expected_version,
                    hotpath.sqlite_values(
                        change.state,
                        change.status,
                        change.outcome,
                        change.clock,
                        change.clock is not None,
                        change.deadline,
                    ),  # fmt: skip
                    hotpath.sqlite_log(table_id, new_version, entry),
                    hotpath.seat_params(table_id, change.seats),
                )
            elif (moves := self.db.pg_moves) is not None:
                await moves.commit(table_id, expected_version, change, new_version, entry)
            else:  # SQLite in memory (no file for a writer thread to open): Core statements
                async with self.db.engine.begin() as conn:
                    await self._swap_and_log(conn, expected_version, values, entry)
                    await self._seats(conn, table_id, change.seats)
        except IntegrityError as exc:  # a concurrent writer inserted the same log row
            raise StaleVersion(table_id) from exc
        except hotpath.Stale as exc:  # the swap matched no row
            raise StaleVersion(table_id) from exc
        return entry

    async def _seats(
        self, conn: AsyncConnection, table_id: str, seats: Sequence[SeatChange]
    ) -> None:
        for c in seats:
            await conn.execute(
                update(_SEATS)
                .where(_SEATS.c.table_id == table_id, _SEATS.c.seat == c.seat)
                .values(**c.columns())
            )

    async def _swap_and_log(
        self, conn: AsyncConnection, expected: int, values: dict[str, Any], entry: EntrySnapshot
    ) -> None:
        """The compare-and-swap of the version and the log row (and on PostgreSQL the
        ``NOTIFY``); :class:`StaleVersion` when the table is no longer at ``expected``."""
        swap = (
            update(_TABLES)
            .where(_TABLES.c.id == entry.table_id, _TABLES.c.version == expected)
            .values(**values)
        )
        logged = {
            "table_id": entry.table_id,
            "version": entry.version,
            "seat": entry.seat,
            "action": entry.action,
            "events": entry.events,
            "request_id": entry.request_id,
        }
        if self.db.is_sqlite:
            if (await conn.execute(swap)).rowcount != 1:
                raise StaleVersion(entry.table_id)
            await conn.execute(insert(_LOG).values(**logged))
            return
        moved = swap.returning(_TABLES.c.id).cte("moved")
        row = select(
            moved.c.id,
            *(literal(v, _LOG.c[k].type) for k, v in logged.items() if k != "table_id"),
        ).select_from(moved)
        inserted = (
            insert(_LOG).from_select(list(logged), row).returning(_LOG.c.version).cte("logged")
        )
        told = select(
            inserted.c.version,
            func.pg_notify(CHANNEL, notice(entry.table_id, entry.version)),
        ).select_from(inserted)
        if (await conn.execute(told)).first() is None:
            raise StaleVersion(entry.table_id)


def committed_row(row: TableSnapshot, change: Change, version: int) -> TableSnapshot:
    """The table as ``change`` left it at ``version``, built in memory, not re-read.

    A new value (``row`` is frozen and left as it was), so a snapshot handed to readers
    never changes under them.
    """
    seats = row.seats
    if change.seats:
        changed = {c.seat: c for c in change.seats}
        seats = tuple(s.changed(c) if (c := changed.get(s.seat)) else s for s in seats)
    clocked = change.clock is not None
    return TableSnapshot(
        row.id, row.game_id, row.options, row.num_seats, row.private, row.spectators,
        row.publish_log,
        change.status if change.status is not None else row.status,
        row.invite_code, row.host_token_hash, row.seed, version,
        change.state if change.state is not None else row.state,
        change.outcome if change.outcome is not None else row.outcome,
        change.clock if clocked else row.clock,
        change.deadline if clocked else row.deadline,
        row.created_at, row.updated_at, seats,
    )  # fmt: skip


class ChatStore:
    """Table talk, kept apart from the game log: a chat line never bumps a version."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def add(self, line: ChatLine) -> ChatLine:
        """Store ``line``; on PostgreSQL other processes hear of it by ``NOTIFY``."""
        async with self.db.session() as s, s.begin():
            s.add(line)
            await s.flush()
            if not self.db.is_sqlite:
                await s.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHAT_CHANNEL, "payload": f"{line.table_id}:{line.id}"},
                )
        return line

    async def get(self, line_id: int) -> ChatLine | None:
        async with self.db.session() as s:
            return await s.get(ChatLine, line_id)

    async def recent(
        self, table_id: str, channels: Sequence[str], limit: int
    ) -> Sequence[ChatLine | ChatEntry]:
        """The last ``limit`` lines of these channels, oldest first."""
        if self.db.reads is not None:
            return await self.db.reads.chat(table_id, channels, limit)
        async with self.db.session() as s:
            q = (
                select(ChatLine)
                .where(ChatLine.table_id == table_id, ChatLine.channel.in_(channels))
                .order_by(ChatLine.id.desc())
                .limit(limit)
            )
            return list(reversed((await s.execute(q)).scalars().all()))

    async def set_muted(
        self, table_id: str, seat: int, muted: bool, notice: str | None = None
    ) -> None:
        """Mute or unmute a seat; on PostgreSQL ``notice`` goes to the other processes on
        the chat channel in the same transaction (told only if the mute is stored)."""
        async with self.db.session() as s, s.begin():
            await s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(chat_muted=muted)
            )
            if notice is not None and not self.db.is_sqlite:
                await s.execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHAT_CHANNEL, "payload": notice},
                )
