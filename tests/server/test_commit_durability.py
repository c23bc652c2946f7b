"""A kill -9 during the moves' commit path (the driver, not the ORM) loses no move that
was acknowledged: every version a client was told about is in the log afterwards."""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from typing import Any

import httpx

from spyhouse.engine import canonical
from spyhouse.store import Database, TableStore, upgrade
from tests.server.conftest import _free_port
from tests.server.helpers import Table, auth, open_table, start
from tests.server.test_bot_workers import _serve


def _play_until_refused(base: str, tables: list[Table], acked: list[tuple[str, int, Any]]) -> None:
    """Random-ish legal moves at every table, round robin, until the server is gone."""
    with httpx.Client(base_url=base, timeout=10) as http:
        while True:
            for table in tables:
                try:
                    doc = None
                    for seat, token in table.tokens.items():
                        d = http.get(f"/api/tables/{table.id}/view", headers=auth(token)).json()
                        if d.get("legal_actions"):
                            doc, mover = d, seat
                            break
                    if doc is None:
                        continue
                    action = doc["legal_actions"][-1]
                    r = http.post(
                        f"/api/tables/{table.id}/actions",
                        json={"action": action, "version": doc["version"]},
                        headers=auth(table.tokens[mover]),
                    )
                except httpx.HTTPError:
                    return  # killed
                if r.status_code == 200:
                    acked.append((table.id, doc["version"] + 1, action))


async def _logged(url: str, table_id: str) -> dict[int, Any]:
    db = Database(url)
    try:
        store = TableStore(db)
        return {e.version: e.action for e in await store.entries_between(table_id, 0, 10**6)}
    finally:
        await db.dispose()


def test_a_kill_during_moves_loses_no_acknowledged_move(database_url):
    upgrade(database_url)
    port = _free_port()
    proc = _serve(database_url, port)
    base = f"http://127.0.0.1:{port}"
    acked: list[tuple[str, int, Any]] = []
    try:
        with httpx.Client(base_url=base, timeout=30) as http:
            tables = [open_table(http, "agencia", 3) for _ in range(4)]
            for t in tables:
                start(http, t)
        players = [
            threading.Thread(target=_play_until_refused, args=(base, [t], acked)) for t in tables
        ]
        for p in players:
            p.start()
        deadline = time.monotonic() + 60
        while len(acked) < 40:  # moves in flight at every table when the kill comes
            assert time.monotonic() < deadline, "too few moves were played"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        for p in players:
            p.join(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    for table_id in {t for t, _, _ in acked}:
        logged = asyncio.run(_logged(database_url, table_id))
        for t, version, action in acked:
            if t == table_id:
                assert version in logged, f"acknowledged version {version} was lost"
                assert canonical(logged[version]) == canonical(action)
