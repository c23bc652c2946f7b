"""La Agencia never depends on the key order of a stored state (PostgreSQL's JSONB
re-orders object keys): a reloaded state with its dicts reversed determinizes alike."""

from __future__ import annotations

from typing import Any

from spyhouse.engine import Rng
from spyhouse.games.agencia import GAME


def reversed_keys(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: reversed_keys(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reversed_keys(v) for v in value]
    return value


def test_determinize_does_not_follow_the_stored_key_order():
    for seed in range(6):
        state = GAME.setup(4, GAME.parse_options({}), seed)
        rng = Rng(seed)
        for _ in range(seed * 3):
            seat = rng.choice(sorted(GAME.to_act(state)))
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        shuffled = GAME.load(reversed_keys(GAME.dump(state)))
        for seat in range(4):
            a = GAME.determinize(state, seat, Rng(99))
            b = GAME.determinize(shuffled, seat, Rng(99))
            assert {k: sorted(v.items()) for k, v in _positions(GAME.dump(a)).items()} == {
                k: sorted(v.items()) for k, v in _positions(GAME.dump(b)).items()
            }


def _positions(dumped: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {i: p["positions"] for i, p in enumerate(dumped["players"])}
