"""Bots against each other: win rates with 95 % intervals and ms per decision.

All-bot tables played straight through the engine (no server). For every game and seat
count, one seat plays the *tested* level and every other seat the *opponent* level; the
tested seat rotates over the table so no seat advantage favours it. A win is credited
to *sides*: every seat is its own side, except in Spies & Lies, where the table plays two
sides whatever its size ("Team play": seats alternate red and blue). A win shared by k
sides (a tie) credits each 1/k, so every game hands out one win in total and a seat's
fair share is 1/sides — a half in Spies & Lies at any seat count.

    python bench/bots.py --games 20 --iterations 200            # every game, every count
    python bench/bots.py --games 40 --only agencia --seats 3 --budget 1.0

Targets (the bot levels must be worth choosing): search beats random in ≥ 90 % of 2-player games and wins ≥ 2× its
fair share at 3–4 players; search beats heuristic ≥ 60 %; heuristic beats random clearly.
Spies & Lies is a two-sided game at 3–4 seats too, so its 2-player target (≥ 90 %, 1.8×
the fair share) is the one that applies there: 2× a fair share of a half is every game.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from spyhouse.bots import Bot, make_bot
from spyhouse.engine import Game, Rng, all_games, load_builtin_games
from spyhouse.games.spies.teams import side_of as spies_side

SIDES: dict[str, Callable[[int], int]] = {"spies": spies_side}
"""A team game's side of each seat; in every other game each seat plays for itself."""


def side(game: Game, seat: int) -> int:
    return SIDES[game.id](seat) if game.id in SIDES else seat


HEURISTIC = make_bot("heuristic")
MATCHUPS = [("heuristic", "random"), ("search", "random"), ("search", "heuristic")]


@dataclass
class Tally:
    credit: list[float] = field(default_factory=list)
    think: dict[str, list[float]] = field(default_factory=dict)

    agree: dict[str, list[int]] = field(default_factory=dict)
    """Per branching (choices at the decision): [the heuristic's move played, decisions]."""

    def add_agreement(self, choices: int, same: bool) -> None:
        bucket = "≤ 4" if choices <= 4 else "5–20" if choices <= 20 else "> 20"
        counts = self.agree.setdefault(bucket, [0, 0])
        counts[0] += same
        counts[1] += 1

    def add_time(self, level: str, seconds: float) -> None:
        self.think.setdefault(level, []).append(seconds)

    def interval(self) -> tuple[float, float, float]:
        """Mean win credit and a 95 % normal interval (Wilson for 0/1 credits)."""
        n = len(self.credit)
        mean = sum(self.credit) / n
        if all(c in (0.0, 1.0) for c in self.credit):
            z = 1.96
            centre = (mean + z * z / (2 * n)) / (1 + z * z / n)
            half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / (1 + z * z / n)
            return mean, max(0.0, centre - half), min(1.0, centre + half)
        var = sum((c - mean) ** 2 for c in self.credit) / max(1, n - 1)
        half = 1.96 * math.sqrt(var / n)
        return mean, max(0.0, mean - half), min(1.0, mean + half)


def play(
    game: Game,
    bots: list[Bot],
    levels: list[str],
    seed: int,
    tally: Tally,
    agreement: bool = False,
) -> list[float]:
    """One game to the end; each seat's share of the win (its side's, see ``side``)."""
    options = game.parse_options({})
    state = game.setup(len(bots), options, seed)
    rng = Rng(seed * 1_000_003 + 7)
    probe = Rng(seed * 1_000_003 + 11)  # its own draws: asking leaves the games as they were
    for _ in range(20_000):
        outcome = game.outcome(state)
        if outcome is not None:
            winning = {side(game, w) for w in outcome.winners}
            return [
                1.0 / len(winning) if side(game, s) in winning else 0.0 for s in range(len(bots))
            ]
        pending = sorted(game.to_act(state))
        seat = rng.choice(pending)
        start = time.perf_counter()
        action = bots[seat].choose(game, state, seat, rng.fork())
        choices = len(game.legal_actions(state, seat))
        if choices > 1:
            tally.add_time(levels[seat], time.perf_counter() - start)
            if agreement and levels[seat] == "search":
                rules = HEURISTIC.choose(game, state, seat, probe.fork())
                tally.add_agreement(choices, rules == action)
        state, _ = game.apply(state, seat, action)
    raise RuntimeError(f"{game.id}: no outcome (seed {seed})")


