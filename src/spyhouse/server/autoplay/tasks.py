"""Bot seats play beside the request path: one task per table, fairly scheduled.

A commit that leaves a bot to act wakes its table's task and returns: no request waits
for a bot (``POST /start`` of an all-bot table used to return only when the game ended).
A table has at most one such task at a time in a process; a wake that arrives while it
runs makes it look again once done, so no commit is missed. Each bot move (read, think,
commit) holds one of ``Settings.bot_tables_at_once`` slots, handed out first come first
served, so tables take turns one move at a time: a slow bot never holds up another
table for more than its move, and after a restart every waiting table moves soon.

Correctness never rests on this scheduling: every bot move is a version
compare-and-swap, so a person moving meanwhile, or another process running the same
table's bots, makes the loser re-read and find nothing (or something else) to do.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from spyhouse.bots.worker import DEFAULT_LEVEL
from spyhouse.kinds import SeatKind, TableStatus
from spyhouse.server.context import Context, game_of, load, try_commit
from spyhouse.server.play import change_for
from spyhouse.store.repository import StaleVersion
from spyhouse.store.snapshots import TableSnapshot

log = logging.getLogger(__name__)


class Autoplay:
    """One process's bot tasks (``ctx.autoplay``)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._slots = asyncio.Semaphore(max(1, ctx.settings.bot_tables_at_once))
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._stopping = False
        self.settled: dict[str, int] = {}
        """Table → the version at which its bots found nothing to do (the resume sweep
        leaves such a table alone until it moves)."""
        self.moves = 0
        """Bot moves committed by this process (tests and benchmarks read it)."""

    def running(self, table_id: str) -> bool:
        """Whether this process is running the table's bots now."""
        return table_id in self._tasks

    def wake(self, table_id: str, row: TableSnapshot | None = None, state: Any = None) -> None:
        """Let the table's bots play, in the background. ``row`` (with its engine
        ``state`` if at hand) is the table as just committed: without a bot seat there
        is nothing to do and nothing is read."""
        if self._stopping:
            return
        if row is not None and not any(s.kind == SeatKind.BOT for s in row.seats):
            return
        if table_id in self._tasks:
            self._again.add(table_id)  # it may have looked before this commit
            return
        task = asyncio.create_task(self._run(table_id, row, state), name=f"bots:{table_id}")
        self._tasks[table_id] = task

    async def idle(self) -> None:
        """Wait until no table's bots have anything left to do (tests, shutdown)."""
        while self._tasks:
            await asyncio.wait(list(self._tasks.values()))

    async def close(self, grace: float) -> None:
        """Stop: no new move starts; moves under way get ``grace`` seconds to commit,
        then are cancelled (a move is one transaction: it commits whole or not at all)."""
        self._stopping = True
        tasks = list(self._tasks.values())
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=grace)
            for task in late:
                task.cancel()
            for task in late:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def _run(self, table_id: str, row: TableSnapshot | None, state: Any) -> None:
        try:
            while not self._stopping:
                self._again.discard(table_id)
                await self._play(table_id, row, state)
                if table_id not in self._again:
                    return
                row, state = None, None
        except asyncio.CancelledError:
            raise
        except Exception:
            # The commit that woke the bots stands; a bot's failure leaves its seat to
            # the resume sweep, which tries again later.
            log.exception("the bots of table %s failed", table_id)
        finally:
            self._tasks.pop(table_id, None)
            self._again.discard(table_id)

    async def _play(self, table_id: str, row: TableSnapshot | None, state: Any) -> None:
        """Bot moves until a person is to act or the game ends, one slot per move."""
        for _ in range(self.ctx.settings.max_bot_moves_per_commit):
            if self._stopping:
                return
            async with self._slots:
                if self._stopping:
                    return
                moved = await self._one_move(table_id, row, state)
            if moved is None:
                return
            row, state = moved

    async def _one_move(
        self, table_id: str, row: TableSnapshot | None, state: Any
    ) -> tuple[TableSnapshot | None, Any] | None:
        """One bot move: the table and state it committed (``(None, None)``: read again),
        or ``None`` when no bot is to act."""
        ctx = self.ctx
        if row is None:
            row, state = await load(ctx, table_id), None  # committed, not a copy that may lag
        levels = {s.seat: s.bot_level or DEFAULT_LEVEL for s in row.seats if s.kind == SeatKind.BOT}
        if row.status != TableStatus.PLAYING or not levels:
            self.settled[table_id] = row.version
            return None
        game = game_of(row)
        if state is None:
            state = ctx.hub.state_of(row)
            if state is None:
                state = game.load(row.state or {})
        pending = sorted(game.to_act(state) & levels.keys())
        if not pending:
            self.settled[table_id] = row.version
            return None
        seat = pending[0]
        # Off the event loop, from what the seat may know, with a fresh draw of chance.
        action = await ctx.thinking.choose(game, state, seat, levels[seat])
        change, new_state = change_for(game, state, seat, action)
        try:
            committed = await try_commit(ctx, row, change, new_state)
        except StaleVersion:
            return None, None  # a person (or another process) moved meanwhile: look again
        self.moves += 1
        return committed.row, new_state
