"""Game over: the winner reveals the remaining cards ("reveal all your remaining cards
to ensure that all your soldiers follow the deployment rules"); we show both sides'."""

from __future__ import annotations

from spyhouse.games.spies import GAME
from tests.games.spies.helpers import BLUE, RED, guess, position


def shown(view, side):
    return [
        m["soldier"] and m["soldier"]["rank"]
        for m in view["sides"][("red", "blue")[side]]["missions"]
    ]


def test_capturing_the_flag_reveals_every_remaining_soldier_to_everyone():
    state = position(
        [5, 6, 7, 8], [1, 2, 3, 4], double_agent=5, starting=BLUE, exhausted={RED: [1], BLUE: [5]}
    )
    # Before the end: Blue's spectator-eye view hides Red's cards and vice versa.
    assert shown(GAME.view(state, None), RED) == [None] * 4
    assert shown(GAME.view(state, BLUE), RED) == [None] * 4
    assert shown(GAME.view(state, RED), BLUE) == [None] * 4
    state, _ = guess(state, 10)  # wrong: Red's Lieutenant walks the Double Agent home
    assert state.phase == "over" and state.ending == "flag"
    for viewer in (None, RED, BLUE):
        view = GAME.view(state, viewer)
        assert shown(view, RED) == [5, 6, 7, 8]
        assert shown(view, BLUE) == [1, 2, 3, 4]
