"""Spies & Lies' rules of thumb: the deduction of every possible enemy line-up."""

from __future__ import annotations

from itertools import combinations, product

from spyhouse.games.spies.strategy import RANKS, SERGEANT, _line_ups


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
