"""Game Setup #1-#4: networks, markers, missions, the draw pile and the 1st player; then
the first Round starts (:mod:`rounds`)."""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.estoril import memory, rounds
from spyhouse.games.estoril.components import (
    COLOURS,
    boards,
    character,
    characters,
    missions,
    sets_in_play,
    starting_tiles,
)
from spyhouse.games.estoril.state import EstorilOptions, EstorilState

MARKERS = {2: 6, 3: 4, 4: 3, 5: 3}
"""Tile markers per player: 6 / 4 / 3 for 2 / 3 / 4 players; 3 each with a 5th player."""


def mission_count(num_seats: int) -> int:
    """4 Mission tiles; randomly choose 5 with a 5th player.

    >>> mission_count(4), mission_count(5)
    (4, 5)
    """
    return 5 if num_seats == 5 else 4


def new_game(num_seats: int, options: EstorilOptions, seed: int) -> EstorilState:
    """The game after setup, run on to the first decision (the 1st player's placement,
    or the Enigma's)."""
    state, events = set_up(num_seats, options, seed)
    rounds.advance(state, events)
    return state


def set_up(num_seats: int, options: EstorilOptions, seed: int) -> tuple[EstorilState, list[Event]]:
    """Game Setup #1-#4 and the Start of the first Round, with the events they make."""
    rng = Rng(seed)
    sets = sets_in_play(options.promo, options.double_agent, options.vip)
    pile = [c.index for c in characters() if c.colour is None and c.set in sets]
    rng.shuffle(pile)
    pool = [m.id for m in missions() if m.set in sets]
    chosen = sorted(rng.sample(pool, mission_count(num_seats)), key=pool.index)
    state = EstorilState(
        num_seats=num_seats,
        options=options,
        rng=0,
        first_player=rng.below(num_seats),
        markers=[MARKERS[num_seats]] * num_seats,
        markers_each=MARKERS[num_seats],
        hands=[starting_tiles(COLOURS[s]) for s in range(num_seats)],
        discards=[[] for _ in range(num_seats)],
        pending_discards=[[] for _ in range(num_seats)],
        pile=pile,
        missions=chosen,
        board_pool=[b.index for b in boards() if b.set in sets],
    )
    state.rng = rng.state
    memory.hands_known(state)
    events = [game_started(state)]
    events.extend(rounds.start_round(state))
    return state, events


def game_started(state: EstorilState) -> Event:
    """Game Setup, shown to all: the players, the Missions, every network's Starting
    Characters (printed with their colour) and the 1st player."""
    return Event.public(
        "game_started",
        players=[COLOURS[s] for s in range(state.num_seats)],
        missions=list(state.missions),
        networks={
            COLOURS[s]: [character(t).label for t in starting_tiles(COLOURS[s])]
            for s in range(state.num_seats)
        },
        first_player=COLOURS[state.first_player],
    )


def setup_events(state: EstorilState) -> list[Event]:
    """What the setup showed (everything public): the same events :func:`set_up` made,
    rebuilt from the state right after setup (round 1, nothing decided yet)."""
    events = [game_started(state), rounds.round_started(state)]
    if state.enigma_slot is not None:
        events.append(rounds.enigma_placed(state, state.enigma_slot, None))
    return events
