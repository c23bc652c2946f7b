"""The lobby's create-table form shows only what applies: the clock's number fields only
once a clock is chosen, and the increment only for a bank of time."""

from __future__ import annotations

import pytest

from tests.browser.driver import fill_create_form, new_player

pytestmark = pytest.mark.browser


LABEL_AND_SELECT = """() => {
  const select = document.getElementById('f-clock');
  const label = select.closest('label');
  return { name: (label.querySelector('span') || label).firstChild.textContent.trim(), label: label.getBoundingClientRect().height,
    select: select.getBoundingClientRect().height };
}"""


def test_the_clocks_numbers_show_only_for_a_clock(browser, site):
    for locale, width in (("en-GB", 1280), ("es-ES", 390)):
        ann = new_player(browser, site.url, locale=locale, width=width)
        try:
            page = ann.page
            fill_create_form(page, "spies", 2, 1)
            fields = ("#f-clock-seconds", "#f-clock-increment", "#f-handover-after")
            shown = []
            for kind in ("none", "bank", "per_decision", "none"):
                page.select_option("#f-clock", kind)
                shown.append((kind, [page.is_visible(q) for q in fields]))
            assert shown == [
                ("none", [False, False, False]),
                ("bank", [True, True, True]),
                ("per_decision", [True, False, True]),
                ("none", [False, False, False]),
            ], (locale, width)
            # The fieldset's legend says "Clock" once: the select's own label is for screen
            # readers (it was a second "Clock" line right under the legend).
            name = "Clock" if locale == "en-GB" else "Reloj"
            boxes = page.evaluate(LABEL_AND_SELECT)
            assert boxes["name"] == name, (locale, boxes)
            assert boxes["label"] <= boxes["select"] + 4, (locale, boxes)
            assert ann.errors == [], ann.errors
        finally:
            ann.context.close()


def test_the_form_says_why_search_is_not_chosen_for_many_bots(browser, site):
    ann = new_player(browser, site.url)
    try:
        page = ann.page
        fill_create_form(page, "agencia", 6, 3)
        assert page.input_value("#f-bot-level") == "search"
        assert not page.is_visible("#f-bot-level-note")
        page.select_option("#f-bots", "4")
        assert page.input_value("#f-bot-level") == "heuristic"
        note = page.inner_text("#f-bot-level-note")
        assert "at most 3 bots" in note and "Rules of thumb" in note, note
        page.select_option("#f-bots", "2")
        assert page.input_value("#f-bot-level") == "search"
        assert not page.is_visible("#f-bot-level-note")
    finally:
        ann.context.close()


def test_option_labels_say_their_name_once(browser, site):
    for locale in ("en-GB", "es-ES"):
        ann = new_player(browser, site.url, locale=locale)
        try:
            fill_create_form(ann.page, "estoril", 3, 1)
            options = ann.page.locator("label.check:has(input[name^='opt-']) > span")
            assert options.count(), "no options"
            for i in range(options.count()):
                # The option's name (the span's own first words) and its help beside it.
                name = options.nth(i).evaluate("el => el.firstChild.textContent").strip()
                text = options.nth(i).inner_text()
                assert text.count(name) == 1, (locale, name, text)
        finally:
            ann.context.close()
