"""Whose decision is pending, what they may choose, and carrying a choice out.

Every decision kind has one ``verify_…`` function (PokerKit's pattern) that reads the
action strictly and raises :class:`IllegalAction` with the reason it is refused; it
returns the parameters the rule module then carries out. :func:`apply` always calls it
first and :func:`can` asks it, so a refusal's reason and the legality can never
disagree. :func:`legal_actions` lists the same choices from the same rule functions (a
test checks, over many positions and every candidate action, that the two agree).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spyhouse.engine import Action, Event, IllegalAction
from spyhouse.engine.matching import require_keys
from spyhouse.games.conspiracy import abilities, challenges, setup, turn
from spyhouse.games.conspiracy.state import ConspiracyState, Phase


@dataclass(frozen=True)
class Decision:
    """One kind of action: its fields, its reason function, and what it does."""

    fields: tuple[str, ...]
    verify: Callable[[ConspiracyState, int, Action], Any]
    """Raises :class:`IllegalAction` with the reason; returns the parameters."""
    carry_out: Callable[[ConspiracyState, int, Any], list[Event]]
    """Called with what ``verify`` returned."""


def _nothing(state: ConspiracyState, seat: int, action: Action) -> None:
    """A decision without parameters: being asked is all it takes."""


DECISIONS: dict[str, Decision] = {
    "setup_payoff": Decision(("agents",), setup.verify_setup_payoff, setup.choose_setup_payoffs),
    "payoff": Decision(
        ("to", "amount"),
        turn.verify_payoff,
        lambda s, seat, p: turn.make_a_payoff(s, seat, *p),
    ),
    "move": Decision(
        ("agent", "to"), turn.verify_move, lambda s, seat, p: turn.move_an_agent(s, seat, *p)
    ),
    "burn": Decision(
        ("agent", "target"), turn.verify_burn, lambda s, seat, p: turn.burn_an_agent(s, seat, *p)
    ),
    "pass": Decision((), _nothing, lambda s, seat, _: challenges.pass_challenge(s, seat)),
    "challenge": Decision(("announce",), challenges.verify_challenge, challenges.challenge),
    "announce": Decision(("amount",), challenges.verify_announce, challenges.announce),
    "stop": Decision((), _nothing, lambda s, seat, _: challenges.stop_announcing(s, seat)),
    "carry_briefcase": Decision(
        (), _nothing, lambda s, seat, _: abilities.carry_the_briefcase(s, seat, True)
    ),
    "leave_briefcase": Decision(
        (), _nothing, lambda s, seat, _: abilities.carry_the_briefcase(s, seat, False)
    ),
    "skip_ability": Decision((), _nothing, lambda s, seat, _: abilities.skip_ability(s, seat)),
    "beacon": Decision(("pull",), abilities.verify_beacon, abilities.beacon),
    "magician": Decision(("briefcase_to",), abilities.verify_magician, abilities.magician),
    "roulette": Decision(("direction",), abilities.verify_roulette, abilities.roulette),
    "spyglass": Decision(
        ("player", "on"),
        abilities.verify_spyglass,
        lambda s, seat, p: abilities.spyglass(s, seat, *p),
    ),
    "tempest": Decision(
        (), abilities.verify_tempest, lambda s, seat, _: abilities.tempest(s, seat)
    ),
    "vagabond": Decision(
        ("to", "carry_briefcase"),
        abilities.verify_vagabond,
        lambda s, seat, p: abilities.vagabond(s, seat, *p),
    ),
    "push": Decision(
        ("agent", "to"), abilities.verify_push, lambda s, seat, p: abilities.push(s, seat, *p)
    ),
}

PHASE_DECISIONS: dict[Phase, tuple[str, ...]] = {
    Phase.SETUP: ("setup_payoff",),
    Phase.ACTION: ("payoff", "move", "burn"),
    Phase.CHALLENGE: ("pass", "challenge"),
    Phase.DUEL: ("announce", "stop"),
    Phase.BRIEFCASE: ("carry_briefcase", "leave_briefcase"),
    Phase.ABILITY: (
        "skip_ability",
        "beacon",
        "magician",
        "roulette",
        "spyglass",
        "tempest",
        "vagabond",
    ),
    Phase.TEMPEST: ("push",),
    Phase.OVER: (),
}
"""The decision kinds each phase asks for."""

SETUP, ACTION, CHALLENGE, DUEL = Phase.SETUP, Phase.ACTION, Phase.CHALLENGE, Phase.DUEL
BRIEFCASE, ABILITY, OVER = Phase.BRIEFCASE, Phase.ABILITY, Phase.OVER
"""The phases, read once: Python 3.11 looks an enum member up slowly through its class,
and whose turn it is gets asked several times a step."""


def to_act(state: ConspiracyState) -> frozenset[int]:
    """Everyone still choosing in secret at setup; otherwise the one seat asked."""
    phase = state.phase
    if phase == OVER:
        return frozenset()
    if phase == SETUP:
        return frozenset(s for s, p in enumerate(state.setup_picks) if p is None)
    if phase == CHALLENGE:
        return frozenset(state.offered[:1])
    if phase == DUEL:
        assert state.duel is not None
        return frozenset([state.duel.to_speak])
    return frozenset([state.current])


def legal_actions(state: ConspiracyState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it has nothing to decide)."""
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == SETUP:
        return [
            {"type": "setup_payoff", "agents": p} for p in setup.setup_pick_choices(state, seat)
        ]
    if phase == ACTION:
        return turn.legal_turn_actions(state, seat)
    if phase == CHALLENGE:
        return challenges.legal_offer_actions(state, seat)
    if phase == DUEL:
        return challenges.legal_duel_actions(state, seat)
    if phase == BRIEFCASE:
        return abilities.legal_briefcase_actions()
    if phase == ABILITY:
        return abilities.ability_uses(state)
    return abilities.legal_pushes(state)


def verify(state: ConspiracyState, seat: int, action: Action) -> tuple[Decision, Any]:
    """The decision ``action`` makes and its parameters, or why it is refused now."""
    kind = action["type"]
    allowed = PHASE_DECISIONS[state.phase]
    if kind not in allowed:
        raise IllegalAction("wrong_decision", f"Now you may only: {', '.join(allowed)}.")
    decision = DECISIONS[kind]
    require_keys(action, decision.fields)
    return decision, decision.verify(state, seat, action)


def can(state: ConspiracyState, seat: int, action: Action) -> bool:
    """Whether ``seat`` (who is to act) may take ``action`` now."""
    try:
        verify(state, seat, action)
    except IllegalAction:
        return False
    return True


def apply(state: ConspiracyState, seat: int, action: Action) -> list[Event]:
    """Verify ``action``, then carry it out on ``state`` (the engine's private copy)."""
    decision, params = verify(state, seat, action)
    return decision.carry_out(state, seat, params)
