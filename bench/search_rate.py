"""How many search iterations a decision buys: iterations per CPU second, per game.

Plays one seeded game between heuristic bots per seed and, at every ninth step with a
choice, times a 40-iteration search (CPU time, so the load of a shared machine counts
less). The median is about what ``SPYHOUSE_BOT_THINK_SECONDS=1`` buys on a free core.

    python bench/search_rate.py                     # every game
    python bench/search_rate.py --only conspiracy spies
"""

from __future__ import annotations

import argparse
import statistics
import time

from spyhouse.bots import SearchBot, make_bot
from spyhouse.engine import Rng, all_games, get_game, load_builtin_games

ITERATIONS = 40


def rates(game_id: str, seeds: range, per_seed: int) -> list[float]:
    game = get_game(game_id)
    assert game is not None
    heuristic = make_bot("heuristic")
    seats = max(2, game.min_seats)
    found: list[float] = []
    for seed in seeds:
        state = game.setup(seats, game.parse_options({}), seed)
        rng, step, timed = Rng(seed), 0, 0
        while game.outcome(state) is None and timed < per_seed:
            seat = rng.choice(sorted(game.to_act(state)))
            if step % 9 == 0 and len(game.legal_actions(state, seat)) > 1:
                start = time.process_time()
                SearchBot(budget=None, iterations=ITERATIONS).choose(game, state, seat, Rng(step))
                found.append(ITERATIONS / (time.process_time() - start))
                timed += 1
            state, _ = game.apply(state, seat, heuristic.choose(game, state, seat, rng.fork()))
            step += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", help="game ids")
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--per-seed", type=int, default=8, help="decisions timed per game")
    args = parser.parse_args()
    load_builtin_games()
    for game in all_games():
        if args.only and game.id not in args.only:
            continue
        found = rates(game.id, range(1, args.seeds + 1), args.per_seed)
        print(
            f"{game.id}: {statistics.median(found):.0f} iterations per CPU second "
            f"(median of {len(found)} decisions; {min(found):.0f}–{max(found):.0f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
