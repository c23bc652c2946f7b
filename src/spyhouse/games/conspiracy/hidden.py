"""Determinization: redraw what one seat cannot know, consistently with what it does.

A seat knows its own shield (reserve, payoff board, starting tile, setup picks) and what
its Spyglass saw. About the others it knows only public facts: how many payoffs each
made (Dr. Solomon gets at most one coin per payoff), the numbers they announced in
challenges (a lower bound on their payoff to that agent), their burns (the burner had at
least 5 on the acting agent and lost 5), the 3 + 1 + 1 setup payoffs, and that every
player's coins total 30 minus what their burns removed. Each other shield is redrawn as
a plausible history under those facts; when no plausible redraw turns up in a few tries
(rare), the true shields are kept, which is consistent by definition.
"""

from __future__ import annotations

from spyhouse.engine import Rng
from spyhouse.games.conspiracy.components import DR_SOLOMON, components
from spyhouse.games.conspiracy.state import ConspiracyState

_ATTEMPTS = 8


def determinize(
    state: ConspiracyState, seat: int, rng: Rng, copy: ConspiracyState
) -> ConspiracyState:
    """Fill ``copy`` (a copy of ``state``) with a redraw of everything ``seat`` can't see."""
    copy.rng = rng.next64()
    others = [s for s in range(state.num_seats) if s != seat]
    drawn = _redraw_shields(state, seat, others, rng)
    for s, (tile, picks, reserve, board) in zip(others, drawn or [], strict=False):
        copy.starting_agent[s] = tile
        copy.setup_picks[s] = picks
        copy.reserve[s] = reserve
        copy.payoffs[s] = board
    _redraw_others_looks(copy, seat, rng)
    return copy


def _redraw_others_looks(copy: ConspiracyState, seat: int, rng: Rng) -> None:
    """Only the looker knows which space a Spyglass look was on (ruling 24)."""
    spaces = components().payoff_spaces
    for look in copy.looks:
        if look.looker != seat:
            look.space = rng.choice(spaces)
            look.amount = look.floor = copy.payoffs[look.player][look.space]


Shield = tuple[str, list[str] | None, int, dict[str, int]]


def _redraw_shields(
    state: ConspiracyState, seat: int, others: list[int], rng: Rng
) -> list[Shield] | None:
    """One shield per other seat, their starting tiles all different and not ``seat``'s."""
    tiles = [a for a in components().agent_names if a != state.starting_agent[seat]]
    out = []
    for s in others:
        for _ in range(_ATTEMPTS):
            tile = rng.choice(tiles)
            shield = _plausible_shield(state, seat, s, tile, rng)
            if shield is not None:
                tiles.remove(tile)
                out.append(shield)
                break
        else:
            return None
    return out


def _plausible_shield(
    state: ConspiracyState, seat: int, s: int, tile: str, rng: Rng
) -> Shield | None:
    box = components()
    board = dict.fromkeys(box.payoff_spaces, 0)
    board[tile] = box.starting_payoff
    picks: list[str] | None = None
    if state.setup_picks[s] is not None:
        picks = sorted(
            rng.sample([a for a in box.agent_names if a != tile], box.setup_picks),
            key=box.agent_names.index,
        )
    if state.phase == "setup":
        return tile, picks, box.sovereigns_per_player - box.starting_payoff, board
    assert picks is not None
    for agent in picks:
        board[agent] += box.setup_pick_amount
    payoffs_left = state.payoffs_made[s]
    # Lower bounds the viewer knows, raised so every burn had 5 to spend.
    floors = _known_floors(state, seat, s)
    for space in box.payoff_spaces:
        need = floors[space]
        if need > board[space]:
            if payoffs_left == 0 or (space == DR_SOLOMON and need > payoffs_left):
                return None
            payoffs_left -= need if space == DR_SOLOMON else 1
            board[space] = need
    reserve = box.sovereigns_per_player - sum(board.values())
    if reserve < 0:
        return None
    if state.ending == "solomon":
        return _with_revealed_totals(state, s, tile, picks, board, reserve, rng)
    for _ in range(payoffs_left):
        if reserve == 0:
            break  # every later payoff was a bluff of 0
        space = rng.choice(box.payoff_spaces)
        cap = min(box.max_solomon_payoff, reserve) if space == DR_SOLOMON else reserve
        amount = rng.randint(0, cap)
        board[space] += amount
        reserve -= amount
    for agent in state.burns_by[s]:
        board[agent] -= box.burn_cost
    return tile, picks, reserve, board


def _known_floors(state: ConspiracyState, seat: int, s: int) -> dict[str, int]:
    """Least ``s`` must have paid to each space *before* its burns, as ``seat`` knows."""
    box = components()
    floors = dict(state.known_minimum[s])
    floors[DR_SOLOMON] = 0
    for look in state.looks:
        if look.looker == seat and look.player == s:
            floors[look.space] = max(floors[look.space], look.floor)
    order = state.order
    if (
        order is not None
        and order.kind == "burn"
        and state.current == s
        and state.phase in ("challenge", "duel")
    ):
        floors[order.agent] = max(floors[order.agent], box.burn_cost)
    for agent in state.burns_by[s]:
        floors[agent] += box.burn_cost
    return floors


def _with_revealed_totals(
    state: ConspiracyState,
    s: int,
    tile: str,
    picks: list[str],
    board: dict[str, int],
    reserve: int,
    rng: Rng,
) -> Shield | None:
    """After Dr. Solomon's reveal the reserve and his payoff are public: only the agents'
    share of the rest is redrawn."""
    box = components()
    spare = reserve - state.reserve[s] - (state.payoffs[s][DR_SOLOMON] - board[DR_SOLOMON])
    if spare < 0:
        return None
    board[DR_SOLOMON] = state.payoffs[s][DR_SOLOMON]
    for _ in range(spare):
        board[rng.choice(box.agent_names)] += 1
    for agent in state.burns_by[s]:
        board[agent] -= box.burn_cost
    return tile, picks, state.reserve[s], board
