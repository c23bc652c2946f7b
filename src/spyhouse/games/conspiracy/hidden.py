"""Determinization: redraw what one seat cannot know, consistently with all it saw.

A seat knows its own shield (reserve, payoff board, starting tile, setup picks) and what
its Spyglass saw. About each other player it remembers only public facts, each at a
moment it can place among that player's payoffs: the numbers they announced in
challenges and the burns they announced (at least that much on the acting agent then),
what its own Spyglass saw there (exactly that much then), their successful burns (5
coins off the acting agent), which agents were burned before which payoffs (a burned
agent can't be paid), the 3 + 1 + 1 setup payoffs, one coin at most to Dr. Solomon per
payoff, and 30 coins in all. After Dr. Solomon's reveal, every reserve and payoff to him.

Each other shield is redrawn as a whole plausible *history*: a starting tile (all
different, never the viewer's), two setup picks, then that player's payoffs one by one,
random where the facts leave room and steered where a fact still has to come true
(earliest deadline first), then checked against every fact. When no plausible redraw
turns up in 32 whole tries (none failed in 88,237 calls over 120 random games; one try
fails about 1 in 50, four about 1 in 750), the shields are
built from the public facts alone (:func:`_relaxed_shields`): a world that knows less
than a perfect memory would allow, never the true shields — a bot must not play the
truth, even rarely.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from spyhouse.engine import Rng, fast_copy
from spyhouse.games.conspiracy.components import DR_SOLOMON, components
from spyhouse.games.conspiracy.state import ConspiracyState, Phase

_ATTEMPTS = 8
_REDRAWS = 32
"""Whole redraws tried before the relaxed fallback: one fails in about 50 on random
games, four in about 750; the rare hard position costs up to ~85 ms, once."""
_RANDOM_TRIES = 3
_NO_LIMIT = 10**6

T = TypeVar("T")


def determinize(
    state: ConspiracyState, seat: int, rng: Rng, copy: ConspiracyState
) -> ConspiracyState:
    """Fill ``copy`` (a copy of ``state``) with a redraw of everything ``seat`` can't see."""
    copy.rng = rng.next64()
    others = [s for s in range(state.num_seats) if s != seat]
    tiles = frozenset(a for a in components().agent_names if a != state.starting_agent[seat])
    known = {s: _Known(state, seat, s) for s in others}
    setups = {s: _setups(state, s, known[s], tiles) for s in others}
    drawn = None
    for _ in range(_REDRAWS):  # a failure depends only on what the seat knows
        drawn = _redraw_shields(state, others, known, setups, set(tiles), rng)
        if drawn is not None:
            break
    if drawn is None:  # no redraw keeps every fact: a playable world from public facts
        drawn = _relaxed_shields(state, seat, others, rng)
    for s, (tile, picks, reserve, board) in zip(others, drawn, strict=True):
        copy.starting_agent[s] = tile
        copy.setup_picks[s] = picks
        copy.reserve[s] = reserve
        copy.payoffs[s] = board
    _redraw_others_looks(copy, seat, rng)
    return copy


def _redraw_others_looks(copy: ConspiracyState, seat: int, rng: Rng) -> None:
    """Only the looker knows which space a Spyglass look was on (ruling 24)."""
    spaces = components().payoff_spaces
    looks = []
    for look in copy.looks:
        if look.looker != seat:
            space = rng.choice(spaces)
            amount = copy.payoffs[look.player][space]
            look = fast_copy(look, space=space, amount=amount, floor=amount, burns_before=0)
        looks.append(look)
    copy.looks = looks


Shield = tuple[str, list[str] | None, int, dict[str, int]]


def _redraw_shields(
    state: ConspiracyState,
    others: list[int],
    known: dict[int, _Known],
    setups: dict[int, list[Setup]],
    tiles: set[str],
    rng: Rng,
) -> list[Shield] | None:
    """One shield per other seat, their starting tiles all different and among ``tiles``
    (every one but the viewer's).

    The most constrained player draws first; each draws among the starting tiles and
    setup picks its facts allow, then a history under them."""
    out: dict[int, Shield] = {}
    for s in sorted(others, key=lambda p: len(setups[p])):
        choices = [c for c in setups[s] if c[0] in tiles]
        tries = 0
        for tile, picks, base in _in_random_order(choices, rng):
            if tries == _ATTEMPTS:
                break
            if base is not None and not known[s].may_start(base):
                continue
            tries += 1
            shield = _plausible_shield(state, s, tile, picks, known[s], rng)
            if shield is not None:
                tiles.remove(tile)
                out[s] = shield
                break
        if s not in out:
            return None
    return [out[s] for s in others]


