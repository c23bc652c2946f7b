"""The decision panel words each choice as the rules do, in English and Spanish."""

from __future__ import annotations

import random

import httpx

from tests.browser.driver import new_player, wait_synced
from tests.browser.test_small_screens import _play_until
from tests.browser.test_table_story import _open, _table

PAYOFF = {"en-GB": ("Payoff", "Choose whom to pay"), "es-ES": ("Pago", "Elige a quién pagar")}


def test_a_conspiracy_payoff_asks_whom_to_pay(browser, site):
    """A payoff is money for an agent or Dr. Solomon (rules, "Make a payoff": "Paying an
    agent: move any number of sovereigns … to that agent's space"): its "to" is whom you
    pay, not a "destination" (which stays the word for moving an agent)."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "conspiracy", 3, {})
        doc = _play_until(
            http,
            table,
            1,
            random.Random(4),
            lambda d: {a["type"] for a in d["legal_actions"]} >= {"payoff", "move"},
        )
    for locale, (payoff, ask) in PAYOFF.items():
        bob = new_player(browser, site.url, locale=locale)
        try:
            _open(bob, table, 1)
            wait_synced(bob, doc["version"])
            bob.page.click(f"#decision .choices .button:text-is('{payoff}')")
            field = bob.page.locator("#decision p.field")
            assert field.inner_text() == ask, (locale, field.inner_text())
            assert bob.errors == [], bob.errors
        finally:
            bob.context.close()
