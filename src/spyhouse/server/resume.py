"""Bots resume after a crash: a process killed between a move and the bots' replies
leaves a table where a bot is to act and nobody runs it.

Every process, on start-up and then every ``bot_resume_seconds``, looks at the games in
play with a bot seated and runs the bots of each one that is to act. A table is left
alone until it has stood still for a whole period, so a request still running its
bots is not raced; and several processes doing this at once are safe, since each bot
move is a version compare-and-swap (the loser re-reads and finds nothing to do).
"""

from __future__ import annotations

import asyncio
import logging

from spyhouse.server import play
from spyhouse.server.context import Context

log = logging.getLogger(__name__)


class BotResumer:
    """One process's watch over tables whose bots may have been left to act."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._seen: dict[str, int] = {}  # table → the version it stood at last pass
        self._done: dict[str, int] = {}  # table → the version its bots were run up to

    async def sweep(self, *, all_now: bool = False) -> int:
        """Run the bots of every table that stood still since the last sweep (or of
        every table, at start-up); returns how many tables were looked at."""
        tables = await self.ctx.store.playing_with_bots()
        seen, self._seen = self._seen, dict(tables)
        self._done = {t: v for t, v in self._done.items() if t in self._seen}
        looked = 0
        for table_id, version in tables:
            if self._done.get(table_id) == version:
                continue  # its bots already had their say at this version
            if not all_now and seen.get(table_id) != version:
                continue  # it moved lately: a request may be running its bots
            looked += 1
            # A failure is logged by run_bots and leaves the table for the next pass.
            if await play.run_bots(self.ctx, table_id) is None:
                continue
            row = await self.ctx.store.get(table_id)
            if row is not None:
                self._done[table_id] = row.version
        return looked

    async def run(self) -> None:
        """Sweep at start-up, then every period, until cancelled."""
        period = self.ctx.settings.bot_resume_seconds
        all_now = True
        while True:
            try:
                await self.sweep(all_now=all_now)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database is away: try again next period
                log.warning("looking for bots to resume failed", exc_info=True)
            all_now = False
            if period <= 0:
                return
            await asyncio.sleep(period)
