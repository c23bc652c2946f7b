"""A browser test fails on any uncaught page error, unhandled rejection or ``console.error``.

Every page of every context the ``browser`` fixture opens reports here; after each test
the errors it caused fail it, unless the test declares the ones it expects with
``@pytest.mark.page_errors("regex", ...)`` (each error must match one of them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

# Chromium reports an unhandled rejection as a page error; this makes sure of it in
# words that say what it was, whatever the engine version.
_REJECTIONS = """
addEventListener("unhandledrejection", (e) => {
  console.error("unhandled rejection: " + (e.reason && (e.reason.stack || e.reason.message) || e.reason));
});
"""


class PageErrors:
    """What the pages of the current test reported."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def attach(self, page: Page) -> None:
        def on_console(msg: ConsoleMessage) -> None:
            if msg.type == "error":
                where = msg.location.get("url", "") if msg.location else ""
                self.seen.append(f"console.error: {msg.text} ({where})")

        page.on("console", on_console)
        page.on("pageerror", lambda exc: self.seen.append(f"pageerror: {exc}"))

    def unexpected(self, allowed: Iterable[str]) -> list[str]:
        patterns = [re.compile(p) for p in allowed]
        return [e for e in self.seen if not any(p.search(e) for p in patterns)]


GUARD = PageErrors()


class GuardedBrowser:
    """The launched browser, with every new context's pages reporting to ``GUARD``."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

    def new_context(self, **kwargs: Any) -> BrowserContext:
        context = self._browser.new_context(**kwargs)
        context.add_init_script(_REJECTIONS)
        context.on("page", GUARD.attach)
        return context

    def new_page(self, **kwargs: Any) -> Page:
        return self.new_context(**kwargs).new_page()
