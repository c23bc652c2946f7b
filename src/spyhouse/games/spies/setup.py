"""Setup: the Intel deck, each side's soldiers, one exhausted soldier a side, and the
Starting Player card's secret spin."""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.spies.components import ALL_RANKS, MISSIONS, components, soldier_name
from spyhouse.games.spies.rounds import exhaust
from spyhouse.games.spies.state import SideState, SpiesOptions, SpiesState
from spyhouse.games.spies.teams import side_name, side_seats


def new_side() -> SideState:
    return SideState(
        hand=tuple(ALL_RANKS),
        exhausted=(),
        missions=(None,) * MISSIONS,
        face_up=(False,) * MISSIONS,
        tilted=(False,) * MISSIONS,
        intel_tokens=(None,) * MISSIONS,
        guesses=(None,) * MISSIONS,
        deception_on=(False,) * MISSIONS,
        deception_tokens=components().deception_tokens_at_start,
    )


def new_game(num_seats: int, options: SpiesOptions, seed: int) -> SpiesState:
    """Shuffle the Intel deck (top card to Old Intel) and exhaust one random soldier a side.

    The Starting Player card's spin is drawn here too, from the same seed, but stays
    secret until the first Mission phase turns it over (:func:`rounds.spin_starting_player`).
    """
    rng = Rng(seed)
    deck = list(range(len(components().intel_cards)))
    rng.shuffle(deck)
    old = [deck.pop()]
    sides = [new_side(), new_side()]
    for side in sides:
        exhaust(side, [rng.choice(side.hand)])
    state = SpiesState(
        num_seats=num_seats,
        rng=0,
        sides=sides,
        starting_side=rng.below(2),
        intel_deck=deck,
        old_intel=old,
        intel_submitted=[False] * num_seats,
    )
    state.rng = rng.state
    return state


def setup_events(state: SpiesState) -> list[Event]:
    """What the setup shows: the Old Intel card and both exhausted soldiers to everyone,
    and to each side's players the 9 soldiers kept in hand."""
    events = [
        Event.public(
            "setup",
            old_intel=components().intel_cards[state.old_intel[0]].name,
            exhausted={
                side_name(i): soldier_name(s.exhausted[0]) for i, s in enumerate(state.sides)
            },
        )
    ]
    for index, side in enumerate(state.sides):
        events.append(
            Event.private(
                side_seats(state.num_seats, index),
                "hand",
                side=side_name(index),
                soldiers=[soldier_name(r) for r in side.hand],
            )
        )
    return events
