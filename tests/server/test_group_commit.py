"""Moves that reach the database together share a commit (SQLite's writer, PostgreSQL's
group statement), and each is still its own compare-and-swap: a stale move or a repeated
request is refused alone, and every move that is acknowledged is in the log."""

from __future__ import annotations

import asyncio

from spyhouse.store.db import Database
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change, StaleVersion, TableStore

TABLES = 6


def _table(n: int) -> TableRow:
    return TableRow(
        id=f"together{n:02d}", game_id="highcard", options={}, num_seats=2, private=False,
        spectators=True, publish_log=False, status="playing", invite_code=f"invite{n:02d}",
        host_token_hash="h" * 64, seed=n, version=0, state={"turn": 0},
    )  # fmt: skip


def _move(n: int, request_id: str | None = None) -> Change:
    return Change(
        events=[{"type": "played", "data": {"n": n}}],
        seat=0,
        action={"type": "play", "n": n},
        request_id=request_id,
        state={"turn": n},
    )


async def _scenario(url: str) -> None:
    db = Database(url)
    store = TableStore(db)
    try:
        for n in range(TABLES):
            await store.create(_table(n), [])
        await store.commit("together02", 0, _move(0, "again"))  # version 1, request "again"
        results = await asyncio.gather(
            *(
                store.commit(f"together{n:02d}", 0 if n != 2 else 1, _move(n))
                for n in range(TABLES)
            ),
            store.commit("together00", 0, _move(99)),  # the same table at the same version
            store.commit("together01", 5, _move(98)),  # a version the table never had
            store.commit("together03", 0, _move(97, "r3")),  # with the move above: one wins
            store.commit("together02", 2, _move(96, "again")),  # a request already logged
            return_exceptions=True,
        )
        own, twin, never, rival, repeated = results[:TABLES], *results[TABLES:]
        assert all(not isinstance(r, BaseException) for r in own[1:3] + own[4:])
        assert isinstance(never, StaleVersion)
        assert isinstance(repeated, StaleVersion)
        # Of two moves at one table's version, exactly one is in the log.
        assert [isinstance(r, StaleVersion) for r in (own[0], twin)].count(True) == 1
        assert [isinstance(r, StaleVersion) for r in (own[3], rival)].count(True) == 1
        for n in range(TABLES):
            table = await store.get(f"together{n:02d}")
            assert table is not None
            versions = [e.version for e in await store.entries_between(table.id, 0, 10)]
            assert versions == list(range(1, table.version + 1))
            assert table.version == (2 if n == 2 else 1)
    finally:
        await db.dispose()


def test_moves_committed_together_are_each_their_own_swap(migrated_url: str) -> None:
    asyncio.run(_scenario(migrated_url))
