"""Spies & Lies' deployment with the Intel deck in mind, against strength alone.

Seeded games between two heuristic sides that differ only in how they deploy: the
*tested* side weighs each line-up's rank total less ``--caution`` times what the day's
Intel card would give away (``strategy.intel_exposure``); the *baseline* side deploys
by rank total alone (caution 0, the rules of thumb before the deck was known). Every
other decision is the same rules of thumb. Sides swap colours game by game, so neither
colour favours one; a draw credits each side a half. Prints the tested side's win share
with a 95 % interval, and each side's mean rank total deployed.

    python bench/spies_intel.py --games 1500 --seats 2 --caution 1
"""

from __future__ import annotations

import argparse
import math

from spyhouse.engine import Rng, get_game, load_builtin_games
from spyhouse.games.spies import strategy
from spyhouse.games.spies.components import rank_of
from spyhouse.games.spies.teams import side_of


def play(seats: int, seed: int, tested_side: int, caution: float, ranks: list[list[int]]) -> float:
    """One game; the tested side's share of the win (1, ½ or 0)."""
    game = get_game("spies")
    assert game is not None
    state = game.setup(seats, game.parse_options({}), seed)
    rng = Rng(seed * 1_000_003 + 5)
    while (outcome := game.outcome(state)) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        view, legal = game.view(state, seat), game.legal_actions(state, seat)
        tested = side_of(seat) == tested_side
        if len(legal) == 1:
            action = legal[0]
        elif legal[0]["type"] == "deploy":
            action = strategy.deploy(legal, view, seat, rng.fork(), caution if tested else 0.0)
            ranks[not tested].append(sum(rank_of(s) or 0 for s in action["soldiers"]))
        else:
            action = strategy.choose(view, legal, seat, rng.fork())
        state, _ = game.apply(state, seat, action)
    winners = {side_of(w) for w in outcome.winners}
    return 1.0 / len(winners) if tested_side in winners else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--caution", type=float, default=strategy.INTEL_CAUTION)
    args = parser.parse_args()
    load_builtin_games(["spies"])
    ranks: list[list[int]] = [[], []]
    credit = [
        play(args.seats, args.seed + g, g % 2, args.caution, ranks) for g in range(args.games)
    ]
    n = len(credit)
    mean = sum(credit) / n
    var = sum((c - mean) ** 2 for c in credit) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    draws = sum(c == 0.5 for c in credit)
    print(
        f"spies {args.seats} seats, caution {args.caution:g}, {n} games (seeds "
        f"{args.seed}–{args.seed + n - 1}, {draws} draws): wins {mean:.1%} "
        f"({mean - half:.1%}–{mean + half:.1%}) against deploying by strength alone"
    )
    for who, totals in zip(("tested", "baseline"), ranks, strict=True):
        print(f"  {who}: mean rank total deployed {sum(totals) / max(1, len(totals)):.1f}")


if __name__ == "__main__":
    main()
