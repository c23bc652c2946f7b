"""Getting Ready: Information, the shuffled Agency decks, the deal, the first Ambassador."""

from __future__ import annotations

from spyhouse.engine import Event, Rng
from spyhouse.games.agencia.card_positions import DEAL_ORDER, Position, seen_by
from spyhouse.games.agencia.components import AGENCY, ROUNDS, STARTING_INFORMATION, TOKENS_VALUE
from spyhouse.games.agencia.state import AgenciaOptions, AgenciaState, Player


def rounds_for(num_seats: int) -> int:
    """Rounds table: "The game will last the number of rounds indicated in the table"."""
    return ROUNDS[num_seats]


def deal_agency(rng: Rng) -> Player:
    """Shuffle the 8 members into a deck, then deal face up, face down, the hand card the
    player sees and the hand card facing the others; the other 4 stay as the deck."""
    cards = list(AGENCY)
    rng.shuffle(cards)
    dealt, deck = cards[: len(DEAL_ORDER)], cards[len(DEAL_ORDER) :]
    positions: dict[Position, str | None] = dict(zip(DEAL_ORDER, dealt, strict=True))
    return Player(
        information=STARTING_INFORMATION,
        positions=positions,
        deck=deck,
        unseen=len(deck),
    )


def new_game(num_seats: int, options: AgenciaOptions, seed: int) -> AgenciaState:
    """Each player receives 5 Information and an Agency; a random player is the
    Ambassador and takes the Embassy tile and the Round tokens."""
    rng = Rng(seed)
    players = [deal_agency(rng) for _ in range(num_seats)]
    ambassador = rng.below(num_seats)
    rounds = rounds_for(num_seats)
    return AgenciaState(
        num_seats=num_seats,
        rng=rng.state,
        players=players,
        bank=TOKENS_VALUE - STARTING_INFORMATION * num_seats,
        ambassador=ambassador,
        round_token_holder=ambassador,
        round_tokens=rounds,
        rounds=rounds,
    )


def setup_events(state: AgenciaState) -> list[Event]:
    """What Getting Ready shows: the Ambassador and the rounds to everyone, and each
    dealt card to the seats that see its position (the face-down card to nobody)."""
    events = [
        Event.public(
            "getting_ready",
            ambassador=state.ambassador,
            rounds=state.rounds,
            information=STARTING_INFORMATION,
        )
    ]
    for owner, player in enumerate(state.players):
        for position in DEAL_ORDER:
            card = player.positions[position]
            seers = seen_by(position, owner, state.num_seats)
            if card is None or not seers:
                continue
            data = {"seat": owner, "position": position.value, "card": card}
            if position is Position.TABLE_FACE_UP:
                events.append(Event.public("card_dealt", **data))
            else:
                events.append(Event.private(seers, "card_dealt", **data))
    return events
