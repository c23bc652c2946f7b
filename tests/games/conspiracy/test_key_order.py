"""No order may come from a dict's key order in the state.

PostgreSQL's JSONB stores object keys in its own order (shortest first, then bytewise),
SQLite and memory keep insertion order. A state loaded with its keys re-ordered must give
byte-for-byte the same views, legal actions, ``to_act``, events and determinized worlds.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from spyhouse.engine import Game, GameState, Rng
from spyhouse.engine.bots import random_action
from spyhouse.engine.testing import scale
from tests.games.conspiracy.helpers import GAME

GAMES = {2: 6, 3: 5, 4: 4}


def _jsonb_key(key: str) -> tuple[int, bytes]:
    data = key.encode()
    return len(data), data


ORDERINGS = {
    "sorted": lambda keys: sorted(keys),
    "reverse": lambda keys: sorted(keys, reverse=True),
    "jsonb": lambda keys: sorted(keys, key=_jsonb_key),
}


def reorder(value: Any, how: str) -> Any:
    """``value`` with every object's keys re-ordered (recursively)."""
    if isinstance(value, dict):
        return {k: reorder(value[k], how) for k in ORDERINGS[how](list(value))}
    if isinstance(value, list):
        return [reorder(v, how) for v in value]
    return value


def _text(value: Any) -> str:
    return json.dumps(value)  # no sort_keys: the order is what is compared


def check_key_order_independent(
    game: Game[Any], state: GameState, action: tuple[int, dict[str, Any]] | None
) -> None:
    """``state`` reloaded with re-ordered keys behaves byte for byte like ``state``."""
    dumped = game.dump(state)
    seats = range(state.num_seats)
    for how in ORDERINGS:
        other = game.load(json.loads(json.dumps(reorder(dumped, how))))
        assert sorted(game.to_act(other)) == sorted(game.to_act(state))
        for seat in [None, *seats]:
            assert _text(game.view(other, seat)) == _text(game.view(state, seat)), (how, seat)
        for seat in seats:
            assert _text(game.legal_actions(other, seat)) == _text(
                game.legal_actions(state, seat)
            ), (how, seat)
        for seat in seats:
            mine = game.determinize(state, seat, Rng(seat + 1))
            theirs = game.determinize(other, seat, Rng(seat + 1))
            assert json.dumps(game.dump(mine), sort_keys=True) == json.dumps(
                game.dump(theirs), sort_keys=True
            ), (how, seat)
        if action is not None:
            seat, act = action
            after, events = game.apply(state, seat, act)
            after_other, events_other = game.apply(other, seat, act)
            assert _text([e.to_json() for e in events_other]) == _text(
                [e.to_json() for e in events]
            ), how
            assert json.dumps(game.dump(after_other), sort_keys=True) == json.dumps(
                game.dump(after), sort_keys=True
            ), how


def play_checking_key_order(game: Game[Any], seats: int, seed: int, every: int) -> None:
    """A random game, checked every ``every`` steps and at the end."""
    rng = Rng(seed * 31 + 5)
    state = game.setup(seats, game.parse_options({}), seed)
    step = 0
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        action = random_action(game, state, seat, rng)
        if step % every == 0:
            check_key_order_independent(game, state, (seat, action))
        state, _ = game.apply(state, seat, action)
        step += 1
    check_key_order_independent(game, state, None)


@pytest.mark.parametrize("seats", sorted(GAMES))
def test_reordered_keys_change_nothing(seats: int) -> None:
    for seed in range(scale(GAMES[seats])):
        play_checking_key_order(GAME, seats, seed, every=3 + seed % 4)
