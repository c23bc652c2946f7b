"""The same state gives the same bytes on every database.

PostgreSQL's JSONB re-orders object keys and SQLite's JSON keeps them; no game may let
that show. Mid-game states of every game, option set and seat count are stored through
the real store and read back, and each reader's view, legal actions and ``to_act`` must
serialise byte for byte (``json.dumps`` without ``sort_keys``) as from the in-memory
state the engine produced.
"""

from __future__ import annotations

import itertools
import json
import secrets
from collections.abc import AsyncIterator
from typing import Any

import pytest

from spyhouse.engine import Game, Rng, all_games
from spyhouse.store import Database, TableStore
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change, SeatChange

EVERY = 5  # moves between two stored states
MOVES = 80  # per game, at most


def _option_sets(game: Game[Any]) -> list[dict[str, bool]]:
    """Every valid combination of the game's on/off options."""
    props = game.options_schema().get("properties", {})
    flags = sorted(k for k, v in props.items() if v.get("type") == "boolean")
    sets = []
    for values in itertools.product([False, True], repeat=len(flags)):
        options = dict(zip(flags, values, strict=True))
        try:
            game.parse_options(options)
        except ValueError:
            continue
        sets.append(options)
    return sets


def _seat_counts(game: Game[Any], options: dict[str, bool]) -> list[int]:
    allowed = game.seat_range(game.parse_options(options))
    return sorted({allowed.start, allowed.stop - 1})


CASES = [
    pytest.param(game, options, seats, id=f"{game.id}-{seats}p-{n}")
    for game in sorted(all_games(), key=lambda g: g.id)
    for n, options in enumerate(_option_sets(game))
    for seats in _seat_counts(game, options)
]


@pytest.fixture
async def store(migrated_url) -> AsyncIterator[TableStore]:
    db = Database(migrated_url)
    yield TableStore(db)
    await db.dispose()


def _reading(game: Game[Any], state: Any) -> str:
    """Everything any reader is sent about ``state``, as bytes, keys in their order."""
    out: dict[str, Any] = {"to_act": sorted(game.to_act(state)), "readers": []}
    for reader in [None, *range(state.num_seats)]:
        out["readers"].append(
            {
                "view": game.view(state, reader),
                "legal": [] if reader is None else game.legal_actions(state, reader),
            }
        )
    return json.dumps(out)


async def _stored(store: TableStore, game: Game[Any], options: dict[str, Any], seats: int):
    row = TableRow(
        id=secrets.token_urlsafe(16),
        game_id=game.id,
        options=game.parse_options(options).model_dump(mode="json"),
        num_seats=seats,
        private=True,
        spectators=False,
        publish_log=False,
        status="playing",
        invite_code=secrets.token_urlsafe(9),
        host_token_hash="0" * 64,
        seed=0,
        version=0,
    )
    await store.create(row, [SeatChange(i, "bot", None, None) for i in range(seats)])
    return row.id


@pytest.mark.parametrize(("game", "options", "seats"), CASES)
async def test_views_legal_actions_and_to_act_are_byte_identical_after_storage(
    store, game, options, seats
):
    table_id = await _stored(store, game, options, seats)
    state = game.setup(seats, game.parse_options(options), 4242)
    rng = Rng(7)
    version = 0
    for move in range(MOVES + 1):
        if move % EVERY == 0 or game.outcome(state) is not None:
            entry = await store.commit(table_id, version, Change(events=[], state=game.dump(state)))
            version = entry.version
            row = await store.get(table_id)
            assert row is not None and row.state is not None
            assert _reading(game, game.load(row.state)) == _reading(game, state), (
                f"{game.id} {options} {seats}p after {move} moves"
            )
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
