"""Build exact La Agencia positions for tests, and the invariants every state keeps."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from spyhouse.engine import Event
from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.components import AGENCY, TOKENS_VALUE
from spyhouse.games.agencia.getting_ready import rounds_for
from spyhouse.games.agencia.positions import Position
from spyhouse.games.agencia.state import AgenciaState, Phase, Player

UP = Position.TABLE_FACE_UP
DOWN = Position.TABLE_FACE_DOWN
MINE = Position.HAND_FACING_OWNER
OTHERS = Position.HAND_FACING_OTHERS


def arrange(
    hands: Sequence[Mapping[Position, str]],
    *,
    ambassador: int = 0,
    information: Sequence[int] | None = None,
    reward: int = 0,
    decks: Sequence[Sequence[str]] | None = None,
) -> AgenciaState:
    """A state at the start of a hand (the Ambassador to choose the location).

    ``hands[seat]`` names the cards wanted in some positions; the rest of that player's
    agency fills the other positions and then the deck (unseen), in rulebook order,
    unless ``decks`` gives the deck (top first).
    """
    n = len(hands)
    information = list(information or [5] * n)
    players = []
    for seat, wanted in enumerate(hands):
        rest = Counter(AGENCY)
        rest.subtract(wanted.values())
        assert min(rest.values()) >= 0, f"seat {seat} holds cards not in one agency"
        spare = list(rest.elements())
        if decks is not None:
            for card in decks[seat]:
                spare.remove(card)
            spare = spare + list(decks[seat])
        positions: dict[Position, str | None] = {
            p: wanted[p] if p in wanted else spare.pop(0) for p in Position
        }
        players.append(
            Player(
                information=information[seat], positions=positions, deck=spare, unseen=len(spare)
            )
        )
    rounds = rounds_for(n)
    return AgenciaState(
        num_seats=n,
        rng=12345,
        players=players,
        bank=TOKENS_VALUE - sum(information) - reward,
        reward=reward,
        ambassador=ambassador,
        round_token_holder=ambassador,
        round_tokens=rounds,
        rounds=rounds,
    )


def play_hand(
    state: AgenciaState,
    location: str,
    plays: Mapping[int, Position],
    choices: Sequence[int] = (),
) -> tuple[AgenciaState, list[Event]]:
    """Play one whole hand: the location, every seat's play in turn, then the targets."""
    events: list[Event] = []
    state, new = GAME.apply(
        state, state.ambassador, {"type": "choose_location", "location": location}
    )
    events += new
    for _ in range(state.num_seats):
        (seat,) = GAME.to_act(state)
        state, new = GAME.apply(state, seat, {"type": "play", "position": plays[seat].value})
        events += new
    for target in choices:
        (seat,) = GAME.to_act(state)
        kind = GAME.legal_actions(state, seat)[0]["type"]
        state, new = GAME.apply(state, seat, {"type": kind, "target": target})
        events += new
    assert state.phase in (Phase.CHOOSE_LOCATION, Phase.OVER), "hand left unfinished"
    return state, events


def of_type(events: list[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.type == kind]


def check_invariants(state: AgenciaState, events: list[Event] | None = None) -> None:
    """Conservation and shape invariants that hold after every action."""
    n = state.num_seats
    everyone: Counter[str] = Counter()
    for seat, player in enumerate(state.players):
        owned = player.owned()
        assert len(owned) == 8, f"seat {seat} owns {len(owned)} cards"
        everyone.update(owned)
        assert player.information >= 0, f"seat {seat} has negative information"
        assert 0 <= player.unseen <= len(player.deck)
        assert Position.TABLE_FACE_UP not in player.remembered
        assert len(set(player.remembered)) == len(player.remembered)
        assert all(player.positions[p] is not None for p in player.remembered)
        empty = [p for p, card in player.positions.items() if card is None]
        if state.phase in (Phase.CHOOSE_LOCATION, Phase.OVER):
            assert not empty and player.played is None and len(player.deck) == 4
        else:
            assert len(empty) == (player.played is not None)
            assert len(player.deck) == 4 + (player.played is not None and not player.played.in_game)
    assert everyone == Counter({card: count * n for card, count in Counter(AGENCY).items()})
    assert state.reward >= 0
    total = state.bank + state.reward + sum(p.information for p in state.players)
    assert total == TOKENS_VALUE, "the bank, the players and the Reward tile lost a point"
    assert 1 <= state.hand <= state.rounds * n
    assert 0 <= state.round_tokens <= state.rounds
