import functools
import os
import ssl

import pytest

from spyhouse.engine import load_builtin_games, register
from tests.toygame import GAME as HIGHCARD

load_builtin_games()
register(HIGHCARD)

# The tests make hundreds of HTTP clients, all speaking plain HTTP to local servers, and
# httpx builds an OpenSSL context for each one (~28 ms of CPU: OpenSSL 3 creating the
# context and loading certifi's bundle, more than many a test's own work). The contexts
# httpx asks for (certifi's bundle, nothing else) are shared instead; none is ever used.
# Any other caller (asyncpg, which changes the context it gets) still gets its own.
_new_context = ssl.create_default_context
_bundle_context = functools.cache(lambda cafile: _new_context(cafile=cafile))


def _create_default_context(
    purpose: ssl.Purpose = ssl.Purpose.SERVER_AUTH,
    *,
    cafile: str | None = None,
    capath: str | None = None,
    cadata: str | bytes | None = None,
) -> ssl.SSLContext:
    if purpose is ssl.Purpose.SERVER_AUTH and cafile and capath is None and cadata is None:
        return _bundle_context(cafile)
    return _new_context(purpose, cafile=cafile, capath=capath, cadata=cadata)


ssl.create_default_context = _create_default_context


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
