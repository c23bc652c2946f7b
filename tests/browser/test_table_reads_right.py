"""Small things on the table a player frowns at: "What you know" in La Agencia names the
hand of each card seen (a deck repeats cards: the same line twice read as a copy), the
table's header draws no empty pill, a glossary tip a finger opened goes away again, a
Spies & Lies side is as tall as what it holds, the lobby's fields stay in line, and
Spanish says "del Dr. Solomon"."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest

from tests.browser.driver import fill_create_form, new_player, wait_synced
from tests.browser.test_table_story import _auth, _move, _open, _table


def _view(http: httpx.Client, table: dict[str, Any], seat: int) -> dict[str, Any]:
    return http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[seat])).json()


def _agencia_played_out(
    http: httpx.Client, rng: random.Random
) -> tuple[dict[str, Any], list[tuple[int, int, str]]]:
    """A six-seat La Agencia played to its end; what Bob (seat 1) saw in others' hands as
    (hand, seat, card), in the order his events tell it."""
    table = _table(http, "agencia", 6, {})
    for _ in range(5000):
        if _move(http, table, rng) != "playing":
            break
    mine = http.get(f"/api/tables/{table['id']}/events", headers=_auth(table[1])).json()
    expected, hands = [], 0
    for e in mine:
        if e["type"] == "embassy_location_chosen":
            hands += 1
        if e["type"] == "card_seen" and e["data"]["seat"] != 1:
            expected.append((hands + 1, e["data"]["seat"], e["data"]["card"]))
    return table, expected


def test_what_you_know_names_the_hand_of_every_card_seen(browser, site):
    """Each line of "Cards you saw in others' hands" starts with the hand from which the
    card lay there (one after the hand it was drawn at), as the seat's own events say,
    newest first; a card seen again in a later hand is a line of its own, never a copy."""
    # The case that read as a copy is the same card seen twice in one player's same
    # place; the deal is the server's secret, so games are played until one shows it.
    with httpx.Client(base_url=site.url, timeout=30) as http:
        for attempt in range(6):
            table, expected = _agencia_played_out(http, random.Random(attempt))
            again = [(s, c) for _, s, c in expected]
            if len(set(again)) < len(again):
                break
        else:
            pytest.fail("no card was seen twice in six games")
    names = {0: "Ann", **{s: f"Bot {s + 1}" for s in range(2, 6)}}
    want = [f"Hand {n} · {names[s]}: {c}" for n, s, c in expected][-12:][::-1]
    bob = new_player(browser, site.url)
    try:
        _open(bob, table, 1)
        items = bob.page.locator("#knowledge section").first.locator("li").all_inner_texts()
        assert [i.split(" (")[0] for i in items] == want, items
        assert len(set(items)) == len(items), items
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()


EMPTY_PILL = """() => [...document.querySelectorAll('.table-head .turn')]
  .filter((el) => el.getBoundingClientRect().height && !el.textContent.trim()).length"""


def test_the_header_draws_no_empty_pill(browser, site):
    """A held seat's page, while the bot that plays the seat is the only one to act: the
    banner has nobody to wait for and it is not the player's own turn to take, so it takes
    no room (it was an empty pill at the top of the header)."""
    http = httpx.Client(base_url=site.url, timeout=30)
    table = _table(http, "spies", 2, {})
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    # A held seat's page asks for the table every 2 s, by when the bot has mostly moved
    # again: its clock (flowing as any clock) is moved on past that wait after each of
    # Ann's moves, so the page asks at once, while the bot still thinks.
    bob.page.clock.install()
    try:
        _open(ann, table, 0, host=True, ready="#host-controls")
        _open(bob, table, 1)
        ann.page.click("[data-replace='1']")
        ann.page.click("#ask-yes")
        bob.page.wait_for_selector("#held")
        rng = random.Random(3)
        met = 0
        for _ in range(400):
            doc = _view(http, table, 0)
            if doc["status"] != "playing" or met >= 2:
                break
            if doc["to_act"] == [1]:
                # The bot thinks: the page shows this very state, or has moved on.
                shown = bob.page.evaluate(
                    f"() => [document.querySelector('#main').dataset.version, ({EMPTY_PILL})()]"
                )
                if shown[0] == str(doc["version"]):
                    met += 1
                    assert shown[1] == 0, f"an empty pill at version {doc['version']}"
                continue
            if 0 in doc["to_act"]:
                r = http.post(
                    f"/api/tables/{table['id']}/actions",
                    json={"action": rng.choice(doc["legal_actions"]), "version": doc["version"]},
                    headers=_auth(table[0]),
                )
                assert r.status_code in (200, 409), r.text
                bob.page.clock.fast_forward(2000)
                wait_synced(bob, doc["version"] + 1)
        assert met, "never saw the bot alone to act"
        assert bob.page.evaluate(EMPTY_PILL) == 0
        assert ann.errors == [] and bob.errors == [], (ann.errors, bob.errors)
    finally:
        ann.context.close()
        bob.context.close()
        http.close()


TIP = "() => { const t = document.getElementById('gloss-tip'); return !!t && !t.hidden; }"


def test_a_tip_a_finger_opened_goes_away(browser, site):
    """On a phone a tap on an icon of a card shows its explanation; a second tap hides it,
    and one left alone goes by itself after a few seconds (it lay over the card under the
    icon until the next tap somewhere else)."""
    context = browser.new_context(
        base_url=site.url,
        locale="en-GB",
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
    )
    context.add_init_script(
        "if (location.protocol.startsWith('http'))"
        " localStorage.setItem('spyhouse.prefs', JSON.stringify({reveals: false}))"
    )
    page = context.new_page()
    try:
        page.goto("/")
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "agencia", 3, {})
            grant = {"seat": 1, "token": table[1]}
            page.evaluate(
                "g => localStorage.setItem('spyhouse.tables', JSON.stringify(g))",
                {table["id"]: grant},
            )
            page.goto(f"/#/table/{table['id']}")
            page.wait_for_selector("#board svg")
        icon = page.locator("#board [data-gloss=reward]").first
        icon.scroll_into_view_if_needed()
        icon.tap()
        assert page.evaluate(TIP), "a tap shows no tip"
        icon.tap()
        assert not page.evaluate(TIP), "a second tap leaves the tip"
        icon.tap()
        assert page.evaluate(TIP)
        page.wait_for_function(f"() => !({TIP})()", timeout=8_000)
    finally:
        context.close()


BANDS = """() => [...document.querySelectorAll('#board [data-side]')].map((g) => {
  const panel = g.querySelector(':scope > rect');
  const p = panel.getBBox();
  let bottom = p.y;
  for (const el of g.querySelectorAll(':scope > :not(rect)')) {
    const b = el.getBBox();
    if (b.height) bottom = Math.max(bottom, b.y + b.height);
  }
  return { side: g.dataset.side, band: p.y + p.height - bottom };
})"""


@pytest.mark.parametrize("width", [1280, 390])
def test_a_spies_side_is_as_tall_as_what_it_holds(browser, site, width):
    """Under a side's missions (or your hand) there is a margin, not an empty band: at
    1,280 px the opponent's side left ≈ 80 units of nothing under its missions."""
    bob = new_player(browser, site.url, width=width)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "spies", 2, {})
            _open(bob, table, 1)
            rng = random.Random(4)
            # Checked as the game goes: rows with guesses under them and rows without.
            for _ in range(4):
                wait_synced(bob, _view(http, table, 1)["version"])
                bands = bob.page.evaluate(BANDS)
                assert len(bands) == 2 and all(0 <= b["band"] <= 16 for b in bands), bands
                for _ in range(6):
                    _move(http, table, rng)
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()


