"""The heuristic bot's rules of thumb for La Agencia, read from the seat's view only.

A good player counts Agents. Cards are solved Infiltrators → Recruiters → Agents, each
kind clockwise from the Ambassador's left, which is also the order of play, so when it
is your turn you know every Agent that will be solved before yours:

- Play the seen card worth most now: an Agent that fits the Hall (or fills the Garden)
  with what was played before it earns its Information, one that does not costs it; a
  Recruiter is worth the best Agent already played by someone else (you take that card
  into your deck and they lose its payment); an Infiltrator is worth the Reward tile when
  a Recruiter is already out.
- A card you cannot see is a gamble worth roughly nothing; play it when every seen card
  would cost you.
- As Ambassador you play last: pick the Garden (late Agents fill it) when your best seen
  card is a big Agent, the Hall when your Agents are small.
- Recruit the Agents card with the most Information; infiltrate the Recruiter of the
  player with the most Information.
"""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Action, Rng, Strategy

JSON = dict[str, Any]
PLAYOUT_DEPTH = 20
"""Search plays this many steps by these rules of thumb, then scores the world with
:func:`estimate` (about three hands at 3 players: further off, one sample guesses poorly)."""


def choose(view: JSON, legal: list[Action], seat: int, rng: Rng) -> Action:
    kind = legal[0]["type"]
    if kind == "choose_location":
        return _choose_location(view, legal, seat)
    if kind == "play":
        return _play(view, legal, seat, rng)
    return _target(view, legal, kind)


def _seen_cards(view: JSON, seat: int) -> dict[str, JSON]:
    """Position name → card, for this seat's own positions it can see."""
    me = view["players"][seat]
    return {p["position"]: p["card"] for p in me["positions"] if p["state"] == "seen"}


def _choose_location(view: JSON, legal: list[Action], seat: int) -> Action:
    agents = [c["agents"] for c in _seen_cards(view, seat).values() if c["kind"] == "agent"]
    garden = bool(agents) and max(agents) >= 3
    wanted = "Garden" if garden else "Hall"
    return next((a for a in legal if a["location"] == wanted), legal[0])


def _played_before(view: JSON) -> list[tuple[int, JSON]]:
    """(seat, card) of the cards already played this hand, in order of play."""
    out = []
    for s in view["play_order"]:
        played = view["players"][s]["played"]
        if played is not None and played["in_game"]:
            out.append((s, played["card"]))
    return out


def card_value(card: JSON, view: JSON, seat: int) -> float:
    """What playing ``card`` now is likely to earn (negative: cost)."""
    before = _played_before(view)
    embassy = view["embassy"] or {}
    n = len(view["players"])
    if card["kind"] == "agent":
        agents_before = sum(c["agents"] for s, c in before if c["kind"] == "agent")
        if embassy.get("location") == "Garden":
            ok = agents_before + card["agents"] >= embassy.get("minimum", n)
        else:
            ok = agents_before + card["agents"] <= embassy.get("capacity", n)
        return float(card["information"] if ok else -card["information"])
    if card["kind"] == "recruiter":
        prey = [c["information"] for s, c in before if s != seat and c["kind"] == "agent"]
        return max(prey) + 0.5 if prey else -0.25
    recruiters = [c for s, c in before if s != seat and c["kind"] == "recruiter"]
    return float(view["reward_tile"]) + 0.5 if recruiters else -0.25


def _play(view: JSON, legal: list[Action], seat: int, rng: Rng) -> Action:
    seen = _seen_cards(view, seat)
    scored = []
    for action in legal:
        card = seen.get(action["position"])
        value = card_value(card, view, seat) if card is not None else 0.0
        scored.append((value, rng.below(1000), action))
    return max(scored, key=lambda t: (t[0], t[1]))[2]


def _target(view: JSON, legal: list[Action], kind: str) -> Action:
    players = view["players"]

    def worth(action: Action) -> tuple[int, int]:
        target = players[action["target"]]
        card = target["played"]["card"] if target["played"] else {"information": 0}
        if kind == "recruit":
            return card["information"], target["information"]
        return target["information"], card["information"]

    return max(legal, key=worth)


def estimate(world: Any) -> list[float]:
    """Search's score for a *sampled* world it stops early: each seat's reward were the
    game to end now (End of the Game: Information tokens plus the cards' value)."""
    from spyhouse.bots.search import rewards
    from spyhouse.engine import Outcome
    from spyhouse.games.agencia.scoring import final_scores, winners

    scores = final_scores(world)
    outcome = Outcome(winners(scores), tuple(float(s.total) for s in scores), {})
    return rewards(outcome, world.num_seats)


STRATEGY = Strategy(choose=choose, estimate=estimate, playout_depth=PLAYOUT_DEPTH)
"""What the bots use of these rules of thumb (``Game.strategy``)."""
