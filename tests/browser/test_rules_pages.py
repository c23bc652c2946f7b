"""Each game's rules page is an illustrated summary (figures drawn with the boards' own
SVG pieces) plus "how a turn is played here", in English and in Spanish, and fits a
phone as well as a desktop."""

from __future__ import annotations

import pytest

from tests.browser.driver import new_player, screenshot
from tests.browser.spanish import english_on_page

GAMES = ["estoril", "agencia", "spies", "conspiracy"]
HEADINGS = {
    "en": ("The game at a glance", "How a turn is played here"),
    "es": ("El juego de un vistazo", "Cómo se juega un turno aquí"),
}
# Conspiracy in Spanish uses the Spanish rule text's own names.
CONSPIRACY_ES = ["tablero de pagos", "soberanos", "maletín", "sede", "desafi", "Dr. Solomon"]

FIGURES = """() => [...document.querySelectorAll('#rules-summary .rules-figure')].map((f) => ({
  shapes: f.querySelectorAll('svg rect, svg circle, svg path, svg line, svg text').length,
  caption: f.querySelector('figcaption')?.innerText.trim() || '',
  width: f.querySelector('svg')?.getBoundingClientRect().width || 0,
  glossed: f.querySelectorAll('svg [data-gloss]').length,
}))"""


@pytest.mark.parametrize("game", GAMES)
def test_rules_page_is_illustrated_and_says_how_a_turn_is_played(browser, site, output_dir, game):
    for lang, locale in (("en", "en-GB"), ("es", "es-ES")):
        for width in (1280, 390):
            p = new_player(browser, site.url, locale=locale, width=width)
            try:
                p.page.goto(f"/#/rules/{game}")
                p.page.wait_for_selector("#rules-howto li")
                assert p.page.inner_text("#rules-summary-h") == HEADINGS[lang][0]
                assert p.page.inner_text("#rules-howto-h") == HEADINGS[lang][1]
                figures = p.page.evaluate(FIGURES)
                assert len(figures) >= 4, figures
                for f in figures:
                    assert f["shapes"] >= 5 and f["caption"] and f["width"] > 200, f
                # The figures are the boards' pieces: their symbols explain themselves.
                assert sum(f["glossed"] for f in figures) > 0
                steps = p.page.locator("#rules-howto li").all_inner_texts()
                assert len(steps) >= 6, steps
                words = " ".join(steps)
                for ui in ("Confirm", "Change") if lang == "en" else ("Confirmar", "Cambiar"):
                    assert ui in words
                if lang == "es":
                    assert english_on_page(p.page) == []
                    if game == "conspiracy":
                        text = p.page.inner_text("#rules").lower()
                        missing = [term for term in CONSPIRACY_ES if term.lower() not in text]
                        assert not missing, missing
                assert p.page.evaluate(
                    "document.documentElement.scrollWidth <= window.innerWidth"
                ), "the rules page scrolls sideways"
                screenshot(p, output_dir, f"rules-{game}-{lang}-{width}")
                assert p.errors == [], p.errors
            finally:
                p.context.close()
