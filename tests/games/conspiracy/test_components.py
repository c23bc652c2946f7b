"""The box contents: data file loads, statuses are kept, the map is as reconstructed."""

from collections import deque

import pytest

from spyhouse.games.conspiracy.board import move_destinations, red_line_neighbours
from tests.games.conspiracy.helpers import BOX


def red_line_distance(a: str, b: str) -> int:
    seen, todo = {a: 0}, deque([a])
    while todo:
        city = todo.popleft()
        for n in red_line_neighbours(city):
            if n not in seen:
                seen[n] = seen[city] + 1
                todo.append(n)
    return seen[b]


def test_map_has_26_cities_41_red_lines_and_5_stations():
    assert len(BOX.cities) == 26
    assert len(BOX.red_lines) == 41
    assert set(BOX.stations) == {"Vienna", "Lviv", "Bucharest", "Zurich", "Milan"}


@pytest.mark.parametrize("hq", ["London", "Moscow", "Istanbul", "Madrid"])
def test_each_hq_is_four_red_line_steps_from_vienna(hq):
    assert red_line_distance("Vienna", hq) == 4


def test_red_lines_are_symmetric():
    for a, b in BOX.red_lines:
        assert b in red_line_neighbours(a) and a in red_line_neighbours(b)


def test_every_entry_keeps_its_status():
    assert {c.status for c in BOX.cities.values()} == {"reconstructed"}
    assert {a.status for a in BOX.agents} == {"reconstructed"}
    assert BOX.statuses == {
        "setup": "confirmed",
        "solomon": "reconstructed",
        "headquarters": "reconstructed",
        "routes": "reconstructed",
    }


def test_agents_are_the_six_code_names():
    assert BOX.agent_names == ("Beacon", "Magician", "Roulette", "Spyglass", "Tempest", "Vagabond")


def test_hqs_by_player_count():
    assert BOX.hq_by_player_count[2] == ("London", "Istanbul")
    assert BOX.hq_by_player_count[4] == ("London", "Moscow", "Istanbul", "Madrid")


def test_station_to_station_is_a_move_but_not_an_ability_step():
    assert "Bucharest" in move_destinations("Zurich")
    assert "Bucharest" not in red_line_neighbours("Zurich")
    assert "Lviv" not in move_destinations("Paris")
