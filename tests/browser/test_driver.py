"""The driver itself: a redraw between marking the choices and clicking one is retried."""

from __future__ import annotations

import random

import pytest

from tests.browser.driver import click_random_choice

PAGE = """<button class="choice" onclick="window.picked = (window.picked || 0) + 1">A</button>
<button class="choice" onclick="window.picked = (window.picked || 0) + 1">B</button>"""


class RedrawOnce(random.Random):
    """Picks like any Random, but the first pick comes as the page redraws: the marks the
    driver just set are gone (a redraw rebuilds the attributes from the page's state)."""

    def __init__(self, page) -> None:
        super().__init__(1)
        self.page = page
        self.redrawn = False

    def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
        if not self.redrawn:
            self.redrawn = True
            self.page.evaluate(
                "() => { for (const el of document.querySelectorAll('[data-pick]')) "
                "el.removeAttribute('data-pick'); }"
            )
        return super().randrange(*args, **kwargs)


@pytest.mark.parametrize("keyboard", [False, True])
def test_a_redraw_between_marking_and_clicking_marks_again(browser, keyboard):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(PAGE)
        rng = RedrawOnce(page)
        # The click waits for the lost mark as long as it is given, then marks again: a
        # tenth of the games' five seconds takes the same path on a page this small.
        click_random_choice(page, rng, keyboard=keyboard, timeout=500)
        assert rng.redrawn
        assert page.evaluate("window.picked") == 1
    finally:
        context.close()
