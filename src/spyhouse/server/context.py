"""What every server concern shares: the store, the hub, the settings, one commit path.

Every change follows one path: load the row, compute the change with the engine, then
:func:`commit` it with a compare-and-swap on the version, which hands the result to the
hub. The lobby, play and reading modules build on this; routes and the WebSocket reach
the store only through them.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from spyhouse.engine import Game, get_game
from spyhouse.server.autoplay.thinking import Thinking
from spyhouse.server.clocks.settling import settle_clock
from spyhouse.server.fanout import Hub, Snapshot
from spyhouse.server.web.inputbounds import well_formed_id
from spyhouse.server.web.problems import Problem, not_found
from spyhouse.settings import Settings
from spyhouse.store.ratehits import RateStore
from spyhouse.store.repository import (
    Change,
    ChatStore,
    StaleVersion,
    TableStore,
    committed_row,
)
from spyhouse.store.snapshots import TableSnapshot

if TYPE_CHECKING:
    from spyhouse.server.autoplay.tasks import Autoplay
    from spyhouse.server.clocks.firing import Alarm
    from spyhouse.server.presence import PresenceBook
    from spyhouse.server.records import Replays

AnyGame = Game[Any]


@dataclass
class Context:
    """One server process's handles: built in the app's lifespan, one per process."""

    store: TableStore
    hub: Hub
    settings: Settings
    thinking: Thinking = field(init=False)
    """Where this process's bots think (off the event loop)."""
    rates: RateStore = field(init=False)
    """Limits of a table or a seat, counted in the database for every process."""
    origin: str = field(default_factory=lambda: secrets.token_hex(8))
    """This process among those sharing the database: it drops its own notices when
    PostgreSQL echoes them back."""
    autoplay: Autoplay = field(init=False)
    """Where this process's bot seats play (a task per table, beside the requests)."""
    presence: PresenceBook = field(init=False)
    """This process's sockets of seated players, beaten in one statement."""
    chat: ChatStore = field(init=False)
    replays: Replays = field(init=False)
    """The replays this process built, by table, version and viewpoint."""
    alarm: Alarm = field(init=False)
    """When this process next looks for expired clocks (``server/clocks/firing.py``)."""

    def __post_init__(self) -> None:
        from spyhouse.server.autoplay.tasks import Autoplay  # they build on this module
        from spyhouse.server.clocks.firing import Alarm
        from spyhouse.server.presence import PresenceBook
        from spyhouse.server.records import Replays

        s = self.settings
        self.thinking = Thinking(
            s.bot_workers,
            s.bot_think_seconds,
            s.bot_search_iterations,
            s.bot_decision_seconds,
            s.chance,
        )
        self.autoplay = Autoplay(self)
        self.presence = PresenceBook(self)
        self.chat = ChatStore(self.store.db)
        self.rates = RateStore(self.store.db)
        self.replays = Replays()
        self.alarm = Alarm()


@dataclass(frozen=True)
class Committed:
    """One committed change: the table, the version it created, what it wrote, and the
    table as committed (built in memory, never re-read)."""

    table_id: str
    version: int
    change: Change
    row: TableSnapshot


def game_of(row: TableSnapshot) -> AnyGame:
    """The rules a table plays; 410 for a game this server no longer ships."""
    game = get_game(row.game_id)
    if game is None:
        raise Problem(410, "game_unavailable", "This game is not available on this server.")
    return game


async def load(ctx: Context, table_id: str) -> TableSnapshot:
    """The table as committed now; 404 ``unknown_table`` when there is none.

    A row newer than this process held (a commit elsewhere whose notice is still on its
    way) is handed to the hub at once: its sockets are shown that version before any
    change made on it here, rather than skip it."""
    row = await ctx.store.get(table_id) if well_formed_id(table_id) else None
    if row is None:
        raise not_found()
    ctx.hub.seed(row)
    return row


async def current(ctx: Context, table_id: str, version: int) -> TableSnapshot:
    """The table for a change chosen at ``version``: the row this process holds in memory
    when it is at that version (the compare-and-swap refuses it if it is stale), else
    the committed one."""
    row = ctx.hub.latest_row(table_id)
    if row is not None and row.version == version:
        return row
    return await load(ctx, table_id)


async def try_commit(
    ctx: Context, row: TableSnapshot, change: Change, state: Any = None
) -> Committed:
    """Commit ``change`` iff the table is still at ``row.version``, then hand the result
    to the hub (``state``: the engine state ``change.state`` dumps, if at hand).

    Raises :class:`StaleVersion` (nothing written) when someone else committed first.
    """
    if row.clock is not None and change.clock is None:
        settle_clock(row, change, ctx.settings.clock.now(), state=state)
    with ctx.hub.committing(row.id):
        entry = await ctx.store.commit(row.id, row.version, change)
        new_row = committed_row(row, change, entry.version)
        if change.state is None and state is None:
            state = ctx.hub.state_of(row)
        ctx.hub.publish(Snapshot(new_row, state), entry)
    if change.clock is not None:
        ctx.alarm.set_for(change.deadline)  # its clocks' expiry fires on time
    return Committed(row.id, entry.version, change, new_row)


async def commit(ctx: Context, row: TableSnapshot, change: Change, state: Any = None) -> Committed:
    """:func:`try_commit`, answering a lost race with 409 ``stale_version``."""
    try:
        return await try_commit(ctx, row, change, state)
    except StaleVersion:
        raise Problem(409, "stale_version", "The table changed; reload and retry.") from None


T = TypeVar("T")

HOST_RACE_RETRIES = 5
"""How often a host's change (or a player's request for their held seat) is made again
when a bot's move committed first."""


async def against_latest(
    ctx: Context, row: TableSnapshot, act: Callable[[TableSnapshot], Awaitable[T]]
) -> T:
    """Run a host's change of the table (a seat, a clock), or a player's request for the
    seat a bot holds, against the table as it is now.

    Unlike a move, such a change is not chosen at a version, and the table's bots play
    in a task of their own: a bot's move that commits between the request's read and its
    commit is no reason to refuse the host. The change is checked and made again on the
    fresh table (its checks may then refuse it: a seat given back meanwhile, a game just
    over); after :data:`HOST_RACE_RETRIES` lost races it is 409 ``busy``."""
    for _ in range(HOST_RACE_RETRIES):
        try:
            return await act(row)
        except Problem as problem:
            if problem.code != "stale_version":
                raise
        row = await load(ctx, row.id)
    raise Problem(409, "busy", "The table is changing quickly; try again.")
