"""One catalogue of error codes: nothing undeclared can be raised, and the README's
table is the catalogue."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

import pytest

from spyhouse.engine import IllegalAction
from spyhouse.engine.refusals import REASONS
from spyhouse.server.web.problems import SERVER_CODES, Problem, error_table

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "src" / "spyhouse").rglob("*.py"))
README = ROOT / "README.md"
TABLE = re.compile(r"(<!-- error-codes:[^\n]*-->\n)(.*?)(<!-- /error-codes -->)", re.S)


def _literal_codes(call: str, position: int) -> list[tuple[str, str]]:
    """Every text literal given as argument ``position`` of ``call(...)`` in the package
    (both branches of a conditional too), with where it is."""
    found = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call) or len(node.args) <= position:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name != call:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            found += [(text, where) for text in _texts(node.args[position])]
    return found


def _texts(node: ast.expr) -> list[str]:
    """The text a code argument may be: a literal, or either branch of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _texts(node.body) + _texts(node.orelse)
    return []


def test_every_literal_refusal_reason_is_declared() -> None:
    found = _literal_codes("IllegalAction", 0)
    assert len(found) > 40  # the scan sees the games' raise sites
    assert [(code, where) for code, where in found if code not in REASONS] == []


def test_every_literal_problem_code_is_declared() -> None:
    found = _literal_codes("Problem", 1)
    assert len(found) > 40
    assert [(code, where) for code, where in found if code not in SERVER_CODES] == []


def test_an_undeclared_code_cannot_be_raised() -> None:
    with pytest.raises(ValueError, match="not_now"):
        IllegalAction("not_now", "Not now.")
    with pytest.raises(ValueError, match="made_up"):
        Problem(422, "made_up", "Nobody declared this.")
    with pytest.raises(ValueError, match="stale_version"):
        Problem(422, "stale_version", "Declared, but as a 409.")
    with pytest.raises(ValueError, match="reason"):
        Problem(422, "illegal_action", "An undeclared reason.", reason="not_now")


def test_refusals_of_who_acts_are_top_level_codes() -> None:
    assert {"not_your_turn", "game_over"} <= SERVER_CODES.keys() & REASONS.keys()


def test_the_readme_table_is_the_catalogue() -> None:
    text = README.read_text()
    match = TABLE.search(text)
    assert match is not None, "README.md lost its <!-- error-codes --> block"
    if os.environ.get("SPYHOUSE_WRITE_README") == "1":  # regenerate, then look at the diff
        README.write_text(text[: match.start(2)] + error_table() + text[match.end(2) :])
        match = TABLE.search(README.read_text())
        assert match is not None
    assert match.group(2) == error_table(), (
        "README.md's error table differs from the catalogue: run this test with "
        "SPYHOUSE_WRITE_README=1"
    )