def _relaxed_shields(
    state: ConspiracyState, seat: int, others: list[int], rng: Rng
) -> list[Shield]:
    """Shields drawn from what the whole table knows: the 3 + 1 + 1 setup on a random
    starting tile and picks, each agent raised to the least its player announced, the
    burns' coins, 30 in all (after Dr. Solomon's reveal, his payoffs and the reserves). Not every remembered fact holds (that is why it is the
    fallback), but nothing here reads another player's shield."""
    box = components()
    tiles = [a for a in box.agent_names if a != state.starting_agent[seat]]
    out: list[Shield] = []
    for s in others:
        tile = tiles.pop(rng.below(len(tiles)))
        if state.phase == Phase.SETUP:
            shield = _plausible_shield(state, s, tile, None, _Known(state, seat, s), rng)
            assert shield is not None  # the setup phase draws without facts
            out.append(shield)
            continue
        rest = [a for a in box.agent_names if a != tile]
        picks = sorted(rng.sample(rest, box.setup_picks), key=box.agent_names.index)
        board = _base(tile, picks)
        for agent, least in state.known_minimum[s].items():
            board[agent] = max(board[agent], least)
        burned = box.burn_cost * len(state.burns_by[s])
        reserve = max(0, box.sovereigns_per_player - burned - sum(board.values()))
        if state.ending == "solomon":  # Dr. Solomon's reveal made these public
            board[DR_SOLOMON], reserve = state.payoffs[s][DR_SOLOMON], state.reserve[s]
        out.append((tile, picks, reserve, board))
    return out


def _in_random_order(items: list[T], rng: Rng) -> Iterator[T]:
    """``items`` in a uniformly random order, drawn lazily (a Fisher-Yates shuffle that
    stops when the caller does): trying the first few of 60 setups costs a few draws."""
    pool = list(items)
    while pool:
        i = rng.below(len(pool))
        pool[i], pool[-1] = pool[-1], pool[i]
        yield pool.pop()


Setup = tuple[str, list[str] | None, dict[str, int] | None]
"""A starting tile, the setup picks (``None`` before they are placed) and the board they
make (shared: read it, never change it)."""


def _base(tile: str, picks: list[str]) -> dict[str, int]:
    """The board after setup: 3 on the starting tile, 1 on each pick."""
    box = components()
    base = dict.fromkeys(box.payoff_spaces, 0)
    base[tile] = box.starting_payoff
    for agent in picks:
        base[agent] += box.setup_pick_amount
    return base


def _setups(state: ConspiracyState, s: int, known: _Known, tiles: frozenset[str]) -> list[Setup]:
    """Starting tile and setup picks ``s`` may have had: none may put more on a space
    than a Spyglass later saw there, nor less than a fact proves before any payoff."""
    if state.setup_picks[s] is None or state.phase == Phase.SETUP:
        return [(t, None, None) for t in components().agent_names if t in tiles]
    return [
        (tile, list(picks), base)
        for tile, picks, base in _every_setup()
        if tile in tiles and known.setup_allows(base)
    ]


@cache
def _every_setup() -> tuple[tuple[str, tuple[str, str], dict[str, int]], ...]:
    """Every starting tile with every two other agents, and the board they make."""
    names = components().agent_names
    out = []
    for tile in names:
        others = [a for a in names if a != tile]
        for i, first in enumerate(others):
            for second in others[i + 1 :]:
                out.append((tile, (first, second), _base(tile, [first, second])))
    return tuple(out)


# -- What the seat remembers about one other player -------------------------------------


@dataclass(frozen=True)
class Fact:
    """After ``after`` payoffs of the player, their payoff on ``space`` was at least
    ``least`` (and at most ``most``), ``burns`` of their burns with it having happened."""

    space: str
    after: int
    least: int
    most: int
    burns: int


