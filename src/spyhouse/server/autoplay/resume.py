"""Bots resume after a crash: a process killed between a move and the bots' replies
leaves a table where a bot is to act and nobody runs it.

Every process, on start-up and then every ``bot_resume_seconds``, looks at the games in
play with a bot seated and wakes the bots of each one (``server/autoplay/tasks.py``): all of
them at once, the one that stood still longest first, each table's bots in their own
task taking turns one move at a time, so a restart with many bot tables moves every one
of them soon instead of playing each whole game before the next. A table is left alone
until it has stood still for a whole period, so a process still running its bots is not
raced; and several processes doing this at once are safe, since each bot move is a
version compare-and-swap (the loser re-reads and finds nothing to do).
"""

from __future__ import annotations

import asyncio
import logging

from spyhouse.server.context import Context

log = logging.getLogger(__name__)


class BotResumer:
    """One process's watch over tables whose bots may have been left to act."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._seen: dict[str, int] = {}  # table → the version it stood at last pass

    async def sweep(self, *, all_now: bool = False) -> int:
        """Wake the bots of every table that stood still since the last sweep (or of
        every table, at start-up); returns how many tables were woken."""
        autoplay = self.ctx.autoplay
        tables = await self.ctx.store.playing_with_bots()
        seen, self._seen = self._seen, dict(tables)
        for gone in set(autoplay.settled) - self._seen.keys():
            del autoplay.settled[gone]
        woken = 0
        for table_id, version in tables:  # oldest first
            if autoplay.settled.get(table_id) == version or autoplay.running(table_id):
                continue  # its bots already had their say at this version, or have it now
            if not all_now and seen.get(table_id) != version:
                continue  # it moved lately: a process may be running its bots
            autoplay.wake(table_id)
            woken += 1
        return woken

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
