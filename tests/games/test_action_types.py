"""Each game's published action schema describes exactly what it offers: every legal
action of random games, at every seat count and option set a game has, is one of its
``ActionType`` (the types the schema is made from)."""

from __future__ import annotations

import pytest

from spyhouse.engine import get_game, load_builtin_games
from spyhouse.engine.testing import check_action_types

load_builtin_games()
OPTIONS = {
    "estoril": [{}, {"promo": True, "double_agent": True, "vip": True, "roulette": True}],
    "agencia": [{}],
    "spies": [{}],
    "conspiracy": [{}],
}
CASES = [
    (game_id, seats, options)
    for game_id, option_sets in OPTIONS.items()
    for options in option_sets
    for seats in get_game(game_id).seat_range(get_game(game_id).parse_options(options))
]


@pytest.mark.parametrize("game_id,seats,options", CASES)
def test_every_legal_action_is_of_the_published_types(game_id, seats, options) -> None:
    game = get_game(game_id)
    for seed in range(2):
        assert check_action_types(game, seats, options, seed) > 0


@pytest.mark.parametrize("game_id", list(OPTIONS))
def test_the_action_schema_is_a_union_discriminated_by_type(game_id) -> None:
    schema = get_game(game_id).schemas()["action"]
    assert schema["discriminator"]["propertyName"] == "type"
    for variant in schema["$defs"].values():
        if "properties" in variant and "type" in variant["properties"]:
            assert variant["additionalProperties"] is False
