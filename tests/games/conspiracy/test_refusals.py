"""Refusals say why, from the one reason function each decision has (one check, one reason).

For every decision kind: a wrong-typed and an out-of-range action (or, for decisions
without parameters, an unknown field) get their specific code and message, change
nothing, and the message is the same in every world the actor cannot tell apart from
the real one -- so it reveals nothing the actor doesn't know.
"""

from __future__ import annotations

from typing import Any

import pytest

from spyhouse.engine import IllegalAction, Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import scale
from spyhouse.games.conspiracy import decisions
from spyhouse.games.conspiracy.state import ConspiracyState
from tests.games.conspiracy.helpers import BOX, DR_SOLOMON, GAME, act, position
from tests.games.conspiracy.test_abilities import far_apart, moved
from tests.games.conspiracy.test_legal_actions import candidates, key

CITY_LIST = ", ".join(BOX.cities)
AGENT_LIST = ", ".join(BOX.agent_names)


def refusal(state: ConspiracyState, seat: int, action: dict[str, Any]) -> tuple[str, str]:
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert GAME.dump(state) == before, "a refused action changed the state"
    return err.value.code, err.value.message


def same_refusal_in_every_world(state: ConspiracyState, seat: int, action: dict[str, Any]) -> None:
    """The reason is computed from what ``seat`` knows only."""
    expected = refusal(state, seat, action)
    for seed in range(6):
        assert refusal(GAME.determinize(state, seat, Rng(seed)), seat, action) == expected


# -- positions where each decision kind is pending ------------------------------------------


def setup_phase() -> tuple[ConspiracyState, int]:
    return GAME.setup(3, GAME.parse_options({}), 4), 0


def action_phase() -> tuple[ConspiracyState, int]:
    state = position(
        3,
        agents=far_apart(Beacon="Vienna", Tempest="Vienna"),
        briefcase="Paris",
        payoffs={1: {"Tempest": 9}},  # someone else's secret: never in a message
    )
    return state, 0


def challenge_phase() -> tuple[ConspiracyState, int]:
    state = position(
        3, agents=far_apart(Spyglass="Paris"), payoffs={0: {"Spyglass": 6}, 1: {"Spyglass": 3}}
    )
    state, _ = act(state, 0, "move", agent="Spyglass", to="Zurich")
    return state, 1


def duel_phase() -> tuple[ConspiracyState, int]:
    state, _ = challenge_phase()
    state, _ = act(state, 1, "challenge", announce=2)
    return state, 0


def briefcase_phase() -> tuple[ConspiracyState, int]:
    state = position(2, agents=far_apart(Roulette="Vienna"), briefcase="Vienna")
    return moved(state, "Roulette", "Prague"), 0


def ability(agent: str, to: str, briefcase: str = "Paris", **where: str) -> ConspiracyState:
    start = {"Beacon": "Vienna", "Magician": "Vienna", "Roulette": "Vienna"}
    state = position(
        2,
        agents=far_apart(**{agent: start.get(agent, "Vienna")}, **where),
        briefcase=briefcase,
        solomon_space=15,
    )
    return moved(state, agent, to, carry=False if briefcase == start.get(agent) else None)


def tempest_phase() -> tuple[ConspiracyState, int]:
    state = ability("Tempest", "Prague", Beacon="Prague")
    state, _ = act(state, 0, "tempest")
    return state, 0


