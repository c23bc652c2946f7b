"""The data file: ten soldiers as printed, the reconstructed Intel deck and track."""

from __future__ import annotations

from spyhouse.games.spies import GAME
from spyhouse.games.spies.components import components, rank_of, soldier_name


def test_ten_ranked_soldiers_as_the_chart_reads():
    data = components()
    names = [data.soldiers[r].name for r in range(1, 11)]
    assert names == [
        "Spy",
        "Scout",
        "Miner",
        "Sergeant",
        "Lieutenant",
        "Captain",
        "Bomb",
        "Colonel",
        "General",
        "Marshal",
    ]
    points = {r: data.soldiers[r].infiltration_points for r in range(1, 11)}
    assert points == {1: 1, 2: 2, 3: 3, 4: 4, 5: 0, 6: 6, 7: 0, 8: 8, 9: 0, 10: 10}
    assert {r: data.soldiers[r].double_agent_moves for r in (5, 9)} == {5: 1, 9: 2}
    assert all(s.status == "confirmed" for s in data.soldiers.values())


def test_reconstructed_data_is_marked():
    data = components()
    assert len(data.intel_cards) == 6
    assert all(c.status == "reconstructed" for c in data.intel_cards)
    assert data.track_status == "reconstructed" and data.territory_spaces == 4
    reference = GAME.view(GAME.setup(2, GAME.Options(), 0), None)["reference"]
    assert {c["status"] for c in reference["intel_cards"]} == {"reconstructed"}


def test_soldiers_are_named_by_title_or_rank():
    assert rank_of("marshal") == 10 and rank_of(" Spy ") == 1 and rank_of(7) == 7
    assert rank_of("Joker") is None and rank_of(11) is None and rank_of(True) is None
    assert soldier_name(4) == "Sergeant"
