"""The heuristic bot's rules of thumb for Spies & Lies, read from the seat's view only.

- **Deploy strong soldiers the Intel card will not give away.** Abilities grow with rank
  (the Marshal earns 10, the General pushes the Double Agent 2), so prefer high ranks,
  with a little randomness so the line-up is not predictable — less what the day's Intel
  card would give away: each card names a range of four ranks (1-4, 4-7 or 7-10) and
  ranks rise left to right, so its tokens narrow each soldier to a few ranks. A line-up
  pays for every soldier the enemy's deduction would then name, averaged over the cards
  still face down (the Old Intel cards tell which).
- **Let the Sergeant lie.** He may sit anywhere and give false intel: put his token where
  the Intel card says none belongs, and leave it off where one should be.
- **Guess by deduction.** List every line-up the enemy may have deployed (ranks rising
  left to right except the Sergeant, none of their exhausted soldiers, the revealed
  soldiers where they are, every Intel token true except the Sergeant's) and name the
  rank that sits most often on the mission.
- **Deceive when the enemy will likely guess wrong:** play a Deception token on a
  soldier who is not the enemy's most likely guess for that mission.
- Captain: take the 6 IP. Marshal: take 10, or 5 and 5 from the enemy when you are
  halfway to 10 already and the enemy has 5 or more.

For the search bot (:func:`candidates`, :func:`estimate`):

- **Weigh a guess by what it denies.** Identifying the General stops two steps of the
  Double Agent; identifying the Spy stops one IP. The guesses worth weighing are the
  likeliest *and* the ones whose odds times worth are highest.
- **A lead counts more the fewer days remain**, and IP count more each day (reaching 10
  moves the Double Agent as many spaces as the day's number).
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from typing import Any

from spyhouse.engine import Action, Rng, Strategy
from spyhouse.games.spies.components import BOMB, MISSIONS, SCOUT, SERGEANT, SPY, components
from spyhouse.games.spies.missions import TURNS_PER_DAY
from spyhouse.games.spies.state import Phase
from spyhouse.games.spies.teams import side_of

JSON = dict[str, Any]
SEARCH_PRIOR = 0.7
"""The weight of these rules' move in search's prior (default 0.5): the guesses below are
exact deductions over every line-up, which a few dozen noisy playouts can only spoil
(with a head start for this move in the final count instead, measured 12 games each at
2 players: 0.25 won 42 % twice against this heuristic, 0.5 won 58 %). Now
half of it goes to the :func:`candidates` shortlist (``bots.search.prior_weights``)."""
PLAYOUT_DEPTH = 20
"""Search plays this many steps by these rules of thumb, then scores the world with
:func:`estimate` (about a day: the next Intel card and line-ups are too far off to guess)."""
RANKS = range(1, 11)


def choose(view: JSON, legal: list[Action], seat: int, rng: Rng) -> Action:
    kind = legal[0]["type"]
    if kind == "deploy":
        return deploy(legal, view, seat, rng)
    if kind == "place_intel":
        return _sergeant_token(view, legal)
    if kind in ("play_deception", "no_deception"):
        return _deception(view, legal, seat)
    if kind == "guess":
        return _guess(view, legal, rng)
    if kind == "captain":
        return next((a for a in legal if a.get("option") == "earn_6"), legal[0])
    if kind == "marshal":
        return _marshal(view, legal, seat)
    return rng.choice(legal)


def _rank_by_name(view: JSON) -> dict[str, int]:
    return {s["name"]: s["rank"] for s in view["reference"]["soldiers"]}


DEPLOY_NOISE = 7
"""The best-scored line-up (:func:`deploy`) wins after a draw of 0-6 is added to each score."""
INTEL_CAUTION = 1.0
"""How many rank points a line-up gives up per IP of :func:`intel_exposure`. Against the
same rules of thumb deploying by strength alone, 1,500 two-player games each
(``bench/spies_intel.py``, seeds 1-1500): 0.25 won 68 %, 0.5 82 %, 1 87 %, 2 and 4
89 % (± 2 %); 1 is the least caution on that plateau."""


def deploy(
    legal: list[Action], view: JSON, seat: int, rng: Rng, caution: float = INTEL_CAUTION
) -> Action:
    """The line-up with the highest rank total plus a draw of 0 to 6, less ``caution``
    times what the day's Intel card would give away (:func:`intel_exposure`). Only the
    line-ups within 6 of the strongest are weighed (a deployment offers up to 300, and a
    draw each was a fifth of a Spies & Lies search)."""
    scored = _deploy_scores(legal, view, seat, caution)
    return max(scored, key=lambda pair: pair[0] + rng.below(DEPLOY_NOISE))[1]


def _deploy_scores(
    legal: list[Action], view: JSON, seat: int, caution: float
) -> list[tuple[float, Action]]:
    """The contenders (within 6 of the strongest rank total), each scored by its rank
    total less ``caution`` times its exposure, once the side's whole line-up is in sight
    (a Missions 1-2 player in team play cannot see the teammate's 3-4)."""
    rank = _rank_by_name(view).__getitem__
    strength = [sum(map(rank, a["soldiers"])) for a in legal]
    cut = max(strength) - (DEPLOY_NOISE - 1)
    contenders = [(s, a) for s, a in zip(strength, legal, strict=True) if s >= cut]
    prompt = view["prompt"] or {}
    known = {int(m): s["rank"] for m, s in (prompt.get("already_deployed") or {}).items()}
    mine = prompt.get("missions") or []
    cards = _cards_left(view)
    if not caution or not cards or len(known) + len(mine) != MISSIONS:
        return [(float(s), a) for s, a in contenders]
    side = view["sides"][_my_colour(view, seat)]
    exhausted = frozenset(s["rank"] for s in side["exhausted"])
    day = int(view["day"])
    scored = []
    for s, a in contenders:
        line_up = {**known, **dict(zip(mine, map(rank, a["soldiers"]), strict=True))}
        ranks = tuple(line_up[m] for m in range(1, MISSIONS + 1))
        scored.append((s - caution * intel_exposure(ranks, exhausted, day, cards), a))
    return scored


def _cards_left(view: JSON) -> tuple[tuple[frozenset[int], int], ...]:
    """The Intel cards still face down, by range, with how many of each: the deck less
    the Old Intel cards and the current one (all face up)."""
    left = Counter(
        {frozenset(c["ranks"]): int(c["copies"]) for c in view["reference"]["intel_cards"]}
    )
    intel = view["intel"]
    for card in [*intel["old"], *([intel["current"]] if intel["current"] else [])]:
        left[frozenset(card["ranks"])] -= 1
    return tuple(sorted(((r, n) for r, n in left.items() if n > 0), key=lambda c: sorted(c[0])))


@lru_cache(maxsize=65536)
def intel_exposure(
    line_up: tuple[int, ...],
    exhausted: frozenset[int],
    day: int,
    cards: tuple[tuple[frozenset[int], int], ...],
) -> float:
    """What ``line_up`` would give away to the enemy's deduction (the one :func:`_guess`
    makes), in IP, averaged over the Intel cards left: guessing Missions 1 to 4 in turn,
    each soldier revealed after its guess, the worth (:func:`worth`) of every soldier
    the likeliest guess names (shared among equally likely ones), the Sergeant lying.

    Each card names a range of four ranks and ranks rise left to right, so tokens fall
    on neighbouring missions and a range of the deck narrows each of them to a few
    ranks: soldiers inside a range the deck still holds are found easily, and the
    strongest line-up is not always the safest."""
    total = 0.0
    for intel, copies in cards:
        tokens = tuple((SERGEANT not in intel) if r == SERGEANT else r in intel for r in line_up)
        known: list[int | None] = [None] * len(line_up)
        for mission, rank in enumerate(line_up, start=1):
            counts = _rank_counts(exhausted, tuple(known), tokens, intel, mission)
            if counts:
                top = max(counts.values())
                if counts.get(rank, 0) == top:
                    likeliest = sum(1 for n in counts.values() if n == top)
                    total += copies * worth(rank, day) / likeliest
            known[mission - 1] = rank
    return total / sum(copies for _, copies in cards)


def _sergeant_token(view: JSON, legal: list[Action]) -> Action:
    prompt = view["prompt"] or {}
    lie = not prompt.get("sergeant_on_intel", False)
    return next((a for a in legal if a.get("sergeant_token") == lie), legal[0])


def possible_line_ups(side: JSON, intel: set[int]) -> list[tuple[int, ...]]:
    """Every line-up of this side consistent with what the table shows."""
    missions = side["missions"]
    return list(
        _line_ups(
            frozenset(s["rank"] for s in side["exhausted"]),
            tuple(m["soldier"]["rank"] if m["soldier"] else None for m in missions),
            tuple(m["intel_token"] for m in missions),
            frozenset(intel),
        )
    )


@lru_cache(maxsize=4096)
def _line_ups(
    exhausted: frozenset[int],
    known: tuple[int | None, ...],
    tokens: tuple[bool | None, ...],
    intel: frozenset[int],
) -> tuple[tuple[int, ...], ...]:
    """Every line-up (ranks rising left to right, the Sergeant anywhere) that shows the
    known soldiers where they are and tells the truth with every Intel token but the
    Sergeant's, in the order of ``combinations`` over the ranks (ties in the counts
    below keep that order). Built position by position, dropping a branch as soon as a
    soldier contradicts the table; cached: search playouts ask the same question
    thousands of times."""
    size = len(known)
    ranks = [r for r in RANKS if r not in exhausted and r != SERGEANT]

    def fits(spot: int, rank: int) -> bool:
        token = tokens[spot]
        return (known[spot] is None or known[spot] == rank) and (
            token is None or rank == SERGEANT or token == (rank in intel)
        )

    found: list[tuple[int, ...]] = []

    def rising(spots: list[int], start: int, line: dict[int, int]) -> None:
        if not spots:
            found.append(tuple(line[i] for i in range(size)))
            return
        spot, rest = spots[0], spots[1:]
        for at in range(start, len(ranks) - len(rest)):
            if fits(spot, ranks[at]):
                rising(rest, at + 1, {**line, spot: ranks[at]})

    sergeant_spots = [None] if SERGEANT in exhausted else [None, *range(size)]
    for sergeant in sergeant_spots:
        if sergeant is None:
            rising(list(range(size)), 0, {})
        elif fits(sergeant, SERGEANT):
            rising([i for i in range(size) if i != sergeant], 0, {sergeant: SERGEANT})
    return tuple(
        sorted(
            found, key=lambda line: (sorted(line), line.index(SERGEANT) if SERGEANT in line else -1)
        )
    )


@lru_cache(maxsize=4096)
def _rank_counts(
    exhausted: frozenset[int],
    known: tuple[int | None, ...],
    tokens: tuple[bool | None, ...],
    intel: frozenset[int],
    mission: int,
) -> Counter[int]:
    return Counter(line[mission - 1] for line in _line_ups(exhausted, known, tokens, intel))


def _likely_ranks(view: JSON, colour: str, mission: int) -> Counter[int]:
    side = view["sides"][colour]
    intel = frozenset(view["intel"]["current"]["ranks"]) if view["intel"]["current"] else None
    missions = side["missions"]
    return _rank_counts(
        frozenset(s["rank"] for s in side["exhausted"]),
        tuple(m["soldier"]["rank"] if m["soldier"] else None for m in missions),
        tuple(m["intel_token"] for m in missions),
        intel or frozenset(),
        mission,
    )


def _guess(view: JSON, legal: list[Action], rng: Rng) -> Action:
    prompt = view["prompt"]
    counts = _likely_ranks(view, prompt["side"], prompt["mission"])
    rank = _rank_by_name(view)
    if not counts:
        return rng.choice(legal)
    return max(legal, key=lambda a: (counts.get(rank[a["soldier"]], 0), rng.below(100)))


ABILITY_WORTH = {SPY: 2, SCOUT: 3, BOMB: 6}
"""What an ability adds to a soldier's IP, in IP, a rough reading of the page 38 chart:
the Spy's Deception token, the Scout's doubled guesses for the rest of the day and the
Bomb's forced retreat of the next enemy soldier (about one soldier's worth)."""


def worth(rank: int, day: int) -> float:
    """What identifying ``rank`` is worth to the guesser, in IP: the 2 IP it scores plus
    the activation it denies. A Double Agent step counts as ``10 / day`` IP, since
    "as soon as your Infiltration marker reaches 10" the Agent moves ``day`` spaces."""
    soldier = components().soldiers[rank]
    steps = soldier.double_agent_moves
    return 2 + soldier.infiltration_points + ABILITY_WORTH.get(rank, 0) + 10 * steps / day


def candidates(view: JSON, legal: list[Action], seat: int, rng: Rng) -> list[Action]:
    """The moves worth weighing at this decision, for the search bot's prior: the guesses
    whose odds times :func:`worth` are highest, and the six line-ups the rules of thumb
    score highest, strength less Intel exposure (a deployment offers up to 300). A
    decision with a few choices is weighed whole."""
    kind = legal[0]["type"]
    if kind == "guess":
        return _worthwhile_guesses(view, legal)
    if kind == "deploy":
        scored = _deploy_scores(legal, view, seat, INTEL_CAUTION)
        return [a for _, a in sorted(scored, key=lambda pair: -pair[0])[:6]]
    return legal if len(legal) <= 6 else []


def _worthwhile_guesses(view: JSON, legal: list[Action]) -> list[Action]:
    """The three guesses with the highest odds times worth (none if nothing is known)."""
    prompt = view["prompt"]
    counts = _likely_ranks(view, prompt["side"], prompt["mission"])
    rank = _rank_by_name(view)
    day = int(view["day"])
    possible = [a for a in legal if counts.get(rank[a["soldier"]], 0)]
    possible.sort(key=lambda a: -counts[rank[a["soldier"]]] * worth(rank[a["soldier"]], day))
    return possible[:3]


def _my_colour(view: JSON, seat: int) -> str:
    return str(view["seats"][seat]["side"])


def _deception(view: JSON, legal: list[Action], seat: int) -> Action:
    prompt = view["prompt"]
    mission = prompt["mission"]
    colour = _my_colour(view, seat)
    mine = view["sides"][colour]["missions"][mission - 1]["soldier"]
    counts = _likely_ranks(view, colour, mission)
    play = bool(prompt.get("tokens")) and mine is not None and bool(counts)
    if play:
        top = max(counts.values())
        play = counts.get(mine["rank"], 0) < top
    wanted = "play_deception" if play else "no_deception"
    return next((a for a in legal if a["type"] == wanted), legal[0])


def _marshal(view: JSON, legal: list[Action], seat: int) -> Action:
    colour = _my_colour(view, seat)
    mine = view["sides"][colour]["infiltration_points"]
    theirs = max(
        side["infiltration_points"] for name, side in view["sides"].items() if name != colour
    )
    wanted = "earn_5_reduce_5" if mine >= 5 and theirs >= 5 else "earn_10"
    return next((a for a in legal if a.get("option") == wanted), legal[0])


LEAD_WEIGHT = 0.52
"""How sure a lead of one Double Agent space makes a side with a day left: fitted with
:func:`estimate`'s form to 4,000 games between these rules of thumb (bench/README,
"day-aware estimate"), it predicts their winner better than the straight line it replaced."""


def estimate(world: Any) -> list[float]:
    """Search's score for a *sampled* world it stops early: after day 3 the side the
    Double Agent leans towards wins (a flag wins at once), else the most Infiltration
    points. So a side's chance is a logistic of its lead — the Agent's position plus the
    spaces its IP lead would push him (reaching 10 IP moves him as many spaces as the
    day's number: "reached 10 on the track in round 2. Now the Double Agent advances 2
    spaces"; the fit prefers the day less a half) — that sharpens as the days run out.
    Each seat gets its side's chance shared among teammates."""
    red, blue = (side.infiltration_points for side in world.sides)
    lead = world.double_agent + (red - blue) * (world.day - 0.5) / 10
    today = (TURNS_PER_DAY - world.turn) / TURNS_PER_DAY if world.phase == Phase.MISSIONS else 1.0
    days_left = components().days - world.day + today
    red_chance = 1.0 / (1.0 + math.exp(-LEAD_WEIGHT * lead / math.sqrt(days_left + 0.25)))
    seats = range(world.num_seats)
    team = [sum(1 for s in seats if side_of(s) == side) for side in (0, 1)]
    chances = (red_chance, 1.0 - red_chance)
    return [chances[side_of(s)] / team[side_of(s)] for s in seats]


STRATEGY = Strategy(
    choose=choose,
    candidates=candidates,
    estimate=estimate,
    playout_depth=PLAYOUT_DEPTH,
    prior=SEARCH_PRIOR,
)
"""What the bots use of these rules of thumb (``Game.strategy``)."""
