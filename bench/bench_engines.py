"""Engine costs per game, as ratios to a JSON round-trip of the same states."""

from __future__ import annotations

import argparse
import json
import statistics
import time

from spyhouse.engine import Rng, all_games, load_builtin_games
from spyhouse.engine.bots import random_action


def measure(game, seats: int, seed: int) -> dict[str, float]:
    options = game.parse_options({})
    state = game.setup(seats, options, seed)
    rng = Rng(seed)
    costs: dict[str, list[float]] = {"apply": [], "views": [], "legal": [], "json": []}
    steps = 0
    t_game = time.perf_counter()
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        t = time.perf_counter()
        for s in range(seats):
            game.legal_actions(state, s)
        costs["legal"].append(time.perf_counter() - t)
        action = random_action(game, state, seat, rng)
        t = time.perf_counter()
        state, _ = game.apply(state, seat, action)
        costs["apply"].append(time.perf_counter() - t)
        t = time.perf_counter()
        for s in [None, *range(seats)]:
            game.view(state, s)
        costs["views"].append(time.perf_counter() - t)
        t = time.perf_counter()
        game.load(json.loads(json.dumps(game.dump(state))))
        costs["json"].append(time.perf_counter() - t)
        steps += 1
    total = time.perf_counter() - t_game
    return {"steps": steps, "game_s": total, **{k: statistics.mean(v) for k, v in costs.items()}}


def playout_ms(game, seats: int, seed: int) -> float:
    """One whole random game (setup, then apply until the end), as a search bot plays out."""
    t = time.perf_counter()
    state = game.setup(seats, game.parse_options({}), seed)
    rng = Rng(seed)
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, random_action(game, state, seat, rng))
    return (time.perf_counter() - t) * 1e3


def playouts(games: int) -> None:
    """Median ms of a full random game at 4 seats (issue 15's targets: 1 ms for La Agencia
    and Spies & Lies, 5 ms for Estoril and Conspiracy)."""
    print(f"{'game':<12}{'median ms':>10}{'best ms':>9}   full random game, 4 seats")
    for game in all_games():
        times = [playout_ms(game, 4, seed) for seed in range(games)]
        print(f"{game.id:<12}{statistics.median(times):>10.2f}{min(times):>9.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5, help="playouts per game")
    parser.add_argument(
        "--playouts", type=int, default=0, help="only time N full random games per game"
    )
    args = parser.parse_args()
    load_builtin_games()
    if args.playouts:
        playouts(args.playouts)
        return
    print(
        f"{'game':<12}{'steps':>7}{'playout ms':>12}{'apply':>9}{'views':>9}{'legal':>9}"
        "   (per step, as a multiple of one JSON round-trip of the state)"
    )
    for game in all_games():
        runs = [measure(game, game.min_seats, seed) for seed in range(args.games)]
        m = {k: statistics.mean(r[k] for r in runs) for k in runs[0]}
        base = m["json"]
        print(
            f"{game.id:<12}{m['steps']:>7.0f}{m['game_s'] * 1e3:>12.1f}"
            f"{m['apply'] / base:>8.2f}×{m['views'] / base:>8.2f}×{m['legal'] / base:>8.2f}×"
            f"   baseline {base * 1e6:.0f} µs"
        )


if __name__ == "__main__":
    main()
