"""Build exact La Agencia positions for tests, and the invariants every state keeps."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from spyhouse.engine import Event
from spyhouse.games.agencia import GAME, positions
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.components import AGENCY, TOKENS_VALUE
from spyhouse.games.agencia.state import AgenciaState, Phase

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
    """A state at the start of a hand (see :func:`spyhouse.games.agencia.positions.position`,
    which also takes the rulebook's position words)."""
    return positions.position(
        [{p.value: card for p, card in wanted.items()} for wanted in hands],
        ambassador=ambassador,
        information=information,
        reward=reward,
        decks=decks,
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
