"""The state's layout: a side's soldiers and marks are tuples, shared by a copy, so a
step on a copy can never reach the original (a copy shares them, for speed)."""

from __future__ import annotations

import json

import pytest

from spyhouse.engine import IllegalAction
from spyhouse.engine.bots import random_action
from spyhouse.engine.rng import Rng
from spyhouse.engine.testing import check_copy, check_shared_actions
from spyhouse.engine.visibility import fields_of
from spyhouse.games.spies import GAME
from spyhouse.games.spies.state import SideState


def test_a_sides_marks_are_tuples_that_refuse_a_change_and_load_from_lists():
    state = GAME.setup(4, GAME.Options(), seed=3)
    side = state.sides[0]
    with pytest.raises(TypeError):
        side.missions[0] = 1  # type: ignore[index]
    data = json.loads(json.dumps(GAME.dump(state)))
    assert data["sides"][0]["missions"] == [None, None, None, None], "the JSON keeps lists"
    loaded = GAME.load(data)
    assert loaded == state and type(loaded.sides[0].hand) is tuple
    for name in fields_of(SideState):
        if isinstance(getattr(side, name), tuple | list):
            assert type(getattr(side, name)) is tuple, name


@pytest.mark.parametrize("seats", [2, 4])
def test_every_legal_step_on_a_copy_leaves_the_original_as_it_was(seats):
    """Every legal action of every step, applied in place on a copy, leaves the state
    it was copied from unchanged (the copy shares the sides' tuples)."""
    state = GAME.setup(seats, GAME.Options(), seed=seats)
    rng = Rng(seats)
    while GAME.outcome(state) is None:
        check_copy(GAME, state)
        before = json.dumps(GAME.dump(state))
        for seat in GAME.to_act(state):
            for action in GAME.legal_actions(state, seat):
                GAME.apply_action(GAME.copy(state), seat, dict(action))
        assert json.dumps(GAME.dump(state)) == before
        seat = rng.choice(sorted(GAME.to_act(state)))
        state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_deployment_lookup_accepts_exactly_what_the_full_check_accepts(seats):
    """``verify_deploy`` accepts a line-up named as ``legal_actions`` names it by one
    lookup (a fast path); it must accept exactly what the full check (``refusal_reason``)
    accepts, for the seat to deploy and for a seat that already has."""
    from spyhouse.games.spies import decisions
    from spyhouse.games.spies.components import rank_of
    from spyhouse.games.spies.deployment import refusal_reason
    from spyhouse.games.spies.teams import missions_of, side_of

    checked = 0
    for seed in range(6):
        state = GAME.setup(seats, GAME.Options(), seed=seed)
        rng = Rng(seed)
        while GAME.outcome(state) is None:
            if state.phase == "deploy":
                for seat in range(seats):
                    side = state.sides[side_of(seat)]
                    named = {
                        tuple(a["soldiers"])
                        for s in range(seats)
                        for a in GAME.legal_actions(state, s)
                    }
                    for names in named:
                        ranks = tuple(rank_of(n) for n in names)
                        fixed = decisions.fixed_missions(state, seat)
                        missions = missions_of(seats, seat)
                        reason = refusal_reason(side.hand, fixed, missions, ranks)
                        action = {"type": "deploy", "soldiers": list(names)}
                        if reason is None:
                            assert decisions.verify_deploy(state, seat, action) == ranks
                        else:
                            with pytest.raises(IllegalAction) as refused:
                                decisions.verify_deploy(state, seat, action)
                            assert refused.value.code == reason[0]
                        checked += 1
            seat = rng.choice(sorted(GAME.to_act(state)))
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
    assert checked > 100


def test_legal_actions_are_shared_frozen_and_the_list_is_the_callers_own():
    """Legal actions are built once and shared between calls (for speed), and refuse every
    change (``check_shared_actions``) at every step of a game."""
    state = GAME.setup(4, GAME.Options(), seed=5)
    rng = Rng(5)
    shared = set()
    while GAME.outcome(state) is None:
        seat = rng.choice(sorted(GAME.to_act(state)))
        shared |= check_shared_actions(GAME, state, seat)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert {"deploy", "place_intel", "guess", "no_deception"} <= shared


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_who_deploys_read_from_the_table_is_each_sides_first_seat_still_to_deploy(seats):
    """``deploying`` reads a table of which first Mission cards are empty (a fast path);
    at every step of seeded games it names, for each side, the first seat in deploying
    order whose Missions are all still empty, as the rules say."""
    from spyhouse.games.spies.decisions import deploying
    from spyhouse.games.spies.teams import missions_of, side_of, side_seats

    checked = 0
    for seed in range(4):
        state = GAME.setup(seats, GAME.Options(), seed=seed)
        rng = Rng(seed)
        while GAME.outcome(state) is None:
            expected = set()
            for side in (0, 1):
                for seat in side_seats(seats, side):
                    line_up = state.sides[side_of(seat)].missions
                    if all(line_up[m] is None for m in missions_of(seats, seat)):
                        expected.add(seat)
                        break
            assert deploying(state) == expected
            checked += state.phase == "deploy"
            seat = rng.choice(sorted(GAME.to_act(state)))
            state, _ = GAME.apply(state, seat, random_action(GAME, state, seat, rng))
    assert checked >= 4 * 3 * 2
