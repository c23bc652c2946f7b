"""Every word on every board reads, whole, at 1,280 and 390 px, and every seat colour on it
stands beside the seat's number.

One check for all four boards, mid-game and at the end, in English and Spanish: each
SVG text the board draws is at least 11 px on the screen (its font size times the scale
the page draws the board at; Estoril's tiles were ≈ 7 px at 1,280 px), lies inside the
board (nothing clipped by its edge), and a word cut short ("Seduction · Sed…") carries
its whole text in a <title> (the hover tip and the accessible description). Every
element drawn in a seat's colour (``.fill-seat``, ``.stroke-seat``) has that seat's mark,
its number, in the same group: colour is never the only way to tell seats apart."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from tests.browser.driver import new_player, wait_synced
from tests.browser.test_table_story import _auth, _move, _open, _table

LEAST_PX = 11.0

PROBLEMS = r"""(least) => {
  const svg = document.querySelector('#board svg');
  if (!svg) return ['no board'];
  const frame = svg.getBoundingClientRect();
  const out = [];
  for (const el of svg.querySelectorAll('text')) {
    const words = el.textContent.trim();
    const box = el.getBoundingClientRect();
    // Words: an icon alone (★, ?, ◆) is a symbol, explained by its glossary tip.
    if (!/[\p{L}\p{N}]/u.test(words) || !box.width) continue;
    const size = parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a;
    if (size < least - 0.05) out.push(`"${words}" at ${size.toFixed(1)} px`);
    if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1
        || box.bottom > frame.bottom + 1) out.push(`"${words}" beyond the board's edge`);
    if (words.endsWith('…') && !el.querySelector('title')?.textContent)
      out.push(`"${words}" cut with no way to read it whole`);
  }
  for (const el of svg.querySelectorAll('.fill-seat, .stroke-seat')) {
    if (el.closest('.es-black')) continue;  // Estoril's chosen tile in your hand, no seat
    let g = el.parentElement;
    while (g && g !== svg && !g.querySelector('[data-seat-mark]')) g = g.parentElement;
    if (!g || g === svg) out.push(`a seat colour with no mark: ${el.outerHTML.slice(0, 80)}`);
  }
  return out;
}"""

SIZES = [("en-GB", 1280), ("es-ES", 1280), ("en-GB", 390), ("es-ES", 390)]
CASES = [
    ("estoril", 5, {"promo": True, "double_agent": True, "vip": True, "roulette": True}, 14),
    ("agencia", 4, {}, 8),
    ("spies", 2, {}, 20),
    ("conspiracy", 4, {}, 30),
]


def _check(browser, site, table: dict[str, Any], version: int, when: str) -> list[str]:
    found = []
    for locale, width in SIZES:
        p = new_player(browser, site.url, locale=locale, width=width)
        try:
            _open(p, table, 0, host=True)  # from the lobby, where it sets the seat's grant
            wait_synced(p, version)
            found += [
                f"{when}, {locale} at {width} px: {x}" for x in p.page.evaluate(PROBLEMS, LEAST_PX)
            ]
            assert p.errors == [], p.errors
        finally:
            p.context.close()
    return found


@pytest.mark.parametrize(("game", "seats", "options", "moves"), CASES, ids=[c[0] for c in CASES])
def test_every_word_on_the_board_reads_whole(browser, site, game, seats, options, moves):
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, game, seats, options)
        rng = random.Random(1)
        for _ in range(moves):
            _move(http, table, rng)
        view = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
        found = _check(browser, site, table, view["version"], "mid-game")
        while _move(http, table, rng) == "playing":
            pass
        view = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
        found += _check(browser, site, table, view["version"], "at the end")
    assert found == [], "\n".join(sorted(set(found))[:40])
