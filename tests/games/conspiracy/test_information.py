"""Who may know what: declarations, determinize redraws, twin histories, setup events
(so no secret reaches a view)."""

from __future__ import annotations

import pytest

from spyhouse.engine.testing import (
    check_declarations,
    check_determinize_redraws,
    check_twin_histories,
    scale,
    twin_seeds,
)
from tests.games.conspiracy.helpers import BOX, GAME

SEAT_COUNTS = (2, 3, 4)


def test_every_state_field_declares_who_may_know_it() -> None:
    check_declarations(GAME)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_determinize_redraws_every_hidden_field(seats: int) -> None:
    for seed in range(scale(2)):
        check_determinize_redraws(GAME, seats, {}, seed)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
@pytest.mark.parametrize("observer", [None, 0, 1])
def test_twin_histories(seats: int, observer: int | None) -> None:
    pairs = twin_seeds(GAME, seats, {}, observer=observer, pairs=scale(5), search=6_000)
    assert pairs
    applied = [check_twin_histories(GAME, seats, {}, a, b) for a, b in pairs]
    assert max(applied) > 0, "the twins never got past setup"


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_setup_events_show_what_the_setup_shows(seats: int) -> None:
    """Steps 3-10 put the agents, the briefcase and Dr. Solomon on the board and deal the
    HQs and the first player openly; each starting-payoff tile is seen by its owner only."""
    state = GAME.setup(seats, GAME.parse_options({}), 5)
    events = GAME.setup_events(state)
    public = [e for e in events if e.audience is None]
    assert [e.type for e in public] == ["board_set_up"]
    table = GAME.view(state, None)
    assert public[0].data == {
        "agents": [{"agent": a["name"], "city": a["city"]} for a in table["agents"]],
        "briefcase": table["briefcase"],
        "hq": [p["hq"] for p in table["players"]],
        "first_player": table["first_player"],
        "solomon_space": table["dr_solomon"]["space"],
    }
    for seat in range(seats):
        (tile,) = [e for e in events if e.type == "starting_payoff_dealt" and e.visible_to(seat)]
        assert tile.audience == frozenset([seat])
        assert tile.data == {
            "player": seat,
            "agent": state.starting_agent[seat],
            "amount": BOX.starting_payoff,
        }
