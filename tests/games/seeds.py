"""Seeds of a property loop, split between the quick command and the full suite."""

from __future__ import annotations

from typing import Any

import pytest

from spyhouse.engine.testing import scale


def seed_parts(first: int, total: int) -> list[Any]:
    """Two parameters for a loop over ``total`` seeds (scaled by ``SPYHOUSE_TEST_SCALE``):
    the first ``first`` seeds run in the quick command, the others are marked ``slow``
    and run in the full suite."""
    return [
        pytest.param(range(first), id="first"),
        pytest.param(range(first, scale(total)), marks=pytest.mark.slow, id="more"),
    ]
