"""Nothing on a board is drawn over something else a player needs to read: Estoril's board
titles (numeral, name, die, Enigma, Roulette, status) sit in a strip above the spaces, and
Conspiracy's agent pills find a place beside their city that covers no city, no city's
name, no other pill and not the briefcase; a Spies & Lies side's title stays left of its
missions. Checked at every state of a game in progress. Estoril's placements read as
sentences in the list of all choices.
An empty status line (the host's controls) takes no room."""

from __future__ import annotations

import random

import httpx
import pytest

from tests.browser.driver import new_player, wait_synced
from tests.browser.layout import fits_width, overlaps
from tests.browser.spanish import english_on_page
from tests.browser.test_table_story import _auth, _move, _open, _table

SHEET = "el => getComputedStyle(el).position"
ESTORIL_ALL = {"promo": True, "double_agent": True, "vip": True, "roulette": True}

CHECKS = {
    "estoril": [
        ("[data-board-title]", "[data-slot] > .hit, [data-board-marks] > *", "[data-location]"),
        ("[data-board-marks] > *", "[data-slot] > .hit", "[data-location]"),
        # A shield stays clear of its space's numeral and "TOP SECRET" ("ALTO SECRETO").
        ("[data-gloss=shield]", "[data-gloss=top-secret], [data-gloss=space]", "[data-slot]"),
    ],
    # A side's name and its players (two in a team game) stay clear of its missions.
    "spies": [("[data-side-title]", "[data-slot^=spies-]", None)],
    "conspiracy": [
        (
            "[data-agent]",
            "[data-agent], [data-city-label], [data-city] .hit, [data-slot=conspiracy-briefcase]",
            None,
        ),
    ],
}


@pytest.mark.parametrize(
    ("game", "seats", "options", "moves"),
    [
        pytest.param("estoril", 5, ESTORIL_ALL, 30, id="estoril-5-expansions"),
        pytest.param("conspiracy", 4, {}, 150, id="conspiracy-4"),
        pytest.param("spies", 4, {}, 3, id="spies-teams"),
    ],
)
def test_board_labels_cover_no_piece(browser, site, game, seats, options, moves):
    bob = new_player(browser, site.url)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, game, seats, options)
            _open(bob, table, 1, host=True)
            # The host's status line says nothing yet: no empty error box on the page.
            bob.page.wait_for_selector("#host-controls")
            assert bob.page.locator("#host-status").is_hidden()
            # The host's own seat reads as theirs here too, as in the Players panel.
            rows = bob.page.locator("#host-controls li")
            assert "(you)" in rows.nth(1).inner_text()
            assert "(you)" not in rows.nth(0).inner_text()
            rng = random.Random(21)
            checked = placements = 0
            for _ in range(moves):
                doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[1])).json()
                wait_synced(bob, doc["version"])
                for a, b, scope in CHECKS[game]:
                    found = overlaps(bob.page, a, b, scope)
                    assert found == [], f"at version {doc['version']}: {found}"
                if game == "estoril" and any(a["type"] == "place" for a in doc["legal_actions"]):
                    # A placement reads "Place Hans R. (green) on Casino III", not field: value.
                    words = bob.page.locator("#decision .all-choices li").all_text_contents()
                    assert words and not any("·" in w for w in words), words[:3]
                    placements += 1
                checked += 1
                if _move(http, table, rng) != "playing":
                    break
        assert checked >= min(10, moves)
        assert placements or game != "estoril"
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()


def test_a_phone_zooms_the_board_inside_its_frame(browser, site):
    """At 390 px the board fits the width (tiny words); "Ampliar" draws it larger in a
    frame that scrolls sideways while the page does not, and a move redrawing the board
    leaves the frame where the player scrolled it. The decision sheet sticks to the
    bottom of the screen only when there is something to decide."""
    bob = new_player(browser, site.url, locale="es-ES", width=390)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "estoril", 3, {})
            _open(bob, table, 1)
            sheets = set()

            def bobs_view() -> dict:
                return http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[1])).json()

            def sheet_sticks_only_on_bobs_turn() -> None:
                for _ in range(50):  # a bot may move in between: compare at one version
                    doc = bobs_view()
                    wait_synced(bob, doc["version"])
                    sheet = bob.page.eval_on_selector("#decision", SHEET)
                    if bob.attr("version") == str(doc["version"]):
                        break
                assert sheet == ("sticky" if 1 in doc["to_act"] else "static"), sheet
                sheets.add(sheet)

            sheet_sticks_only_on_bobs_turn()
            frame = "#board .board-scroll"
            assert bob.page.inner_text("#board-zoom") == "Ampliar"
            fitted = bob.page.eval_on_selector(
                "#board svg", "el => el.getBoundingClientRect().width"
            )
            bob.page.click("#board-zoom")
            bob.page.wait_for_selector("#board.zoomed")
            assert bob.page.inner_text("#board-zoom") == "Ajustar a la pantalla"
            focused = bob.page.evaluate("document.activeElement.id")
            assert focused == "board-zoom"  # the redraw keeps the keyboard's place
            zoomed = bob.page.eval_on_selector(
                "#board svg", "el => el.getBoundingClientRect().width"
            )
            assert zoomed >= 2 * fitted, (fitted, zoomed)
            assert fits_width(bob.page), "the page scrolls sideways"
            bob.page.eval_on_selector(
                frame, "el => { el.scrollLeft = 300; el.dispatchEvent(new Event('scroll')); }"
            )
            rng = random.Random(3)
            for _ in range(10):  # until the sheet was seen on Bob's turn and off it
                bobs_turn = sheets == {"sticky"}
                start = bobs_view()["version"]
                while _move(http, table, rng) == "playing":  # until Bob's turn comes or goes
                    doc = bobs_view()
                    if doc["version"] > start and (1 in doc["to_act"]) != bobs_turn:
                        break
                wait_synced(bob, doc["version"])
                assert bob.page.eval_on_selector(frame, "el => el.scrollLeft") == 300
                assert bob.page.is_visible("#board.zoomed")  # kept across the redraws
                sheet_sticks_only_on_bobs_turn()
                if sheets == {"sticky", "static"}:
                    break
            assert sheets == {"sticky", "static"}
            assert english_on_page(bob.page) == []
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()


def test_the_lobby_on_a_phone_in_spanish(browser, site):
    """At 390 px in Spanish, for each game: no English but the games' own titles (proper
    names, marked so), nothing wider than the screen, and the create form's fields one a
    line (side by side, their labels were squeezed into many lines and a select clipped)."""
    bob = new_player(browser, site.url, locale="es-ES", width=390)
    try:
        bob.page.goto("/")
        bob.page.wait_for_selector("[data-game=estoril]")
        hide_test_game = "() => { const c = document.querySelector('[data-game=highcard]'); if (c) c.closest('li').hidden = true; }"
        for game in ("agencia", "conspiracy", "estoril", "spies"):
            bob.page.click(f"[data-game={game}]")
            bob.page.wait_for_selector(f"[data-game={game}][aria-pressed=true]")
            bob.page.evaluate(hide_test_game)  # the servers' test-only game speaks English
            assert english_on_page(bob.page) == [], game
            assert fits_width(bob.page), game
            widths = bob.page.eval_on_selector_all(
                ".form .row > label",
                "els => els.filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect().width)",
            )
            assert widths and min(widths) >= 300, widths
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()
