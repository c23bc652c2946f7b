"""Headless Chromium (Debian's packages) driving the real page against a live server.

Never downloads a browser: Playwright's Python package launches Debian's
``chromium-headless-shell``, the Blink of ``chromium`` without the desktop browser around
it. It is what Playwright itself runs headless, and it paints a page for half the CPU of
the full browser's headless mode (the browser tests ran in 490 CPU-seconds with it
against 870), which on a 2-core machine is most of the suite's time.
"""

from __future__ import annotations

import os
import socket
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from spyhouse.chance import SeededChance
from tests.browser.guard import GUARD, GuardedBrowser
from tests.server.conftest import LiveServer, migrated_database, start_server

CHROMIUM = os.environ.get("SPYHOUSE_CHROMIUM", "/usr/bin/chromium-headless-shell")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OUTPUT = Path(__file__).resolve().parents[2] / "test-output"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "server(**settings): a browser test whose live server runs with these settings "
        "(e.g. a search bot's thinking time where the test is not about it)",
    )


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser():
    """Chromium for one module. Not for the session: Playwright's sync API keeps an event
    loop running on the main thread while it lives, and an async test that an xdist
    worker runs after a browser module would then fail to start its own loop."""
    if not Path(CHROMIUM).exists():
        message = (
            f"{CHROMIUM} is missing: apt-get install chromium-headless-shell "
            "(CI installs it), or point SPYHOUSE_CHROMIUM at another Chromium"
        )
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield GuardedBrowser(b)
        b.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail the test whose pages reported an error it did not declare (``page_errors``):
    in the test itself, not its teardown, and never hiding a failure of its own."""
    GUARD.seen.clear()
    result = yield
    marker = item.get_closest_marker("page_errors")
    unexpected = GUARD.unexpected(marker.args if marker else ())
    if unexpected:
        pytest.fail(f"the page reported errors it should not: {unexpected}", pytrace=False)
    return result


_SITE_PORT: list[int] = []


def _site_port() -> int:
    """The worker's port for ``site`` servers, the same from one test to the next while it
    is free: the pages' origin stays the same, so the browser contexts one test hands back
    serve the next (see ``driver.LentContext``)."""
    port = _SITE_PORT[0] if _SITE_PORT else 0
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:  # another process took it meanwhile
            s.bind(("127.0.0.1", 0))
        _SITE_PORT[:] = [s.getsockname()[1]]
    return _SITE_PORT[0]


SEED = int(os.environ.get("SPYHOUSE_TEST_SEED", "0"))
"""What the ``site`` servers' chance is seeded with, beside each test's id: the same deals
and bot choices every run (``SPYHOUSE_TEST_SEED=n`` deals others)."""


@pytest.fixture
def site(request, tmp_path) -> Iterator[LiveServer]:
    """A live server on a SQLite file of its own (a copy of the worker's migrated one),
    with the settings of the test's ``server`` marker, if any.

    Its chance is seeded by the test's id: a game played through the pages deals the
    same and its bots choose the same every run, so a failure can be played again, and
    a whole game takes the same time each run rather than whatever length it fell on."""
    marker = request.node.get_closest_marker("server")
    settings = {
        "chance": SeededChance(zlib.crc32(f"{SEED}:{request.node.nodeid}".encode())),
        **(marker.kwargs if marker else {}),
    }
    with migrated_database("sqlite", tmp_path) as url:
        srv = start_server(url, port=_site_port(), **settings)
        yield srv
        srv.stop()


@pytest.fixture(scope="session")
def output_dir() -> Path:
    OUTPUT.mkdir(exist_ok=True)
    return OUTPUT
