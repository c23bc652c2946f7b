"""The SQLite writer takes the write lock as soon as another connection lets it go.

SQLite's own busy handler sleeps 1, 2, 5, 10, 15, 20, 25… ms between tries, so moves
queued behind a few short writes of the lobby or of presence waited for a lock that was
free most of that time. The writer looks again in short steps of its own instead."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from spyhouse.store import hotpath
from spyhouse.store.hotpath import SqliteWriter


def _insert(conn: sqlite3.Connection, value: int) -> int:
    conn.execute("INSERT INTO t (x) VALUES (?)", (value,))
    return value


@pytest.fixture
def database(tmp_path: Path) -> tuple[str, sqlite3.Connection]:
    """A WAL database with one table, and another writer's connection to it."""
    path = str(tmp_path / "w.db")
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("PRAGMA journal_mode=WAL")
    other.execute("CREATE TABLE t (x INTEGER)")
    return path, other


def test_a_move_waits_for_another_writers_lock_and_commits_when_it_is_let_go(database, monkeypatch):
    path, other = database
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO t (x) VALUES (1)")
    tries: list[float] = []
    sleep = hotpath.time.sleep

    def looking_again(seconds: float) -> None:
        """The writer's own short steps: the other writer commits after the third."""
        tries.append(seconds)
        if len(tries) == 3:
            other.execute("COMMIT")
        sleep(seconds)

    monkeypatch.setattr(hotpath.time, "sleep", looking_again)
    writer = SqliteWriter(path)
    try:
        assert asyncio.run(asyncio.wait_for(writer.run(_insert, 2), 10)) == 2
    finally:
        writer.close()
    assert len(tries) == 3 and max(tries) <= 0.001
    assert [x for (x,) in other.execute("SELECT x FROM t ORDER BY x")] == [1, 2]


def test_a_lock_held_past_the_wait_refuses_the_move_and_the_writer_goes_on(database, monkeypatch):
    path, other = database
    monkeypatch.setattr(hotpath, "_BUSY_WAIT", 0.05)
    other.execute("BEGIN IMMEDIATE")
    writer = SqliteWriter(path)

    async def moves() -> int:
        with pytest.raises(OperationalError):  # answered database_busy by the server
            await writer.run(_insert, 1)
        other.execute("ROLLBACK")
        return await writer.run(_insert, 2)

    try:
        assert asyncio.run(asyncio.wait_for(moves(), 10)) == 2
    finally:
        writer.close()
    assert [x for (x,) in other.execute("SELECT x FROM t")] == [2]