CASES: list[tuple[str, Any, dict[str, Any], tuple[str, str]]] = [
    # (decision kind, position, action, (code, message))
    ("setup_payoff", setup_phase, {"agents": "Beacon"}, ("bad_value", 'Name two agents, e.g. "agents": ["Beacon", "Tempest"].')),
    ("setup_payoff", setup_phase, {"agents": ["Beacon", DR_SOLOMON]}, ("unknown_name", f"Agents are {AGENT_LIST}.")),
    ("payoff", action_phase, {"to": "Tempest", "amount": "3"}, ("bad_value", '"amount" must be a whole number.')),
    ("payoff", action_phase, {"to": "Tempest", "amount": 31}, ("reserve_too_small", "Your reserve holds 30.")),
    ("payoff", action_phase, {"to": DR_SOLOMON, "amount": 2}, ("one_to_solomon", "You may pay Dr. Solomon only one sovereign.")),
    ("move", action_phase, {"agent": "Beacon", "to": 7}, ("bad_value", f'"to" must be one of: {CITY_LIST}.')),
    ("move", action_phase, {"agent": "Beacon", "to": "Rome"}, ("not_adjacent", "Beacon in Vienna can go only to an adjacent city or, from a train station, to another station.")),
    ("burn", action_phase, {"agent": "Beacon", "target": None}, ("bad_value", f'"target" must be one of: {AGENT_LIST}.')),
    ("burn", action_phase, {"agent": "Tempest", "target": "Beacon"}, ("burn_needs_five", "You must have paid Tempest at least 5 sovereigns to burn.")),
    ("challenge", challenge_phase, {"announce": True}, ("bad_value", '"announce" must be a whole number.')),
    ("challenge", challenge_phase, {"announce": 9}, ("above_your_payoff", "You paid Spyglass only 3; you can't announce 9.")),
    ("announce", duel_phase, {"amount": 3.0}, ("bad_value", '"amount" must be a whole number.')),
    ("announce", duel_phase, {"amount": 2}, ("announcement_too_low", "You must announce at least 3.")),
    ("announce", duel_phase, {"amount": 7}, ("above_your_payoff", "You paid Spyglass only 6; you can't announce 7.")),
    ("beacon", lambda: (ability("Beacon", "Budapest", Magician="Belgrade"), 0), {"pull": 1}, ("bad_value", f'"pull" must be one of: {AGENT_LIST}.')),
    ("beacon", lambda: (ability("Beacon", "Budapest", Magician="Belgrade"), 0), {"pull": "Tempest"}, ("ability_not_possible", "Tempest is in Barcelona, not in a city joined to Budapest by a red line (train stations are not adjacent for abilities).")),
    ("magician", lambda: (ability("Magician", "Budapest", briefcase="Vienna"), 0), {"briefcase_to": None}, ("bad_value", f'"briefcase_to" must be one of: {CITY_LIST}.')),
    ("magician", lambda: (ability("Magician", "Budapest", briefcase="Vienna"), 0), {"briefcase_to": "Prague"}, ("ability_not_possible", "The briefcase is in Vienna; Magician in Budapest can move it only to: Budapest.")),
    ("roulette", lambda: (ability("Roulette", "Prague"), 0), {"direction": "sideways"}, ("unknown_name", '"direction" must be one of: up, down.')),
    ("roulette", lambda: (ability("Roulette", "Prague"), 0), {"direction": "up"}, ("ability_not_possible", "Dr. Solomon's die is on its start space: it can't go up.")),
    ("spyglass", lambda: (ability("Spyglass", "Prague"), 0), {"player": "1", "on": "Tempest"}, ("bad_value", '"player" must be a whole number.')),
    ("spyglass", lambda: (ability("Spyglass", "Prague"), 0), {"player": 2, "on": "Tempest"}, ("out_of_range", '"player" must be between 0 and 1.')),
    ("spyglass", lambda: (ability("Spyglass", "Prague"), 0), {"player": 1, "on": "Paris"}, ("unknown_name", f'"on" must be one of: {AGENT_LIST}, {DR_SOLOMON}.')),
    ("vagabond", lambda: (ability("Vagabond", "Prague"), 0), {"to": "Berlin", "carry_briefcase": 1}, ("bad_value", '"carry_briefcase" must be true or false.')),
    ("vagabond", lambda: (ability("Vagabond", "Prague"), 0), {"to": "Rome", "carry_briefcase": False}, ("ability_not_possible", "Vagabond in Prague steps only to a city joined by a red line: Berlin, Munich, Vienna, Warsaw.")),
    ("vagabond", lambda: (ability("Vagabond", "Prague"), 0), {"to": "Berlin", "carry_briefcase": True}, ("ability_not_possible", "The briefcase is not in Prague.")),
    ("push", tempest_phase, {"agent": "Beacon", "to": 3}, ("bad_value", f'"to" must be one of: {CITY_LIST}.')),
    ("push", tempest_phase, {"agent": "Beacon", "to": "Rome"}, ("bad_push", "Push Beacon to a city joined to Prague by a red line: Berlin, Munich, Vienna, Warsaw.")),
    ("push", tempest_phase, {"agent": "Magician", "to": "Berlin"}, ("bad_push", "Tempest still has to push: Beacon.")),
    ("pass", challenge_phase, {"announce": 0}, ("unknown_key", 'Unknown field "announce" in a pass action.')),
    ("stop", duel_phase, {"amount": 3}, ("unknown_key", 'Unknown field "amount" in a stop action.')),
    ("carry_briefcase", briefcase_phase, {"to": "Prague"}, ("unknown_key", 'Unknown field "to" in a carry_briefcase action.')),
    ("leave_briefcase", briefcase_phase, {"x": 1}, ("unknown_key", 'Unknown field "x" in a leave_briefcase action.')),
    ("skip_ability", lambda: (ability("Roulette", "Prague"), 0), {"pull": "Beacon"}, ("unknown_key", 'Unknown field "pull" in a skip_ability action.')),
    ("tempest", lambda: (ability("Tempest", "Prague", Beacon="Prague"), 0), {"agent": "Beacon"}, ("unknown_key", 'Unknown field "agent" in a tempest action.')),
    ("payoff", action_phase, {"to": "Tempest", "amount": 1, "secretly": True}, ("unknown_key", 'Unknown field "secretly" in a payoff action.')),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "make", "params", "expected"), CASES)
