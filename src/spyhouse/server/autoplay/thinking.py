"""Bots think off the event loop: search in a small process pool, bounded in wall time.

A ``search`` bot spends up to ``Settings.bot_think_seconds`` per decision; done on the
event loop it would freeze every socket of the process. Each decision goes to a worker
process (:mod:`spyhouse.bots.worker`, at a lower CPU priority than the server's) with
the game, the dumped state, the seat, the level and a fresh draw; the worker rebuilds
the state and asks :mod:`spyhouse.bots`, which reads only what the seat may know. A
semaphore bounds the decisions in flight, so many tables of bots queue (asynchronously,
first come first served) instead of piling work onto two cores. ``random`` and
``heuristic`` bots answer in a millisecond or so (tens at the rare worst) and stay
in-process.

Every decision has a wall-clock budget (``Settings.bot_decision_seconds``), counted from
the moment it is asked, queueing included, and it always answers within it: the worker
searches until a shared monotonic deadline a margin before the budget ends, and should
it still be busy at the budget (an iteration that runs long), the rules of thumb answer
in-process and the overrunning worker is killed so it cannot delay the next decision.
While a worker is starting (a few seconds of imports on a loaded machine) the rules of
thumb answer at once rather than wait for it. A table under load thus plays its search
bots weaker, never slower. Why a hard bound: Conspiracy decisions of 12–16 s were seen
in a browser game.

Workers die with their server however it dies: each asks the kernel to kill it when its
parent goes (``PR_SET_PDEATHSIG`` on Linux) and watches its parent's pid besides, and
:meth:`Thinking.close` kills them rather than wait for a search to end. With the
workers gone, multiprocessing's resource tracker reads end-of-file and exits too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from spyhouse.bots import worker
from spyhouse.bots.worker import FALLBACK_LEVEL, choose
from spyhouse.chance import Chance, SystemChance
from spyhouse.engine import Action, Game

log = logging.getLogger(__name__)

_MARGIN = 0.35
"""The share of a decision's budget a worker leaves unused: its last iteration, the
answer's trip back and the event loop's latency must fit in it."""

_CUT = 0.2
"""The share of the budget left when the server stops waiting for a worker: the rules of
thumb answer in-process in about a millisecond, so what this leaves room for is a busy
event loop's latency (0.3–0.6 s past a 10 % cut were seen with both cores loaded)."""


class Thinking:
    """Where a server process's bots think; one per process, closed with the app."""

    def __init__(
        self,
        workers: int,
        budget: float,
        iterations: int,
        decision_seconds: float = 2.0,
        chance: Chance | None = None,
    ) -> None:
        self.workers = max(1, workers)
        self.chance: Chance = chance or SystemChance()
        self.budget = budget
        self.iterations = iterations
        self.decision_seconds = decision_seconds
        """A decision's wall-clock budget, queueing included."""
        self._pool: ProcessPoolExecutor | None = None
        self._warm: Future[int] | None = None
        self._slots = asyncio.Semaphore(self.workers)
        self.in_flight = 0
        """Search decisions being computed now (tests watch it)."""
        self.completed = 0
        """Search decisions finished since the start."""
        self.fallbacks = 0
        """Search decisions the rules of thumb answered, the budget being spent."""
        self.longest = 0.0
        """The longest a search decision took, in seconds (benchmarks read it)."""

    def _executor(self) -> Executor:
        if self._pool is None:
            # spawn, not fork: forking a process that runs an event loop and database
            # threads can deadlock the child.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=worker.start,
                initargs=(os.getpid(),),
            )
            self._warm = self._pool.submit(worker.ready)
        return self._pool

    def ready(self) -> bool:
        """Whether the workers have started (starting them if need be)."""
        self._executor()
        warm = self._warm
        if warm is None or not warm.done():
            return False
        if warm.exception() is not None:  # it broke while starting: start afresh
            self.close()
            self._executor()
            return False
        return True

    async def warm(self) -> None:
        """Start the workers and wait until they can take decisions."""
        self._executor()
        assert self._warm is not None
        await asyncio.wrap_future(self._warm)

    async def choose(self, game: Game[Any], state: Any, seat: int, level: str) -> Action:
        """A bot's move for ``seat``, within the decision budget. A fresh draw of chance
        (the OS's entropy), never the game's seed: a bot's visible choices must not let
        anyone reconstruct the RNG that dealt the cards."""
        entropy = self.chance.randbits(64)
        if level != "search":
            return choose(game, state, seat, level, entropy, self.budget, self.iterations)
        started = time.monotonic()
        deadline = started + self.decision_seconds
        self.in_flight += 1
        try:
            action = await self._search(game, state, seat, entropy, started, deadline)
        finally:
            self.in_flight -= 1
            self.completed += 1
            self.longest = max(self.longest, time.monotonic() - started)
        if action is None:
            self.fallbacks += 1
            return choose(game, state, seat, FALLBACK_LEVEL, entropy, 0, 0)
        return action

    async def _search(
        self, game: Game[Any], state: Any, seat: int, entropy: int, started: float, deadline: float
    ) -> Action | None:
        """The worker's answer, or ``None`` when it cannot come by ``deadline``."""
        if not self.ready():
            return None  # starting: the rules of thumb answer meanwhile
        cut = deadline - _CUT * (deadline - started)
        try:
            await asyncio.wait_for(self._slots.acquire(), cut - time.monotonic())
        except TimeoutError:
            return None  # the workers were busy the whole budget
        try:
            # The worker stops searching a margin before the budget ends; we stop
            # waiting for it a smaller one before, so the fallback too answers in time.
            stop = deadline - _MARGIN * (deadline - started)
            args = (game, game.dump(state), seat, "search", entropy, self.budget,
                    self.iterations, stop)  # fmt: skip
            loop = asyncio.get_running_loop()
            for attempt in (1, 2):
                try:
                    future = loop.run_in_executor(self._executor(), worker.decide, *args)
                    # asyncio.wait, not wait_for: at the cut, wait_for would also wait a
                    # turn of the loop for the cancelled future, time the budget lacks.
                    await asyncio.wait((future,), timeout=max(0.0, cut - time.monotonic()))
                    if not future.done():
                        # Still busy at the budget: kill it, or the next decision waits on
                        # it. Killing the workers takes a while on a loaded machine: the
                        # pool is let go now (the next decision starts a fresh one) and
                        # killed once the rules of thumb have answered.
                        future.cancel()
                        log.warning("a search overran its %.1f s budget", self.decision_seconds)
                        pool, self._pool, self._warm = self._pool, None, None
                        loop.call_soon(_kill, pool)
                        return None
                    result: Action = future.result()
                    return result
                except BrokenProcessPool:
                    # A worker died (killed, out of memory): a fresh pool, which answers
                    # once it has started.
                    self.close()
                    if attempt == 2 or not self.ready():
                        return None
            return None  # not reached
        finally:
            self._slots.release()

    def close(self) -> None:
        """Kill the workers now (a search in progress is abandoned) and let the pool go."""
        pool, self._pool, self._warm = self._pool, None, None
        _kill(pool)


def _kill(pool: ProcessPoolExecutor | None) -> None:
    """Kill a pool's workers (a search in progress is abandoned) and shut it down."""
    if pool is None:
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
