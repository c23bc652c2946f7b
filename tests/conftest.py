import functools
import os
import ssl

import pytest

from spyhouse.engine import load_builtin_games, register
from tests.toygame import GAME as HIGHCARD

load_builtin_games()
register(HIGHCARD)

# The tests make well over a thousand HTTP clients, all speaking plain HTTP to local
# servers, and httpx builds an OpenSSL context for each one (~28 ms of CPU: OpenSSL 3
# creating the context and loading certifi's bundle, more than many a test's own work).
# Contexts asked for with the same arguments are shared instead; none is ever used.
ssl.create_default_context = functools.cache(ssl.create_default_context)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the cores this process may use. About a tenth of
    the suite's time is spent waiting (for a page to draw, a socket, a clock's deadline,
    a subprocess), and an extra worker fills it: on a 2-core machine the full suite took
    496 s with three workers, 522 s with two and 520 s with four (which also made a
    browser test flaky)."""
    return len(os.sched_getaffinity(0)) + 1


@pytest.fixture
def highcard():
    return HIGHCARD