def _facts(state: ConspiracyState, seat: int, s: int) -> list[Fact]:
    """Every fact ``seat`` can place in ``s``'s history."""
    facts = [
        Fact(c.agent, c.payoffs_before, c.at_least, _NO_LIMIT, c.burns_before)
        for c in state.claims
        if c.player == s
    ]
    now = state.payoffs_made[s]
    for agent in components().agent_names:
        # The running summary of the claims (kept by older saves without claims too).
        least = state.known_minimum[s][agent]
        burns = state.burns_by[s].count(agent)
        if least > 0 or burns:
            facts.append(Fact(agent, now, least, _NO_LIMIT, burns))
    for look in state.looks:
        if look.looker != seat or look.player != s:
            continue
        if look.payoffs_before is None:  # an older save: only a lower bound, now
            burns = state.burns_by[s].count(look.space)
            facts.append(Fact(look.space, now, look.floor, _NO_LIMIT, burns))
        else:
            amount = look.amount
            facts.append(Fact(look.space, look.payoffs_before, amount, amount, look.burns_before))
    if state.ending == "solomon":  # revealed: exactly this much to him by now
        revealed = state.payoffs[s][DR_SOLOMON]
        facts.append(Fact(DR_SOLOMON, now, revealed, revealed, 0))
    return facts


def _last_payable(state: ConspiracyState, s: int) -> dict[str, int]:
    """The last of ``s``'s payoffs (by number) that could still reach each space."""
    last = dict.fromkeys(components().payoff_spaces, _NO_LIMIT)
    for agent, counts in zip(state.burned, state.burned_at, strict=False):
        last[agent] = counts[s]
    return last


class _Known:
    """What ``seat`` knows of ``s``'s payoffs: for each space a fact names, bounds on
    what setup plus payoffs put there after each of ``s``'s payoffs (0..k), burns added
    back; the setup's own coins are subtracted per candidate setup by :class:`_Bounds`."""

    def __init__(self, state: ConspiracyState, seat: int, s: int) -> None:
        box = components()
        facts = _facts(state, seat, s)
        k = self.k = state.payoffs_made[s]
        self.last = _last_payable(state, s)
        named = {fact.space for fact in facts}
        self.spaces = [x for x in box.payoff_spaces if x in named]
        self.least = {x: [0] * (k + 1) for x in self.spaces}
        self.most = {x: [_NO_LIMIT] * (k + 1) for x in self.spaces}
        for fact in facts:
            after = min(fact.after, k)
            shift = box.burn_cost * fact.burns
            least, most = self.least[fact.space], self.most[fact.space]
            least[after] = max(least[after], fact.least + shift)
            if fact.most < _NO_LIMIT:
                most[after] = min(most[after], fact.most + shift)
        for x in self.spaces:
            least, most = self.least[x], self.most[x]
            for j in range(1, k + 1):  # payoffs never shrink: bounds carry forward
                least[j] = max(least[j], least[j - 1])
            for j in range(k - 1, -1, -1):  # ... and upper bounds carry backward
                most[j] = min(most[j], most[j + 1])

        most_setup = components().starting_payoff
        self.setup_checks = [
            (x, self.least[x][0], self.most[x][0])
            for x in self.spaces
            if self.least[x][0] > 0 or self.most[x][0] < most_setup
        ]
        """Spaces whose facts rule out some setups: (space, least, most) before payoffs."""

    def setup_allows(self, base: dict[str, int]) -> bool:
        """No fact contradicts this setup before any payoff is made."""
        return all(least <= base[x] <= most for x, least, most in self.setup_checks)

    def may_start(self, base: dict[str, int]) -> bool:
        """Every fact can still come true in ``k`` payoffs from this setup."""
        if not self.spaces:
            return True
        bounds = _Bounds(self, base)
        paid = dict.fromkeys(components().payoff_spaces, 0)
        reserve = components().sovereigns_per_player - sum(base.values())
        return bounds.feasible_now(paid, 0) and bounds.schedulable(paid, 1, reserve)


# -- Redrawing one shield -----------------------------------------------------------------


