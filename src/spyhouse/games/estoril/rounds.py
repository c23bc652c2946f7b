"""Start of Each Round and the end of the Round (retrieve, discard, pass left); Game
Setup is :mod:`setup`.

:func:`advance` is the automatic part of the game: it runs every step nobody decides
(laying boards, resolving, retrieving, revealing discards) until a seat must act.
"""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.estoril import memory, resolution
from spyhouse.games.estoril.components import COLOURS, boards, character
from spyhouse.games.estoril.grid import grid_shape
from spyhouse.games.estoril.locations import is_top_secret, location_name
from spyhouse.games.estoril.placement import can_place
from spyhouse.games.estoril.state import EstorilState, Location, Pending, Phase, Reward

ROUNDS = 4
HAND_LIMIT = 6

PLACE, RESOLVE, DISCARD, OVER = Phase.PLACE, Phase.RESOLVE, Phase.DISCARD, Phase.OVER
"""The phases, read once: Python 3.11 looks an enum member up slowly through its class,
and :func:`advance` asks the phase at every step."""


def start_round(state: EstorilState) -> list[Event]:
    """Start of Each Round #1-#4: shuffle, lay boards at random, place Reward tiles."""
    rng = Rng(state.rng)
    state.round += 1
    state.phase, state.turn, state.placed = PLACE, state.first_player, False
    state.results, state.order = [], []
    rows, cols = grid_shape(state.num_seats)
    pool = list(state.board_pool)
    rng.shuffle(pool)
    state.grid = []
    for index in pool[: rows * cols]:
        printed = boards()[index]
        state.grid.append(
            Location(
                board=index,
                rotation=rng.below(4),
                die=rng.die(12) if printed.special == "airport" else None,
                spaces=(None,) * len(printed.spaces),
            )
        )
    state.enigma_slot = None
    for slot, loc in enumerate(state.grid):
        for _ in range(boards()[loc.board].reward_tiles):
            if state.pile:
                face_up = not is_top_secret(state, slot, None)
                tile, knowers = memory.pile_draw(state)
                reward = Reward(
                    tile=tile, face_up=face_up, known_by=() if face_up else tuple(knowers)
                )
                state.add_reward(slot, reward)
    enigma: list[Event] = []
    if state.options.promo:
        if state.enigma_holder is None:
            enigma = place_enigma(state, rng.below(len(state.grid)))
        else:
            state.pending.append(Pending(kind="place_enigma", seat=state.enigma_holder))
    state.rng = rng.state
    return [round_started(state), *enigma]


def place_enigma(state: EstorilState, slot: int) -> list[Event]:
    """Enigma: placed in a Reward Space; every tile at its Location is then face up."""
    holder = state.enigma_holder
    state.enigma_slot, state.enigma_holder = slot, None
    state.reveal_rewards(slot)
    return [enigma_placed(state, slot, holder)]


def enigma_placed(state: EstorilState, slot: int, holder: int | None) -> Event:
    return Event.public(
        "enigma_placed",
        location=location_name(state, slot),
        by=None if holder is None else COLOURS[holder],
        rewards=[character(r.tile).label for r in state.grid[slot].rewards],
    )


def round_started(state: EstorilState) -> Event:
    """Start of Each Round, as everyone sees it: the boards laid (turned, the Airport's
    die) and the Reward tiles, face-down ones without their identity."""
    return Event.public(
        "round_started",
        round=state.round,
        first_player=COLOURS[state.first_player],
        grid=[
            {
                "location": location_name(state, slot),
                "rotation": loc.rotation * 90,
                **({} if loc.die is None else {"die": loc.die}),
                "rewards": [character(r.tile).label if r.face_up else None for r in loc.rewards],
            }
            for slot, loc in enumerate(state.grid)
        ],
    )


def advance(state: EstorilState, events: list[Event]) -> None:
    """Run automatic steps until some seat has a decision to take (or the game is over)."""
    while not state.pending and state.phase != OVER:
        if state.phase == PLACE:
            if next_placer(state):
                return
            resolution.start_resolution(state)
        elif state.phase == RESOLVE:
            if not resolution.resolve_locations(state, events):
                return
            events.extend(retrieve_tiles(state))
        elif state.phase == DISCARD:
            if any(must_discard(state, s) for s in range(state.num_seats)):
                return
            events.extend(reveal_discards(state))
            events.extend(end_round(state))


def next_placer(state: EstorilState) -> bool:
    """Turns go clockwise; players who cannot place are skipped until nobody can."""
    start = state.turn + 1 if state.placed else state.turn
    for i in range(state.num_seats):
        seat = (start + i) % state.num_seats
        if can_place(state, seat):
            state.turn, state.placed = seat, False
            return True
    return False


def retrieve_tiles(state: EstorilState) -> list[Event]:
    """#3 Retrieve tiles: after ALL Locations are resolved, owners take back tiles and markers."""
    for slot, loc in enumerate(state.grid):
        for occ in loc.spaces:
            if occ is not None:
                state.hands[occ.owner].append(occ.tile)
                state.markers[occ.controller] += 1
        state.change_location(slot, spaces=(None,) * len(loc.spaces))
    memory.hands_known(state)
    state.shields = 10
    state.phase = DISCARD
    return [Event.public("tiles_retrieved", hand_sizes=[len(h) for h in state.hands])]


def must_discard(state: EstorilState, seat: int) -> bool:
    """#4 Discard tiles: down to 6 tiles in hand."""
    return len(state.hands[seat]) > HAND_LIMIT


def discard(state: EstorilState, seat: int, tile: int) -> list[Event]:
    """Discard face down, secretly; revealed together once everybody is down to 6."""
    state.hands[seat].remove(tile)
    memory.hand_blurs(state, seat)
    state.pending_discards[seat].append(tile)
    return [
        Event.public("discarded_face_down", player=COLOURS[seat]),
        Event.private(seat, "you_discarded", tile=character(tile).label),
    ]


def reveal_discards(state: EstorilState) -> list[Event]:
    """All players simultaneously reveal their discarded tiles; they stay face up."""
    shown = {}
    for seat in range(state.num_seats):
        tiles = state.pending_discards[seat]
        if tiles:
            shown[COLOURS[seat]] = [character(t).label for t in tiles]
        state.discards[seat].extend(tiles)
        state.pending_discards[seat] = []
    memory.hands_known(state)
    return [Event.public("discards_revealed", discards=shown)] if shown else []


def end_round(state: EstorilState) -> list[Event]:
    """#5 New 1st player (to the left) and a new Round; after the 4th Round the game ends."""
    if state.round >= ROUNDS:
        state.phase = OVER
        state.grid, state.order, state.results = [], [], []
        return [Event.public("game_over")]
    state.first_player = (state.first_player + 1) % state.num_seats
    return start_round(state)
