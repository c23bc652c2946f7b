"""Server round-trips over real HTTP on SQLite, as ratios to GET /healthz."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.conftest import start_server  # noqa: E402
from tests.server.helpers import auth, open_table, start  # noqa: E402
from tests.toygame import GAME  # noqa: E402

from spyhouse.engine import register  # noqa: E402
from spyhouse.store import upgrade  # noqa: E402


def timed(fn, n: int) -> float:
    samples = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=200)
    args = parser.parse_args()
    register(GAME)
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        upgrade(url)
        server = start_server(url, rate_limits=False)  # a benchmark hammers on purpose
        try:
            with httpx.Client(base_url=server.url) as http:
                base = timed(lambda: http.get("/healthz"), args.moves)
                table = open_table(http, "highcard", 2)
                start(http, table)
                token = auth(table.tokens[0])
                view = timed(
                    lambda: http.get(f"/api/tables/{table.id}/view", headers=token), args.moves
                )

                def move() -> None:  # a fresh table per move keeps every POST legal
                    t = open_table(http, "highcard", 2)
                    start(http, t)
                    v = http.get(f"/api/tables/{t.id}/view", headers=auth(t.tokens[0])).json()
                    started = time.perf_counter()
                    http.post(
                        f"/api/tables/{t.id}/actions",
                        json={"action": {"type": "keep"}, "version": v["version"]},
                        headers=auth(t.tokens[0]),
                    )
                    samples.append(time.perf_counter() - started)

                samples: list[float] = []
                for _ in range(max(10, args.moves // 10)):
                    move()
                post = statistics.median(samples)
        finally:
            server.stop()
    print(f"GET /healthz   {base * 1e3:7.2f} ms   1.00× (baseline)")
    print(f"GET view       {view * 1e3:7.2f} ms   {view / base:5.2f}×")
    print(f"POST action    {post * 1e3:7.2f} ms   {post / base:5.2f}×")


if __name__ == "__main__":
    main()
