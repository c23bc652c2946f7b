"""What each seat may know, built by allow-list from the state.

A seat sees the table as a person sitting there would: every face-up and played card,
the hand cards facing it, its own card facing it, card counts, Information, the Reward
tile and the Embassy tile. A hidden card is shown as a bare position with no identity.
The view does not remember for the player: which card went to the bottom of which deck
is in the public event log, not re-derived here (RULINGS.md).

Once the game is over, every card still on the table is shown to everyone: the score
is Information alone, so nothing left hidden can matter any more (RULINGS.md, "End
reveal"). The decks stay face down: no rule turns them over.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Literal, NotRequired, cast

from pydantic import ConfigDict, with_config
from typing_extensions import TypedDict

from spyhouse.games.agencia.card_positions import DEAL_ORDER, NAMES, Position, sees
from spyhouse.games.agencia.components import CARDS
from spyhouse.games.agencia.decisions import expected_type, to_act
from spyhouse.games.agencia.hand import clockwise_from_ambassadors_left
from spyhouse.games.agencia.resolution import targets
from spyhouse.games.agencia.scoring import final_scores, winners
from spyhouse.games.agencia.state import AgenciaState, Location, Phase, Player

# -- the view's types: the published view schema is made from these, mypy checks the
# functions below build them, and the game's tests validate every view against them ----

_CLOSED = ConfigDict(extra="forbid")


@with_config(_CLOSED)
class CardFace(TypedDict):
    """A card face as a client draws it."""

    name: str
    kind: str
    agents: int
    information: int


@with_config(_CLOSED)
class CardReference(CardFace):
    """A card in the rules reference, with its copies and data status."""

    copies: int
    status: str


@with_config(_CLOSED)
class PositionView(TypedDict):
    """One of a player's four positions: a card seen, or a bare hidden or empty place."""

    position: str
    label: str
    state: Literal["empty", "seen", "hidden"]
    card: NotRequired[CardFace]


PlayedCard = TypedDict("PlayedCard", {"card": CardFace, "from": str, "in_game": bool})
PlayedCard.__pydantic_config__ = _CLOSED  # type: ignore[attr-defined]
"""The card a player played this hand, and where it came from ("from" is a keyword)."""


@with_config(_CLOSED)
class PlayerView(TypedDict):
    seat: int
    you: bool
    ambassador: bool
    information: int
    deck_size: int
    positions: list[PositionView]
    played: PlayedCard | None


@with_config(_CLOSED)
class LocationChoice(TypedDict):
    location: Literal["Hall", "Garden"]
    text: str


@with_config(_CLOSED)
class Prompt(TypedDict):
    """The viewing seat's pending decision, with what a client needs to present it."""

    kind: Literal["choose_location", "play", "infiltrate", "recruit"]
    text: str
    locations: NotRequired[list[LocationChoice]]
    positions: NotRequired[list[PositionView]]
    targets: NotRequired[list[int]]


@with_config(_CLOSED)
class FinalScoreView(TypedDict):
    seat: int
    tokens: int
    cards: int
    total: int


@with_config(_CLOSED)
class AgenciaView(TypedDict):
    """What one seat (or a spectator) of La Agencia sees."""

    game: Literal["agencia"]
    seat: int | None
    phase: str
    to_act: list[int]
    hand: int
    hands: int
    round: int
    rounds: int
    round_tokens: int
    round_token_holder: int | None
    ambassador: int
    play_order: list[int]
    embassy: dict[str, str | int] | None
    reward_tile: int
    data_bank: int | None
    players: list[PlayerView]
    prompt: Prompt | None
    cards: list[CardReference]
    final_scores: NotRequired[list[FinalScoreView]]
    winners: NotRequired[list[int]]


_CARD_FACES: dict[str, CardFace] = {
    name: cast(CardFace, card.to_json()) for name, card in CARDS.items()
}
"""Every card face, built once and shared by every view that shows the card: views are
built for every reader after every move, and nothing changes a view once built (the
engine contract lets views share parts)."""


def card_view(name: str) -> CardFace:
    """A card face as a client draws it (shared, never to be changed: see ``_CARD_FACES``)."""
    return _CARD_FACES[name]


@cache
def card_reference() -> list[CardReference]:
    """The card list for the in-app rules reference, with each value's data status.

    Printed, so built once and shared by every view, which is built for every reader
    after every move."""
    return [
        cast(CardReference, {**card.to_json(), "copies": card.copies, "status": card.status})
        for card in CARDS.values()
    ]


_EMPTY: dict[Position, PositionView] = {
    p: {"position": p.value, "label": p.label, "state": "empty"} for p in Position
}
_HIDDEN: dict[Position, PositionView] = {
    p: {"position": p.value, "label": p.label, "state": "hidden"} for p in Position
}
_SEEN: dict[tuple[Position, str], PositionView] = {
    (p, name): {"position": p.value, "label": p.label, "state": "seen", "card": face}
    for p in Position
    for name, face in _CARD_FACES.items()
}
"""Each way a position can be drawn, built once and shared: every player's four positions
are drawn for every reader after every move, and only which entry each shows depends on
the state and the viewer (:func:`positions_view`)."""


def positions_view(
    player: Player, owner: int, viewer: int | None, over: bool = False
) -> list[PositionView]:
    """The four positions: a card the viewer sees, or a bare hidden or empty place
    (every card is seen once the game is ``over``)."""
    entries = []
    for position, seen in zip(DEAL_ORDER, _sees_each(owner, viewer), strict=True):
        card = player.positions[position]
        if card is None:
            entries.append(_EMPTY[position])
        elif over or seen:
            entries.append(_SEEN[position, card])
        else:
            entries.append(_HIDDEN[position])
    return entries


