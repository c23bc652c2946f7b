"""Search-bot workers die with their server however it dies, and a graceful stop takes
seconds even with an all-bot game in progress, losing no committed move."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import _free_port
from tests.server.helpers import BOT_WAIT_SECONDS, Table, auth, open_table, start

STOP_SECONDS = 10  # "a few seconds"; a game of search bots takes minutes
GONE_SECONDS = 30  # a liveness bound: a worker killed while still starting exits once it
# has imported enough to see its parent gone, which takes long on a loaded machine


def _children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry.name))
    return tree


def _descendants(pid: int) -> set[int]:
    tree, found, todo = _children(), set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its parent has not read its status yet


def _serve(url: str, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, SPYHOUSE_RATE_LIMITS="off", SPYHOUSE_BOT_THINK_SECONDS="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "spyhouse.cli", "serve", "--port", str(port), "--database-url", url],
        env=env,
    )
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, "the server exited"
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)


@pytest.fixture
def server(database_url) -> Iterator[tuple[subprocess.Popen[bytes], httpx.Client]]:
    port = _free_port()
    proc = _serve(database_url, port)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            yield proc, http
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def _search_game(http: httpx.Client) -> Table:
    """An all-search-bot game in progress, its worker process running."""
    table = open_table(http, "agencia", 3, humans=0)
    for seat in range(3):
        r = http.post(
            f"/api/tables/{table.id}/seats/{seat}/bot",
            json={"level": "search"},
            headers=auth(table.host_token),
        )
        assert r.status_code == 204
    start(http, table)
    return table


def _started(pid: int) -> bool:
    """Whether a worker has got as far as its first task (the engine, hence pydantic's
    compiled core, loaded): its initializer has run by then."""
    try:
        return "pydantic_core" in Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return False


def _workers_of(proc: subprocess.Popen[bytes]) -> set[int]:
    """The server's worker processes (and multiprocessing's resource tracker), once a
    worker has started."""
    deadline = time.monotonic() + BOT_WAIT_SECONDS
    while True:
        found = _descendants(proc.pid)
        if any(_started(p) for p in found):
            return found
        assert time.monotonic() < deadline, "no worker process was started"
        time.sleep(0.1)


def _all_gone(pids: set[int]) -> set[int]:
    deadline = time.monotonic() + GONE_SECONDS
    while (left := {p for p in pids if _alive(p)}) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def test_workers_die_with_a_killed_server(server):
    proc, http = server
    _search_game(http)
    workers = _workers_of(proc)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert _all_gone(workers) == set(), "worker processes outlived a killed server"


def test_a_graceful_stop_takes_seconds_and_loses_no_committed_move(server, database_url):
    proc, http = server
    table = _search_game(http)
    workers = _workers_of(proc)
    deadline = time.monotonic() + BOT_WAIT_SECONDS
    while (seen := http.get(f"/api/tables/{table.id}").json()["version"]) < 2:
        assert time.monotonic() < deadline, "the bots never moved"
        time.sleep(0.1)
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        pytest.fail(f"SIGTERM did not stop the server within {STOP_SECONDS} s")
    assert _all_gone(workers) == set(), "worker processes outlived a stopped server"
    again = _serve(database_url, port := _free_port())
    try:
        doc = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table.id}", timeout=30).json()
        assert doc["version"] >= seen
    finally:
        again.terminate()
        again.wait()
