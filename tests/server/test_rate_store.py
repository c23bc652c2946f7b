"""The shared count behind a table's limits: attempts racing from several processes (two
engines on one database stand for them) are counted exactly, and a window moves on."""

from __future__ import annotations

import asyncio

from spyhouse.store import Database
from spyhouse.store.ratehits import RateStore


async def test_racing_attempts_are_counted_exactly(migrated_url):
    processes = 1 if migrated_url.startswith("sqlite") else 2  # SQLite: one process
    dbs = [Database(migrated_url) for _ in range(processes)]
    stores = [RateStore(db) for db in dbs]
    try:
        answers = await asyncio.gather(
            *(stores[i % processes].hit("chat:t:seat:0", 5, 10.0, 1000.0) for i in range(24))
        )
        assert sum(a is None for a in answers) == 5
        assert all(a == 10.0 for a in answers if a is not None)
        # Another bucket is counted apart; the window moves on.
        assert await stores[0].hit("chat:t:seat:1", 5, 10.0, 1000.0) is None
        assert await stores[-1].hit("chat:t:seat:0", 5, 10.0, 1004.0) == 6.0
        assert await stores[-1].hit("chat:t:seat:0", 5, 10.0, 1010.0) is None
    finally:
        for db in dbs:
            await db.dispose()
