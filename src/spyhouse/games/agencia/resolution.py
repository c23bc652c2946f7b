"""(C) Solving the played cards: Infiltrators, then Recruiters, then Agents, each group
clockwise from the Player on the left of the Ambassador.

A card is "in the game" from being played until it is discarded. Infiltrators and
Recruiters that have a choice of target stop here for their player's decision; every
other step is automatic.
"""

from __future__ import annotations

from spyhouse.engine import Event
from spyhouse.games.agencia.bank import pay_to_bank, place_on_reward_tile, take_from_bank
from spyhouse.games.agencia.components import CARDS, Kind
from spyhouse.games.agencia.hand import clockwise_from_ambassadors_left
from spyhouse.games.agencia.state import AgenciaState, Location, Phase

PREY: dict[Kind, Kind] = {Kind.INFILTRATOR: Kind.RECRUITER, Kind.RECRUITER: Kind.AGENT}
"""Whom each card exchanges with: Infiltrators catch Recruiters, Recruiters catch Agents."""

CHOOSERS: tuple[Kind, ...] = (Kind.INFILTRATOR, Kind.RECRUITER)
"""The cards that choose whom to exchange with, in solving order."""

KINDS: dict[str, Kind] = {name: card.kind for name, card in CARDS.items()}
"""Each card's kind by its name (``PlayedCard.kind`` without a property call: solving
asks it of every played card three times)."""


def in_game(state: AgenciaState, kind: Kind) -> list[int]:
    """Seats whose played card of ``kind`` is still in the game, in solving order."""
    players = state.players
    return [
        seat
        for seat in clockwise_from_ambassadors_left(state)
        if (played := players[seat].played) is not None
        and played.in_game
        and KINDS[played.card] is kind
    ]


def targets(state: AgenciaState, seat: int) -> list[int]:
    """The players ``seat``'s Infiltrator or Recruiter may choose to exchange with."""
    played = state.players[seat].played
    assert played is not None and played.in_game
    return in_game(state, PREY[played.kind])


def discard(state: AgenciaState, seat: int, card: str) -> Event:
    """Discard: "Each time a Player discards a card, they must place it facing down at
    the bottom of their deck." Everyone saw it played, so its place there is public."""
    state.players[seat].deck.append(card)
    return Event("discarded", {"seat": seat, "card": card})


def discard_played_card(state: AgenciaState, seat: int) -> Event:
    player = state.players[seat]
    played = player.played
    assert played is not None and played.in_game
    player.played = played.out_of_game()
    return discard(state, seat, played.card)


def exchange_played_cards(state: AgenciaState, seat: int, target: int) -> list[Event]:
    """The card exchange: "They exchange their played cards and discard them": each puts
    the card received at the bottom of their own deck, so each still owns 8 cards."""
    mine = state.players[seat].played
    theirs = state.players[target].played
    assert mine is not None and theirs is not None and mine.in_game and theirs.in_game
    state.players[seat].played = mine.out_of_game()
    state.players[target].played = theirs.out_of_game()
    return [discard(state, seat, theirs.card), discard(state, target, mine.card)]


def infiltrate(state: AgenciaState, seat: int, target: int) -> list[Event]:
    """1st Infiltrators: "takes from the data bank the same amount of information that's on
    the Reward tile ... chooses a player who played a Recruiter card. They exchange"."""
    took = take_from_bank(state, seat, state.reward)
    events = [Event("infiltrated", {"seat": seat, "target": target, "took": took})]
    return events + exchange_played_cards(state, seat, target)


def recruit(state: AgenciaState, seat: int, target: int) -> list[Event]:
    """2nd Recruiters: "chooses a player who played an Agent card. They exchange their
    played cards and discard them. Place an Information token ... on the Reward tile"."""
    recruited = state.players[target].played
    assert recruited is not None
    place_on_reward_tile(state)
    events = [
        Event(
            "recruited",
            {"seat": seat, "target": target, "card": recruited.card, "reward": state.reward},
        )
    ]
    return events + exchange_played_cards(state, seat, target)


