"""One hand's steps that are not card solving: (A) the Embassy location, (B) playing
the Agency cards, (D) replacing cards and (E) the new Ambassador."""

from __future__ import annotations

from functools import cache

from spyhouse.engine import Event
from spyhouse.games.agencia.card_positions import NAMES, Position, seen_by
from spyhouse.games.agencia.state import AgenciaState, Location, Phase, played_card


def clockwise_from_ambassadors_left(state: AgenciaState) -> tuple[int, ...]:
    """(B) and (C): "Beginning with the Player on the left of the Ambassador and going on
    clockwise" (seat numbers increase clockwise); the Ambassador comes last."""
    return _clockwise_after(state.ambassador, state.num_seats)


@cache
def _clockwise_after(seat: int, num_seats: int) -> tuple[int, ...]:
    """The seats after ``seat`` clockwise, ``seat`` last (one table of them per game size).

    >>> _clockwise_after(2, 4)
    (3, 0, 1, 2)
    """
    return tuple((seat + 1 + i) % num_seats for i in range(num_seats))


def choose_embassy_location(state: AgenciaState, location: Location) -> list[Event]:
    """(A) "The Ambassador places the Embassy tile ... with the side of their choice"."""
    state.embassy = location
    state.phase = Phase.PLAY
    state.to_play = clockwise_from_ambassadors_left(state)[0]
    return [
        Event(
            "embassy_location_chosen",
            {"seat": state.ambassador, "location": location.value, "agents": state.num_seats},
        )
    ]


def play_agency_card(state: AgenciaState, seat: int, position: Position) -> list[Event]:
    """(B) "each Player ... must choose one of their available cards and plays it before
    them facing up." The next player clockwise is then to play, until the Ambassador."""
    player = state.players[seat]
    card = player.positions[position]
    assert card is not None, "every position holds a card while cards are played"
    player.positions[position] = None
    if position in player.remembered:
        player.remembered.remove(position)
    player.played = played_card(card, position)
    state.to_play = None if seat == state.ambassador else (seat + 1) % state.num_seats
    return [Event("card_played", {"seat": seat, "position": NAMES[position], "card": card})]


def everyone_has_played(state: AgenciaState) -> bool:
    """The Ambassador plays last (:func:`play_agency_card`), so once they have played
    nobody is left to play (asked after every card: one field read)."""
    return state.to_play is None


def replace_card(state: AgenciaState, seat: int) -> list[Event]:
    """(D) "each Player must draw the upper card from their deck and places it in the
    same position as the card they just played." The card takes that position's
    visibility, and stays public if everyone saw it go to the bottom of the deck."""
    player = state.players[seat]
    assert player.played is not None
    position = player.played.position
    drawn = player.deck.pop(0)
    face_up = position is Position.TABLE_FACE_UP
    if player.unseen:
        player.unseen -= 1
    elif not face_up:
        player.remembered.append(position)
    player.positions[position] = drawn
    player.played = None
    name = NAMES[position]
    if face_up:
        return [Event("card_drawn", {"seat": seat, "position": name, "card": drawn})]
    events = [Event("card_drawn", {"seat": seat, "position": name})]
    seers = _audience(position, seat, state.num_seats)
    if seers:
        events.append(Event("card_seen", {"seat": seat, "position": name, "card": drawn}, seers))
    return events


@cache
def _audience(position: Position, owner: int, num_seats: int) -> frozenset[int]:
    """The seats that see a card drawn into ``position`` (:func:`seen_by`), as an event's
    audience: built once per position, owner and table."""
    return frozenset(seen_by(position, owner, num_seats))


def new_ambassador(state: AgenciaState) -> list[Event]:
    """(E) "The Embassy tile moves to the next Player clockwise. If the next Ambassador is
    the one who has the Round tokens ..., they must return one token to the box."
    """
    state.ambassador = (state.ambassador + 1) % state.num_seats
    state.embassy = None
    events = [Event("new_ambassador", {"seat": state.ambassador})]
    if state.ambassador == state.round_token_holder:
        state.round_tokens -= 1
        events.append(Event("round_token_returned", {"round_tokens_left": state.round_tokens}))
    return events


def last_round_token_returned(state: AgenciaState) -> bool:
    """(E) "The very moment when the last Round token is discarded ..., the game ends"."""
    return state.round_tokens == 0
