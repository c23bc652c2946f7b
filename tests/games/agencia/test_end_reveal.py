"""Game over: the score is Information alone, so every card left on the table is shown
to every seat and spectator (RULINGS.md, "End reveal"); before the end it is not."""

from __future__ import annotations

from spyhouse.engine.testing import random_playout
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.state import Phase


def states(view):
    return [entry["state"] for player in view["players"] for entry in player["positions"]]


def test_every_card_on_the_table_is_shown_at_the_end_and_only_then():
    hidden_seen_before = []

    def before_the_end(state, _events):
        if state.phase is not Phase.OVER:
            hidden_seen_before.append("hidden" in states(GAME.view(state, None)))

    state, _ = random_playout(GAME, 3, {}, 1, on_step=before_the_end)
    assert state.phase is Phase.OVER and any(hidden_seen_before)
    assert any(card is not None for p in state.players for card in p.positions.values())
    for viewer in (None, 0, 1, 2):
        view = GAME.view(state, viewer)
        for player, shown in zip(state.players, view["players"], strict=True):
            for entry in shown["positions"]:
                card = player.positions[Position(entry["position"])]
                if card is None:
                    assert entry["state"] == "empty"
                else:
                    assert entry["state"] == "seen" and entry["card"]["name"] == card
