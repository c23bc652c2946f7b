"""The small pure rule functions' doctests run with the suite."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import spyhouse.games.estoril as package

MODULES = sorted(m.name for m in pkgutil.iter_modules(package.__path__, package.__name__ + "."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_the_rule_helpers_have_examples() -> None:
    found = sum(
        doctest.testmod(importlib.import_module(f"spyhouse.games.estoril.{name}")).attempted
        for name in ("spaces", "grid", "rounds", "locations", "scoring")
    )
    assert found >= 10
