"""The board explains itself, and shows at the end what the rules reveal.

Every icon and term a board draws carries its glossary text (an SVG <title> for hover
and a tip on focus or tap) in the page's language; at game over the hidden things the
rules turn over (Estoril hands, La Agencia cards, Spies line-ups, Conspiracy payoffs to
Dr. Solomon) are drawn on the board itself, and the page fits 1,280 and 390 px."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.browser.driver import new_player, screenshot
from tests.browser.spanish import english_on_page
from tests.browser.test_table_story import _auth, _move, _open, _table

GAMES = [("estoril", 3), ("agencia", 3), ("spies", 2), ("conspiracy", 3)]

# Icons each board draws from the first turn on (a board may draw more).
EXPECTED = {
    "estoril": {"numeral", "reward", "space", "markers", "discards", "flag", "strength", "vp"},
    "agencia": {
        "information",
        "bank",
        "reward",
        "round-tokens",
        "hall",
        "garden",
        "hidden",
        "deck",
        "ambassador",
    },
    "spies": {"da", "ip", "deception", "mission", "flag", "wall", "centre", "intel-card"},
    "conspiracy": {
        "briefcase",
        *(
            f"agent-{a}"
            for a in ("Beacon", "Magician", "Roulette", "Spyglass", "Tempest", "Vagabond")
        ),
        "station",
        "red-line",
        "hq",
        "payoff",
        "solomon",
        "payoff-board",
        "reserve",
    },
}

GLOSSES = """() => [...document.querySelectorAll('#board [data-gloss]')].map((el) => ({
  id: el.dataset.gloss, text: el.dataset.glossText,
  title: el.querySelector(':scope > title')?.textContent || '',
  focusable: el.getAttribute('tabindex') === '0' || !!el.closest('.choice'),
}))"""

HOVERABLE = """() => {
  for (const el of document.querySelectorAll('#board [data-gloss]')) {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (document.elementFromPoint(x, y)?.closest('[data-gloss]') === el) return { x, y, id: el.dataset.gloss };
  }
  return null;
}"""

NO_OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"
# Where Estoril's first row (the players) starts, in the board's own units.
ESTORIL_FIRST_ROW = "() => document.querySelector('#board svg [data-player] rect').getBBox().y"


def _glosses(page) -> dict[str, str]:
    found = page.evaluate(GLOSSES)
    for g in found:
        assert g["text"] and g["title"] == g["text"], g
        assert g["focusable"], f"{g['id']} cannot be reached by keyboard"
    return {g["id"]: g["text"] for g in found}


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_board_icons_explain_themselves_in_both_languages(browser, site, game, seats):
    bob = new_player(browser, site.url)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, game, seats, {})
            _open(bob, table, 1)
            english = _glosses(bob.page)
            assert EXPECTED[game] <= set(english), EXPECTED[game] - set(english)
            # Focus (keyboard) or tap shows the tip with the same words.
            target = bob.page.locator("#board [data-gloss][tabindex='0']").first
            target.focus()
            tip = bob.page.locator("#gloss-tip")
            # Waited for, not read at once: a bot's move redraws the board meanwhile.
            expect(tip).to_be_visible()
            assert tip.inner_text() == target.get_attribute("data-gloss-text")
            bob.page.keyboard.press("Escape")
            expect(tip).to_be_hidden()
            # Hover (mouse) too: an icon whose centre is on top of the board.
            hit = bob.page.evaluate(HOVERABLE)
            bob.page.mouse.move(hit["x"], hit["y"])
            expect(tip).to_be_visible()
            assert tip.get_attribute("data-for") == hit["id"]

            bob.page.select_option("#lang", "es")
            bob.page.wait_for_selector("html[lang=es]")
            spanish = _glosses(bob.page)
            assert set(spanish) == set(english)
            for key, text in spanish.items():
                assert text != english[key], f"{key} is not translated: {text}"
            assert english_on_page(bob.page) == []
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()


def _expected_reveals(game: str, doc: dict[str, Any]) -> int:
    """How many things the board must mark as revealed at the end, from Bob's own view."""
    v = doc["view"]
    you = doc["you"]
    if game == "estoril":
        return 1 if any(p.get("revealed_hand") is not None for p in v["players"]) else 0
    if game == "agencia":
        hidden = {
            True: {"table_face_down", "hand_facing_others"},
            False: {"table_face_down", "hand_facing_owner"},
        }
        return sum(
            1
            for p in v["players"]
            for pos in p["positions"]
            if pos.get("card") and pos["position"] in hidden[p["seat"] == you]
        )
    if game == "spies":
        mine = v["you"]["side"]
        return sum(
            1
            for side, info in v["sides"].items()
            if side != mine
            for m in info["missions"]
            if m["soldier"] and not m["face_up"]
        )
    return 1 if v.get("final_reveal") else 0


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_game_over_draws_the_end_reveal_on_the_board(browser, site, output_dir, game, seats):
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, game, seats, {})
        rng = random.Random(12)
        for _ in range(20000):
            if _move(http, table, rng) != "playing":
                break
        else:
            raise AssertionError("the game did not end")
        doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[1])).json()
        assert doc["status"] == "finished"
        expected = _expected_reveals(game, doc)
        if game in ("estoril", "agencia"):
            assert expected, "the rules reveal something at the end of every game"
        for lang, locale in (("en", "en-GB"), ("es", "es-ES")):
            for width in (1280, 390):
                bob = new_player(browser, site.url, locale=locale, width=width)
                try:
                    _open(bob, table, 1)
                    bob.page.wait_for_selector("#scores")
                    marks = bob.page.locator("#board [data-end-reveal]").count()
                    assert marks == expected, (marks, expected)
                    assert bob.page.evaluate(NO_OVERFLOW), "the page scrolls sideways"
                    if game == "estoril":  # the emptied grid leaves no strip above the players
                        top = bob.page.evaluate(ESTORIL_FIRST_ROW)
                        assert top <= 30, f"{top} px of empty board above the players"
                        # Your colour reads "Green (Bob, you)", not "Green (Bob (you))".
                        assert "))" not in bob.page.inner_text("#end-reveal")
                    screenshot(bob, output_dir, f"{game}-over-board-{lang}-{width}")
                    if lang == "es":
                        assert english_on_page(bob.page) == []
                    assert bob.errors == [], bob.errors
                finally:
                    bob.context.close()


