"""A screen-reader user can play: each move is announced once in a polite live region in
the reader's language, and a whole game is played through the accessibility tree alone
(role and name locators, the keyboard), never a CSS selector or a coordinate."""

from __future__ import annotations

import random
import time

import httpx
import pytest
from playwright.sync_api import Page

from tests.browser.driver import filler_level, new_player
from tests.browser.spanish import english_in
from tests.browser.test_table_story import _auth, _open, _table

BOARDS = {
    "spies": "Spies & Lies",
    "agencia": "La Agencia",
    "conspiracy": "Conspiracy",
    "estoril": "Estoril 1942",
}

# The names a screen reader hears, per language: the decision's region, the button
# that sends a proposed move, and the buttons that are no move (going back, zooming).
WORDS = {
    "en-GB": {
        "decision": "Your decision",
        "confirm": "Confirm",
        "skip": ("Start over", "Change", "Zoom in"),
    },
    "es-ES": {
        "decision": "Tu decisión",
        "confirm": "Confirmar",
        "skip": ("Volver a empezar", "Cambiar", "Ampliar"),
    },
}

# Every line the live region says, kept as it is added (the region itself keeps the last few).
LISTEN = """() => {
  window.__said = [];
  const live = document.getElementById("announce");
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes) if (n.textContent) window.__said.push(n.textContent);
  }).observe(live, { childList: true });
}"""


def test_moves_are_announced_once_in_the_readers_language(browser, site):
    http = httpx.Client(base_url=site.url, timeout=30)
    table = _table(http, "spies", 2, {})
    bob = new_player(browser, site.url, locale="es-ES")
    try:
        _open(bob, table, 1)
        bob.page.wait_for_selector("#conn[data-conn=open]")
        live = bob.page.locator("#announce")
        assert live.get_attribute("aria-live") == "polite"
        assert live.inner_text() == ""  # what was there before, the log has
        ann = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
        r = http.post(
            f"/api/tables/{table['id']}/actions",
            json={"action": ann["legal_actions"][0], "version": ann["version"]},
            headers=_auth(table[0]),
        )
        assert r.status_code == 200, r.text
        bob.page.wait_for_selector("#announce p")
        time.sleep(0.5)
        said = live.locator("p").all_inner_texts()
        assert len(said) == 1 and "Ann desplegó soldados" in said[0], said
    finally:
        bob.context.close()
        http.close()


def _press(page: Page, button) -> None:
    button.focus()
    page.keyboard.press("Enter")


# The name each button goes by: its label, else its text (what ``get_attribute`` and
# ``inner_text`` read, which refuses an element that is not HTML).
NAMES = """(buttons) => buttons.map((el) => {
  const label = el.getAttribute("aria-label");
  if (label) return label;
  if (!(el instanceof HTMLElement)) throw new Error("Node is not an HTMLElement");
  return el.innerText;
})"""

# Resolves once the element shows ``version`` or later (or after ``ms``), with the version
# it shows: watched from inside the page, so a wait is one round trip, not one per poll.
SHOWS = """(main, [version, ms]) => new Promise((resolve) => {
  const shown = () => Number(main.dataset.version || -1);
  if (shown() >= version) return resolve(shown());
  const timer = setTimeout(() => { seen.disconnect(); resolve(shown()); }, ms);
  const seen = new MutationObserver(() => {
    if (shown() >= version) { clearTimeout(timer); seen.disconnect(); resolve(shown()); }
  });
  seen.observe(main, { attributes: true, attributeFilter: ["data-version"] });
})"""


def _choices(page: Page, board: str, locale: str = "en-GB"):
    """The buttons a decision offers: on the board and in the decision panel.

    The visible buttons of each are found by one role locator and their names read in one
    call: asking each button in turn resolved the locator over the whole accessibility
    tree again for every question."""
    words = WORDS[locale]
    decision = page.get_by_role("region", name=words["decision"])
    found = []
    for scope in (page.get_by_role("group", name=board, exact=True), decision):
        buttons = scope.get_by_role("button").filter(visible=True)
        for i, name in enumerate(buttons.evaluate_all(NAMES)):
            if name.strip() not in words["skip"]:
                found.append(buttons.nth(i))
    return found


# Each game with the seat whose reader hears Spanish (the other hears English): the
# Spanish seat changes from game to game, so each language plays either seat.
GAMES = [("spies", 1), ("agencia", 0), ("conspiracy", 1), ("estoril", 0)]


@pytest.mark.parametrize(("game", "spanish"), GAMES, ids=[g for g, _ in GAMES])
def test_a_whole_game_through_the_accessibility_tree(browser, site, game, spanish):
    """Each title played to the end by two players who use only role and name locators
    and the keyboard, one in English and one in Spanish; every move is announced to each
    in their language. One game carries both languages: a game for each language played
    every title twice, and most of this file's time went on playing them."""
    http = httpx.Client(base_url=site.url, timeout=30)
    seats = 2 if game == "spies" else 3
    table = _table(http, game, seats, {}, level=filler_level(game))
    locales = {seat: "es-ES" if seat == spanish else "en-GB" for seat in (0, 1)}
    # Ann and Bob each at a page of their own; the third seat a bot.
    pages = {}
    for seat, locale in locales.items():
        p = new_player(browser, site.url, locale=locale, prefs={"confirm": True})
        _open(p, table, seat)
        p.page.evaluate(LISTEN)
        pages[seat] = p
    rng = random.Random(7)
    try:
        for _ in range(4000):
            docs = {
                s: http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[s])).json()
                for s in (0, 1)
            }
            if docs[0]["status"] == "finished":
                break
            movers = [s for s in (0, 1) if docs[s]["legal_actions"]]
            if not movers:
                # The bot is to move: a page hears of its move before a poll would.
                pages[0].page.get_by_role("main").evaluate(SHOWS, [docs[0]["version"] + 1, 5000])
                continue
            seat = rng.choice(movers)
            page = pages[seat].page
            locale = locales[seat]
            words = WORDS[locale]
            main = page.get_by_role("main")
            version = docs[seat]["version"]
            # Wait until the page shows this version and offers a choice.
            deadline = time.monotonic() + 20
            while main.evaluate(SHOWS, [version, 20_000]) < version or not (
                options := _choices(page, BOARDS[game], locale)
            ):
                assert time.monotonic() < deadline, "the page offers no choice"
                time.sleep(0.05)
            for attempt in range(40):
                confirm = page.get_by_role("button", name=words["confirm"], exact=True)
                if confirm.count():
                    _press(page, confirm)
                    break
                if attempt:  # the first time, the page is as the wait above found it
                    options = _choices(page, BOARDS[game], locale)
                if not options:
                    break
                try:
                    _press(page, rng.choice(options))
                except Exception:  # the page redrew under the press: look again
                    continue
            deadline = time.monotonic() + 20
            main.evaluate(SHOWS, [version + 1, 20_000])  # the page hears of the move first
            while (
                http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[seat])).json()[
                    "version"
                ]
                <= version
            ):
                assert time.monotonic() < deadline, "the move never reached the server"
                time.sleep(0.05)
        else:
            raise AssertionError("the game did not end")
        assert docs[0]["status"] == "finished"
        for seat, p in pages.items():
            said: list[str] = p.page.evaluate("() => window.__said")
            # Each of the other player's moves at least (theirs and the bot's are more).
            assert len(said) >= 5, (seat, said)
            if locales[seat] == "es-ES":
                assert not english_in(p.page, said), english_in(p.page, said)
    finally:
        for p in pages.values():
            p.context.close()
        http.close()