def test_each_decision_refuses_with_its_own_reason(
    kind: str, make: Any, params: dict[str, Any], expected: tuple[str, str]
) -> None:
    state, seat = make()
    assert kind in decisions.PHASE_DECISIONS[state.phase], "the position asks for this kind"
    action = {"type": kind, **params}
    assert refusal(state, seat, action) == expected
    same_refusal_in_every_world(state, seat, action)


def test_every_decision_kind_has_cases() -> None:
    kinds = {kind for kind, *_ in CASES}
    assert kinds == set(decisions.DECISIONS)
    with_parameters = {k for k, d in decisions.DECISIONS.items() if d.fields}
    for kind in with_parameters:
        codes = {code for k, _, _, (code, _) in CASES if k == kind}
        assert len(codes) >= 2, f"{kind}: a wrong-typed and an out-of-range case"


def test_a_refusal_never_depends_on_what_the_actor_cannot_know() -> None:
    """Over random games, every refused candidate action gets the same code and message
    in redrawn worlds the actor can't tell apart from the real one."""
    rng = Rng(77)
    checked = 0
    for game_seed in range(scale(3)):
        state = GAME.setup(3, GAME.parse_options({}), 500 + game_seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            if rng.below(12) == 0:
                worlds = [GAME.determinize(state, seat, Rng(k)) for k in range(3)]
                for action in candidates(seat, 3)[:: 1 + rng.below(7)]:
                    try:
                        GAME.apply(state, seat, action)
                        continue
                    except IllegalAction as err:
                        expected = (err.code, err.message)
                    for world in worlds:
                        with pytest.raises(IllegalAction) as again:
                            GAME.apply(world, seat, action)
                        assert (again.value.code, again.value.message) == expected, action
                    checked += 1
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
    assert checked > 100


def test_a_legal_action_with_an_extra_field_is_refused() -> None:
    rng = Rng(5)
    state = GAME.setup(2, GAME.parse_options({}), 5)
    for _ in range(60):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = random_action(GAME, state, seat, rng)
        code, _ = refusal(state, seat, {**action, "note": "hi"})
        assert code == "unknown_key"
        state, _ = GAME.apply(state, seat, action)


def test_can_agrees_with_legal_actions() -> None:
    """``Game.can`` (the reason functions) accepts exactly the listed actions."""
    rng = Rng(9)
    for seats in (2, 4):
        state = GAME.setup(seats, GAME.parse_options({}), seats)
        while GAME.outcome(state) is None:
            seat = rng.choice(sorted(GAME.to_act(state)))
            if rng.below(15) == 0:
                legal = {key(a) for a in GAME.legal_actions(state, seat)}
                accepted = {key(a) for a in candidates(seat, seats) if GAME.can(state, seat, a)}
                assert accepted == legal
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
