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


def playout_ms(game, seats: int, seed: int, in_place: bool = False) -> float:
    """CPU ms of one whole random game (setup, then actions until the end).

    Through :meth:`Game.apply` (a copy per action, as the server plays), or ``in_place``
    as a search playout does (one copy, then :meth:`Game.apply_action` on it). The
    random bot picks uniformly among the legal actions of a uniformly chosen seat to act.
    CPU time, not wall-clock: on a shared machine it is the steadier figure.
    """
    t = time.process_time()
    state = game.setup(seats, game.parse_options({}), seed)
    rng = Rng(seed)
    if in_place:
        state = game.copy(state)
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        action = random_action(game, state, seat, rng)
        if in_place:
            game.apply_action(state, seat, action)
        else:
            state, _ = game.apply(state, seat, action)
    return (time.process_time() - t) * 1e3


def reference_ms() -> float:
    """CPU ms of a fixed pure-Python loop, printed with the results so runs on different
    machines (or under different loads) can be compared by their ratio to it."""
    best = float("inf")
    for _ in range(3):
        t = time.process_time()
        total = 0
        for i in range(1_000_000):
            total += i
        best = min(best, time.process_time() - t)
    return best * 1e3


WARM_SEEDS = 1_000_000
"""Warm-up games use seeds from here, none of the timed ones."""
TARGET_MS = {"agencia": 1.0, "spies": 1.0, "estoril": 5.0, "conspiracy": 5.0}
"""The budget for a full random game at 4 seats, median CPU ms: a search bot plays
thousands of playouts per decision, so a playout must cost about a millisecond."""


def playouts(games: int, ids: list[str], seats: int, warm: int = 0) -> None:
    """Median CPU ms of a full random game (the targets: 1 ms for La Agencia and
    Spies & Lies, 5 ms for Estoril and Conspiracy, at 4 seats).

    ``warm`` games (other seeds, both modes, untimed) are played first, so both modes
    are timed in a process that has filled its caches, as a server's or a search bot's
    has: otherwise the through-apply run, timed first, pays for tables (Spies & Lies'
    deployments per hand) that the in-place run then finds built."""
    print(f"reference loop: {reference_ms():.0f} ms CPU (1e6 additions; best of 3)")
    print(
        f"{'game':<12}{'seats':>6}{'median ms':>10}{'best ms':>9}{'in place':>10}{'target':>8}"
        "   CPU ms per full random game; in place = one copy, then apply_action"
    )
    for game in all_games():
        if ids and game.id not in ids:
            continue
        n = min(max(seats, game.min_seats), game.max_seats)
        for seed in range(WARM_SEEDS, WARM_SEEDS + warm):
            playout_ms(game, n, seed)
            playout_ms(game, n, seed, in_place=True)
        times = [playout_ms(game, n, seed) for seed in range(games)]
        inplace = [playout_ms(game, n, seed, in_place=True) for seed in range(games)]
        target = TARGET_MS.get(game.id)
        print(
            f"{game.id:<12}{n:>6}{statistics.median(times):>10.2f}{min(times):>9.2f}"
            f"{statistics.median(inplace):>10.2f}{'' if target is None else f'{target:.1f}':>8}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=5, help="playouts per game")
    parser.add_argument(
        "--playouts", type=int, default=0, help="only time N full random games per game"
    )
    parser.add_argument("--seats", type=int, default=4, help="seats for --playouts")
    parser.add_argument(
        "--warm", type=int, default=0, help="untimed games first (other seeds), for --playouts"
    )
    parser.add_argument("--game", action="append", default=[], help="only this game (repeat)")
    args = parser.parse_args()
    load_builtin_games()
    if args.playouts:
        playouts(args.playouts, args.game, args.seats, args.warm)
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