def solve_choice(state: AgenciaState, seat: int, target: int) -> list[Event]:
    """Carry out the Infiltrator's or Recruiter's exchange with the chosen player."""
    played = state.players[seat].played
    assert played is not None
    if played.kind is Kind.INFILTRATOR:
        return infiltrate(state, seat, target)
    return recruit(state, seat, target)


def next_choice(state: AgenciaState, events: list[Event]) -> int | None:
    """Solve Infiltrators then Recruiters in order until one has a real choice of target.

    A card with nobody to catch is simply discarded ("If there are no Recruiters in the
    game: The Infiltrate is discarded"); one with a single possible target exchanges
    with it at once (RULINGS.md). Returns the seat that must choose, or ``None``.
    """
    for kind in CHOOSERS:
        for seat in in_game(state, kind):
            if not (choices := targets(state, seat)):
                events.append(discard_played_card(state, seat))
            elif len(choices) == 1:
                events.extend(solve_choice(state, seat, choices[0]))
            else:
                return seat
    return None


def fits_in_hall(agents_inside: int, agents: int, num_seats: int) -> bool:
    """Hall: they fit when "the number of Agents of the played card plus the amount of
    Agents already inside the Hall do not surpass the capacity" (= number of players).

    >>> fits_in_hall(agents_inside=2, agents=2, num_seats=4)
    True
    >>> fits_in_hall(agents_inside=3, agents=2, num_seats=4)
    False
    """
    return agents_inside + agents <= num_seats


def fills_garden(agents_so_far: int, agents: int, num_seats: int) -> bool:
    """Garden: they fill it when "the number of Agents of the played card plus the amount
    of Agents played until now is equal or bigger than the minimum presence" (= players).

    >>> fills_garden(agents_so_far=2, agents=2, num_seats=4)
    True
    >>> fills_garden(agents_so_far=1, agents=2, num_seats=4)
    False
    """
    return agents_so_far + agents >= num_seats


def enter_embassy(
    location: Location, agents_inside: int, agents: int, num_seats: int
) -> tuple[bool, int]:
    """Whether the played Agents succeed, and the Agents counted in the Embassy after
    them. A Hall card that does not fit is "placed facing down so it won't be used in
    the recount"; every Agent played in the Garden counts."""
    if location is Location.HALL:
        if fits_in_hall(agents_inside, agents, num_seats):
            return True, agents_inside + agents
        return False, agents_inside
    return fills_garden(agents_inside, agents, num_seats), agents_inside + agents


def solve_agents(state: AgenciaState) -> list[Event]:
    """3rd Agents, clockwise: take their Information value if they fit the Hall / fill the
    Garden, else pay it (as much as one has). Then all played Agent cards are discarded."""
    location = state.embassy
    assert location is not None
    hall, location_name = location is Location.HALL, location.value
    events: list[Event] = []
    agents_inside = 0
    solved = in_game(state, Kind.AGENT)
    for seat in solved:
        played = state.players[seat].played
        assert played is not None
        card = CARDS[played.card]
        success, agents_inside = enter_embassy(
            location, agents_inside, card.agents, state.num_seats
        )
        if success:
            amount = take_from_bank(state, seat, card.information)
        else:
            amount = pay_to_bank(state, seat, card.information)
        events.append(
            Event(
                "agents_solved",
                {
                    "seat": seat,
                    "card": card.name,
                    "location": location_name,
                    "result": "took" if success else "paid",
                    "information": amount,
                    "agents_inside": agents_inside,
                    "face_down": hall and not success,
                },
            )
        )
    events.extend(discard_played_card(state, seat) for seat in solved)
    return events


def solve_played_cards(state: AgenciaState) -> list[Event]:
    """Solve as far as possible; stop at a pending target choice, else finish with Agents."""
    events: list[Event] = []
    chooser = next_choice(state, events)
    if chooser is not None:
        state.phase = Phase.CHOOSE_TARGET
        state.choosing = chooser
        return events
    state.choosing = None
    events.extend(solve_agents(state))
    return events
