"""Bots think off the event loop: search in a small process pool, bounded.

A ``search`` bot spends up to ``Settings.bot_think_seconds`` of CPU per decision; done on
the event loop it would freeze every socket of the process. Each decision goes to a
worker process with the game id, the dumped state, the seat, the level and fresh
entropy; the worker rebuilds the state and asks :mod:`spyhouse.bots`, which reads only
what the seat may know. A semaphore bounds the decisions in flight, so many tables of
bots queue (asynchronously) instead of piling work onto two cores. ``random`` and
``heuristic`` bots answer in about a millisecond and stay in-process.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from spyhouse.bots import LEVELS, make_bot
from spyhouse.engine import Action, Game, Rng

DEFAULT_LEVEL = "random"
"""The API's default, so clients that never ask for a level keep their behaviour."""


def decide(
    game: Game[Any],
    state: dict[str, Any],
    seat: int,
    level: str,
    entropy: int,
    budget: float,
    iterations: int,
) -> Action:
    """One bot decision from a dumped state (runs in a worker process). The game comes
    pickled (its class by reference), so any registered game works, not only the
    built-in ones a fresh worker would find by id."""
    return _choose(game, game.load(state), seat, level, entropy, budget, iterations)


def _choose(
    game: Game[Any],
    state: Any,
    seat: int,
    level: str,
    entropy: int,
    budget: float,
    iterations: int,
) -> Action:
    options = {"budget": budget, "iterations": iterations} if level == "search" else {}
    bot = make_bot(level if level in LEVELS else DEFAULT_LEVEL, **options)
    return bot.choose(game, state, seat, Rng(entropy))


class Thinking:
    """Where a server process's bots think; one per process, closed with the app."""

    def __init__(self, workers: int, budget: float, iterations: int) -> None:
        self.workers = max(1, workers)
        self.budget = budget
        self.iterations = iterations
        self._pool: Executor | None = None
        self._slots = asyncio.Semaphore(self.workers)
        self.in_flight = 0
        """Search decisions being computed now (tests watch it)."""
        self.completed = 0
        """Search decisions finished since the start."""

    def _executor(self) -> Executor:
        if self._pool is None:
            # spawn, not fork: forking a process that runs an event loop and database
            # threads can deadlock the child.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    async def choose(self, game: Game[Any], state: Any, seat: int, level: str) -> Action:
        """A bot's move for ``seat``. Fresh OS entropy, never the game's seed: a bot's
        visible choices must not let anyone reconstruct the RNG that dealt the cards."""
        entropy = secrets.randbits(64)
        if level != "search":
            return _choose(game, state, seat, level, entropy, self.budget, self.iterations)
        async with self._slots:
            self.in_flight += 1
            args = (game, game.dump(state), seat, level, entropy, self.budget, self.iterations)
            loop = asyncio.get_running_loop()
            try:
                try:
                    return await loop.run_in_executor(self._executor(), decide, *args)
                except BrokenProcessPool:
                    # A worker died (killed, out of memory): a fresh pool, one more try.
                    self.close()
                    return await loop.run_in_executor(self._executor(), decide, *args)
            finally:
                self.in_flight -= 1
                self.completed += 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
