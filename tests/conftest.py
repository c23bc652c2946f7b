import pytest

from spyhouse.engine import load_builtin_games, register
from tests.toygame import GAME as HIGHCARD

load_builtin_games()
register(HIGHCARD)


@pytest.fixture
def highcard():
    return HIGHCARD
