"""Bots play only from what their seat may know, and never make an illegal move.

"No peeking" is proved two ways:

1. Structurally: the bot gets the game through a guard that refuses any call on the real
   state other than the seat's view, its legal actions and ``determinize`` for that seat.
2. Behaviourally: two states the seat cannot tell apart (the real one and a redraw of
   everything hidden from it) give the very same choice under the same seed and
   iteration cap, for every level. That needs ``determinize`` to depend on the seat's
   information only, which ``test_determinize_depends_only_on_what_the_seat_knows``
   checks for every game.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spyhouse.bots import LEVELS, Bot, SearchBot, make_bot
from spyhouse.engine import Game, Rng, get_game
from spyhouse.engine.testing import scale

GAMES = ["agencia", "conspiracy", "estoril", "spies"]
ESTORIL_ALL = {"promo": True, "double_agent": True, "vip": True, "roulette": True}


def small_bot(level: str, iterations: int = 10) -> Bot:
    """Tests cap iterations (never time): the same seed gives the same choice."""
    if level == "search":
        return SearchBot(budget=None, iterations=iterations)
    return make_bot(level)


def dump(game: Game[Any], state: Any) -> str:
    return json.dumps(game.dump(state), sort_keys=True)


def decision_points(
    game: Game[Any], seats: int, seed: int, every: int, options: dict[str, Any] | None = None
) -> list[tuple[Any, int]]:
    """(state, seat to act) every ``every`` steps of a seeded random game."""
    state = game.setup(seats, game.parse_options(options or {}), seed)
    rng = Rng(seed)
    points = []
    step = 0
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        if step % every == 0:
            points.append((state, seat))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        step += 1
    return points


class Guarded:
    """A game whose methods refuse the real state except for what ``seat`` may ask."""

    def __init__(self, game: Game[Any], real: Any, seat: int) -> None:
        self._game, self._real, self._seat = game, real, seat

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._game, name)
        if not callable(method):
            return method

        def guarded(*args: Any, **kwargs: Any) -> Any:
            if args and args[0] is self._real:
                allowed = {"view", "legal_actions", "determinize"}
                assert name in allowed, f"bot called {name} on the real state"
                assert args[1] == self._seat, f"bot asked {name} for seat {args[1]}"
            return method(*args, **kwargs)

        return guarded


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_bot_touches_the_real_state_only_through_the_seats_knowledge(
    game_id: str, level: str
) -> None:
    game = get_game(game_id)
    assert game is not None
    seats = 3
    for state, seat in decision_points(game, seats, seed=11, every=9)[: scale(6)]:
        guarded: Any = Guarded(game, state, seat)
        action = small_bot(level).choose(guarded, state, seat, Rng(5))
        assert action in game.legal_actions(state, seat)


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_depends_only_on_what_the_seat_knows(game_id: str) -> None:
    """A redraw from a world the seat cannot tell from the real one is the same redraw:
    the hidden arrangement of the real state never shows through."""
    game = get_game(game_id)
    assert game is not None
    options = ESTORIL_ALL if game_id == "estoril" else None
    for seed in range(scale(3)):
        for state, _ in decision_points(game, 3 + seed % 2, seed, every=4, options=options):
            for seat in range(state.num_seats):
                twin = game.determinize(state, seat, Rng(1000 + seed))
                assert dump(game, game.determinize(state, seat, Rng(7))) == dump(
                    game, game.determinize(twin, seat, Rng(7))
                ), f"{game_id}: seat {seat}'s redraw depends on hidden information"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", LEVELS)
def test_same_knowledge_same_choice(game_id: str, level: str) -> None:
    game = get_game(game_id)
    assert game is not None
    for state, seat in decision_points(game, 3, seed=4, every=7)[: scale(4)]:
        twin = game.determinize(state, seat, Rng(77))
        assert game.view(twin, seat) == game.view(state, seat)
        for bot_seed in (1, 2):
            real = small_bot(level).choose(game, state, seat, Rng(bot_seed))
            other = small_bot(level).choose(game, twin, seat, Rng(bot_seed))
            assert real == other, f"{game_id} {level}: the choice followed hidden information"


def play_all_bots(game: Game[Any], levels: list[str], seed: int, options: Any = None) -> None:
    """A whole game of bots through ``Game.apply``, which refuses any illegal move."""
    state = game.setup(len(levels), game.parse_options(options or {}), seed)
    bots = [small_bot(level, iterations=2) for level in levels]
    rng = Rng(seed)
    for _ in range(5_000):
        if game.outcome(state) is not None:
            return
        seat = rng.choice(sorted(game.to_act(state)))
        action = bots[seat].choose(game, state, seat, rng.fork())
        assert action in game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, action)
    raise AssertionError(f"{game.id}: no outcome")


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_never_make_an_illegal_move(game_id: str) -> None:
    game = get_game(game_id)
    assert game is not None
    counts = list(game.seat_range(game.parse_options({})))
    for i in range(scale(len(counts))):
        seats = counts[i % len(counts)]
        levels = [LEVELS[(i + s) % len(LEVELS)] for s in range(seats)]
        play_all_bots(game, levels, seed=100 + i)


def test_every_estoril_expansion_is_handled_by_the_heuristic() -> None:
    game = get_game("estoril")
    assert game is not None
    for seed in range(scale(2)):
        play_all_bots(game, ["heuristic"] * 5, seed, ESTORIL_ALL)


def test_search_prefers_the_move_that_scores() -> None:
    """La Agencia: with 5 Agents already played into a Garden of 3, the 5 Agents card in
    hand fills it (+3); ISMCTS finds it most often."""
    game = get_game("agencia")
    assert game is not None
    state = game.setup(3, game.parse_options({}), 5)
    rng = Rng(3)
    for _ in range(3):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    seat = min(game.to_act(state))
    view = game.view(state, seat)
    assert view["embassy"] == {"location": "Garden", "minimum": 3}
    mine = {p["position"]: p.get("card") for p in view["players"][seat]["positions"]}
    assert mine["hand_facing_owner"]["name"] == "5 Agents"
    action = SearchBot(budget=None, iterations=300).choose(game, state, seat, Rng(1))
    assert action == {"type": "play", "position": "hand_facing_owner"}


def test_make_bot_refuses_an_unknown_level() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("genius")


def test_search_overrules_the_heuristic_only_on_evidence() -> None:
    """With the whole count as head start, search can never overrule the rules of thumb:
    the heuristic's move is the floor search starts from."""
    game = get_game("spies")
    assert game is not None
    for state, seat in decision_points(game, 2, seed=8, every=5)[: scale(4)]:
        guided = SearchBot(budget=None, iterations=6, guide=1.0)
        assert guided.choose(game, state, seat, Rng(3)) == make_bot("heuristic").choose(
            game, state, seat, Rng(3)
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_cut_playout_is_scored_from_the_sampled_world(game_id: str) -> None:
    """Search stops a playout after the game's ``Strategy.playout_depth`` and asks ``estimate``
    for each seat's reward: one number in [0, 1] per seat, on a world drawn from the
    seat's knowledge (never the real state)."""
    from spyhouse.bots.knowledge import SeatKnowledge

    game = get_game(game_id)
    assert game is not None
    estimate = game.strategy.estimate
    if estimate is None:
        pytest.skip(f"{game_id} plays every playout to the end")
    for state, seat in decision_points(game, 2 if game_id != "agencia" else 3, 6, every=5):
        world = SeatKnowledge(game, state, seat).sample_world(Rng(2))
        values = estimate(world)
        assert values is not None and len(values) == state.num_seats
        assert all(0.0 <= v <= 1.0 for v in values)


def test_a_search_playout_follows_the_rules_of_thumb() -> None:
    """With no randomness left in the playout policy (epsilon 0), every seat in a
    playout plays the heuristic's move for the world's view of that seat."""
    from spyhouse.bots.search import heuristic_policy

    game = get_game("conspiracy")
    assert game is not None
    policy = heuristic_policy(0.0)
    for state, seat in decision_points(game, 3, seed=2, every=6)[: scale(5)]:
        world = game.copy(state)
        expected = make_bot("heuristic").choose(game, world, seat, Rng(9))
        legal = game.legal_actions(world, seat)
        if len(legal) > 1:
            assert policy(game, world, seat, Rng(9)) == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_the_prior_sends_the_first_playout_to_the_rules_of_thumb(game_id: str) -> None:
    """PUCT with the heuristic's move as the prior: with no head start in the final
    count, a one-iteration search has tried only that move, so it plays it (plain UCB1
    would have tried an untried action at random)."""
    game = get_game(game_id)
    assert game is not None
    for state, seat in decision_points(game, 3, seed=9, every=5)[: scale(6)]:
        if len(game.legal_actions(state, seat)) < 2:
            continue
        searched = SearchBot(budget=None, iterations=1, guide=0.0, prior=0.5)
        assert searched.choose(game, state, seat, Rng(4)) == make_bot("heuristic").choose(
            game, state, seat, Rng(4)
        )


def test_puct_prefers_the_prior_until_visits_say_otherwise() -> None:
    """An edge's bonus is the prior's share, fading with its visits: untried, the
    favoured move leads; once it has disappointed often enough, an untried move whose
    siblings' mean is higher comes first."""
    from spyhouse.bots.search import Node

    favoured, other = Node(0, {"a": 1}, available=4), Node(0, {"a": 2}, available=4)
    assert favoured.puct(1.0, 0.5, 0.5) > other.puct(1.0, 0.1, 0.5)
    favoured.visits, favoured.reward = 3, 0.0
    assert other.puct(1.0, 0.1, 0.5) > favoured.puct(1.0, 0.5, 0.5)


def test_the_prior_spreads_over_the_shortlist() -> None:
    """With a shortlist, the heuristic's move takes half of the prior's weight and the
    shortlist shares the other half; without one, the heuristic's move takes it all; the
    rest is spread over every legal action, and the weights sum to 1."""
    from spyhouse.bots.search import Guidance, prior_weights

    keys = ["hint", "a", "b", "c", "d"]
    spread = prior_weights(keys, Guidance("hint", frozenset({"a", "b", "gone"})), 0.6)
    assert spread == pytest.approx({"hint": 0.38, "a": 0.23, "b": 0.23, "c": 0.08, "d": 0.08})
    alone = prior_weights(keys, Guidance("hint"), 0.6)
    assert alone == pytest.approx({"hint": 0.68, "a": 0.08, "b": 0.08, "c": 0.08, "d": 0.08})
    listed = prior_weights(keys, Guidance("elsewhere", frozenset({"a"})), 0.6)
    assert listed == pytest.approx({"hint": 0.08, "a": 0.68, "b": 0.08, "c": 0.08, "d": 0.08})
    assert prior_weights(keys, Guidance(), 0.6) == pytest.approx(dict.fromkeys(keys, 0.2))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_shortlist_names_only_legal_moves_from_the_view(game_id: str) -> None:
    """A game's ``Strategy.candidates`` reads the seat's view and legal actions only and names
    legal actions; a wide decision is cut to a short list (at most 20)."""
    game = get_game(game_id)
    assert game is not None
    candidates = game.strategy.candidates
    if candidates is None:
        pytest.skip(f"{game_id} weighs the heuristic's move alone")
    for state, seat in decision_points(game, 2, seed=5, every=3)[: scale(40)]:
        legal = game.legal_actions(state, seat)
        shortlist = candidates(game.view(state, seat), legal, seat, Rng(1))
        assert shortlist and all(action in legal for action in shortlist)
        assert len(shortlist) <= 20


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_declares_its_rules_of_thumb_and_decisions_per_seat(game_id: str) -> None:
    """Bots read ``game.strategy`` and the lobby ``game.decisions_per_seat``: each built-in
    game declares both on its own class, not the contract's defaults (random play)."""
    from spyhouse.engine import Strategy

    game = get_game(game_id)
    assert game is not None
    assert isinstance(game.strategy, Strategy) and game.strategy.choose is not None
    assert game.strategy is not Game.strategy
    assert game.strategy.estimate is not None and game.strategy.playout_depth is not None
    assert "decisions_per_seat" in vars(type(game))


def test_a_strategy_refuses_a_misspelt_setting() -> None:
    """A typed declaration: a misspelt name is an error, never a silent default."""
    from spyhouse.engine import Strategy

    with pytest.raises(TypeError):
        Strategy(playout_dephth=20)  # type: ignore[call-arg]
    with pytest.raises(ValueError):
        Strategy(prior=1.5)
