"""All-bot tables after a kill -9: how soon every table moves again once the server restarts.

Opens ``--tables`` tables of ``--game`` with a bot in every seat (``--level``), starts
them, lets them play ``--warm`` seconds, kills the server with SIGKILL, starts it again
on the same database and watches, from outside (reading the ``tables`` rows), when each
table's version first passes the one it had at the kill (a game that ended meanwhile
counts as moved). Prints, for the restart measured from the new process's launch: the
time until it answered ``/healthz``, the p50 / max time for a table to move again, and
how many tables moved within ``--target`` seconds (the target: all of them). Baseline,
measured in the same run: the restarted server's own time to answer ``/healthz``, so a
loaded machine's slow start shows apart from the resume.

    python bench/restart.py --tables 100
    python bench/restart.py --tables 100 --postgres postgresql://user@host:5432/postgres

Never part of the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import time
from typing import Any

import httpx
import psycopg
from fanout import Server, database, start_spyhouse
from sqlalchemy.engine import make_url


def _versions(url: str) -> dict[str, tuple[int, str]]:
    """Each table's ``(version, status)``, read straight from the database."""
    sql = "SELECT id, version, status FROM tables"
    if url.startswith("sqlite"):
        path = make_url(url).database
        assert path
        with sqlite3.connect(path, timeout=30) as conn:
            rows: list[Any] = conn.execute(sql).fetchall()
    else:
        conninfo = make_url(url).set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(conninfo) as conn:
            rows = conn.execute(sql).fetchall()
    return {r[0]: (r[1], r[2]) for r in rows}


async def _open(server: Server, game: str, n: int, level: str) -> list[str]:
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:

        async def one() -> str:
            r = await http.post("/api/tables", json={"game": game, "seats": 4})
            r.raise_for_status()
            table, host = r.json()["table_id"], r.json()["host_token"]
            headers = {"Authorization": f"Bearer {host}"}
            for seat in range(4):
                url = f"/api/tables/{table}/seats/{seat}/bot"
                (await http.post(url, json={"level": level}, headers=headers)).raise_for_status()
            (await http.post(f"/api/tables/{table}/start", headers=headers)).raise_for_status()
            return str(table)

        return list(await asyncio.gather(*(one() for _ in range(n))))


def _measure(url: str, args: argparse.Namespace) -> None:
    server = start_spyhouse(url, {})
    tables = asyncio.run(_open(server, args.game, args.tables, args.level))
    time.sleep(args.warm)
    server.proc.kill()  # kill -9: no shutdown of any kind
    server.proc.wait()
    at_kill = _versions(url)
    playing = [t for t in tables if at_kill[t][1] == "playing"]
    launched = time.monotonic()
    again = start_spyhouse(url, {})
    ready = time.monotonic() - launched
    moved: dict[str, float] = {}
    try:
        while len(moved) < len(playing) and time.monotonic() - launched < args.give_up:
            now = _versions(url)
            t = time.monotonic() - launched
            for table in playing:
                if table not in moved and (
                    now[table][0] > at_kill[table][0] or now[table][1] != "playing"
                ):
                    moved[table] = t
            time.sleep(0.1)
    finally:
        again.stop()
    times = sorted(moved.values())
    within = sum(t <= args.target for t in times)
    kind = "sqlite" if url.startswith("sqlite") else "postgres"
    print(
        f"{kind:<9} {args.tables} tables ({len(playing)} in play at the kill): "
        f"healthz after {ready:.2f} s (baseline); moved again p50 "
        f"{statistics.median(times) if times else float('nan'):.2f} s, max "
        f"{times[-1] if times else float('nan'):.2f} s; {within}/{len(playing)} within "
        f"{args.target:.0f} s; never: {len(playing) - len(moved)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--game", default="conspiracy")
    parser.add_argument("--level", default="random")
    parser.add_argument("--warm", type=float, default=5.0, help="seconds of play before the kill")
    parser.add_argument("--target", type=float, default=10.0)
    parser.add_argument("--give-up", type=float, default=60.0)
    parser.add_argument("--postgres", default=None, help="an admin URL: adds a PostgreSQL run")
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args()
    kinds = ([] if args.no_sqlite else ["sqlite"]) + (["postgres"] if args.postgres else [])
    for kind in kinds:
        with database(kind, args.postgres) as url:
            _measure(url, args)


if __name__ == "__main__":
    main()
