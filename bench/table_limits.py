"""What counting a table's limits in the database costs, against the write it guards.

Per backend (a fresh SQLite file; PostgreSQL with ``--postgres ADMIN_URL``), median
wall-clock microseconds of:

- ``chat line`` (baseline): storing one chat line (``ChatStore.add``: the insert, and on
  PostgreSQL its ``NOTIFY``) — what every accepted line costs anyway;
- ``db limit``: one accepted attempt of ``RateStore.hit`` (the shared count: on
  PostgreSQL an advisory lock, a delete of expired rows, a read and an insert);
- ``memory limit``: the same attempt on the ``limits`` library's in-memory moving window
  (what chat used, per process, before).

Ratios are against the chat line measured in the same run.

    python bench/table_limits.py [--n 400] [--postgres postgresql://user@host/postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from limits import parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy.engine import make_url

from spyhouse.store import Database, TableStore, upgrade
from spyhouse.store.models import ChatLine, TableRow
from spyhouse.store.ratehits import RateStore
from spyhouse.store.repository import ChatStore


@contextmanager
def fresh_database(admin: str | None) -> Iterator[str]:
    """A throwaway SQLite file, or with ``admin`` a PostgreSQL database created and dropped."""
    if admin is None:
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{Path(tmp) / 'bench.db'}"
        return
    name = f"spyhouse_bench_{secrets.token_hex(6)}"
    base = make_url(admin).set(drivername="postgresql")
    conninfo = base.render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _median_us(n: int, step: Callable[[int], Awaitable[object] | object]) -> float:
    times = []
    for i in range(n):
        t = time.perf_counter()
        result = step(i)
        if asyncio.iscoroutine(result):
            await result
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e6


async def measure(url: str, n: int) -> dict[str, float]:
    upgrade(url)
    db = Database(url)
    table = TableRow(
        id=secrets.token_urlsafe(12), game_id="highcard", options={}, num_seats=2,
        invite_code=secrets.token_urlsafe(12), host_token_hash="x" * 64, seed=1,
    )  # fmt: skip
    await TableStore(db).create(table, [])
    chat, rates = ChatStore(db), RateStore(db)
    memory = MovingWindowRateLimiter(MemoryStorage())
    item = parse("1000000/10second")  # never refuses: every attempt is an accepted one
    out = {
        "chat line": await _median_us(
            n,
            lambda i: chat.add(
                ChatLine(table_id=table.id, channel="table", seat=0, name="P0", text=f"l{i}")
            ),
        ),
        # Five seats' buckets, as at a busy table; each keeps growing (no expiry here),
        # so this is the dearer case of a bucket holding many rows.
        "db limit": await _median_us(
            n, lambda i: rates.hit(f"chat:{table.id}:seat:{i % 5}", 10**6, 10.0, time.time())
        ),
        "memory limit": await _median_us(n, lambda i: memory.hit(item, table.id, f"seat:{i % 5}")),
    }
    await db.dispose()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=400)
    parser.add_argument("--postgres", help="an admin URL: a database is created and dropped")
    args = parser.parse_args()
    runs: list[tuple[str, str | None]] = [("sqlite", None)]
    if args.postgres:
        runs.append(("postgres", args.postgres))
    for label, admin in runs:
        with fresh_database(admin) as url:
            result = asyncio.run(measure(url, args.n))
        base = result["chat line"]
        print(f"{label}:")
        for name, us in result.items():
            print(f"  {name:<13} {us:8.0f} µs   {us / base:5.2f}× a chat line")


if __name__ == "__main__":
    main()
