"""Bots resume after a crash: a process killed between a human's move
and the bots' replies leaves a bot to act; a server started later, or any running one
on its periodic sweep, makes that bot move."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from spyhouse.engine import get_game
from spyhouse.store import Database, TableStore
from spyhouse.store.repository import Change
from tests.server.conftest import start_server
from tests.server.helpers import Table, auth, open_table, start

WAIT_SECONDS = 60  # a liveness bound, not a timing assertion


async def _human_moves_until_a_bot_is_to_act(url: str, table_id: str) -> int:
    """Commit human moves straight to the database, as a server that died before
    running its bots would have; returns the version at which a bot is to act."""
    db = Database(url)
    store = TableStore(db)
    try:
        while True:
            row = await store.get(table_id)
            assert row is not None and row.state is not None and row.status == "playing"
            game = get_game(row.game_id)
            assert game is not None
            state = game.load(row.state)
            bots = {s.seat for s in row.seats if s.kind == "bot"}
            if game.to_act(state) & bots:
                return row.version
            seat = min(game.to_act(state))
            action = game.legal_actions(state, seat)[0]
            new_state, events = game.apply(state, seat, action)
            change = Change(
                events=[e.to_json() for e in events],
                seat=seat,
                action=action,
                state=game.dump(new_state),
            )
            await store.commit(row.id, row.version, change)
    finally:
        await db.dispose()


def _first_move_after(url: str, table: Table, version: int) -> dict[str, Any]:
    """The first logged event after ``version``, once the table moved past it."""
    deadline = time.monotonic() + WAIT_SECONDS
    with httpx.Client(base_url=url, timeout=30) as http:
        while True:
            r = http.get(
                f"/api/tables/{table.id}/events",
                params={"since": version},
                headers=auth(table.tokens[0]),
            )
            assert r.status_code == 200, r.text
            if r.json():
                return r.json()[0]
            assert time.monotonic() < deadline, f"nobody moved the bot at version {version}"
            time.sleep(0.1)


def _bot_table(url: str) -> Table:
    with httpx.Client(base_url=url, timeout=30) as http:
        table = open_table(http, "highcard", 2, humans=1)  # seat 1 is a bot
        start(http, table)
    return table


def test_a_server_started_after_a_crash_makes_the_bot_move(migrated_url):
    before = start_server(migrated_url, bot_resume_seconds=0)  # start-up sweep only
    table = _bot_table(before.url)
    before.stop()
    version = asyncio.run(_human_moves_until_a_bot_is_to_act(migrated_url, table.id))
    after = start_server(migrated_url, bot_resume_seconds=0)
    try:
        moved = _first_move_after(after.url, table, version)
        assert (moved["version"], moved["seat"]) == (version + 1, 1)
    finally:
        after.stop()
    assert after.errors() == []


def test_a_running_server_resumes_a_bot_left_by_another_process(migrated_url):
    srv = start_server(migrated_url, bot_resume_seconds=0.1)
    try:
        table = _bot_table(srv.url)
        version = asyncio.run(_human_moves_until_a_bot_is_to_act(migrated_url, table.id))
        moved = _first_move_after(srv.url, table, version)
        assert (moved["version"], moved["seat"]) == (version + 1, 1)
    finally:
        srv.stop()
    assert srv.errors() == []
