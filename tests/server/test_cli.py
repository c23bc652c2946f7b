"""``spyhouse serve`` as a user runs it: migrations on start, and a kill loses nothing."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import httpx

from tests.server.conftest import _free_port
from tests.server.helpers import auth, dumps, open_table, start, view

ROOT = Path(__file__).resolve().parents[2]


def _serve(database_url: str, port: int, **settings: str) -> subprocess.Popen:
    """``spyhouse serve`` in a process of its own (``settings``: more environment)."""
    exe = shutil.which("spyhouse")
    assert exe, "the console script is installed with the package"
    env = {
        **os.environ,
        "SPYHOUSE_GAMES": "none",
        "SPYHOUSE_GAME_MODULES": "tests.toygame",
        "PYTHONPATH": str(ROOT),
        **settings,
    }
    proc = subprocess.Popen(
        [exe, "serve", "--port", str(port), "--database-url", database_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        cwd=ROOT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
        if proc.poll() is not None:
            raise AssertionError(proc.stdout.read().decode() if proc.stdout else "exited")
    proc.kill()
    raise AssertionError("spyhouse serve did not come up")


def test_serve_migrates_on_start_and_a_killed_server_loses_no_committed_move(database_url):
    port = _free_port()
    proc = _serve(database_url, port)  # a fresh database: serve runs the migrations
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            assert http.get("/").status_code == 200
            assert "/api/tables" in http.get("/openapi.json").json()["paths"]
            table = open_table(http, "highcard", 3)
            start(http, table)
            for seat in (0, 1):
                v = view(http, table, seat)["version"]
                r = http.post(
                    f"/api/tables/{table.id}/actions",
                    json={"action": {"type": "swap"}, "version": v},
                    headers=auth(table.tokens[seat]),
                )
                assert r.status_code == 200
            before = dumps({s: view(http, table, s) for s in table.tokens})
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    proc = _serve(database_url, port)  # the schema is already there: upgrade is a no-op
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            assert dumps({s: view(http, table, s) for s in table.tokens}) == before
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)
