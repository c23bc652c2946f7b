"""The table repository: every write is one transaction with a compare-and-swap.

A change is committed only if the table is still at the version the change was
computed from; otherwise :class:`StaleVersion` is raised and nothing is written. This is
what makes two clients submitting at the same version end with exactly one move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, text, update
from sqlalchemy.exc import IntegrityError

from spyhouse.store.db import Database
from spyhouse.store.models import LogEntry, SeatRow, TableRow
from spyhouse.store.notify import CHANNEL


class StaleVersion(Exception):
    """The table moved on since the change was computed (or the request was a duplicate)."""


@dataclass
class SeatChange:
    seat: int
    kind: str
    name: str | None
    token_hash: str | None


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


class TableStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def create(self, row: TableRow, seats: Sequence[SeatChange]) -> None:
        async with self.db.session() as s, s.begin():
            s.add(row)
            await s.flush()
            for c in seats:
                s.add(
                    SeatRow(
                        table_id=row.id,
                        seat=c.seat,
                        kind=c.kind,
                        name=c.name,
                        token_hash=c.token_hash,
                    )
                )

    async def get(self, table_id: str) -> TableRow | None:
        async with self.db.session() as s:
            return await s.get(TableRow, table_id)

    async def by_invite(self, code: str) -> TableRow | None:
        async with self.db.session() as s:
            return (await s.execute(select(TableRow).where(TableRow.invite_code == code))).scalar()

    async def waiting_public(self, limit: int = 100) -> list[TableRow]:
        async with self.db.session() as s:
            q = (
                select(TableRow)
                .where(TableRow.status == "waiting", TableRow.private.is_(False))
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            )
            return list((await s.execute(q)).scalars())

    async def playing_with_bots(self) -> list[tuple[str, int]]:
        """``(table id, version)`` of every game in play with a bot seated."""
        async with self.db.session() as s:
            has_bot = (
                select(SeatRow.table_id)
                .where(SeatRow.table_id == TableRow.id, SeatRow.kind == "bot")
                .exists()
            )
            q = select(TableRow.id, TableRow.version).where(TableRow.status == "playing", has_bot)
            return [(r.id, r.version) for r in await s.execute(q)]

    async def entries_between(self, table_id: str, after: int, upto: int) -> list[LogEntry]:
        """Log entries with ``after < version <= upto``, oldest first."""
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
            return list((await s.execute(q)).scalars())

    async def entry_for_request(self, table_id: str, request_id: str) -> LogEntry | None:
        async with self.db.session() as s:
            q = select(LogEntry).where(
                LogEntry.table_id == table_id, LogEntry.request_id == request_id
            )
            return (await s.execute(q)).scalar()

    async def commit(self, table_id: str, expected_version: int, change: Change) -> int:
        """Write ``change`` iff the table is at ``expected_version``; return the new one."""
        new_version = expected_version + 1
        values: dict[str, Any] = {"version": new_version}
        if change.state is not None:
            values["state"] = change.state
        if change.status is not None:
            values["status"] = change.status
        if change.outcome is not None:
            values["outcome"] = change.outcome
        try:
            async with self.db.session() as s, s.begin():
                result = await s.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id, TableRow.version == expected_version)
                    .values(**values)
                    .execution_options(synchronize_session=False)
                )
                if result.rowcount != 1:  # type: ignore[attr-defined]
                    raise StaleVersion(table_id)
                for c in change.seats:
                    await s.execute(
                        update(SeatRow)
                        .where(SeatRow.table_id == table_id, SeatRow.seat == c.seat)
                        .values(kind=c.kind, name=c.name, token_hash=c.token_hash)
                    )
                s.add(
                    LogEntry(
                        table_id=table_id,
                        version=new_version,
                        seat=change.seat,
                        action=change.action,
                        events=change.events,
                        request_id=change.request_id,
                    )
                )
                if not self.db.is_sqlite:  # other processes learn of it on commit
                    await s.execute(
                        text("SELECT pg_notify(:channel, :table_id)"),
                        {"channel": CHANNEL, "table_id": table_id},
                    )
        except IntegrityError as exc:  # a concurrent writer inserted the same log row
            raise StaleVersion(table_id) from exc
        return new_version
