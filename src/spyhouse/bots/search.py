"""Information-set Monte Carlo tree search (single-observer ISMCTS).

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (2012), SO-ISMCTS:
every iteration draws one world the searching seat cannot tell apart from the real one
(``Game.determinize``), walks the tree choosing only among actions legal in that world,
adds one node, plays on and credits each edge with the result for the seat that took it.

Selection is PUCT (AlphaZero's rule) with the rules of thumb as the prior: at every node
the prior puts weight ``prior`` on the acting seat's heuristic move (``game.strategy.choose``
on that seat's view *of the sampled world*) and on the moves the game's ``candidates``
shortlists there, if it has one, and spreads ``1 - prior`` evenly over the actions legal
in that world (``prior_weights``); an edge scores its mean reward plus ``exploration *
weight * sqrt(availability) / (1 + visits)`` (*availability*, how often the edge was
legal when its parent was visited, stands in for the parent's visits as in ISMCTS's
UCB1). An edge not yet tried counts its siblings' mean reward. Why: at the tens to
hundreds of iterations a decision gets, UCB1 first tries every untried action once
(Conspiracy offers up to 180, Spies & Lies up to 300), so most iterations went to one
noisy playout each of moves no good player makes; the prior spends them on the moves a
good player weighs, and it models the *opponents* in the tree as the same rules of
thumb the playouts use.

Playouts follow the game's rules of thumb (``game.strategy.choose`` on each seat's view *of
the sampled world*, with a little randomness), not uniform chance: a random Conspiracy
game ends on Dr. Solomon's die and a random Spies & Lies line-up is easy prey, so random
playouts misjudge what a sensible opponent will do. Those cost more per step, so a game
may cut them at ``playout_depth`` steps and score the world with its ``estimate``.

The answer is the most visited action at the root, where the heuristic bot's choice
(from the seat's view) may also get a head start (``guide``) in the final count, so
search departs from the rules of thumb only when its playouts favour another move.

Simultaneous decisions: when several seats are to act, the tree follows the searching
seat (or, if it is not among them, the lowest seat) and the others act by the rollout
policy first; their choices are secret until all have chosen, so order does not matter.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spyhouse.bots.base import Bot, Level
from spyhouse.bots.knowledge import SeatKnowledge
from spyhouse.engine import Action, Game, GameState, Outcome, Rng, canonical
from spyhouse.engine.bots import random_action

RolloutPolicy = Callable[[Game[Any], GameState, int, Rng], Action]


@dataclass(frozen=True, slots=True)
class Guidance:
    """What the rules of thumb say at one decision: their move (``hint``) and the other
    moves worth weighing (``shortlist``), as action keys."""

    hint: str | None = None
    shortlist: frozenset[str] = frozenset()


def rules_of_thumb(
    game: Game[Any], view: dict[str, Any], legal: list[Action], seat: int, rng: Rng
) -> Guidance:
    """The heuristic's move and shortlist for ``seat`` read from ``view`` (the seat's own
    view, or its view *of a sampled world*, never of the real state)."""
    choose, shortlist = game.strategy.choose, game.strategy.candidates
    if choose is None:
        return Guidance()
    hint = canonical(choose(view, legal, seat, rng))
    if shortlist is None:
        return Guidance(hint)
    keys = frozenset(canonical(a) for a in shortlist(view, legal, seat, rng)) - {hint}
    return Guidance(hint, keys)


def heuristic_policy(epsilon: float) -> RolloutPolicy:
    """The game's rules of thumb (read from the acting seat's view *of the sampled
    world*, so nothing real shows through), or a random legal action with probability
    ``epsilon`` so playouts still try what the rules of thumb never would."""
    threshold = round(epsilon * 1000)

    def policy(game: Game[Any], world: GameState, seat: int, rng: Rng) -> Action:
        legal = game.legal_actions(world, seat)
        if len(legal) == 1:
            return legal[0]
        choose = game.strategy.choose
        if choose is None or (threshold and rng.below(1000) < threshold):
            return rng.choice(legal)
        action = choose(game.view(world, seat), legal, seat, rng)
        return action if action in legal else rng.choice(legal)

    return policy


@dataclass(eq=False)
class Node:
    """The edge ``action`` taken by ``actor`` and the tree below it."""

    actor: int = -1
    action: Action | None = None
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[tuple[int, str], Node] = field(default_factory=dict)

    def puct(self, exploration: float, prior: float, untried: float) -> float:
        """Mean reward (``untried`` before the first visit) plus the prior's bonus,
        which fades as the edge is visited."""
        mean = self.reward / self.visits if self.visits else untried
        return mean + exploration * prior * math.sqrt(self.available) / (1 + self.visits)


class SearchBot(Bot):
    """ISMCTS under a time budget (seconds) and an iteration cap, whichever ends first.

    Tests and reproducible runs pass ``budget=None`` and a cap: the choice is then a
    function of the seat's information set and ``rng`` alone.
    """

    level: Level = "search"

    def __init__(
        self,
        budget: float | None = 0.5,
        iterations: int | None = 5000,
        exploration: float = 1.0,
        rollout: RolloutPolicy | None = None,
        max_steps: int = 10_000,
        guide: float | None = None,
        epsilon: float = 0.2,
        depth: int | None = None,
        prior: float | None = None,
    ) -> None:
        if budget is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")
        self.budget = budget
        self.iterations = iterations
        self.exploration = exploration
        """PUCT's weight on the prior's bonus against the mean reward (rewards are in
        [0, 1])."""
        self.rollout = rollout or heuristic_policy(epsilon)
        """How every seat plays after the tree: by default the rules of thumb with a
        little randomness (uniformly random playouts make poor opponents: a random
        Conspiracy game ends on Dr. Solomon's die, never on the briefcase)."""
        self.depth = depth
        """Playout steps by ``rollout``; then the game's ``estimate`` scores the world if
        it has one, else the playout ends uniformly at random (ten times cheaper).
        ``None``: the game's ``Strategy.playout_depth``."""
        self.max_steps = max_steps
        self.prior = prior
        """The weight of the acting seat's heuristic move in the tree's prior at every
        node, against a uniform choice among the legal actions. ``None``: the game's
        ``Strategy.prior``. 0 makes the prior uniform."""
        self.guide = guide
        """The heuristic's move starts with this share of the iterations as a head start
        in the final count (even if the search never tried it). ``None``: the game's
        ``Strategy.guide`` (by default 0: the prior already steers the
        visits to it, and search should overrule it when its playouts say so)."""
        self.last_iterations = 0
        """How many iterations the last decision ran (for benchmarks)."""

    def decide(self, knowledge: SeatKnowledge, legal: list[Action], rng: Rng) -> Action:
        strategy = knowledge.game.strategy
        guide = self.guide if self.guide is not None else strategy.guide
        prior = self.prior if self.prior is not None else strategy.prior
        guidance = rules_of_thumb(knowledge.game, knowledge.view(), legal, knowledge.seat, rng)
        hint = guidance.hint if guidance.hint in {canonical(a) for a in legal} else None
        root = Node()
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self.iterate(knowledge, root, rng, prior, guidance)
            done += 1
        self.last_iterations = done
        me = knowledge.seat
        counts = {
            key: (float(child.visits), child.reward)
            for (actor, key), child in root.children.items()
            if actor == me and child.visits
        }
        if guide > 0 and hint is not None:  # counts even if the search never tried it
            visits, reward = counts.get(hint, (0.0, 0.0))
            counts[hint] = (visits + guide * done, reward)
        if not counts:  # cannot happen: the root is the seat's own decision
            return rng.choice(legal)
        chosen = max(counts, key=lambda key: (counts[key], key == hint))
        return next(a for a in legal if canonical(a) == chosen)

    # -- one iteration ---------------------------------------------------------------

    def iterate(
        self, knowledge: SeatKnowledge, root: Node, rng: Rng, prior: float, guidance: Guidance
    ) -> None:
        """One sampled world: down the tree by PUCT to a new edge, then a playout;
        ``guidance`` is the rules of thumb at the root (read from the seat's own view)."""
        game = knowledge.game
        world = knowledge.sample_world(rng)
        path = [root]
        node = root
        steps = 0
        expanded = False
        while not expanded and game.outcome(world) is None and steps < self.max_steps:
            actor = self.settle(game, world, knowledge.seat, rng)
            if actor is None:
                break
            node = self.select(
                game, world, node, actor, prior, guidance if steps == 0 else None, rng
            )
            expanded = node.visits == 0
            game.apply_action(world, actor, node.action or {})
            path.append(node)
            steps += 1
        rewards = self.play_out(game, world, rng, steps)
        for visited in path:
            visited.visits += 1
            if visited.actor >= 0:
                visited.reward += rewards[visited.actor]

    def select(
        self,
        game: Game[Any],
        world: GameState,
        node: Node,
        actor: int,
        prior: float,
        guidance: Guidance | None,
        rng: Rng,
    ) -> Node:
        """The child of ``node`` that ``actor`` takes in ``world``, by PUCT over the
        actions legal there (each counted as available once more); a tie goes to the
        heuristic's move."""
        legal = game.legal_actions(world, actor)
        children, keys = [], []
        for action in legal:
            key = canonical(action)
            child = node.children.get((actor, key))
            if child is None:
                child = node.children[actor, key] = Node(actor, action)
            child.available += 1
            children.append(child)
            keys.append(key)
        if len(children) == 1:
            return children[0]
        if guidance is None:
            guidance = (
                rules_of_thumb(game, game.view(world, actor), legal, actor, rng)
                if prior > 0
                else Guidance()
            )
        weights = prior_weights(keys, guidance, prior)
        tried = [child for child in children if child.visits]
        untried = sum(c.reward for c in tried) / sum(c.visits for c in tried) if tried else 0.5
        best, best_score = children[0], -math.inf
        for child, key in zip(children, keys, strict=True):
            score = child.puct(self.exploration, weights[key], untried)
            if score > best_score or (score == best_score and key == guidance.hint):
                best, best_score = child, score
        return best

    def settle(self, game: Game[Any], world: GameState, me: int, rng: Rng) -> int | None:
        """The seat the tree follows now; other simultaneous seats act by the rollout
        policy first. ``None`` when nobody is to act."""
        pending = game.to_act(world)
        while len(pending) > 1:
            follow = me if me in pending else min(pending)
            other = min(pending - {follow})
            game.apply_action(world, other, self.rollout(game, world, other, rng))
            pending = game.to_act(world)
        return next(iter(pending), None)

    def play_out(self, game: Game[Any], world: GameState, rng: Rng, steps: int) -> list[float]:
        """Play to the end, by the rollout policy for ``depth`` steps, then at random;
        each seat's share of the win."""
        depth = self.depth if self.depth is not None else game.strategy.playout_depth
        guided = steps + depth if depth is not None else self.max_steps
        estimate = game.strategy.estimate
        while steps < self.max_steps:
            outcome = game.outcome(world)
            if outcome is not None:
                return rewards(outcome, world.num_seats)
            if steps >= guided and estimate is not None:
                estimated = estimate(world)
                if estimated is not None:
                    return estimated
            pending = sorted(game.to_act(world))
            if not pending:
                break
            seat = pending[0] if len(pending) == 1 else rng.choice(pending)
            policy = self.rollout if steps < guided else random_action
            game.apply_action(world, seat, policy(game, world, seat, rng))
            steps += 1
        return [1.0 / world.num_seats] * world.num_seats


def prior_weights(keys: list[str], guidance: Guidance, prior: float) -> dict[str, float]:
    """The tree's prior over the actions ``keys`` (summing to 1): ``prior`` on the rules
    of thumb and the rest spread evenly. With a shortlist, the heuristic's move takes
    half of ``prior`` and the shortlist shares the other half, so a wide decision
    (Conspiracy's turn offers up to 180 moves) spends its hundred iterations on a dozen
    sensible moves, not on one."""
    hint = [guidance.hint] if guidance.hint in keys else []
    shortlist = [key for key in keys if key in guidance.shortlist]
    groups = [group for group in (hint, shortlist) if group]
    weights = dict.fromkeys(keys, (1.0 - (prior if groups else 0.0)) / len(keys))
    for group in groups:
        for key in group:
            weights[key] += prior / len(groups) / len(group)
    return weights


def rewards(outcome: Outcome, seats: int) -> list[float]:
    """Each seat's reward in [0, 1]: half its share of the win (1 split among the
    winners), half where its score falls between the lowest and the highest.

    The score half lowers the noise of a random playout: a move that gains points shows
    up in every playout, not only in those it turns into a win.
    """
    shares = [0.0] * seats
    for seat in outcome.winners:
        shares[seat] = 1.0 / len(outcome.winners)
    scores = outcome.scores
    if scores is None or len(scores) != seats or max(scores) == min(scores):
        return shares
    low, span = min(scores), max(scores) - min(scores)
    return [
        0.5 * share + 0.5 * (score - low) / span
        for share, score in zip(shares, scores, strict=True)
    ]
