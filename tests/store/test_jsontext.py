"""The server's one JSON encoder writes what ``json.dumps`` would, compact and UTF-8,
whichever of its paths a value takes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spyhouse.store import jsontext


def _reference(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize(
    "value",
    [
        {"seat": 1, "name": "Ünïcode ✓", "tiles": [1.5, None, True], "nested": {"a": []}},
        {0: "zero", 1: {"two": 2}},  # keys that are not strings are written as strings
        {"big": 2**70, "small": -(2**63)},  # beyond 64 bits: the standard library's path
        [{"a": {3: 2**65}}],
    ],
)
def test_dumps_writes_what_json_writes(value: Any) -> None:
    assert jsontext.dumps(value) == _reference(value)
    assert jsontext.dumps_bytes(value) == _reference(value).encode()
