"""Screenshots to look at, not a test: every game's table mid-game, the lobby and the end
screen, at 1,280 and 390 px, in English and Spanish, into one folder.

    .venv/bin/python -m tests.browser.shots test-output/shots            # everything
    .venv/bin/python -m tests.browser.shots test-output/shots estoril,end-estoril

Names: ``<game>-<lang>-<width>.png`` (``estoril-5``, ``spies-4``, ``agencia-6``: more
players, every option), ``lobby-…``, ``end-<game>-…`` (full pages; on a phone
the decision sheet sticks where the screen's bottom was)."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

from spyhouse.store import upgrade
from tests.browser.conftest import ARGS, CHROMIUM
from tests.browser.driver import new_player
from tests.browser.test_table_story import _move, _open, _table
from tests.server.conftest import start_server

SIZES = [("en-GB", "en", 1280), ("es-ES", "es", 1280), ("en-GB", "en", 390), ("es-ES", "es", 390)]
SEATS = {"estoril": 4, "spies": 2, "agencia": 3, "conspiracy": 4}
MOVES = {"estoril": 12, "spies": 25, "agencia": 6, "conspiracy": 30}  # mid-game
# More players and every option: ``<name>`` is (game, seats, options).
MORE = {
    "estoril-5": (
        "estoril",
        5,
        {"promo": True, "double_agent": True, "vip": True, "roulette": True},
    ),
    "spies-4": ("spies", 4, {}),
    "agencia-6": ("agencia", 6, {}),
}


def main(out: Path, which: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{tempfile.mkdtemp()}/shots.db"
    upgrade(url)
    srv = start_server(url)
    try:
        with sync_playwright() as pw, httpx.Client(base_url=srv.url, timeout=30) as http:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)

            def shoot(table, name: str, ready: str) -> None:
                for locale, lang, width in SIZES:
                    p = new_player(browser, srv.url, locale=locale, width=width)
                    _open(p, table, 0, host=True, ready=ready)
                    p.page.screenshot(path=str(out / f"{name}-{lang}-{width}.png"), full_page=True)
                    if p.errors:
                        print(name, lang, width, p.errors)
                    p.context.close()

            for name in [g for g in which if g in SEATS or g in MORE]:
                game, seats, options = MORE.get(name, (name, SEATS.get(name), {}))
                table = _table(http, game, seats, options)
                rng = random.Random(1)
                for _ in range(MOVES[game]):
                    if _move(http, table, rng) != "playing":
                        break
                shoot(table, name, "#board")
            for game in [g[4:] for g in which if g.startswith("end-")]:
                table = _table(http, game, SEATS[game], {})
                rng = random.Random(2)
                while _move(http, table, rng) == "playing":
                    pass
                shoot(table, f"end-{game}", "#scores")
            if "lobby" in which:
                for locale, lang, width in SIZES:
                    p = new_player(browser, srv.url, locale=locale, width=width)
                    p.page.goto("/")
                    p.page.wait_for_selector("[data-game='spies']")
                    p.page.screenshot(path=str(out / f"lobby-{lang}-{width}.png"), full_page=True)
                    p.context.close()
            browser.close()
    finally:
        srv.stop()


if __name__ == "__main__":
    everything = [*SEATS, *MORE, "lobby", *(f"end-{g}" for g in SEATS)]
    main(Path(sys.argv[1]), sys.argv[2].split(",") if len(sys.argv) > 2 else everything)
