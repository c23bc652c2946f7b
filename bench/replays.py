"""Replays of a finished game over real HTTP on SQLite: built afresh, served from the
process's kept replays, and how long the event loop stops answering ``GET /healthz``
while a replay is built in a thread against built on the loop; ratios to ``GET /healthz``
measured in the same run."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.conftest import start_server  # noqa: E402
from tests.server.helpers import auth, open_table, play_to_end_over_rest, start  # noqa: E402

from spyhouse.server import records  # noqa: E402
from spyhouse.server.records import Replays  # noqa: E402
from spyhouse.store import upgrade  # noqa: E402


def timed(fn: Callable[[], Any], n: int) -> float:
    samples = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def _inline(fn: Callable[..., Any], *args: Any) -> Any:
    async def run() -> Any:
        return fn(*args)

    return run()


def worst_healthz_while(url: str, build: Callable[[], None]) -> float:
    """The slowest ``GET /healthz`` answered while ``build`` runs."""
    worst = 0.0
    done = threading.Event()

    def probe() -> None:
        nonlocal worst
        with httpx.Client(base_url=url) as client:
            while not done.is_set():
                t = time.perf_counter()
                client.get("/healthz")
                worst = max(worst, time.perf_counter() - t)

    prober = threading.Thread(target=probe)
    prober.start()
    time.sleep(0.05)
    build()
    done.set()
    prober.join()
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="spies")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--n", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/bench.db"
        upgrade(url)
        server = start_server(url, rate_limits=False)  # a benchmark hammers on purpose
        ctx = server.server.config.app.state.context
        try:
            with httpx.Client(base_url=server.url, timeout=60) as http:
                base = timed(lambda: http.get("/healthz"), args.n * 5)
                table = open_table(http, args.game, args.seats, publish_log=True)
                start(http, table)
                play_to_end_over_rest(http, table, seed=1)
                token = auth(table.tokens[0])
                path = f"/api/tables/{table.id}/replay"

                def fresh() -> None:
                    ctx.replays = Replays()
                    assert http.get(path, headers=token).status_code == 200

                built = timed(fresh, args.n)
                kept = timed(lambda: http.get(path, headers=token), args.n)
                threaded = statistics.median(
                    worst_healthz_while(server.url, fresh) for _ in range(args.n // 4 or 1)
                )
                real = records.asyncio
                records.asyncio = types.SimpleNamespace(  # type: ignore[assignment]
                    to_thread=_inline,
                    ensure_future=asyncio.ensure_future,
                    shield=asyncio.shield,
                    Future=asyncio.Future,
                )
                try:
                    on_loop = statistics.median(
                        worst_healthz_while(server.url, fresh) for _ in range(args.n // 4 or 1)
                    )
                finally:
                    records.asyncio = real
        finally:
            server.stop()
    print(f"{args.game}, {args.seats} seats, one finished game, medians")
    print(f"GET /healthz                       {base * 1e3:8.2f} ms   1.00× (baseline)")
    print(f"GET replay, built                  {built * 1e3:8.2f} ms   {built / base:7.2f}×")
    print(f"GET replay, kept                   {kept * 1e3:8.2f} ms   {kept / base:7.2f}×")
    print(f"worst /healthz, build in a thread  {threaded * 1e3:8.2f} ms   {threaded / base:7.2f}×")
    print(f"worst /healthz, build on the loop  {on_loop * 1e3:8.2f} ms   {on_loop / base:7.2f}×")


if __name__ == "__main__":
    main()