def run(args: argparse.Namespace) -> None:
    load_builtin_games(args.only)
    budget = args.budget if args.budget > 0 else None
    search = {"budget": budget, "iterations": args.iterations}
    if args.guide is not None:
        search["guide"] = args.guide
    if args.prior is not None:
        search["prior"] = args.prior
    print(
        f"{args.games} games per row; search: budget {budget} s, "
        f"cap {args.iterations} iterations, guide {args.guide or 'default'}, "
        f"prior {args.prior or 'default'}"
    )
    print(
        "| game | seats | level vs others | wins | 95 % interval | fair share | × fair "
        "| ms/decision (level) | ms/decision (others) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game in all_games():
        counts = args.seats or list(game.seat_range(game.parse_options({})))
        for seats in counts:
            if seats not in game.seat_range(game.parse_options({})):
                continue
            for tested, other in MATCHUPS:
                if args.matchup and f"{tested}-{other}" not in args.matchup:
                    continue
                tally = Tally()
                for g in range(args.games):
                    where = g % seats
                    levels = [tested if s == where else other for s in range(seats)]
                    bots = [
                        make_bot(lv, **search) if lv == "search" else make_bot(lv) for lv in levels
                    ]
                    shares = play(game, bots, levels, args.seed + g, tally, args.agreement)
                    tally.credit.append(shares[where])
                    if args.progress:
                        print(
                            f"  {game.id} {seats}p {tested}-{other} game {g + 1}: "
                            f"{shares[where]:.2f} (mean {sum(tally.credit) / len(tally.credit):.2f})",
                            file=sys.stderr,
                            flush=True,
                        )
                mean, lo, hi = tally.interval()
                fair = 1 / len({side(game, s) for s in range(seats)})
                ms = {lv: 1000 * sum(t) / len(t) for lv, t in tally.think.items() if t}
                print(
                    f"| {game.id} | {seats} | {tested} vs {other} | {mean:.0%} | "
                    f"{lo:.0%}–{hi:.0%} | {fair:.0%} | {mean / fair:.1f} | "
                    f"{ms.get(tested, 0):.1f} | {ms.get(other, 0):.1f} |",
                    flush=True,
                )
                if tally.agree:
                    print(
                        "    search played the heuristic's move: "
                        + ", ".join(
                            f"{same}/{n} at {bucket} choices"
                            for bucket, (same, n) in sorted(tally.agree.items())
                        ),
                        flush=True,
                    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--budget",
        type=float,
        default=1.0,
        help="search seconds per decision; 0: none, the iteration cap alone (load-proof)",
    )
    parser.add_argument("--progress", action="store_true", help="each game's result on stderr")
    parser.add_argument("--guide", type=float, help="search's head start for the heuristic")
    parser.add_argument("--prior", type=float, help="the heuristic's weight in search's prior")
    parser.add_argument("--iterations", type=int, default=5000, help="search iteration cap")
    parser.add_argument(
        "--agreement",
        action="store_true",
        help="count how often search plays the heuristic's move, by the number of choices",
    )
    parser.add_argument("--only", nargs="*", help="game ids")
    parser.add_argument("--seats", nargs="*", type=int)
    parser.add_argument("--matchup", nargs="*", help="e.g. search-random heuristic-random")
    run(parser.parse_args())


if __name__ == "__main__":
    main()