def _plausible_shield(
    state: ConspiracyState,
    s: int,
    tile: str,
    picks: list[str] | None,
    known: _Known,
    rng: Rng,
) -> Shield | None:
    box = components()
    if state.phase == Phase.SETUP:  # picks chosen in secret, their coins not yet placed
        board = _base(tile, [])
        if state.setup_picks[s] is not None:
            others = [a for a in box.agent_names if a != tile]
            picks = sorted(rng.sample(others, box.setup_picks), key=box.agent_names.index)
        return tile, picks, box.sovereigns_per_player - box.starting_payoff, board
    assert picks is not None
    board = _base(tile, picks)
    reserve = box.sovereigns_per_player - sum(board.values())
    paid = _history(state, s, board, reserve, known, rng)
    if paid is None:
        return None
    for space, amount in paid.items():
        board[space] += amount
        reserve -= amount
    for agent in state.burns_by[s]:
        board[agent] -= box.burn_cost
    if reserve < 0 or min(board.values()) < 0:
        return None
    return tile, picks, reserve, board


class _Bounds:
    """Bounds on the total *paid* to each constrained space after each payoff (0..k),
    for one candidate setup; other spaces are free."""

    def __init__(self, known: _Known, base: dict[str, int]) -> None:
        self.k = known.k
        self.last = known.last
        self.least = {x: [max(0, v - base[x]) for v in known.least[x]] for x in known.spaces}
        self.most = {x: [v - base[x] for v in known.most[x]] for x in known.spaces}

    def most_at(self, space: str, after: int) -> int:
        bound = self.most.get(space)
        return _NO_LIMIT if bound is None else bound[after]

    def feasible_now(self, paid: dict[str, int], after: int) -> bool:
        most = self.most
        return all(least[after] <= paid[x] <= most[x][after] for x, least in self.least.items())

    def duties(self, paid: dict[str, int], start: int) -> list[tuple[int, int, str]]:
        """The payoffs still owed from payoff ``start`` on, as ``(deadline, earliest,
        space)``: each raises a space to a bound it must reach by the deadline without
        passing an upper bound (Dr. Solomon's take one coin each)."""
        out: list[tuple[int, int, str]] = []
        k = self.k
        for x, least in self.least.items():
            value = paid[x]
            if least[k] <= value:  # lower bounds only grow: none is above it later
                continue
            most, last = self.most[x], self.last[x]
            for j in range(start, k + 1):
                need = least[j]
                while need > value:
                    earliest = start  # the first moment whose upper bound lets it reach
                    while earliest <= j and most[earliest] < need:
                        earliest += 1
                    if earliest > j:  # no moment can reach it: impossible from here
                        return [(start - 1, start, x)]
                    out.append((min(j, last), earliest, x))
                    value = value + 1 if x == DR_SOLOMON else min(most[earliest], least[k])
        return out

    def owed(self, paid: dict[str, int]) -> int:
        """Coins the facts still require to be paid."""
        return sum(max(0, least[-1] - paid[x]) for x, least in self.least.items())

    def schedulable(self, paid: dict[str, int], start: int, reserve: int) -> bool:
        """Whether every duty fits in payoffs ``start..k`` (earliest deadline first) and
        the reserve covers what they must pay."""
        if not self.least:
            return True
        owed = self.owed(paid)
        if owed == 0:  # every lower bound already met (they only grow up to the last)
            return True
        if owed > reserve:
            return False
        pending = sorted(self.duties(paid, start))
        for t in range(start, self.k + 1):
            if not pending:
                return True
            for i, duty in enumerate(pending):  # the most urgent duty that may be paid now
                if duty[1] <= t:
                    del pending[i]
                    break
            if pending and pending[0][0] <= t:
                return False
        return not pending


