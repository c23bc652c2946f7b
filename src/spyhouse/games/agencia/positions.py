"""Build a La Agencia position in the rulebook's words, for tests, tools and puzzles.

Like a chess FEN, a position names what lies in front of each player — which card in
which of the four positions, their Information, the deck — not the state's internals.
Positions are named as the rulebook names them (``"face up"``, ``"face down"``,
``"facing owner"``, ``"facing others"``, or their full labels); cards by their names:

>>> state = position(
...     [{"face up": "1 Agent", "facing others": "Recruiter"},
...      {"face up": "Infiltrator"},
...      {"face down": "5 Agents"}],
...     ambassador=2,
...     information=[5, 3, 8],
... )
>>> view = GAME.view(state, 1)
>>> view["players"][0]["positions"][3]["card"]["name"], view["ambassador"]
('Recruiter', 2)

Each player's cards not named fill their other positions and then their deck (unseen,
in the rulebook's card order) unless ``decks`` gives the deck, top card first. The
result is the start of a hand: the Ambassador is to choose the Embassy's side.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from spyhouse.games.agencia import GAME
from spyhouse.games.agencia.card_positions import Position
from spyhouse.games.agencia.components import AGENCY, TOKENS_VALUE
from spyhouse.games.agencia.setup import rounds_for
from spyhouse.games.agencia.state import AgenciaState, Player

WORDS: dict[str, Position] = {
    **{position.value: position for position in Position},
    **{position.label: position for position in Position},
    "face up": Position.TABLE_FACE_UP,
    "face down": Position.TABLE_FACE_DOWN,
    "facing owner": Position.HAND_FACING_OWNER,
    "facing others": Position.HAND_FACING_OTHERS,
}
"""Every way a position may be named here."""


def position_named(words: str) -> Position:
    """``"facing others"`` → ``Position.HAND_FACING_OTHERS``.

    >>> position_named("in hand, facing its owner").value
    'hand_facing_owner'
    """
    if words not in WORDS:
        raise ValueError(f"no position called {words!r}; say one of {sorted(WORDS)}")
    return WORDS[words]


def position(
    hands: Sequence[Mapping[str, str]],
    *,
    ambassador: int = 0,
    information: Sequence[int] | None = None,
    reward: int = 0,
    decks: Sequence[Sequence[str]] | None = None,
) -> AgenciaState:
    """The start of a hand with these cards in front of each player (one mapping a seat)."""
    n = len(hands)
    if n not in range(GAME.min_seats, GAME.max_seats + 1):
        raise ValueError(f"La Agencia is for {GAME.min_seats}–{GAME.max_seats} players")
    information = list(information or [5] * n)
    players = []
    for seat, wanted in enumerate(hands):
        placed = {position_named(words): card for words, card in wanted.items()}
        rest = Counter(AGENCY)
        rest.subtract(placed.values())
        if min(rest.values()) < 0 or len(rest) != len(Counter(AGENCY)):
            raise ValueError(f"seat {seat} holds cards not in one agency: {dict(wanted)}")
        spare = list(rest.elements())
        if decks is not None:
            for card in decks[seat]:
                spare.remove(card)
            spare = spare + list(decks[seat])
        positions: dict[Position, str | None] = {
            p: placed[p] if p in placed else spare.pop(0) for p in Position
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