FIELDS = """() => [...document.querySelectorAll('form .row')].map((row) => {
  const labels = [...row.querySelectorAll(':scope > label')].filter((l) => l.offsetParent);
  return labels.map((l) => {
    const range = document.createRange();
    range.selectNodeContents(l.firstChild);
    const control = l.querySelector('select, input').getBoundingClientRect();
    return { name: l.firstChild.textContent, lines: range.getClientRects().length,
      top: Math.round(control.top), bottom: Math.round(control.bottom) };
  });
}).filter((r) => r.length)"""


def test_the_lobbys_fields_stay_in_line(browser, site):
    """Each field's name takes one line and the selects side by side line up, in English
    and Spanish, at 1,280 and 390 px ("Bots en asientos vacíos" wrapped and pushed its
    select below the others')."""
    for locale in ("en-GB", "es-ES"):
        for width in (1280, 390):
            ann = new_player(browser, site.url, locale=locale, width=width)
            try:
                fill_create_form(ann.page, "agencia", 6, 3)
                rows = ann.page.evaluate(FIELDS)
                assert rows, "no row of fields"
                for row in rows:
                    assert all(f["lines"] == 1 for f in row), (locale, width, row)
                    by_line: dict[int, set[int]] = {}
                    for f in row:
                        by_line.setdefault(f["bottom"] // 20, set()).add(f["top"])
                    assert all(len(tops) == 1 for tops in by_line.values()), (locale, width, row)
                assert ann.errors == [], ann.errors
            finally:
                ann.context.close()


WRONG_SOLOMON = re.compile(r"\b(de|a) Dr\. Solomon|(^|[.:—] )Dr\. Solomon (avanza|recuperó)")


def test_spanish_says_del_dr_solomon(browser, site):
    """Spanish gives the doctor his article: "la pista del Dr. Solomon", "pagos al
    Dr. Solomon", "El Dr. Solomon avanza", on the lobby, the rules page, the table and
    its log."""
    ana = new_player(browser, site.url, locale="es-ES")
    try:
        page = ana.page
        page.goto("/")
        page.wait_for_selector("[data-game='conspiracy']")
        found = WRONG_SOLOMON.findall(page.inner_text("main"))
        page.goto("/#/rules/conspiracy")
        page.wait_for_selector("main h1")
        page.wait_for_timeout(300)
        rules = page.inner_text("main")
        assert "Dr. Solomon" in rules
        found += WRONG_SOLOMON.findall(rules)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "conspiracy", 3, {})
            rng = random.Random(2)
            while _move(http, table, rng) == "playing":
                pass
        _open(ana, table, 0, ready="#scores")
        text = page.inner_text("main")
        assert "Dr. Solomon" in text
        found += WRONG_SOLOMON.findall(text)
        assert found == [], found
        assert ana.errors == [], ana.errors
    finally:
        ana.context.close()
