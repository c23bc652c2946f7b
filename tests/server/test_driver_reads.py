"""The reads a socket makes as it opens go through the driver, not the ORM: they must
give exactly the values the ORM gives, on both databases."""

from __future__ import annotations

import asyncio

from sqlalchemy import select
from sqlalchemy.orm import joinedload

from spyhouse.store.db import Database
from spyhouse.store.models import ChatLine, LogEntry, TableRow
from spyhouse.store.reads import ChatEntry
from spyhouse.store.repository import Change, ChatStore, TableStore
from spyhouse.store.snapshots import EntrySnapshot, SeatChange, TableSnapshot


async def _orm_table(db: Database, key: str, value: str) -> TableSnapshot | None:
    async with db.session() as s:
        q = (
            select(TableRow)
            .where(getattr(TableRow, key) == value)
            .options(joinedload(TableRow.seats))
        )
        row = (await s.execute(q)).unique().scalar()
        return None if row is None else TableSnapshot.of(row)


async def _orm_entries(db: Database, table_id: str) -> list[EntrySnapshot]:
    async with db.session() as s:
        q = select(LogEntry).where(LogEntry.table_id == table_id).order_by(LogEntry.version)
        return [EntrySnapshot.of(e) for e in (await s.execute(q)).scalars()]


async def _orm_chat(db: Database, table_id: str) -> list[ChatEntry]:
    async with db.session() as s:
        q = select(ChatLine).where(ChatLine.table_id == table_id).order_by(ChatLine.id)
        return [
            ChatEntry(c.id, c.table_id, c.channel, c.seat, c.name, c.text, c.created_at)
            for c in (await s.execute(q)).scalars()
        ]


async def _check(url: str) -> None:
    db = Database(url)
    assert db.reads is not None
    try:
        store, chat = TableStore(db), ChatStore(db)
        row = TableRow(
            id="readtable01", game_id="highcard", options={"rounds": 3, "big": 2**70},
            num_seats=3, private=False, spectators=True, publish_log=True, status="waiting",
            invite_code="readinvite01", host_token_hash="h" * 64, seed=2**40, version=0,
        )  # fmt: skip
        seats = [
            SeatChange(0, "human", "Ana", "a" * 64),
            SeatChange(1, "bot", "Bot", None, "search", None, None),
            SeatChange(2, "open", None, None),
        ]
        await store.create(row, seats)
        change = Change(
            events=[{"type": "dealt", "to": [0], "card": "Ünïcode ✓"}],
            seat=0,
            action={"type": "keep", "n": 1.5},
            request_id="r-1",
            state={"deck": [3, 1, 2], "nested": {"k": None}},
            status="playing",
            clock={"kind": "per_decision", "seconds": 30},
            deadline=1234.5,
            seats=[SeatChange(2, "human", "Cleo", "c" * 64, None, "held", "absent")],
        )
        await store.commit(row.id, 0, change)
        await store.commit(row.id, 1, Change(events=[], outcome={"winner": [1]}))
        await chat.set_muted(row.id, 1, True)
        for channel, text in [("all", "hola"), ("team:0", "psst"), ("all", "línea ✓")]:
            await chat.add(
                ChatLine(table_id=row.id, channel=channel, seat=0, name="Ana", text=text)
            )

        by_id = await db.reads.table(row.id)
        assert by_id == await _orm_table(db, "id", row.id)
        assert by_id is not None and by_id.seats[1].chat_muted is True
        assert by_id.options["big"] == 2**70 and by_id.deadline == 1234.5
        assert await db.reads.table_by_invite("readinvite01") == by_id
        assert await db.reads.table("no-such-table") is None
        assert await db.reads.table_by_invite("no-such-code") is None

        assert await db.reads.entries(row.id, 0, 2) == await _orm_entries(db, row.id)
        assert [e.version for e in await db.reads.entries(row.id, 1, 2)] == [2]

        lines = await _orm_chat(db, row.id)
        assert await db.reads.chat(row.id, ["all", "team:0"], 200) == lines
        assert await db.reads.chat(row.id, ["all"], 1) == [lines[2]]  # the latest, in order
    finally:
        await db.dispose()


def test_driver_reads_give_what_the_orm_gives(migrated_url: str) -> None:
    asyncio.run(_check(migrated_url))
