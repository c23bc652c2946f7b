import functools
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


@pytest.fixture
def highcard():
    return HIGHCARD
