"""The moves' PostgreSQL connections are lent first come first served, in the caller's
task: a freed connection goes to the oldest waiting job, never to a newcomer; a job that
gave up or was cancelled loses its turn; a broken or interrupted connection is replaced;
and waiting is bounded."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass

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


@dataclass
class Held:
    """Moves with one connection, which job "a" holds until ``hold`` is set."""

    moves: PgMoves
    ran: list[str]
    hold: asyncio.Event
    first: asyncio.Task[str]

    def start(self, name: str) -> asyncio.Task[str]:
        return asyncio.create_task(self.moves.run(_job, name, self.ran, self.hold))


@contextlib.asynccontextmanager
async def _one_connection_held() -> AsyncIterator[Held]:
    moves = _moves(size=1)
    ran: list[str] = []
    hold = asyncio.Event()
    try:
        first = asyncio.create_task(moves.run(_job, "a", ran, hold))
        while not ran:  # until "a" has the connection
            await asyncio.sleep(0.005)
        yield Held(moves, ran, hold, first)
    finally:
        await moves.close()


def test_a_freed_connection_goes_to_the_oldest_waiting_job() -> None:
    """A newcomer that asks just as a connection is freed (here: by the job it frees)
    waits behind the job that was waiting already."""

    async def scenario() -> list[str]:
        async with _one_connection_held() as held:
            newcomer: list[asyncio.Task[str]] = []

            async def freeing(conn: asyncpg.Connection) -> str:
                held.ran.append("b")
                newcomer.append(held.start("d"))
                return "b"

            b = asyncio.create_task(held.moves.run(freeing))
            c = held.start("c")
            await asyncio.sleep(0.02)
            held.hold.set()
            assert await asyncio.gather(held.first, b, c) == ["a", "b", "c"]
            assert await newcomer[0] == "d"
            return held.ran

    assert asyncio.run(scenario()) == ["a", "b", "c", "d"]


def test_a_job_that_stopped_waiting_loses_its_turn() -> None:
    async def scenario() -> list[str]:
        async with _one_connection_held() as held:
            b, c = held.start("b"), held.start("c")
            await asyncio.sleep(0.02)
            b.cancel()
            held.hold.set()
            assert await asyncio.gather(held.first, c) == ["a", "c"]
            with pytest.raises(asyncio.CancelledError):
                await b
            return held.ran

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
        async with _one_connection_held() as held:
            with pytest.raises(OperationalError):
                await held.moves.run(_job, "b", held.ran, held.hold)
            held.hold.set()
            assert await held.first == "a"
            assert await held.start("c") == "c"  # the place was not lost

    asyncio.run(scenario())