@cache
def _sees_each(owner: int, viewer: int | None) -> tuple[bool, ...]:
    """Whether ``viewer`` sees ``owner``'s card in each position (:func:`sees`, in deal
    order), worked out once for each of the few pairs of seats."""
    return tuple(sees(position, owner, viewer) for position in DEAL_ORDER)


def player_view(state: AgenciaState, owner: int, viewer: int | None) -> PlayerView:
    player = state.players[owner]
    played = player.played
    return {
        "seat": owner,
        "you": owner == viewer,
        "ambassador": owner == state.ambassador,
        "information": player.information,
        "deck_size": len(player.deck),
        "positions": positions_view(player, owner, viewer, state.phase is Phase.OVER),
        "played": None
        if played is None
        else {
            "card": card_view(played.card),
            "from": NAMES[played.position],
            "in_game": played.in_game,
        },
    }


def embassy_view(state: AgenciaState) -> dict[str, str | int] | None:
    if state.embassy is None:
        return None
    limit = "capacity" if state.embassy is Location.HALL else "minimum"
    return {"location": state.embassy.value, limit: state.num_seats}


def data_bank_view(state: AgenciaState) -> int | None:
    """Information left in the bank's printed tokens; ``None`` once they have run out
    (the bank is unlimited, clarification 3, so it keeps paying)."""
    return state.bank if state.bank >= 0 else None


def prompt(state: AgenciaState, seat: int | None) -> Prompt | None:
    """The viewing seat's pending decision, with what a client needs to present it."""
    if seat is None or seat not in to_act(state):
        return None
    kind = expected_type(state)
    n = state.num_seats
    if kind == "choose_location":
        return {
            "kind": "choose_location",
            "text": "You are the Ambassador: place the Embassy tile Hall or Garden side up.",
            "locations": [
                {"location": "Hall", "text": f"At most {n} Agents fit inside the Hall."},
                {"location": "Garden", "text": f"At least {n} Agents must fill the Garden."},
            ],
        }
    if kind == "play":
        return {
            "kind": "play",
            "text": "Play one of your four available cards face up, seen or not.",
            "positions": positions_view(state.players[seat], seat, seat),
        }
    choices = targets(state, seat)
    if kind == "infiltrate":
        text = (
            f"Your Infiltrator takes {state.reward} Information from the bank. "
            "Choose whose Recruiter it exchanges with."
        )
    else:
        text = "Choose whose Agents your Recruiter recruits."
    return {
        "kind": "infiltrate" if kind == "infiltrate" else "recruit",
        "text": text,
        "targets": choices,
    }


def view(state: AgenciaState, seat: int | None) -> AgenciaView:
    """Everything ``seat`` (``None``: a spectator) may know, and nothing else."""
    players = [player_view(state, owner, seat) for owner in range(state.num_seats)]
    return _read_by(_table(state), state, seat, players)


def views(state: AgenciaState, readers: Sequence[int | None]) -> list[AgenciaView]:
    """Several readers' views of one state, each equal to :func:`view`.

    Built for every seat of a table after every move, so what every reader sees alike is
    built once (:func:`_table`). The players are what differs: a player sees the card
    facing them in their own hand, and the card facing the others in every other hand.
    So each player is drawn once as the other players see it, shared by their views, and
    once more as its owner sees it, for the owner's view only."""
    table = _table(state)
    everyone = range(state.num_seats)
    seated = any(seat is not None for seat in readers)
    as_others = [_as_others_see(state, owner) for owner in everyone] if seated else []
    out: list[AgenciaView] = []
    for seat in readers:
        if seat is None:
            players = [player_view(state, owner, None) for owner in everyone]
        else:
            players = [
                player_view(state, seat, seat) if owner == seat else as_others[owner]
                for owner in everyone
            ]
        out.append(_read_by(table, state, seat, players))
    return out


def _as_others_see(state: AgenciaState, owner: int) -> PlayerView:
    """``owner`` as every other player sees them. Who sees a card (:func:`sees`) asks of a
    player only whether they are its owner, so the seat after ``owner`` stands for all."""
    return player_view(state, owner, (owner + 1) % state.num_seats)


def _table(state: AgenciaState) -> AgenciaView:
    """What every reader sees alike: the view but for who reads it, the players as that
    reader sees them and their prompt (left empty here: :func:`_read_by` fills them)."""
    result: AgenciaView = {
        "game": "agencia",
        "seat": None,
        "phase": state.phase.value,
        "to_act": sorted(to_act(state)),
        "hand": state.hand,
        "hands": state.rounds * state.num_seats,
        "round": min(state.rounds, state.rounds - state.round_tokens + 1),
        "rounds": state.rounds,
        "round_tokens": state.round_tokens,
        "round_token_holder": state.round_token_holder,
        "ambassador": state.ambassador,
        "play_order": list(clockwise_from_ambassadors_left(state)),
        "embassy": embassy_view(state),
        "reward_tile": state.reward,
        "data_bank": data_bank_view(state),
        "players": [],
        "prompt": None,
        "cards": card_reference(),
    }
    if state.phase is Phase.OVER:
        scores = final_scores(state)
        result["final_scores"] = [cast(FinalScoreView, score.to_json()) for score in scores]
        result["winners"] = list(winners(scores))
    return result


def _read_by(
    table: AgenciaView, state: AgenciaState, seat: int | None, players: list[PlayerView]
) -> AgenciaView:
    """``seat``'s view: the shared ``table`` (a shallow copy, the same keys in the same
    order) with ``players`` as ``seat`` sees them and its own prompt."""
    result = table.copy()
    result["seat"] = seat
    result["players"] = players
    result["prompt"] = prompt(state, seat)
    return result
