"""What every server concern shares: the store, the hub, the settings, one commit path.

Every change follows one path: load the row, compute the change with the engine, then
:func:`commit` it with a compare-and-swap on the version, which hands the result to the
hub. The lobby, play and reading modules build on this; routes and the WebSocket reach
the store only through them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from spyhouse.engine import Game, get_game
from spyhouse.server.bounds import well_formed_id
from spyhouse.server.hub import Hub
from spyhouse.server.problems import Problem, not_found
from spyhouse.settings import Settings
from spyhouse.store.models import TableRow
from spyhouse.store.repository import Change, StaleVersion, TableStore

AnyGame = Game[Any]


@dataclass
class Context:
    """One server process's handles: built in the app's lifespan, one per process."""

    store: TableStore
    hub: Hub
    settings: Settings
    bot_locks: dict[str, asyncio.Lock] = field(default_factory=dict)


@dataclass(frozen=True)
class Committed:
    """One committed change: the table, the version it created and what it wrote."""

    table_id: str
    version: int
    change: Change


def game_of(row: TableRow) -> AnyGame:
    """The rules a table plays; 410 for a game this server no longer ships."""
    game = get_game(row.game_id)
    if game is None:
        raise Problem(410, "game_unavailable", "This game is not available on this server.")
    return game


async def load(ctx: Context, table_id: str) -> TableRow:
    """The table as committed now; 404 ``unknown_table`` when there is none."""
    row = await ctx.store.get(table_id) if well_formed_id(table_id) else None
    if row is None:
        raise not_found()
    return row


async def try_commit(ctx: Context, row: TableRow, change: Change) -> Committed:
    """Commit ``change`` iff the table is still at ``row.version``, then tell the hub.

    Raises :class:`StaleVersion` (nothing written) when someone else committed first.
    """
    version = await ctx.store.commit(row.id, row.version, change)
    ctx.hub.notify(row.id)
    return Committed(row.id, version, change)


async def commit(ctx: Context, row: TableRow, change: Change) -> Committed:
    """:func:`try_commit`, answering a lost race with 409 ``stale_version``."""
    try:
        return await try_commit(ctx, row, change)
    except StaleVersion:
        raise Problem(409, "stale_version", "The table changed; reload and retry.") from None
