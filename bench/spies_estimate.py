"""How well Spies & Lies' ``estimate`` foretells the winner: the check behind its weight.

Plays seeded 2-player games between heuristic bots (the players search imagines in its
playouts), records every state on the way and who won, and scores each state's
estimate against the result: the Brier score (mean squared error, lower is better; 0.25
is a coin toss) and the log loss. Prints the estimate in ``strategy.py`` and, for
comparison, the straight line it replaced and the logistic at other weights, so a
change to the rules of thumb can be followed by a re-fit.

    python bench/spies_estimate.py --games 2000
"""

from __future__ import annotations

import argparse
import math
from typing import Any

from spyhouse.bots import make_bot
from spyhouse.engine import Rng, get_game, load_builtin_games
from spyhouse.games.spies import strategy


def positions(games: int, seed: int) -> list[tuple[Any, float]]:
    """Each state of each game with red's result (1 won, 0 lost, ½ a draw)."""
    game = get_game("spies")
    assert game is not None
    bot = make_bot("heuristic")
    found: list[tuple[Any, float]] = []
    for number in range(seed, seed + games):
        state = game.setup(2, game.parse_options({}), number)
        rng = Rng(number * 7 + 1)
        seen = []
        while (outcome := game.outcome(state)) is None:
            seen.append(game.copy(state))
            seat = rng.choice(sorted(game.to_act(state)))
            state, _ = game.apply(state, seat, bot.choose(game, state, seat, rng.fork()))
        red = 1.0 if outcome.winners == (0,) else 0.0 if outcome.winners == (1,) else 0.5
        found += [(world, red) for world in seen]
    return found


def straight_line(world: Any) -> float:
    """The straight-line estimate: 0.5 plus an eighth of (Agent + IP lead / 10), clipped."""
    red, blue = (side.infiltration_points for side in world.sides)
    return min(1.0, max(0.0, 0.5 + (world.double_agent + (red - blue) / 10) / 8))


def red_of(world: Any) -> float:
    return strategy.estimate(world)[0]


def scores(rows: list[tuple[Any, float]], red_chance: Any) -> tuple[float, float]:
    brier = loss = 0.0
    for world, red in rows:
        p = min(1 - 1e-4, max(1e-4, red_chance(world)))
        brier += (p - red) ** 2
        loss -= red * math.log(p) + (1 - red) * math.log(1 - p)
    return brier / len(rows), loss / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    load_builtin_games(["spies"])
    rows = positions(args.games, args.seed)
    print(f"{len(rows)} states of {args.games} games; Brier score, log loss (lower is better)")
    brier, loss = scores(rows, straight_line)
    print(f"straight line, ignoring the day: {brier:.4f}, {loss:.4f}")
    chosen = strategy.LEAD_WEIGHT
    for weight in sorted({0.3, 0.4, 0.5, 0.6, 0.7, chosen}):
        strategy.LEAD_WEIGHT = weight
        mark = "  <- strategy.py" if weight == chosen else ""
        brier, loss = scores(rows, red_of)
        print(f"logistic, weight {weight:.2f}: {brier:.4f}, {loss:.4f}{mark}")
    strategy.LEAD_WEIGHT = chosen


if __name__ == "__main__":
    main()
