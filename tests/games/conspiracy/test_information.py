"""What Conspiracy's setup shows (the generic checks of who may know what — declarations,
determinize redraws, twin histories — run for every game in
``tests/games/test_contract.py``)."""

from __future__ import annotations

import pytest

from tests.games.conspiracy.helpers import BOX, GAME

SEAT_COUNTS = (2, 3, 4)


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
