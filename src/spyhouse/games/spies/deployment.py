"""Deployment phase: each side secretly places one soldier below each Mission card."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations
from operator import itemgetter

from spyhouse.games.spies.components import MISSIONS, SERGEANT, soldier_name


def in_rank_order(line_up: Sequence[int]) -> bool:
    """Your soldiers' ranks must always increase from left to right, except the Sergeant (4).

    >>> in_rank_order([1, 4, 2, 10]), in_rank_order([1, 3, 2, 10])
    (True, False)
    """
    ranks = [r for r in line_up if r != SERGEANT]
    return all(a < b for a, b in zip(ranks, ranks[1:], strict=False))


def out_of_sequence(line_up: Sequence[int]) -> int | None:
    """The first rank that breaks the rank order (for a clear refusal), if any.

    >>> out_of_sequence([2, 7, 3, 4]), out_of_sequence([2, 4, 3, 9])
    (3, None)
    """
    highest = 0
    for rank in line_up:
        if rank == SERGEANT:
            continue
        if rank <= highest:
            return rank
        highest = rank
    return None


@cache
def legal_line_ups(available: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    """Every full line-up in rank order from ``available`` (the Sergeant in any position)."""
    found: list[tuple[int, ...]] = []
    for combo in combinations(sorted(available), MISSIONS):
        if SERGEANT not in combo:
            found.append(combo)
            continue
        others = [r for r in combo if r != SERGEANT]
        for position in range(MISSIONS):
            found.append(tuple(others[:position] + [SERGEANT] + others[position:]))
    return tuple(sorted(found))


def matching_line_ups(
    available: Iterable[int], fixed: Mapping[int, int]
) -> tuple[tuple[int, ...], ...]:
    """Full legal line-ups that keep the soldiers already known in ``fixed`` (mission → rank)."""
    positions = tuple(sorted(fixed))
    key = tuple(fixed[m] for m in positions)
    return _line_ups_by_positions(frozenset(available), positions).get(key, ())


@cache
def _line_ups_by_positions(
    available: frozenset[int], positions: tuple[int, ...]
) -> dict[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Legal line-ups grouped by the ranks they put on ``positions`` (an index, built once)."""
    groups: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    ranks_on = _picker(positions)
    for line_up in legal_line_ups(available):
        groups.setdefault(ranks_on(line_up), []).append(line_up)
    return {key: tuple(group) for key, group in groups.items()}


def _picker(positions: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """A function giving a line-up's ranks on ``positions``, as a tuple; in C
    (``itemgetter``) where it can be: a fresh process works these tables out a few
    times a game, for every line-up."""
    if len(positions) >= 2:
        return itemgetter(*positions)
    return lambda line_up: tuple(line_up[m] for m in positions)


def deployment_choices(
    hand: Iterable[int], fixed: Mapping[int, int], missions: Sequence[int]
) -> tuple[tuple[int, ...], ...]:
    """The choices for ``missions`` that still allow a full line-up in rank order.

    In team play the Missions 1-2 player must leave their teammate a legal completion,
    and the Missions 3-4 player must continue the order of the cards they were shown.
    """
    available = frozenset(hand) | frozenset(fixed.values())
    return _choices(available, tuple(sorted(fixed.items())), tuple(missions))


@cache
def _choices(
    available: frozenset[int], fixed: tuple[tuple[int, int], ...], missions: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    line_ups = matching_line_ups(available, dict(fixed))
    return tuple(sorted(set(map(_picker(missions), line_ups))))


def refusal_reason(
    hand: Sequence[int], fixed: Mapping[int, int], missions: Sequence[int], chosen: Sequence[int]
) -> tuple[str, str] | None:
    """Why a chosen line-up is refused (code, message), or ``None`` if it is legal."""
    if len(chosen) != len(missions):
        return "wrong_count", f"Deploy exactly {len(missions)} soldiers, one per Mission card."
    if len(set(chosen)) != len(chosen):
        return "duplicate_choice", "Each soldier can be deployed only once."
    for rank in chosen:
        if rank not in hand:
            return "not_in_hand", f"The {soldier_name(rank)} ({rank}) is not in your hand."
    line_up = [fixed.get(m) for m in range(MISSIONS)]
    for m, rank in zip(missions, chosen, strict=True):
        line_up[m] = rank
    known = [r for r in line_up if r is not None]
    if not in_rank_order(known):
        culprit = out_of_sequence(known)
        assert culprit is not None
        return (
            "out_of_rank_order",
            f"The {soldier_name(culprit)} ({culprit}) is out of sequence: ranks must increase "
            "from left to right; only the Sergeant (4) may sit in any position.",
        )
    if tuple(chosen) not in deployment_choices(hand, fixed, missions):
        return (
            "no_completion",
            "Your teammate could not complete a line-up in rank order after these soldiers.",
        )
    return None
