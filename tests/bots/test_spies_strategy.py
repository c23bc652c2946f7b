"""Spies & Lies' rules of thumb: the deduction of every possible enemy line-up, what a
line-up gives away under the Intel deck's ranges, the guesses search weighs and its
estimate of a world it stops early."""

from __future__ import annotations

from itertools import combinations, product

import pytest

from spyhouse.engine import Action, Rng
from spyhouse.games.spies import GAME
from spyhouse.games.spies.components import rank_of
from spyhouse.games.spies.positions import position
from spyhouse.games.spies.strategy import (
    RANKS,
    SERGEANT,
    _cards_left,
    _line_ups,
    candidates,
    choose,
    deploy,
    estimate,
    intel_exposure,
    worth,
)


def line_ups_by_definition(
    exhausted: frozenset[int],
    known: tuple[int | None, ...],
    tokens: tuple[bool | None, ...],
    intel: frozenset[int],
) -> tuple[tuple[int, ...], ...]:
    """The definition, slowly: every set of soldiers not exhausted, ranks rising left to
    right with the Sergeant in any spot, showing the known soldiers where they are, every
    Intel token true except the Sergeant's; sets in ``combinations`` order."""
    found = []
    for soldiers in combinations([r for r in RANKS if r not in exhausted], len(known)):
        others = [r for r in soldiers if r != SERGEANT]
        for spot in range(len(known)) if SERGEANT in soldiers else [None]:
            line = list(others)
            if spot is not None:
                line.insert(spot, SERGEANT)
            if any(r is not None and line[i] != r for i, r in enumerate(known)):
                continue
            if any(
                t is not None and line[i] != SERGEANT and t != (line[i] in intel)
                for i, t in enumerate(tokens)
            ):
                continue
            found.append(tuple(line))
    return tuple(found)


def test_possible_line_ups_are_the_definitions_in_its_order() -> None:
    """The pruned search finds exactly the line-ups of the definition, in the same order
    (the guess counts ranks over them and keeps that order on ties)."""
    intel = frozenset({2, 5, 9})
    cases = 0
    for exhausted in (frozenset(), frozenset({SERGEANT}), frozenset({1, 7}), frozenset({3, 10})):
        for known in ((None,) * 5, (None, 3, None, None, None), (SERGEANT, None, None, None, 9)):
            for tokens in product((None, True, False), repeat=3):
                padded = (*tokens, None, None)
                expected = line_ups_by_definition(exhausted, known, padded, intel)
                assert _line_ups.__wrapped__(exhausted, known, padded, intel) == expected
                cases += bool(expected)
    assert cases > 100  # most of these tables leave some line-up possible


def test_of_two_equally_likely_soldiers_search_weighs_the_one_worth_more_first() -> None:
    """Red's Mission 4 shows a true Intel token under Intel 7-8-9-10 with the Marshal
    exhausted and the Colonel revealed on Mission 3: the General or a lying Sergeant.
    The rules of thumb toss a coin between them; the shortlist puts the General, whose
    two Double Agent steps a wrong guess would let through, ahead of the Sergeant's 4 IP."""
    state = position(
        red=["Scout", "Miner", "Colonel", "General"],
        blue=["Spy", "Scout", "Miner", "Lieutenant"],
        intel="Intel 7-8-9-10",
        starting="blue",
        exhausted={"red": ["Marshal"], "blue": ["Marshal"]},
        deception_tokens={"red": 0, "blue": 0},
    )
    while (state.turn, GAME.to_act(state)) != (6, {1}):  # up to blue's guess on Mission 4
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    view, legal = GAME.view(state, 1), GAME.legal_actions(state, 1)
    assert {choose(view, legal, 1, Rng(seed))["soldier"] for seed in range(12)} == {
        "General",
        "Sergeant",
    }
    assert [a["soldier"] for a in candidates(view, legal, 1, Rng(1))] == ["General", "Sergeant"]


def test_the_estimate_grows_with_a_lead_and_sharpens_as_the_days_run_out() -> None:
    """Even: half each. A space of Double Agent lead makes red likelier to win, more so
    on day 3 than on day 1 (less time to push him back); an IP lead counts more each
    day, since reaching 10 moves the Agent as many spaces as the day."""

    def red(**facts: object) -> float:
        return estimate(position(**facts))[0]  # type: ignore[arg-type]

    assert red() == 0.5
    ahead = {"double_agent": "blue territory 1"}
    assert 0.5 < red(day=1, **ahead) < red(day=3, **ahead) < 1.0
    points = {"infiltration_points": {"red": 6}}
    assert 0.5 < red(day=1, **points) < red(day=3, **points)
    assert red(double_agent="red territory 1") < 0.5
    assert estimate(position(3, double_agent="blue territory 1"))[0] == red(**ahead) / 2


def test_soldiers_inside_a_range_left_in_the_deck_are_found_more_easily() -> None:
    """Each Intel card names a range of four ranks: under 1-4, tokens on Missions 1-3 of
    Spy, Scout, Miner, Marshal leave the deduction no other soldiers for them (the
    Sergeant would lie by showing none), so all three are named; under 7-10 only the
    Marshal's mission is narrowed, to four ranks."""
    line_up, exhausted = (1, 2, 3, 10), frozenset({5})
    low = intel_exposure(line_up, exhausted, 1, ((frozenset({1, 2, 3, 4}), 2),))
    high = intel_exposure(line_up, exhausted, 1, ((frozenset({7, 8, 9, 10}), 2),))
    assert low >= worth(1, 1) + worth(2, 1) + worth(3, 1) > high
    both = intel_exposure(
        line_up, exhausted, 1, ((frozenset({1, 2, 3, 4}), 1), (frozenset({7, 8, 9, 10}), 2))
    )
    assert both == pytest.approx((low + 2 * high) / 3), "weighed by the copies left"


def test_the_cards_left_are_the_deck_less_the_face_up_ones() -> None:
    state = position(intel="Intel 4-5-6-7", day=2)  # two Old Intel cards, then 4-7 on top
    view = GAME.view(state, 0)
    old = [frozenset(c["ranks"]) for c in view["intel"]["old"]]
    left = dict(_cards_left(view))
    assert sum(left.values()) == 4 == len(state.intel_deck)
    for low in (1, 4, 7):
        card = frozenset(range(low, low + 4))
        assert left.get(card, 0) == 2 - old.count(card)


def test_the_heuristic_deploys_what_the_intel_deck_gives_away_less() -> None:
    """Over many draws the line-ups chosen with the deck in mind give away less than
    those chosen by rank total alone, and the search's shortlist leads with them."""
    state = position(intel="Intel 7-8-9-10")
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    cards = _cards_left(view)
    exhausted = frozenset(s["rank"] for s in view["sides"]["red"]["exhausted"])

    def ranks(action: Action) -> tuple[int, ...]:
        return tuple(rank_of(s) or 0 for s in action["soldiers"])

    def exposure(action: Action) -> float:
        return intel_exposure(ranks(action), exhausted, 1, cards)

    careful = [exposure(deploy(legal, view, 0, Rng(seed))) for seed in range(30)]
    bold = [exposure(deploy(legal, view, 0, Rng(seed), caution=0.0)) for seed in range(30)]
    assert sum(careful) < sum(bold)
    shortlist = candidates(view, legal, 0, Rng(1))
    assert len(shortlist) == 6
    scores = [sum(ranks(a)) - exposure(a) for a in shortlist]
    assert scores == sorted(scores, reverse=True)
