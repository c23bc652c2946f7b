"""Each game's published action schema is a union discriminated by ``type``, closed to
other fields. That every legal action and view of random games, at every seat count and
option set, is of the published types is checked after every action of the games in
``tests/games/test_contract.py``."""

from __future__ import annotations

import pytest

from spyhouse.engine import get_game, load_builtin_games

load_builtin_games()
GAMES = ["estoril", "agencia", "spies", "conspiracy"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_action_schema_is_a_union_discriminated_by_type(game_id) -> None:
    schema = get_game(game_id).schemas()["action"]
    assert schema["discriminator"]["propertyName"] == "type"
    for variant in schema["$defs"].values():
        if "properties" in variant and "type" in variant["properties"]:
            assert variant["additionalProperties"] is False
