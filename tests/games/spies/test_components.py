"""The data file: ten soldiers as printed, the Intel deck's ranges and the reconstructed track."""

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


def test_the_intel_deck_is_two_cards_of_each_published_range():
    """Each card names one range, "1 à 4, 4 à 7 ou 7 à 10" (a published review): the
    ranges are confirmed; six cards over three ranges, two of each, is only likely."""
    data = components()
    assert sorted(sorted(c.ranks) for c in data.intel_cards) == [
        [1, 2, 3, 4],
        [1, 2, 3, 4],
        [4, 5, 6, 7],
        [4, 5, 6, 7],
        [7, 8, 9, 10],
        [7, 8, 9, 10],
    ]
    assert {(c.status, c.copies, c.copies_status) for c in data.intel_cards} == {
        ("confirmed", 2, "likely")
    }
    reference = GAME.view(GAME.setup(2, GAME.Options(), 0), None)["reference"]
    assert reference["intel_cards"] == [
        {
            "name": f"Intel {low}-{low + 1}-{low + 2}-{low + 3}",
            "ranks": list(range(low, low + 4)),
            "status": "confirmed",
            "copies": 2,
            "copies_status": "likely",
        }
        for low in (1, 4, 7)
    ]


def test_a_game_deals_the_whole_deck():
    """One card to Old Intel at setup, one turned each day: over a game every card shows
    up or stays in the deck, the twins included."""
    state = GAME.setup(2, GAME.Options(), 3)
    cards = components().intel_cards
    assert sorted(state.old_intel + state.intel_deck) == list(range(len(cards)))
    view = GAME.view(state, 0)
    assert view["intel"]["deck_size"] == 5 and len(view["intel"]["old"]) == 1
    assert view["intel"]["old"][0]["ranks"] in ([1, 2, 3, 4], [4, 5, 6, 7], [7, 8, 9, 10])


def test_the_track_is_reconstructed():
    data = components()
    assert data.track_status == "reconstructed" and data.territory_spaces == 4
    reference = GAME.view(GAME.setup(2, GAME.Options(), 0), None)["reference"]
    assert reference["track"] == {"territory_spaces": 4, "status": "reconstructed"}


def test_soldiers_are_named_by_title_or_rank():
    assert rank_of("marshal") == 10 and rank_of(" Spy ") == 1 and rank_of(7) == 7
    assert rank_of("Joker") is None and rank_of(11) is None and rank_of(True) is None
    assert soldier_name(4) == "Sergeant"
