"""Moving-window rate limits counted in the database, shared by every server process.

A limit that protects a table or a seat (chat lines, host controls) must hold however
many processes serve that table: a seat with a socket on each of two processes must not
get twice its lines. Each accepted attempt is a row ``(bucket, at)``; an attempt is
accepted while fewer than ``amount`` rows of its bucket are younger than the window.

The check and the insert are one transaction. On PostgreSQL a transaction-scoped
advisory lock on the bucket serialises attempts of every process on that bucket (and
only that bucket); SQLite serves one process, where an in-process lock does the same. A
bucket never keeps more than ``amount`` rows: expired ones are deleted by the next
attempt on it.
"""

from __future__ import annotations

import asyncio

from sqlalchemy import delete, insert, select, text

from spyhouse.store.db import Database
from spyhouse.store.models import RateHit


class RateStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._local = asyncio.Lock()

    async def hit(self, bucket: str, amount: int, window: float, now: float) -> float | None:
        """Count one attempt on ``bucket`` if fewer than ``amount`` were counted in the last
        ``window`` seconds; ``None`` when counted, else the seconds until one would be
        (a refused attempt is not counted)."""
        if self.db.is_sqlite:
            async with self._local:
                return await self._hit(bucket, amount, window, now)
        return await self._hit(bucket, amount, window, now)

    async def _hit(self, bucket: str, amount: int, window: float, now: float) -> float | None:
        async with self.db.engine.begin() as conn:
            if not self.db.is_sqlite:
                await conn.execute(
                    text("SELECT pg_advisory_xact_lock(hashtextextended(:bucket, 0))"),
                    {"bucket": bucket},
                )
            # A write first: on SQLite it takes the write lock before reading, so a commit
            # elsewhere cannot invalidate what this transaction read.
            await conn.execute(
                delete(RateHit).where(RateHit.bucket == bucket, RateHit.at <= now - window)
            )
            q = select(RateHit.at).where(RateHit.bucket == bucket).order_by(RateHit.at)
            times = list((await conn.execute(q)).scalars())
            if len(times) >= amount:
                # The attempt that frees a slot: when the oldest that must go has gone.
                return max(0.0, times[len(times) - amount] + window - now)
            await conn.execute(insert(RateHit).values(bucket=bucket, at=now))
            return None
