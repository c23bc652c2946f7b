"""Determinization: redraw every secret a seat cannot know, consistently with what it knows.

What a seat may not know: the Starting Player card before the first Mission phase, soldiers face down under other players' Mission cards (and
so which soldiers stay in hand), a Sergeant's secret Intel choice before the tokens
show, the Intel deck order and the RNG. What constrains the redraw: the rank-order
rule, the soldiers already face up, the Intel tokens on the table, and the soldiers the
seat itself knows (its own, and for a Missions 3-4 player the teammate's 1-2).
"""

from __future__ import annotations

from functools import cache

from spyhouse.engine import Rng
from spyhouse.games.spies.components import MISSIONS, SERGEANT, components
from spyhouse.games.spies.deployment import matching_line_ups
from spyhouse.games.spies.missions import starting_side_known
from spyhouse.games.spies.state import Phase, SpiesState
from spyhouse.games.spies.teams import controller, knows_card


def determinize(state: SpiesState, seat: int, rng: Rng) -> SpiesState:
    if state.phase == Phase.OVER:
        # Game over: the view shows everything the end reveals (RULINGS.md, "End
        # reveal"), so there is nothing left to redraw that could matter.
        ended = state.copy()
        ended.rng = rng.next64()
        return ended
    new = state.copy()
    for side in (0, 1):
        redraw_hidden_soldiers(state, new, seat, side, rng)
        redraw_sergeant_choice(state, new, seat, side, rng)
    if not starting_side_known(state):
        new.starting_side = rng.below(2)
    new.intel_deck.sort()  # the redraw must not depend on the hidden order (bots reuse it)
    rng.shuffle(new.intel_deck)
    new.rng = rng.next64()
    return new


def intel_token_fits(rank: int, token: bool | None, intel_ranks: frozenset[int]) -> bool:
    """A placed token must tell the truth for every soldier except the Sergeant."""
    return token is None or rank == SERGEANT or token == (rank in intel_ranks)


@cache
def consistent_line_ups(
    available: frozenset[int],
    known: tuple[tuple[int, int], ...],
    tokens: tuple[tuple[int, bool | None], ...],
    intel: frozenset[int],
) -> tuple[tuple[int, ...], ...]:
    """Line-ups in rank order that keep the known soldiers and explain every Intel token."""
    return tuple(
        line_up
        for line_up in matching_line_ups(available, dict(known))
        if all(intel_token_fits(line_up[m], token, intel) for m, token in tokens)
    )


def redraw_hidden_soldiers(
    state: SpiesState, new: SpiesState, seat: int, side: int, rng: Rng
) -> None:
    """Re-deal the face-down soldiers ``seat`` has not seen from the side's unseen cards."""
    own = state.sides[side]
    deployed = [m for m in range(MISSIONS) if own.missions[m] is not None]
    hidden = [m for m in deployed if not knows_card(state, seat, side, m)]
    if not hidden:
        return
    known = {m: r for m in deployed if m not in hidden and (r := own.missions[m]) is not None}
    available = set(own.hand) | {r for r in own.missions if r is not None}
    intel = (
        components().intel_cards[state.current_intel].ranks
        if state.current_intel is not None
        else frozenset()
    )
    tokens = tuple((m, own.intel_tokens[m]) for m in hidden)
    line_up = rng.choice(
        consistent_line_ups(frozenset(available), tuple(known.items()), tokens, intel)
    )
    redrawn = new.sides[side]
    missions = list(redrawn.missions)
    for m in hidden:
        missions[m] = line_up[m]
    redrawn.missions = tuple(missions)
    placed = {r for r in missions if r is not None}
    redrawn.hand = tuple(sorted(available - placed))


def redraw_sergeant_choice(
    state: SpiesState, new: SpiesState, seat: int, side: int, rng: Rng
) -> None:
    """Before the tokens show, only the Sergeant's own player knows the choice."""
    if state.phase != Phase.INTEL:
        return
    real = state.sides[side].missions
    if SERGEANT in real and controller(state.num_seats, side, real.index(SERGEANT)) == seat:
        return
    redrawn = new.sides[side]
    redrawn.sergeant_choice = None
    if SERGEANT in redrawn.missions:
        holder = controller(state.num_seats, side, redrawn.missions.index(SERGEANT))
        if state.intel_submitted[holder]:
            redrawn.sergeant_choice = rng.below(2) == 1
