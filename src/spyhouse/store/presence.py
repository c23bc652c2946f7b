"""Presence rows: one per open socket of a seated player, shared by every process.

Sockets come and go in batches (:meth:`PresenceStore.record`): one transaction for every
arrival and departure a process gathered since its last write. It runs where the moves
are written (``store/hotpath.py``): on a SQLite file on the moves' writer, inside the
transaction its moves commit in (no second writer waits for the one write lock, and no
second sync to disk); on PostgreSQL on the moves' asyncpg connections, one round trip
(through the ORM, a batch cost ~1 ms of the server's CPU: most of a socket's opening
and closing there). On PostgreSQL the same transaction notifies every process of the
tables whose players came or went (:data:`~spyhouse.store.notify.PRESENCE_CHANNEL`), so
their sockets are shown it at once rather than at their next heartbeat.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import asyncpg
from sqlalchemy import Table, bindparam, delete, insert, select, update

from spyhouse.store.db import Database
from spyhouse.store.models import PresenceRow
from spyhouse.store.notify import PRESENCE_CHANNEL

_BATCH = 500
"""Ids per ``IN (…)``: SQLite allows 32,766 parameters; this keeps statements small."""

_ROWS = cast(Table, PresenceRow.__table__)


@dataclass(frozen=True, slots=True)
class Arrival:
    """A socket of a seated player opened."""

    conn: str
    table_id: str
    seat: int
    at: float


@dataclass(frozen=True, slots=True)
class Departure:
    """A socket closed: its time is when the player was last seen."""

    conn: str
    table_id: str
    at: float


_SQLITE_ARRIVE = "INSERT INTO presence (conn, table_id, seat, seen_at, open) VALUES (?, ?, ?, ?, 1)"
_SQLITE_DEPART = "UPDATE presence SET seen_at = ?, open = 0 WHERE conn = ?"


def _sqlite_record(
    conn: sqlite3.Connection, arrivals: Sequence[Arrival], departures: Sequence[Departure]
) -> None:
    conn.executemany(_SQLITE_ARRIVE, [(a.conn, a.table_id, a.seat, a.at) for a in arrivals])
    conn.executemany(_SQLITE_DEPART, [(d.at, d.conn) for d in departures])


_PG_ARRIVE = (
    "INSERT INTO presence (conn, table_id, seat, seen_at, open) VALUES ($1, $2, $3, $4, true)"
)
_PG_DEPART = "UPDATE presence SET seen_at = $1, open = false WHERE conn = $2"


_PG_NOTIFY = "SELECT pg_notify($1, $2 || ':' || t) FROM unnest($3::varchar[]) AS t"


async def _pg_record(
    conn: asyncpg.Connection,
    arrivals: Sequence[Arrival],
    departures: Sequence[Departure],
    origin: str,
) -> None:
    tables = sorted({a.table_id for a in arrivals} | {d.table_id for d in departures})
    async with conn.transaction():
        if arrivals:
            await conn.executemany(
                _PG_ARRIVE, [(a.conn, a.table_id, a.seat, a.at) for a in arrivals]
            )
        if departures:
            await conn.executemany(_PG_DEPART, [(d.at, d.conn) for d in departures])
        await conn.execute(_PG_NOTIFY, PRESENCE_CHANNEL, origin, tables)


def _sqlite_beat(conn: sqlite3.Connection, conns: list[str], now: float) -> None:
    for start in range(0, len(conns), _BATCH):
        batch = conns[start : start + _BATCH]
        marks = ", ".join("?" * len(batch))
        conn.execute(f"UPDATE presence SET seen_at = ? WHERE conn IN ({marks})", (now, *batch))


def _sqlite_forget(conn: sqlite3.Connection, before: float) -> None:
    conn.execute("DELETE FROM presence WHERE open = 0 AND seen_at < ?", (before,))


async def _pg_beat(conn: asyncpg.Connection, conns: list[str], now: float) -> None:
    await conn.execute(
        "UPDATE presence SET seen_at = $1 WHERE conn = ANY($2::varchar[])", now, conns
    )


async def _pg_forget(conn: asyncpg.Connection, before: float) -> None:
    await conn.execute("DELETE FROM presence WHERE NOT open AND seen_at < $1", before)


class PresenceStore:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def record(
        self, arrivals: Sequence[Arrival], departures: Sequence[Departure], origin: str
    ) -> None:
        """Sockets opened and closed, in one transaction (arrivals first: a socket may
        have come and gone since the last write); ``origin`` names the process, which
        shows its own sockets and ignores its own notice."""
        if not arrivals and not departures:
            return
        if self.db.sqlite_writer is not None:
            await self.db.sqlite_writer.run(_sqlite_record, arrivals, departures)
            return
        if self.db.pg_moves is not None:
            await self.db.pg_moves.run(_pg_record, arrivals, departures, origin)
            return
        async with self.db.session() as s, s.begin():  # an in-memory SQLite (tests)
            if arrivals:
                rows = [
                    {"conn": a.conn, "table_id": a.table_id, "seat": a.seat, "seen_at": a.at}
                    for a in arrivals
                ]
                await s.execute(insert(_ROWS).values(open=True), rows)
            if departures:
                q = (
                    update(_ROWS)
                    .where(_ROWS.c.conn == bindparam("b_conn"))
                    .values(seen_at=bindparam("b_at"), open=False)
                )
                await s.execute(q, [{"b_conn": d.conn, "b_at": d.at} for d in departures])

    async def beat_many(self, conns: list[str], now: float) -> None:
        """Every socket of a process still here: one statement per batch, not per socket."""
        if self.db.sqlite_writer is not None:
            await self.db.sqlite_writer.run(_sqlite_beat, conns, now)
            return
        if self.db.pg_moves is not None:  # one array parameter, however many sockets
            await self.db.pg_moves.run(_pg_beat, conns, now)
            return
        async with self.db.session() as s, s.begin():
            for start in range(0, len(conns), _BATCH):
                batch = conns[start : start + _BATCH]
                q = update(PresenceRow).where(PresenceRow.conn.in_(batch)).values(seen_at=now)
                await s.execute(q)

    async def forget(self, before: float) -> None:
        """Drop the rows of sockets closed before ``before`` (no longer telling)."""
        if self.db.sqlite_writer is not None:
            await self.db.sqlite_writer.run(_sqlite_forget, before)
            return
        if self.db.pg_moves is not None:
            await self.db.pg_moves.run(_pg_forget, before)
            return
        async with self.db.session() as s, s.begin():
            await s.execute(
                delete(PresenceRow).where(PresenceRow.open.is_(False), PresenceRow.seen_at < before)
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
