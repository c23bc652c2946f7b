"""Concepts about the Location Board Grid: outer, inner and adjacent spaces and locations.

Boards are laid in a grid of ``rows`` x ``cols`` slots (2x3, or 4x2 boards = 2 rows of 4
with five players); each board is a 2x2 block of cells, so the grid is ``2*rows`` x
``2*cols`` cells. A board turned by ``rotation`` quarter turns clockwise moves each of
its cells that many steps along TL -> TR -> BR -> BL; Roman numerals travel with them.
A space is named by ``(slot, numeral index)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from spyhouse.games.estoril.components import CELLS, board

SpaceRef = tuple[int, int]
"""(grid slot, numeral index): numeral index 0 is space I."""

_OFFSETS = ((0, 0), (0, 1), (1, 1), (1, 0))  # TL, TR, BR, BL


def cell_offset(cell: str, rotation: int) -> tuple[int, int]:
    """Where a printed cell lies inside its 2x2 block after ``rotation`` quarter turns.

    >>> cell_offset("TL", 0), cell_offset("TL", 1), cell_offset("BL", 1)
    ((0, 0), (0, 1), (0, 0))
    """
    return _OFFSETS[(CELLS.index(cell) + rotation) % 4]


@dataclass(frozen=True)
class Geometry:
    """Everything placement and abilities need to know about one laid-out grid."""

    rows: int
    cols: int
    cells: dict[SpaceRef, tuple[int, int]]
    outer: frozenset[SpaceRef]
    adjacent_spaces: dict[SpaceRef, tuple[SpaceRef, ...]]
    adjacent_locations: tuple[tuple[int, ...], ...]

    def is_outer(self, space: SpaceRef) -> bool:
        """OUTER SPACE: a Deployment space on the edge of the grid (Muchaxo: all)."""
        return space in self.outer

    def neighbours(self, space: SpaceRef) -> tuple[SpaceRef, ...]:
        """ADJACENT SPACE: side by side in the grid, across boards; no diagonals."""
        return self.adjacent_spaces[space]

    def adjacent(self, slot: int) -> tuple[int, ...]:
        """ADJACENT LOCATION: boards side by side in the grid; no diagonals."""
        return self.adjacent_locations[slot]

    def reach(self, slot: int) -> tuple[int, ...]:
        """This location and its adjacent locations (Nationalism, Diplomacy, looks)."""
        return (slot, *self.adjacent_locations[slot])


def grid_shape(num_seats: int) -> tuple[int, int]:
    """2x3 boards for 2-4 players; 8 boards (2 rows of 4) with a 5th player.

    >>> grid_shape(4), grid_shape(5)
    ((2, 3), (2, 4))
    """
    return (2, 4) if num_seats == 5 else (2, 3)


@lru_cache(maxsize=4096)
def geometry(rows: int, cols: int, layout: tuple[tuple[int, int], ...]) -> Geometry:
    """The geometry of ``layout``: one ``(board index, rotation)`` per slot, row by row."""
    height, width = 2 * rows, 2 * cols
    cells: dict[SpaceRef, tuple[int, int]] = {}
    outer: set[SpaceRef] = set()
    for slot, (board_index, rotation) in enumerate(layout):
        printed = board(board_index)
        top, left = 2 * (slot // cols), 2 * (slot % cols)
        for n, space in enumerate(printed.spaces):
            dr, dc = cell_offset(space.cell, rotation)
            r, c = top + dr, left + dc
            cells[(slot, n)] = (r, c)
            on_edge = r in (0, height - 1) or c in (0, width - 1)
            if on_edge or printed.special == "muchaxo":
                outer.add((slot, n))
    at = {rc: ref for ref, rc in cells.items()}
    adjacent_spaces = {}
    for ref, (r, c) in cells.items():
        near = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
        adjacent_spaces[ref] = tuple(sorted(at[rc] for rc in near if rc in at))
    adjacent_locations = []
    for slot in range(len(layout)):
        r, c = divmod(slot, cols)
        near = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
        adjacent_locations.append(
            tuple(sorted(nr * cols + nc for nr, nc in near if 0 <= nr < rows and 0 <= nc < cols))
        )
    return Geometry(rows, cols, cells, frozenset(outer), adjacent_spaces, tuple(adjacent_locations))
