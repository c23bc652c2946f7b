"""The heuristic bot's rules of thumb for Estoril 1942, read from the seat's view only.

Every Character comes back to hand at the end of the round, so markers are what a
player spends; a good player spends each one where it turns a Reward tile their way:

- **Place to win a Reward.** For each Location, add the strengths each player shows
  there (a face-down tile you have not seen counts as 2, about the average); a placement
  is worth the Reward tile's VP (2 when face down) if it makes you the strongest where
  you were not, little if you were already ahead, nothing if you stay behind. Use the
  weakest tile that does the job, so strong ones stay free for contested Locations.
- **Stay out of Hell's mouth when weak:** the weakest player there loses a character.
- **Use abilities on the others**, never on your own characters; look when you may.
- **Keep the Reward tile worth more:** Conspiracy swaps only for a better pile top.
- **Discard the fewest VP** (every discard is 1 VP anyway).
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Action, Rng, Strategy

JSON = dict[str, Any]
PLAYOUT_DEPTH = 16
"""Search plays this many steps by these rules of thumb, then scores the world with
:func:`estimate` (about half a round: Estoril is slow to play out, and later rounds are too far off)."""
UNSEEN_STRENGTH = 2.0
UNSEEN_VP = 2.0


def choose(view: JSON, legal: list[Action], seat: int, rng: Rng) -> Action:
    kind = (view.get("prompt") or {}).get("kind")
    if kind == "place":
        return _place(view, legal, rng)
    if kind == "discard":
        return _discard(view, legal)
    if kind == "conspiracy":
        return _conspiracy(view, legal)
    if kind == "ability":
        return _ability(view, legal, rng)
    if kind == "look":
        looks = [a for a in legal if a["type"] == "look"]
        return rng.choice(looks) if looks else legal[0]
    return rng.choice(legal)


def _locations(view: JSON) -> dict[str, JSON]:
    return {loc["location"]: loc for loc in view["grid"]["locations"]}


def strengths(loc: JSON) -> dict[str, float]:
    """What each player shows at a Location (unseen face-down tiles at their average)."""
    totals: dict[str, float] = {}
    for space in loc["spaces"]:
        occ = space["occupant"]
        if occ is None:
            continue
        tile = occ.get("tile")
        value = float(tile["strength"]) if tile else UNSEEN_STRENGTH
        totals[occ["owner"]] = totals.get(occ["owner"], 0.0) + value
    return totals


def reward_value(loc: JSON) -> float:
    reward = loc.get("reward") or {}
    total = 0.0
    for entry in reward.get("tiles", []):
        tile = entry.get("tile")
        total += float(tile["vp"]) + 0.5 if tile else UNSEEN_VP
    return total


def _place(view: JSON, legal: list[Action], rng: Rng) -> Action:
    me = view["you"]
    hand = {t["name"]: t for t in view["hand"] or []}
    locations = _locations(view)
    cache: dict[str, tuple[float, float, float]] = {}

    def standing(name: str) -> tuple[float, float, float]:
        if name not in cache:
            loc = locations[name]
            totals = strengths(loc)
            mine = totals.pop(me, 0.0)
            rival = max(totals.values(), default=-1.0)
            cache[name] = (mine, rival, reward_value(loc))
        return cache[name]

    def worth(action: Action) -> tuple[float, int]:
        tile = hand.get(action["tile"], {"strength": UNSEEN_STRENGTH})
        mine, rival, prize = standing(action["location"])
        after = mine + tile["strength"]
        if after > rival and mine <= rival:
            value = prize - 0.1 * tile["strength"]
        elif mine > rival:
            value = 0.15 * prize - 0.1 * tile["strength"]
        else:
            value = 0.3 * prize * (after / (rival + 1)) - 0.1 * tile["strength"]
        if action["location"] == "Hell's mouth" and after <= rival:
            value -= 1.5
        return value, rng.below(1000)

    return max(legal, key=worth)


def _discard(view: JSON, legal: list[Action]) -> Action:
    hand = {t["name"]: t for t in view["hand"] or []}

    def keep_value(action: Action) -> tuple[int, int]:
        tile = hand.get(action["tile"], {"vp": 0, "strength": 0})
        return tile["vp"], tile["strength"]

    return min(legal, key=keep_value)


def _conspiracy(view: JSON, legal: list[Action]) -> Action:
    prompt = view["prompt"]
    reward = prompt.get("reward") or {}
    top = prompt.get("pile_top") or {}
    swap = top.get("vp", 0) > reward.get("vp", 0)
    wanted = "swap_reward" if swap else "keep_reward"
    return next((a for a in legal if a["type"] == wanted), legal[0])


def _ability(view: JSON, legal: list[Action], rng: Rng) -> Action:
    me = view["you"]
    locations = _locations(view)

    def target_owner(action: Action) -> str | None:
        loc = locations.get(action.get("location", ""))
        if loc is None or "space" not in action:
            return None
        for space in loc["spaces"]:
            if space["space"] == action["space"] and space["occupant"]:
                return str(space["occupant"]["owner"])
        return None

    uses = [a for a in legal if a["type"] == "use"]
    hostile = [a for a in uses if target_owner(a) not in (None, me)]
    if hostile:
        return rng.choice(hostile)
    untargeted = [a for a in uses if "space" not in a]
    if untargeted:
        return rng.choice(untargeted)
    return next((a for a in legal if a["type"] == "pass"), rng.choice(legal))


def estimate(world: Any) -> list[float]:
    """Search's score for a *sampled* world it stops early: each seat's reward were the
    game to be scored now (the end-of-game scoring on today's hands and discards)."""
    from spyhouse.bots.search import rewards
    from spyhouse.engine import Outcome
    from spyhouse.games.estoril import scoring

    scores = scoring.final_scores(
        world.hands,
        world.discards,
        world.missions,
        world.enigma_holder,
        black_medals=world.options.roulette,
    )
    outcome = Outcome(scoring.winners(scores), tuple(float(s.total) for s in scores), {})
    return rewards(outcome, world.num_seats)


STRATEGY = Strategy(choose=choose, estimate=estimate, playout_depth=PLAYOUT_DEPTH)
"""What the bots use of these rules of thumb (``Game.strategy``)."""
