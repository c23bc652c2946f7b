"""The rule helpers keep their examples. The suite runs every doctest of the engine, the
games and the bots once, through ``--doctest-modules`` (``pyproject.toml``); this only
counts the examples, without running them, so none can quietly disappear."""

from __future__ import annotations

import doctest
import importlib

import pytest

HELPERS = {
    "estoril": (["spaces", "grid", "setup", "locations", "scoring"], 10),
    "conspiracy": (["board"], 3),  # its parameter readers are in engine.matching
}


@pytest.mark.parametrize("game", sorted(HELPERS))
def test_the_rule_helpers_have_examples(game: str) -> None:
    names, least = HELPERS[game]
    finder = doctest.DocTestFinder()
    found = sum(
        len(test.examples)
        for name in names
        for test in finder.find(importlib.import_module(f"spyhouse.games.{game}.{name}"))
    )
    assert found >= least
