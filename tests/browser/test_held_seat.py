"""A held seat's page: the player watches the table from their seat while a bot plays it,
reads why, asks the host for it back; the host gives it back in one click, and the page
is the player's seat again."""

from __future__ import annotations

import httpx
import pytest

from tests.browser.driver import new_player, screenshot
from tests.browser.test_table_story import _auth, _open, _table


@pytest.mark.parametrize(("locale", "width"), [("en-GB", 1280), ("es-ES", 390)])
def test_a_held_seat_is_watched_asked_back_and_given_back(browser, site, output_dir, locale, width):
    http = httpx.Client(base_url=site.url, timeout=30)
    table = _table(http, "spies", 2, {})
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url, locale=locale, width=width)
    try:
        _open(ann, table, 0, host=True, ready="#host-controls")
        _open(bob, table, 1)
        ann.page.click("[data-replace='1']")
        ann.page.click("#ask-yes")
        # Bob's page: the board from his seat, the game's name, why it is held.
        bob.page.wait_for_selector("#held #ask-back")
        assert bob.page.inner_text("h1") == "Stratego Spies & Lies"
        assert bob.page.locator("#board svg").count() == 1
        assert bob.page.inner_text("#conn") not in ("—", "")
        held = bob.page.inner_text("#held")
        assert ("host" in held) if locale == "en-GB" else ("anfitrión" in held)
        assert bob.page.locator("#decision .choice, #board .choice").count() == 0
        mine = http.get(f"/api/tables/{table['id']}/held", headers=_auth(table[1])).json()
        assert mine["document"]["you"] == 1
        screenshot(bob, output_dir, f"held-seat-{locale}-{width}")
        bob.page.click("#ask-back")
        bob.page.wait_for_selector("#held-asked")
        # The host sees the request, and gives the seat back in one click.
        ann.page.wait_for_selector("#host-controls [data-asks-back='1']")
        screenshot(ann, output_dir, f"held-seat-host-{locale}-{width}")
        ann.page.click("#host-controls [data-give-back='1']")
        bob.page.wait_for_selector("#decision:not(.held)", timeout=20_000)
        bob.page.wait_for_selector("#conn[data-conn=open]")
        assert bob.page.locator("#held").count() == 0
        seat = http.get(f"/api/tables/{table['id']}").json()["seats"][1]
        assert (seat["kind"], seat["held"]) == ("human", None)
    finally:
        ann.context.close()
        bob.context.close()
        http.close()
