"""Game over: "all Players add up VP from ... the 6 Character tiles ... in your hand",
so every hand (and any face-down tile left on the table) is shown to everyone."""

from __future__ import annotations

from spyhouse.engine.testing import random_playout
from spyhouse.games.estoril import GAME
from spyhouse.games.estoril.views import tile


def test_every_hand_is_shown_at_the_end_and_never_before():
    def before_the_end(state, _events):
        if state.phase == "over":
            return
        for viewer in (None, *range(state.num_seats)):
            for player in GAME.view(state, viewer)["players"]:
                assert player["revealed_hand"] is None

    state, _ = random_playout(GAME, 3, {}, 2, on_step=before_the_end)
    assert state.phase == "over"
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        for seat, player in enumerate(view["players"]):
            assert player["revealed_hand"] == [tile(t) for t in sorted(state.hands[seat])]
            assert len(player["revealed_hand"]) == player["hand_size"]
        for location in view["grid"]["locations"]:
            for space in location["spaces"]:
                assert space["occupant"] is None or "tile" in space["occupant"]
            for reward in location["reward"]["tiles"]:
                assert "tile" in reward