def test_glossary_terms_under_the_board_stay_on_a_phone_screen(browser, site):
    """Each term under the board opens its explanation on tap, inside a 390 px screen."""
    bob = new_player(browser, site.url, locale="es-ES", width=390)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "estoril", 3, {})
            _open(bob, table, 1)
            bob.page.click("#glossary summary")
            chips = bob.page.locator("#glossary .term")
            assert chips.count() >= 20
            for i in (0, chips.count() - 1):
                chip = chips.nth(i)
                chip.click()
                tip = bob.page.locator("#gloss-tip")
                assert tip.is_visible()
                assert tip.inner_text() == chip.get_attribute("data-gloss-text")
                box = tip.bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
            assert bob.page.evaluate(NO_OVERFLOW)
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()


def test_what_you_know_after_a_published_log_keeps_only_your_own_lines(browser, site):
    """After the end, a published log holds every seat's private lines; "What you know"
    still lists only what this seat saw, and the log words an owner's own card as such."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        t = http.post(
            "/api/tables",
            json={"game": "agencia", "seats": 3, "host_name": "Ann", "publish_log": True},
        ).json()
        bob_seat = http.post(f"/api/invites/{t['invite_code']}/join", json={"name": "Bob"}).json()
        http.post(f"/api/tables/{t['table_id']}/seats/2/bot", headers=_auth(t["host_token"]))
        r = http.post(f"/api/tables/{t['table_id']}/start", headers=_auth(t["host_token"]))
        assert r.status_code == 204, r.text
        table = {"id": t["table_id"], "host": t["host_token"], 0: t["seat"]["seat_token"]}
        table[1] = bob_seat["seat_token"]
        rng = random.Random(7)
        for _ in range(5000):
            if _move(http, table, rng) != "playing":
                break
        mine = http.get(f"/api/tables/{table['id']}/events", headers=_auth(table[1])).json()
    seen = [
        e
        for e in mine
        if e["type"] == "card_seen"
        and e["data"]["seat"] != 1
        and (not isinstance(e.get("audience"), list) or 1 in e["audience"])
    ]
    bob = new_player(browser, site.url)
    try:
        _open(bob, table, 1)
        bob.page.wait_for_selector("#full-log")
        items = bob.page.locator("#knowledge section").first.locator("li").all_inner_texts()
        assert len(items) == min(12, len(seen)), items
        assert all("facing its owner" not in i for i in items), items
        log = bob.page.inner_text("#full-log")
        assert "in their own hand, facing them" in log or "in your hand, facing you" in log
        assert "in Bob (you)'s hand" not in log
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()
