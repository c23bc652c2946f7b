"""How soon a request is answered at tables full of thinking bots: ``POST /start`` and a
person's move.

Bots play in a task of their own, beside the request that woke them, so neither the
host's Start nor a player's move waits for a bot's reply (the target: each answered in
100 ms or less, whatever bots sit at the table). Opens ``--tables`` tables of ``--game``,
seat 0 a human and the other seats bots at ``--level`` (default: search, the strongest),
times every ``POST /start``, then each person, at their table's socket as a page is,
moves whenever a state frame offers them a move, for ``--seconds``: each move is timed
from its send to its ``ack`` frame. Baseline, measured in the same run and
under the same load: ``GET /healthz``, asked while the bots think.

    python bench/acks.py --tables 20
    python bench/acks.py --tables 20 --postgres postgresql://user@host:5432/postgres

Never part of the test suite: it keeps both cores busy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import time

import httpx
import websockets
from fanout import database, pct, start_spyhouse


async def _measure(url: str, args: argparse.Namespace) -> None:
    server = start_spyhouse(url, {})
    starts: list[float] = []
    moves: list[float] = []
    health: list[float] = []
    lag: list[float] = []
    try:
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:

            async def table() -> tuple[str, str]:
                body = {"game": args.game, "seats": args.seats, "host_name": "Ann"}
                r = await http.post("/api/tables", json=body)
                r.raise_for_status()
                doc = r.json()
                host = {"Authorization": f"Bearer {doc['host_token']}"}
                for seat in range(1, args.seats):
                    path = f"/api/tables/{doc['table_id']}/seats/{seat}/bot"
                    r = await http.post(path, json={"level": args.level}, headers=host)
                    r.raise_for_status()
                began = time.perf_counter()
                r = await http.post(f"/api/tables/{doc['table_id']}/start", headers=host)
                starts.append(time.perf_counter() - began)
                r.raise_for_status()
                return doc["table_id"], doc["seat"]["seat_token"]

            tables = await asyncio.gather(*(table() for _ in range(args.tables)))
            until = time.monotonic() + args.seconds

            async def human(table_id: str, token: str, rng: random.Random) -> None:
                """A person at a page: their socket tells them their turn; a move is
                timed from its send to its ``ack``."""
                url = f"{server.ws_url}/ws/tables/{table_id}"
                async with websockets.connect(url) as ws:
                    await ws.send(json.dumps({"type": "auth", "token": token, "since": 0}))
                    sent: float | None = None
                    while time.monotonic() < until:
                        try:
                            frame = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                        except TimeoutError:
                            continue
                        if frame["type"] == "ack" and sent is not None:
                            moves.append(time.perf_counter() - sent)
                            sent = None
                        elif frame["type"] == "error":
                            sent = None  # a bot moved first (stale): wait for the next state
                        elif frame["type"] == "state":
                            if frame["status"] != "playing":
                                return
                            if frame["legal_actions"] and sent is None:
                                action = rng.choice(frame["legal_actions"])
                                sent = time.perf_counter()
                                await ws.send(json.dumps({
                                    "type": "action", "action": action,
                                    "version": frame["version"], "request_id": str(sent),
                                }))  # fmt: skip

            async def client_lag() -> None:
                """This process's own event-loop lag: a reply that arrived while this
                loop could not run is timed late by the client, not the server."""
                while time.monotonic() < until:
                    began = time.perf_counter()
                    await asyncio.sleep(0.01)
                    lag.append(time.perf_counter() - began - 0.01)

            async def healthz() -> None:
                while time.monotonic() < until:
                    began = time.perf_counter()
                    (await http.get("/healthz")).raise_for_status()
                    health.append(time.perf_counter() - began)
                    await asyncio.sleep(0.1)

            await asyncio.gather(
                healthz(),
                client_lag(),
                *(human(t, tok, random.Random(i)) for i, (t, tok) in enumerate(tables)),
            )
    finally:
        server.stop()
    kind = "sqlite" if url.startswith("sqlite") else "postgres"

    def line(name: str, xs: list[float]) -> str:
        within = sum(x <= args.target / 1000 for x in xs)
        return (
            f"  {name:<16} n {len(xs):>5}  p50 {pct(xs, 0.5):7.1f} ms  p99 "
            f"{pct(xs, 0.99):7.1f} ms  max {max(xs, default=float('nan')) * 1000:7.1f} ms"
            f"  {within}/{len(xs)} within {args.target:.0f} ms"
        )

    print(f"{kind}: {args.tables} tables of {args.game}, {args.seats - 1} {args.level} bots each")
    print(line("GET /healthz", health) + "   (baseline)")
    print(line("POST /start", starts))
    print(line("move → ack", moves))
    print(line("client loop lag", lag) + "   (the measuring process's own delay)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--game", default="conspiracy")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--level", default="search")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--target", type=float, default=100.0, help="milliseconds")
    parser.add_argument("--postgres", default=None, help="an admin URL: adds a PostgreSQL run")
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args()
    kinds = ([] if args.no_sqlite else ["sqlite"]) + (["postgres"] if args.postgres else [])
    for kind in kinds:
        with database(kind, args.postgres) as url:
            asyncio.run(_measure(url, args))


if __name__ == "__main__":
    main()
