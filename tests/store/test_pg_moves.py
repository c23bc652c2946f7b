"""The moves' PostgreSQL connections are lent first come first served, in the caller's
task: a freed connection goes to the oldest waiting job, never to a newcomer; a job that
gave up or was cancelled loses its turn; a broken or interrupted connection is replaced;
and waiting is bounded."""

from __future__ import annotations

import asyncio
import os

import asyncpg
import pytest
from sqlalchemy.exc import OperationalError

from spyhouse.store import hotpath
from spyhouse.store.hotpath import PgMoves

PG_ADMIN_URL = os.environ.get("SPYHOUSE_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(
    not PG_ADMIN_URL and not os.environ.get("CI"),
    reason="set SPYHOUSE_TEST_POSTGRES_URL to test on PostgreSQL",
)


def _moves(size: int) -> PgMoves:
    assert PG_ADMIN_URL, "CI must set SPYHOUSE_TEST_POSTGRES_URL"
    return PgMoves(PG_ADMIN_URL, size=size)


async def _job(conn: asyncpg.Connection, name: str, ran: list[str], hold: asyncio.Event) -> str:
    ran.append(name)
    await hold.wait()
    return str(await conn.fetchval("SELECT $1::text", name))


async def _started(ran: list[str], count: int) -> None:
    while len(ran) < count:
        await asyncio.sleep(0.005)


def test_a_freed_connection_goes_to_the_oldest_waiting_job() -> None:
    """A newcomer that asks just as a connection is freed (here: by the job it frees)
    waits behind the job that was waiting already."""

    async def scenario() -> list[str]:
        moves = _moves(size=1)
        ran: list[str] = []
        hold = asyncio.Event()
        newcomer: list[asyncio.Task[str]] = []

        async def freeing(conn: asyncpg.Connection) -> str:
            ran.append("b")
            newcomer.append(asyncio.create_task(moves.run(_job, "d", ran, hold)))
            return "b"

        try:
            a = asyncio.create_task(moves.run(_job, "a", ran, hold))
            await _started(ran, 1)
            b = asyncio.create_task(moves.run(freeing))
            c = asyncio.create_task(moves.run(_job, "c", ran, hold))
            await asyncio.sleep(0.02)
            hold.set()
            assert await asyncio.gather(a, b, c) == ["a", "b", "c"]
            assert await newcomer[0] == "d"
            return ran
        finally:
            await moves.close()

    assert asyncio.run(scenario()) == ["a", "b", "c", "d"]


def test_a_job_that_stopped_waiting_loses_its_turn() -> None:
    async def scenario() -> list[str]:
        moves = _moves(size=1)
        ran: list[str] = []
        hold = asyncio.Event()
        try:
            a = asyncio.create_task(moves.run(_job, "a", ran, hold))
            await _started(ran, 1)
            b = asyncio.create_task(moves.run(_job, "b", ran, hold))
            c = asyncio.create_task(moves.run(_job, "c", ran, hold))
            await asyncio.sleep(0.02)
            b.cancel()
            hold.set()
            assert await asyncio.gather(a, c) == ["a", "c"]
            with pytest.raises(asyncio.CancelledError):
                await b
            return ran
        finally:
            await moves.close()

    assert asyncio.run(scenario()) == ["a", "c"]


def test_a_broken_or_interrupted_connection_is_replaced() -> None:
    async def divide(conn: asyncpg.Connection) -> None:
        await conn.execute("SELECT 1/0")

    async def sleep(conn: asyncpg.Connection) -> None:
        await conn.execute("SELECT pg_sleep(5)")

    async def backend(conn: asyncpg.Connection) -> int:
        return int(await conn.fetchval("SELECT pg_backend_pid()"))

    async def scenario() -> None:
        moves = _moves(size=1)
        try:
            first = await moves.run(backend)
            assert await moves.run(backend) == first  # a sound connection is lent again
            with pytest.raises(OperationalError):  # a driver error, as the server expects
                await moves.run(divide)
            second = await moves.run(backend)
            assert second != first
            interrupted = asyncio.create_task(moves.run(sleep))
            await asyncio.sleep(0.2)
            interrupted.cancel()
            with pytest.raises(asyncio.CancelledError):
                await interrupted
            assert await moves.run(backend) not in (first, second)
        finally:
            await moves.close()

    asyncio.run(scenario())


def test_waiting_for_a_connection_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hotpath, "_WAIT_SECONDS", 0.05)

    async def scenario() -> None:
        moves = _moves(size=1)
        ran: list[str] = []
        hold = asyncio.Event()
        try:
            a = asyncio.create_task(moves.run(_job, "a", ran, hold))
            await _started(ran, 1)
            with pytest.raises(OperationalError):
                await moves.run(_job, "b", ran, hold)
            hold.set()
            assert await a == "a"
            assert await moves.run(_job, "c", ran, hold) == "c"  # the place was not lost
        finally:
            await moves.close()

    asyncio.run(scenario())