def _history(
    state: ConspiracyState,
    s: int,
    base: dict[str, int],
    reserve: int,
    known: _Known,
    rng: Rng,
) -> dict[str, int] | None:
    """What ``s`` paid to each space over their payoffs, one payoff at a time."""
    box = components()
    k = known.k
    bounds = _Bounds(known, base)
    paid = dict.fromkeys(box.payoff_spaces, 0)
    path: list[tuple[str, int]] = []
    if not bounds.feasible_now(paid, 0) or not bounds.schedulable(paid, 1, reserve):
        return None
    for i in range(1, k + 1):
        payable = [x for x in box.payoff_spaces if bounds.last[x] >= i]
        choice = None
        free = reserve - bounds.owed(paid)
        free_slot: bool | None = None  # may payoff i go to a space no fact names?
        for _ in range(_RANDOM_TRIES):
            space = rng.choice(payable)
            cap = min(reserve, bounds.most_at(space, i) - paid[space])
            if space == DR_SOLOMON:
                cap = min(cap, box.max_solomon_payoff)
            if space not in bounds.least:  # only the slot and the coins matter
                if free_slot is None:
                    free_slot = bounds.feasible_now(paid, i) and bounds.schedulable(
                        paid, i + 1, reserve
                    )
                if not free_slot:
                    break
                choice = space, rng.randint(0, max(0, min(cap, free)))
                break
            amount = rng.randint(0, cap) if cap > 0 else 0
            if _fits(bounds, paid, i, reserve, space, amount):
                choice = space, amount
                break
        if choice is None:
            choice = _most_urgent(bounds, paid, i, reserve, rng)
        if choice is None:
            return None
        space, amount = choice
        paid[space] += amount
        reserve -= amount
        path.append(choice)
    if not bounds.feasible_now(paid, k):
        return None
    if state.ending == "solomon":
        return _with_revealed_reserve(bounds, path, reserve - state.reserve[s], rng)
    return paid


def _fits(
    bounds: _Bounds, paid: dict[str, int], i: int, reserve: int, space: str, amount: int
) -> bool:
    if amount > reserve:
        return False
    paid[space] += amount
    try:
        return bounds.feasible_now(paid, i) and bounds.schedulable(paid, i + 1, reserve - amount)
    finally:
        paid[space] -= amount


def _most_urgent(
    bounds: _Bounds, paid: dict[str, int], i: int, reserve: int, rng: Rng
) -> tuple[str, int] | None:
    """Pay the duty with the earliest deadline, a random amount that still fits."""
    box = components()
    ready = sorted(d for d in bounds.duties(paid, i) if d[1] <= i)
    if not ready or ready[0][0] < i:  # nothing to do now, or too late already
        return None
    space = ready[0][2]
    need = max(bounds.least[space][j] for j in range(i, ready[0][0] + 1)) - paid[space]
    if space == DR_SOLOMON:
        return (
            (space, box.max_solomon_payoff) if _fits(bounds, paid, i, reserve, space, 1) else None
        )
    top = min(reserve, bounds.most_at(space, i) - paid[space])
    if top < need:
        return None
    for amount in (rng.randint(need, top), need, top):
        if _fits(bounds, paid, i, reserve, space, amount):
            return space, amount
    return None


def _with_revealed_reserve(
    bounds: _Bounds, path: list[tuple[str, int]], extra: int, rng: Rng
) -> dict[str, int] | None:
    """After Dr. Solomon's reveal every reserve is public: the drawn history must have
    spent ``extra`` more, added coin by coin to its payoffs to agents where no upper bound
    (a Spyglass look) forbids it."""
    if extra < 0:
        return None
    amounts = [amount for _, amount in path]
    for _ in range(extra):
        room = [i for i in range(len(path)) if _room(bounds, path, amounts, i) > 0]
        if not room:
            return None
        amounts[rng.choice(room)] += 1
    paid = dict.fromkeys(components().payoff_spaces, 0)
    for (space, _), amount in zip(path, amounts, strict=True):
        paid[space] += amount
    return paid


def _room(bounds: _Bounds, path: list[tuple[str, int]], amounts: list[int], i: int) -> int:
    """How many coins payoff ``i`` (0-based) could carry more, its later bounds kept."""
    space = path[i][0]
    if space == DR_SOLOMON:
        return 0
    total = sum(a for (x, _), a in zip(path[:i], amounts[:i], strict=True) if x == space)
    room = _NO_LIMIT
    for j in range(i, len(path)):
        if path[j][0] == space:
            total += amounts[j]
        room = min(room, bounds.most_at(space, j + 1) - total)
    return room
