"""The heuristic bot's rules of thumb for Spies & Lies, read from the seat's view only.

- **Deploy strong soldiers.** Abilities grow with rank (the Marshal earns 10, the General
  pushes the Double Agent 2), so prefer high ranks, with a little randomness so the
  line-up is not predictable.
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

from spyhouse.engine import Action, Rng
from spyhouse.games.spies.components import BOMB, SCOUT, SERGEANT, SPY, components
from spyhouse.games.spies.missions import TURNS_PER_DAY
from spyhouse.games.spies.teams import side_of

JSON = dict[str, Any]
DECISIONS_PER_SEAT = 32
"""About the most decisions one seat makes in a game (with more than one choice; median
over 8 games between these rules of thumb: 30 at 2–3 seats, 18 at 4). The lobby reads it to tell
whether a searching bot's thinking fits a table's time bank."""
SEARCH_PRIOR = 0.7
"""The weight of these rules' move in search's prior (default 0.5): the guesses below are
exact deductions over every line-up, which a few dozen noisy playouts can only spoil
(with a head start for this move in the final count instead, measured 12 games each at
2 players: 0.25 won 42 % twice against this heuristic, 0.5 won 58 %). Since session 7
half of it goes to the :func:`candidates` shortlist (``bots.search.prior_weights``)."""
PLAYOUT_DEPTH = 20
"""Search plays this many steps by these rules of thumb, then scores the world with
:func:`estimate` (about a day: the next Intel card and line-ups are too far off to guess)."""
RANKS = range(1, 11)


def choose(view: JSON, legal: list[Action], seat: int, rng: Rng) -> Action:
    kind = legal[0]["type"]
    if kind == "deploy":
        return _deploy(legal, view, rng)
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
"""The strongest line-up wins after a draw of 0-6 is added to each one's rank total."""


def _deploy(legal: list[Action], view: JSON, rng: Rng) -> Action:
    """The line-up with the highest rank total plus a draw of 0 to 6. One more than 6
    short of the strongest can never win, so only the others draw (a deployment offers
    up to 300 line-ups, and a draw each was a fifth of a Spies & Lies search)."""
    rank = _rank_by_name(view).__getitem__
    strength = [sum(map(rank, a["soldiers"])) for a in legal]
    cut = max(strength) - (DEPLOY_NOISE - 1)
    contenders = [(s, a) for s, a in zip(strength, legal, strict=True) if s >= cut]
    return max(contenders, key=lambda pair: pair[0] + rng.below(DEPLOY_NOISE))[1]


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
    whose odds times :func:`worth` are highest, and the strongest line-ups (a deployment
    offers up to 300). A decision with a few choices is weighed whole."""
    kind = legal[0]["type"]
    if kind == "guess":
        return _worthwhile_guesses(view, legal)
    if kind == "deploy":
        rank = _rank_by_name(view).__getitem__
        return sorted(legal, key=lambda a: -sum(map(rank, a["soldiers"])))[:6]
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
"Session 7"), it predicts their winner better than the straight line it replaced."""


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
    today = (TURNS_PER_DAY - world.turn) / TURNS_PER_DAY if world.phase == "missions" else 1.0
    days_left = components().days - world.day + today
    red_chance = 1.0 / (1.0 + math.exp(-LEAD_WEIGHT * lead / math.sqrt(days_left + 0.25)))
    seats = range(world.num_seats)
    team = [sum(1 for s in seats if side_of(s) == side) for side in (0, 1)]
    chances = (red_chance, 1.0 - red_chance)
    return [chances[side_of(s)] / team[side_of(s)] for s in seats]
