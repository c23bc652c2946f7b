"""The heuristic bot's rules of thumb for Conspiracy, read from the seat's view only.

The briefcase wins the game, so a good player counts steps between it and the HQs:

- **Set up near the case.** Pay your two setup sovereigns to the agents closest to the
  briefcase.
- **Carry it home.** When an agent stands with the briefcase and a move brings it closer
  to your HQ, order that move (the agent you paid most first) and carry the case; use an
  ability when it brings the case closer to your HQ (Magician, Vagabond), never one that
  helps another HQ.
- **Get an agent to the case.** Otherwise walk an agent you paid towards the briefcase.
- **Pay quietly.** With nothing good to move, pay a few sovereigns to the agent nearest
  the case, keeping a reserve; pay Dr. Solomon his one sovereign once his die is near the
  end of the track.
- **Stop the others.** Challenge a move that takes the case towards the mover's HQ when
  you have paid that agent; in a duel go higher while you can (the legal amounts never
  exceed what you paid). Otherwise pass: a lost challenge restricts you.

:func:`candidates` lists the moves such a player would weigh before settling (each
agent's best step, a few payoff sizes to the agents nearest the case, burns of those
agents, the lowest and highest announcement): the search bot spreads its prior over them.
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

from spyhouse.engine import Action, Rng, Strategy
from spyhouse.games.conspiracy.board import move_destinations
from spyhouse.games.conspiracy.components import components

JSON = dict[str, Any]
PLAYOUT_DEPTH = 24
"""Search plays this many steps by these rules of thumb (a few rounds), then scores the
world with :func:`estimate`: a whole game is about 240 steps, so a playout to the end
costs ten times as much and its one result says little about the move that began it."""


@cache
def distances() -> dict[str, dict[str, int]]:
    """Steps between every two cities, as an agent moves (red lines; stations are one
    step apart). The map is printed on the board, the same in every game, so it is read
    from the box once rather than from every view."""
    table = {}
    for start in components().cities:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            city = todo.popleft()
            for n in move_destinations(city):
                if n not in seen:
                    seen[n] = seen[city] + 1
                    todo.append(n)
        table[start] = seen
    return table


def choose(view: JSON, legal: list[Action], seat: int, rng: Rng) -> Action:
    kind = (view.get("prompt") or {}).get("kind")
    dist = distances()
    home = view["players"][seat]["hq"]
    case = view["briefcase"]
    if kind == "choose_setup_agents":
        where = {a["name"]: a["city"] for a in view["agents"]}
        return min(legal, key=lambda a: sum(dist[where[x]][case] for x in a["agents"]))
    if kind == "choose_action":
        return _turn(view, legal, seat, rng, dist, home, case)
    if kind == "challenge_or_pass":
        return _challenge(view, legal, dist, case)
    if kind == "announce_or_stop":
        raises = [a for a in legal if a["type"] == "announce"]
        return min(raises, key=lambda a: a["amount"]) if raises else legal[0]
    if kind == "carry_briefcase":
        prompt = view["prompt"]
        closer = dist[prompt["to"]][home] < dist[prompt["from"]][home]
        wanted = "carry_briefcase" if closer else "leave_briefcase"
        return next((a for a in legal if a["type"] == wanted), legal[0])
    return _ability(legal, dist, home, case)


def _turn(
    view: JSON, legal: list[Action], seat: int, rng: Rng, dist: Any, home: str, case: str
) -> Action:
    shield = view["my_shield"]
    paid = shield["payoffs"]
    where = {a["name"]: a["city"] for a in view["agents"] if not a["burned"]}
    moves = [a for a in legal if a["type"] == "move"]
    carriers = [
        a for a in moves if where.get(a["agent"]) == case and dist[a["to"]][home] < dist[case][home]
    ]
    if carriers:
        return max(carriers, key=lambda a: (paid.get(a["agent"], 0), -dist[a["to"]][home]))
    approach = [
        a
        for a in moves
        if paid.get(a["agent"], 0) > 0 and dist[a["to"]][case] < dist[where[a["agent"]]][case]
    ]
    if approach and rng.below(3) > 0:
        return max(approach, key=lambda a: (paid.get(a["agent"], 0), rng.below(10)))
    payoffs = [a for a in legal if a["type"] == "payoff"]
    solomon = view["dr_solomon"]
    if solomon["space"] <= solomon["last_space"] + 2:
        for a in payoffs:
            if a["to"] == "Dr. Solomon" and a["amount"] == 1:
                return a
    nearest = min(where, key=lambda agent: dist[where[agent]][case]) if where else None
    amount = min(3, max(0, shield["reserve"] - 6))
    for a in payoffs:
        if a["to"] == nearest and a["amount"] == amount:
            return a
    if approach:
        return approach[0]
    bluff = [a for a in payoffs if a["amount"] == 0]
    return rng.choice(bluff or legal)


def _challenge(view: JSON, legal: list[Action], dist: Any, case: str) -> Action:
    order = view["order"] or {}
    prompt = view["prompt"]
    mover_home = view["players"][order.get("player", 0)]["hq"]
    threat = (
        order.get("kind") == "move"
        and order.get("from") == case
        and dist[order["to"]][mover_home] < dist[case][mover_home]
    )
    challenges = [a for a in legal if a["type"] == "challenge"]
    if threat and challenges and prompt.get("your_payoff", 0) > 0:
        return min(challenges, key=lambda a: a["announce"])
    return next((a for a in legal if a["type"] == "pass"), legal[0])


def _ability(legal: list[Action], dist: Any, home: str, case: str) -> Action:
    """Abilities and pushes: whatever brings the case closer to home, else skip."""

    def case_after(a: Action) -> str:
        if a["type"] == "magician":
            return str(a["briefcase_to"])
        if a["type"] == "vagabond" and a.get("carry_briefcase"):
            return str(a["to"])
        return case

    best = min(legal, key=lambda a: dist[case_after(a)][home])
    if dist[case_after(best)][home] < dist[case][home]:
        return best
    return next((a for a in legal if a["type"] == "skip_ability"), legal[0])


def candidates(view: JSON, legal: list[Action], seat: int, rng: Rng) -> list[Action]:
    """The moves worth weighing at this decision, for the search bot's prior: a turn
    offers up to 180 (six agents' steps, any payoff to anyone), of which a good player
    weighs a dozen. A decision with few choices is weighed whole."""
    if len(legal) <= 6:
        return legal
    kind = (view.get("prompt") or {}).get("kind")
    dist = distances()
    home = view["players"][seat]["hq"]
    case = view["briefcase"]
    if kind == "choose_action":
        return _turn_candidates(view, legal, dist, home, case)
    if kind in ("challenge_or_pass", "announce_or_stop"):
        numbers = [a for a in legal if a["type"] in ("challenge", "announce")]
        amount = "announce" if kind == "challenge_or_pass" else "amount"
        ends = [min(numbers, key=lambda a: a[amount]), max(numbers, key=lambda a: a[amount])]
        return [a for a in legal if a not in numbers] + ends
    if kind == "choose_setup_agents":
        where = {a["name"]: a["city"] for a in view["agents"]}
        return sorted(legal, key=lambda a: sum(dist[where[x]][case] for x in a["agents"]))[:4]
    return legal[:6]


def _turn_candidates(
    view: JSON, legal: list[Action], dist: Any, home: str, case: str
) -> list[Action]:
    """Each agent's best step (carrying the case home, else towards it); payoffs of 1, 3
    and 6 to the two agents nearest the case, one to Dr. Solomon and a bluff; up to four
    burns of those two agents. At most 18 moves."""
    where = {a["name"]: a["city"] for a in view["agents"] if not a["burned"]}
    nearest = sorted(where, key=lambda agent: dist[where[agent]][case])[:2]
    steps: dict[str, tuple[int, Action]] = {}
    for a in legal:
        if a["type"] != "move":
            continue
        agent = a["agent"]
        gain = (
            dist[where[agent]][home] - dist[a["to"]][home]
            if where[agent] == case
            else dist[where[agent]][case] - dist[a["to"]][case]
        )
        if gain > 0 and gain > steps.get(agent, (0, a))[0]:
            steps[agent] = (gain, a)
    wanted = {(agent, amount) for agent in nearest for amount in (1, 3, 6)}
    wanted.add(("Dr. Solomon", 1))
    payoffs = [a for a in legal if a["type"] == "payoff"]
    burns = [a for a in legal if a["type"] == "burn" and a["target"] in nearest]
    return [
        *(action for _, action in steps.values()),
        *(a for a in payoffs if (a["to"], a["amount"]) in wanted),
        *[a for a in payoffs if a["amount"] == 0][:1],
        *burns[:4],
    ]


def estimate(world: Any) -> list[float]:
    """Search's score for a *sampled* world it stops early: the briefcase wins, so each
    seat's chance halves with every step its quickest courier needs — an agent it has
    paid more than anyone else (it would win the challenge) walks to the case and
    carries it to the seat's HQ. An agent nobody has paid counts for all, two steps
    dearer (anyone may move it, and any challenge stops it). Every seat's chance is its
    share of the total."""
    steps = distances()
    case = world.briefcase
    seats = range(world.num_seats)
    live = [(agent, city) for agent, city in world.agents.items() if city is not None]
    chances = []
    for seat in seats:
        home = steps[case][world.hq[seat]]
        quickest = None
        for agent, city in live:
            mine = world.payoffs[seat].get(agent, 0)
            most = max(world.payoffs[other].get(agent, 0) for other in seats if other != seat)
            if mine > most or mine == most == 0:
                walk = steps[city][case] + home + (2 if mine == 0 else 0)
                quickest = walk if quickest is None else min(quickest, walk)
        chances.append(0.0 if quickest is None else 0.5**quickest)
    total = sum(chances)
    if total == 0:
        return [1.0 / world.num_seats] * world.num_seats
    return [chance / total for chance in chances]


STRATEGY = Strategy(
    choose=choose, candidates=candidates, estimate=estimate, playout_depth=PLAYOUT_DEPTH
)
"""What the bots use of these rules of thumb (``Game.strategy``)."""
