"""Location Boards: each board's special rule, one small named function each.

Board data (cells, Top Secret signs, look symbols) lives in ``boards.toml``; this module
holds the rules printed as symbols on the boards. Muchaxo's "all spaces are outer" is
geometry and lives in ``grid.py``.
"""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.estoril.components import COLOURS, NUMERALS, board, character
from spyhouse.games.estoril.state import EstorilState, Occupant


def location_name(state: EstorilState, slot: int) -> str:
    return board(state.grid[slot].board).name


def resolution_number(state: EstorilState, slot: int) -> int:
    """Center number: the order in which each Location Board is resolved (Airport: its d12)."""
    loc = state.grid[slot]
    number = board(loc.board).number
    if number is None:
        assert loc.die is not None, "the Airport's die is rolled when it is laid"
        return loc.die
    return number


def resolution_order(state: EstorilState) -> list[int]:
    """Lowest number first; the Airport resolves first when its die ties another board."""
    return sorted(
        range(len(state.grid)),
        key=lambda s: (resolution_number(state, s), state.special(s) != "airport"),
    )


def is_top_secret(state: EstorilState, slot: int, space: int | None) -> bool:
    """Top Secret sign of a space (``space`` None: the Reward space).

    Enigma: all tiles in the Enigma's Location must be face-up at all times.
    """
    if state.enigma_slot == slot:
        return False
    printed = board(state.grid[slot].board)
    return printed.reward_top_secret if space is None else printed.spaces[space].top_secret


def church_forbids_assassins(state: EstorilState, slot: int) -> bool:
    """#1 Church: at this Location, Assassin abilities CANNOT be triggered."""
    return state.special(slot) == "church"


def palacio_bonus(state: EstorilState, slot: int, occ: Occupant) -> int:
    """#2 Hotel Palácio: Character tiles with the UK flag gain +1 strength."""
    return 1 if state.special(slot) == "palacio" and character(occ.tile).flag == "GB" else 0


def atlantico_bonus(state: EstorilState, slot: int, occ: Occupant) -> int:
    """#4 Hotel Atlântico: Character tiles with the German flag gain +1 strength."""
    return 1 if state.special(slot) == "atlantico" and character(occ.tile).flag == "DE" else 0


def garret_bonus(state: EstorilState, slot: int, occ: Occupant) -> int:
    """#10 Garret: Character tiles with the Woman symbol gain +2 strength."""
    return 2 if state.special(slot) == "garret" and character(occ.tile).woman else 0


def avenida_palace_bonus(state: EstorilState, slot: int, occ: Occupant) -> int:
    """#9 Hotel Avenida Palace: Nationalism Characters on it or on adjacent Locations gain +1."""
    if occ.seduced or "Nationalism" not in character(occ.tile).abilities:
        return 0
    avenida = state.slot_of("avenida_palace")
    return 1 if avenida is not None and slot in state.geometry().reach(avenida) else 0


def casino_bonus(state: EstorilState, slot: int, occ: Occupant) -> int:
    """#6 Casino: the difference between the 2 dice is added to the Character's strength."""
    return occ.dice if state.special(slot) == "casino" else 0


BOARD_BONUSES = (palacio_bonus, atlantico_bonus, garret_bonus, avenida_palace_bonus, casino_bonus)


def roll_casino_dice(state: EstorilState, slot: int, rng: Rng) -> list[Event]:
    """#6 Casino: AFTER resolving abilities, roll 2 dice for each Character a player controls."""
    events = []
    for n, occ in enumerate(state.grid[slot].spaces):
        if occ is None:
            continue
        a, b = rng.die(6), rng.die(6)
        occ = state.change_occupant((slot, n), dice=abs(a - b))
        events.append(
            Event.public(
                "casino_dice",
                player=COLOURS[occ.controller],
                location=location_name(state, slot),
                space=NUMERALS[n],
                dice=[a, b],
                bonus=occ.dice,
            )
        )
    return events


def alcantara_rotations() -> tuple[int, ...]:
    """#0 Alcântara: the first placer may rotate it 90° (any direction) or 180° — or not.

    >>> alcantara_rotations()
    (0, 90, -90, 180)
    """
    return (0, 90, -90, 180)


def airport_die_range(state: EstorilState, slot: int, space: int) -> range:
    """Portela Airport: space I/II/III may change the d12 by up to 1/2/3, never past 1 or 12."""
    die = state.grid[slot].die or 1
    reach = space + 1
    return range(max(1, die - reach), min(12, die + reach) + 1)


def wants_roulette(state: EstorilState, slot: int) -> bool:
    """Casino Roulette: placing on Casino I, II or III needs one more tile under the Roulette."""
    return state.options.roulette and state.special(slot) == "casino"
