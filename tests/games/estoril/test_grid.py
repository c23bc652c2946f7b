"""Concepts about the Location Board Grid, pinned under every rotation."""

from __future__ import annotations

import pytest

from spyhouse.games.estoril.components import board_by_key
from spyhouse.games.estoril.grid import geometry, grid_shape

CHURCH = board_by_key("church").index  # I = TR, II = BR, III = BL; reward TL
MUSEUM = board_by_key("museum").index  # I..IV = TL, TR, BR, BL
MUCHAXO = board_by_key("muchaxo").index


def layout(first: int, rotation: int, cols: int = 3) -> tuple[tuple[int, int], ...]:
    """``first`` at the top-left slot, Museums (four spaces) everywhere else."""
    return ((first, rotation),) + ((MUSEUM, 0),) * (2 * cols - 1)


@pytest.mark.parametrize(
    ("rotation", "cells", "outer"),
    [
        (0, [(0, 1), (1, 1), (1, 0)], [True, False, True]),
        (1, [(1, 1), (1, 0), (0, 0)], [False, True, True]),
        (2, [(1, 0), (0, 0), (0, 1)], [True, True, True]),
        (3, [(0, 0), (0, 1), (1, 1)], [True, True, False]),
    ],
)
def test_rotation_moves_cells_clockwise_with_their_numerals(rotation, cells, outer):
    geo = geometry(2, 3, layout(CHURCH, rotation))
    assert [geo.cells[(0, n)] for n in range(3)] == cells
    assert [geo.is_outer((0, n)) for n in range(3)] == outer


@pytest.mark.parametrize("rotation", [0, 1, 3])  # at 180° the reward takes the inner cell
def test_adjacent_spaces_cross_board_borders_without_diagonals(rotation):
    geo = geometry(2, 3, layout(CHURCH, rotation))
    inner = next(ref for ref in [(0, 0), (0, 1), (0, 2)] if geo.cells[ref] == (1, 1))
    # (1,1) touches (0,1), (1,0) on the Church, (1,2) = Museum IV at slot 1 and
    # (2,1) = Museum II at slot 3; the diagonal (2,2) = slot 4's Museum I is not adjacent.
    neighbours = set(geo.neighbours(inner))
    assert {(1, 3), (3, 1)} <= neighbours
    assert (4, 0) not in neighbours
    church_neighbours = {ref for ref in neighbours if ref[0] == 0}
    expected = {ref for ref in [(0, 0), (0, 1), (0, 2)] if geo.cells[ref] in [(0, 1), (1, 0)]}
    assert church_neighbours == expected, "the reward cell is not a deployment space"


def test_adjacent_locations_in_the_2x3_grid():
    geo = geometry(2, 3, layout(MUSEUM, 0))
    assert [geo.adjacent(s) for s in range(6)] == [
        (1, 3),
        (0, 2, 4),
        (1, 5),
        (0, 4),
        (1, 3, 5),
        (2, 4),
    ]


def test_adjacent_locations_in_the_4x2_grid_of_five_players():
    assert grid_shape(5) == (2, 4) and grid_shape(4) == (2, 3)
    geo = geometry(2, 4, layout(MUSEUM, 0, cols=4))
    assert geo.adjacent(1) == (0, 2, 5)
    assert geo.adjacent(5) == (1, 4, 6)
    assert geo.adjacent(7) == (3, 6)


@pytest.mark.parametrize(("cols", "outer"), [(3, 16), (4, 20)])
def test_outer_spaces_are_the_border_of_the_grid(cols, outer):
    geo = geometry(2, cols, layout(MUSEUM, 0, cols=cols))
    assert len(geo.cells) == 8 * cols
    assert len(geo.outer) == outer
    assert all(
        geo.is_outer(ref) == (r in (0, 3) or c in (0, 2 * cols - 1))
        for ref, (r, c) in geo.cells.items()
    )


@pytest.mark.parametrize("rotation", range(4))
def test_muchaxo_spaces_are_all_outer_in_any_slot(rotation):
    middle = ((MUSEUM, 0), (MUCHAXO, rotation)) + ((MUSEUM, 0),) * 4
    geo = geometry(2, 3, middle)
    assert all(geo.is_outer((1, n)) for n in range(3))


def test_reward_cell_turned_inward_leaves_no_inner_church_space():
    geo = geometry(2, 3, layout(CHURCH, 2))
    assert all(geo.is_outer((0, n)) for n in range(3))
    assert (1, 1) not in [geo.cells[(0, n)] for n in range(3)]


def test_a_middle_board_touches_three_locations():
    """Rule text: Location Board 2 is adjacent only with 4, 5 and 6 (it sits in the middle)."""
    geo = geometry(2, 3, layout(MUSEUM, 0))
    assert len(geo.adjacent(4)) == 3 and len(geo.adjacent(1)) == 3
    assert all(len(geo.adjacent(s)) == 2 for s in (0, 2, 3, 5))
