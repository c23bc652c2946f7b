"""What a game's setup shows reaches the log with its audiences.

The start entry of the log holds ``game_started`` and every event of
``Game.setup_events``, so ``GET /events`` and socket frames tell each reader exactly
what the setup showed it, and nothing it showed only to others.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator

import pytest

from spyhouse.engine import Event, all_games, get_game
from spyhouse.server import lobby, reading
from spyhouse.server.access import hash_token, new_token
from spyhouse.server.context import Context, load
from spyhouse.server.fanout import Hub
from spyhouse.settings import Settings
from spyhouse.store import Database, TableStore
from spyhouse.store.models import TableRow
from spyhouse.store.repository import SeatChange
from tests.server.helpers import auth, open_table, start

SEED = 20240611


@pytest.fixture
async def ctx(migrated_url) -> AsyncIterator[Context]:
    db = Database(migrated_url)
    yield Context(TableStore(db), Hub(), Settings.from_env(database_url=migrated_url))
    await db.dispose()


async def _started_table(ctx: Context, game_id: str) -> TableRow:
    """A table of humans only (no bot moves after the start), dealt from ``SEED``."""
    game = get_game(game_id)
    assert game is not None
    options = game.parse_options({})
    seats = game.seat_range(options).start
    row = TableRow(
        id=secrets.token_urlsafe(16),
        game_id=game_id,
        options=options.model_dump(mode="json"),
        num_seats=seats,
        private=True,
        spectators=True,
        publish_log=False,
        status="waiting",
        invite_code=secrets.token_urlsafe(9),
        host_token_hash=hash_token(new_token()),
        seed=SEED,
        version=0,
    )
    humans = [SeatChange(i, "human", f"P{i}", hash_token(new_token())) for i in range(seats)]
    await ctx.store.create(row, humans)
    await lobby.start(ctx, await load(ctx, row.id))
    return await load(ctx, row.id)


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
async def test_every_setup_event_is_logged_and_read_only_by_its_audience(ctx, game_id):
    row = await _started_table(ctx, game_id)
    game = get_game(game_id)
    assert game is not None
    state = game.setup(row.num_seats, game.parse_options(row.options), SEED)
    shown = game.setup_events(state)
    for reader in [None, *range(row.num_seats)]:
        got = await reading.events(ctx, row, reader, 0)
        seen = [e for e in shown if e.visible_to(reader)]
        announced = any(e.type == "game_started" for e in shown)
        want = seen if announced else [Event.public("game_started"), *seen]
        assert [(e["version"], e["type"], e["data"]) for e in got] == [
            (row.version, e.type, e.data) for e in want
        ], f"{game_id} reader {reader}"
        assert [e["type"] for e in got].count("game_started") == 1  # said once, not twice


def test_spies_hands_reach_each_side_over_rest_and_the_spectator_sees_none(http):
    table = open_table(http, "spies", 4, spectators=True)
    start(http, table)
    hands = {}
    for seat, token in table.tokens.items():
        events = http.get(f"/api/tables/{table.id}/events", headers=auth(token)).json()
        assert [e["type"] for e in events if e["type"] == "setup"] == ["setup"]
        (hand,) = [e["data"] for e in events if e["type"] == "hand"]
        hands[seat] = hand
    assert hands[0] == hands[2] and hands[1] == hands[3] and hands[0] != hands[1]
    public = http.get(f"/api/tables/{table.id}/events").json()
    assert [e["type"] for e in public] == ["joined"] * 4 + ["game_started", "setup"]


def test_spies_hand_reaches_each_seat_socket_only(http, live):
    from tests.server.test_websocket import Socket

    table = open_table(http, "spies", 2, spectators=True)
    start(http, table)
    for seat, token in [*table.tokens.items(), (None, None)]:
        sock = Socket(live, table.id, token)
        hands = [e["data"]["side"] for e in sock.state["events"] if e["type"] == "hand"]
        sock.close()
        assert len(hands) == (0 if seat is None else 1)
