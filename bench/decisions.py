"""Bot decisions against their wall-clock budget, at the strongest level, in the four games.

The server's own :class:`~spyhouse.server.autoplay.thinking.Thinking` (its worker pool, the
budget, the rules-of-thumb fallback) is asked for ``--decisions`` search decisions,
spread evenly over the four games at positions reached by random play, ``--at-once``
of them in flight together (several tables' bots asking at the same time, so queueing
for a worker counts against the budget as it does in the server). Prints, per game and
overall: decisions, the longest and the p99 wall time, how many the fallback answered,
and how many went over the budget (the target: none). Baseline, measured in the same
run: the budget itself (``Settings.bot_decision_seconds``), so the ratio column reads
"share of the budget used".

    python bench/decisions.py --decisions 1000
    python bench/decisions.py --decisions 200 --budget 2 --think 1 --at-once 4

Never part of the test suite: it keeps both cores busy for minutes.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from typing import Any

from spyhouse.engine import Rng, all_games, load_builtin_games
from spyhouse.server.autoplay.thinking import Thinking
from spyhouse.settings import Settings


def _positions(game: Any, count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` (state, seat to act) pairs from random games of ``game`` at 4 seats
    (or its most, if fewer), a few random steps apart."""
    rng = Rng(seed)
    seats = min(max(game.min_seats, 4), game.max_seats)
    out: list[tuple[Any, int]] = []
    while len(out) < count:
        state = game.setup(seats, game.parse_options({}), rng.next64() >> 1)
        while len(out) < count and game.outcome(state) is None:
            movers = sorted(game.to_act(state))
            seat = rng.choice(movers)
            if rng.below(3) == 0:
                out.append((state, seat))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return out


async def _run(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    budget = args.budget if args.budget is not None else settings.bot_decision_seconds
    think = args.think if args.think is not None else settings.bot_think_seconds
    thinking = Thinking(
        settings.bot_workers, think, settings.bot_search_iterations, decision_seconds=budget
    )
    await thinking.warm()
    games = sorted(all_games(), key=lambda g: g.id)
    per_game = args.decisions // len(games)
    work = [
        (game, state, seat)
        for i, game in enumerate(games)
        for state, seat in _positions(game, per_game, args.seed + i)
    ]
    Rng(args.seed).shuffle(work)  # the games interleaved, as tables of all four are
    times: dict[str, list[float]] = {g.id: [] for g in games}
    slots = asyncio.Semaphore(args.at_once)

    async def one(game: Any, state: Any, seat: int) -> None:
        async with slots:
            started = time.monotonic()
            action = await thinking.choose(game, state, seat, "search")
            times[game.id].append(time.monotonic() - started)
            assert action in game.legal_actions(state, seat), "an illegal answer"

    before = thinking.fallbacks
    began = time.monotonic()
    await asyncio.gather(*(one(*w) for w in work))
    wall = time.monotonic() - began
    fallbacks = thinking.fallbacks - before
    thinking.close()
    print(
        f"# {len(work)} search decisions, {args.at_once} asked at once, "
        f"{settings.bot_workers} workers, think {think:.2f} s, budget {budget:.2f} s, "
        f"{wall:.0f} s wall"
    )
    print(f"{'game':<12} {'n':>5} {'p50 s':>7} {'p99 s':>7} {'max s':>7} {'max/budget':>10} over")
    every: list[float] = []
    over_all = 0
    for game_id, spent in times.items():
        every += spent
        over = sum(t > budget for t in spent)
        over_all += over
        print(
            f"{game_id:<12} {len(spent):>5} {statistics.median(spent):>7.3f} "
            f"{_p99(spent):>7.3f} {max(spent):>7.3f} {max(spent) / budget:>10.2f} {over:>4}"
        )
    print(
        f"{'all':<12} {len(every):>5} {statistics.median(every):>7.3f} {_p99(every):>7.3f} "
        f"{max(every):>7.3f} {max(every) / budget:>10.2f} {over_all:>4}   "
        f"(fallback answered {fallbacks})"
    )
    return 1 if over_all else 0


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--at-once", type=int, default=4)
    parser.add_argument("--budget", type=float, default=None, help="default: the settings'")
    parser.add_argument("--think", type=float, default=None, help="default: the settings'")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_builtin_games()
    raise SystemExit(asyncio.run(_run(args)))


if __name__ == "__main__":
    main()
