"""What a bot-thinking worker process runs: a decision from a dumped state, the worker's
start-up, and its death with the server.

Kept apart from the server (``spyhouse.server.autoplay.thinking`` sends the work here):
a worker imports only this module, the bots and the games. Before, the functions it ran
lived in the server package, and unpickling them imported the whole web stack, a second
of CPU per worker at full priority, paid again each time an overrunning pool is replaced.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from typing import Any

from spyhouse.bots.base import LEVELS, make_bot
from spyhouse.engine import Action, Game, Rng, load_builtin_games
from spyhouse.kinds import BotLevel

DEFAULT_LEVEL: BotLevel = "random"
"""The API's default, so clients that never ask for a level keep their behaviour."""

FALLBACK_LEVEL: BotLevel = "heuristic"
"""What answers when a search cannot within its budget: the rules of thumb search is
guided by, about a millisecond."""

NICENESS = 10
"""How much lower than the server's a worker's CPU priority is. A search fills a core
for its whole budget, and with bots thinking at several tables both cores were full:
the server's event loop and its database thread then waited for a core behind the
searches, and a person's move was acknowledged in hundreds of milliseconds instead of
tens. Searches are bounded in wall time, so yielding the CPU makes a bot weaker under
load, never late."""

_PARENT_POLL_SECONDS = 0.5


def decide(
    game: Game[Any],
    state: dict[str, Any],
    seat: int,
    level: str,
    entropy: int,
    budget: float,
    iterations: int,
    deadline: float | None = None,
) -> Action:
    """One bot decision from a dumped state (runs in a worker process). The game comes
    pickled (its class by reference), so any registered game works, not only the
    built-in ones a fresh worker would find by id. ``deadline`` (``time.monotonic``,
    the same clock in every process of the machine) cuts the search's ``budget``; once
    it has passed, the rules of thumb answer instead."""
    if deadline is not None:
        budget = min(budget, deadline - time.monotonic())
        if budget <= 0:
            level = FALLBACK_LEVEL
    return choose(game, game.load(state), seat, level, entropy, budget, iterations)


def choose(
    game: Game[Any],
    state: Any,
    seat: int,
    level: str,
    entropy: int,
    budget: float,
    iterations: int,
) -> Action:
    """A decision at ``level`` (an unknown level plays as the default one)."""
    options = {"budget": budget, "iterations": iterations} if level == "search" else {}
    bot = make_bot(level if level in LEVELS else DEFAULT_LEVEL, **options)
    return bot.choose(game, state, seat, Rng(entropy))


def ready() -> int:
    """A worker's first task: proves it has started, with the games' modules imported
    (else the first decision would pay for them)."""
    load_builtin_games()
    return os.getpid()


def start(parent: int) -> None:
    """A worker's initializer: yield the CPU to the server, and die with it."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    die_with_parent(parent)


def die_with_parent(parent: int) -> None:
    """End this process when the server that spawned it ends, however it ends (a kill -9
    runs no clean-up in the server)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
    if os.getppid() != parent:  # it went before the request above was made
        os._exit(0)

    def watch() -> None:  # where there is no PDEATHSIG (and as a second guard)
        while os.getppid() == parent:
            time.sleep(_PARENT_POLL_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
