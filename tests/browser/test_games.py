"""Each game played to the end through the page: two browsers join one private table from
the invite link, bots fill the other seats, every move is a click on what the page
offers, and at every step neither page shows what its seat may not know."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.browser import secrets
from tests.browser.driver import (
    create_table,
    filler_level,
    join,
    new_player,
    play_to_end,
    screenshot,
    start_game,
)
from tests.browser.spanish import english_on_page

NO_OVERFLOW = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def agencia_slots(mine: dict[str, Any], theirs: dict[str, Any]) -> list[tuple[str, str]]:
    """Card positions hidden from this seat that the other seat sees."""
    out = []
    for p_mine, p_theirs in zip(mine["view"]["players"], theirs["view"]["players"], strict=True):
        for a, b in zip(p_mine["positions"], p_theirs["positions"], strict=True):
            if a["state"] != "seen" and b.get("card"):
                out.append((f"agencia-{p_mine['seat']}-{a['position']}", b["card"]["name"]))
    return out


def spies_slots(mine: dict[str, Any], theirs: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for side, info in mine["view"]["sides"].items():
        other = theirs["view"]["sides"][side]
        for a, b in zip(info["missions"], other["missions"], strict=True):
            if a.get("soldier") is None and b.get("soldier"):
                out.append((f"spies-{side}-{a['player']}-{a['mission']}", b["soldier"]["name"]))
    return out


def no_slots(mine: dict[str, Any], theirs: dict[str, Any]) -> list[tuple[str, str]]:
    return []


# Printed vocabulary a page may show whatever it knows (sides of a tile, ability names).
PUBLIC = {
    "agencia": frozenset({"Hall", "Garden"}),
    "estoril": frozenset(
        {
            "Assassin",
            "Seduction",
            "Conspiracy",
            "Diplomacy",
            "Double Agent",
            "Nationalism",
            "Enigma",
        }
    ),
}
SLOTS = {
    "agencia": agencia_slots,
    "spies": spies_slots,
    "estoril": no_slots,
    "conspiracy": no_slots,
}

CASES = [
    pytest.param("agencia", 3, 1, {}, 11, id="agencia"),
    pytest.param("spies", 2, 0, {}, 12, id="spies"),
    pytest.param("conspiracy", 3, 1, {}, 13, id="conspiracy"),
    pytest.param("estoril", 3, 1, {"promo": True}, 14, id="estoril"),
]


# The bots only fill seats here (``filler_level``): with the server's seeded chance (the
# ``site`` fixture) each title plays the same game every run.
@pytest.mark.parametrize(("game", "seats", "bots", "options", "seed"), CASES)
def test_game_played_to_the_end_by_clicking(
    browser, site, output_dir, game, seats, bots, options, seed
):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url, width=390, locale="es-ES")  # a phone, in Spanish
    try:
        invite = create_table(ann, game, seats, bots, options, level=filler_level(game))
        join(bob, invite, "Bob")
        start_game(ann)

        def leak_check(page: Page, mine: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
            return secrets.check(
                page, mine, theirs, SLOTS[game](mine, theirs), PUBLIC.get(game, frozenset())
            )

        shot = {"taken": False}

        def on_step(step: int) -> None:
            if step == 6 and not shot["taken"]:
                shot["taken"] = True
                screenshot(ann, output_dir, f"{game}-board")
                screenshot(bob, output_dir, f"{game}-board-phone")
            if step % 10 == 6:
                assert english_on_page(bob.page) == []

        stats: dict[str, int] = {}
        with httpx.Client(base_url=site.url, timeout=30) as http:
            final = play_to_end(
                http, [ann, bob], seed=seed, leak_check=leak_check, on_step=on_step, stats=stats
            )
        assert final["outcome"] is not None
        # The other seat's move was marked on the board (most moves change what one sees).
        assert stats["highlighted"] >= stats["observed"] // 3, stats
        # Conspiracy's shields are lifted only when Dr. Solomon ends the game; a briefcase
        # win reveals nothing, and then the page must not claim a reveal either.
        reveals = game != "conspiracy" or final["view"].get("final_reveal") is not None
        for p in (ann, bob):
            p.page.wait_for_selector("#scores #winners")
            if reveals:
                p.page.wait_for_selector("#end-reveal")
                assert p.page.query_selector("#board [data-end-reveal]") or game == "spies"
            else:
                assert not p.page.query_selector("#end-reveal, #board [data-end-reveal]")
            assert p.page.query_selector(f"svg[data-board={game}]"), "the game's own SVG board"
            assert not p.page.query_selector("[data-board-error]")
            assert p.page.query_selector("#to-lobby")
        assert english_on_page(bob.page) == []
        # The game-over screen fits at 1,280 and 390 px, board and all.
        for width in (1280, 390):
            for p in (ann, bob):
                p.page.set_viewport_size({"width": width, "height": 900})
                assert p.page.evaluate(NO_OVERFLOW), f"horizontal overflow at {width}px"
        screenshot(ann, output_dir, f"{game}-final-phone")
        screenshot(bob, output_dir, f"{game}-final-es")
        ann.page.set_viewport_size({"width": 1280, "height": 900})
        screenshot(ann, output_dir, f"{game}-final")
        assert ann.errors == [], ann.errors
        assert bob.errors == [], bob.errors
    finally:
        ann.context.close()
        bob.context.close()
