"""Presence rows: one per open socket of a seated player, shared by every process."""

from __future__ import annotations

from sqlalchemy import delete, select, update

from spyhouse.store.db import Database
from spyhouse.store.models import PresenceRow

_BATCH = 500
"""Ids per ``IN (…)``: SQLite allows 32,766 parameters; this keeps statements small."""


class PresenceStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def arrive(self, conn: str, table_id: str, seat: int, now: float) -> None:
        async with self.db.session() as s, s.begin():
            s.add(PresenceRow(conn=conn, table_id=table_id, seat=seat, seen_at=now, open=True))

    async def beat(self, conn: str, now: float) -> None:
        await self.beat_many([conn], now)

    async def beat_many(self, conns: list[str], now: float) -> None:
        """Every socket of a process still here: one statement per batch, not per socket."""
        async with self.db.session() as s, s.begin():
            for start in range(0, len(conns), _BATCH):
                batch = conns[start : start + _BATCH]
                q = update(PresenceRow).where(PresenceRow.conn.in_(batch)).values(seen_at=now)
                await s.execute(q)

    async def leave(self, conn: str, table_id: str, now: float, forget_before: float) -> None:
        """Mark the socket closed (its time is when the player was last seen) and forget
        closed sockets of this table older than ``forget_before``."""
        async with self.db.session() as s, s.begin():
            await s.execute(
                update(PresenceRow).where(PresenceRow.conn == conn).values(seen_at=now, open=False)
            )
            await s.execute(
                delete(PresenceRow).where(
                    PresenceRow.table_id == table_id,
                    PresenceRow.open.is_(False),
                    PresenceRow.seen_at < forget_before,
                )
            )

    async def of_tables(self, table_ids: list[str]) -> dict[str, list[PresenceRow]]:
        """The rows of several tables in one query (a batch at a time), by table."""
        out: dict[str, list[PresenceRow]] = {}
        async with self.db.session() as s:
            for start in range(0, len(table_ids), _BATCH):
                batch = table_ids[start : start + _BATCH]
                q = select(PresenceRow).where(PresenceRow.table_id.in_(batch))
                for row in (await s.execute(q)).scalars():
                    out.setdefault(row.table_id, []).append(row)
        return out

    async def of_table(self, table_id: str) -> list[PresenceRow]:
        async with self.db.session() as s:
            q = select(PresenceRow).where(PresenceRow.table_id == table_id)
            return list((await s.execute(q)).scalars())
