"""What a player sees at 1,280 px and on a 390 px phone, in English and Spanish: a long
name in the Players panel stays on one line beside the host's buttons (two lines at most),
the final scores come into view when a game ends on a phone, the replay's keyboard hint
is not offered to fingers, and Conspiracy's city names and agents are readable (and its
agents tappable) on a phone."""

from __future__ import annotations

import json
import random

import httpx
import pytest

from tests.browser.driver import new_player, screenshot, wait_synced
from tests.browser.layout import fits_width, overlaps
from tests.browser.test_layout import CHECKS
from tests.browser.test_table_reads_right import BANDS
from tests.browser.test_table_story import _auth, _move, _open, _table

LONG_NAME = "Maximiliano Alejandro de la Cruz Ferreir"  # 40 characters, the most allowed
SIZES = [("en-GB", "en", 1280), ("es-ES", "es", 1280), ("en-GB", "en", 390), ("es-ES", "es", 390)]


# For one seat's row: the name's box and line height, its tooltip, and
# how many lines the row's parts (badge, name, buttons) sit on.
ROW = """(row) => {
  const name = row.querySelector('.seat-name');
  const parts = [...row.children].flatMap((el) => el.classList.contains('seat-tools') ? [...el.children] : [el])
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width && r.height);
  const lines = [];
  for (const r of parts.sort((a, b) => a.top - b.top)) {
    const mid = (r.top + r.bottom) / 2;
    if (!lines.some(([t, b]) => mid >= t && mid <= b)) lines.push([r.top, r.bottom]);
  }
  const box = name ? name.getBoundingClientRect() : row.getBoundingClientRect();
  return {
    lines: lines.length, height: box.height, width: box.width,
    lineHeight: parseFloat(getComputedStyle(name || row).lineHeight),
    title: name ? name.title : null,
    buttons: [...row.querySelectorAll('button')].map((b) => b.getBoundingClientRect().height),
  };
}"""


def test_a_long_name_beside_the_hosts_buttons_takes_two_lines_at_most(browser, site, output_dir):
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "spies", 2, {}, name=LONG_NAME)
        for locale, lang, width in SIZES:
            ann = new_player(browser, site.url, locale=locale, width=width)
            try:
                _open(ann, table, 0, host=True)
                ann.page.wait_for_selector(".players [data-replace='1']")
                ann.page.wait_for_selector("#host-controls [data-remove='1']")
                rows = {
                    "players": ann.page.locator(".players li.seat").nth(1),
                    "host controls": ann.page.locator("#host-controls li").nth(1),
                }
                for panel, row in rows.items():
                    got = row.evaluate(ROW)
                    where = f"{panel} at {width} px in {lang}: {got}"
                    assert got["lines"] <= 2, where
                    # The name is one line, cut with "…", never squeezed to nothing.
                    assert got["height"] <= 1.5 * got["lineHeight"], where
                    assert got["width"] >= 120, where
                    assert got["title"].startswith(LONG_NAME), where
                    # The buttons keep their one line of text each.
                    assert got["buttons"] and max(got["buttons"]) <= 44, where
                # The host's own seat, with no buttons, is one line.
                own = ann.page.locator(".players li.seat").nth(0).evaluate(ROW)
                assert own["lines"] == 1, own
                # An unbroken long name widens nothing: the page does not scroll sideways.
                assert fits_width(ann.page), f"the page scrolls sideways at {width} px"
                screenshot(ann, output_dir, f"players-long-name-{lang}-{width}")
                assert ann.errors == [], ann.errors
            finally:
                ann.context.close()


def test_long_names_in_the_waiting_room_take_two_lines_at_most(browser, site, output_dir):
    """Before the start, the seat list treats a long name as the Players panel does: one
    line cut with "…" (the whole name on hover), the host's controls beside it or on a
    second line, and the page never scrolls sideways; for the host and for a guest."""
    other = "Bartholomew Konstantinopoulos Wolfeschle"  # 40 characters too
    with httpx.Client(base_url=site.url, timeout=30) as http:
        t = http.post(
            "/api/tables", json={"game": "conspiracy", "seats": 4, "host_name": LONG_NAME}
        ).json()
        bob = http.post(f"/api/invites/{t['invite_code']}/join", json={"name": other}).json()
        bot = http.post(f"/api/tables/{t['table_id']}/seats/2/bot", headers=_auth(t["host_token"]))
        assert bot.status_code < 300, bot.text
    table = {"id": t["table_id"], "host": t["host_token"], 0: t["seat"]["seat_token"]}
    table[1] = bob["seat_token"]
    for locale, lang, width in SIZES:
        for seat, host in ((0, True), (1, False)):
            p = new_player(browser, site.url, locale=locale, width=width)
            try:
                _open(p, table, seat, host=host, ready="#seats li.seat[data-seat='3']")
                if host:
                    p.page.wait_for_selector("#seats [data-remove='1']")
                for n, full in ((0, LONG_NAME), (1, other)):
                    got = p.page.locator(f"#seats li.seat[data-seat='{n}']").evaluate(ROW)
                    where = f"seat {n + 1} seen by seat {seat + 1} at {width} px in {lang}: {got}"
                    assert got["lines"] <= 2, where
                    assert got["height"] <= 1.5 * got["lineHeight"], where
                    assert got["width"] >= 120, where
                    assert got["title"].startswith(full), where
                    assert not got["buttons"] or max(got["buttons"]) <= 44, where
                    if not got["buttons"]:
                        assert got["lines"] == 1, where  # nothing to put beside it
                    if n == seat:
                        assert not got["buttons"], where  # no control over your own seat
                    # A guest may mute another player for themselves: that one button.
                    if not host and n != seat:
                        assert len(got["buttons"]) == 1, where
                assert fits_width(p.page), f"the page scrolls sideways at {width} px"
                if host:
                    screenshot(p, output_dir, f"waiting-long-names-{lang}-{width}")
                assert p.errors == [], p.errors
            finally:
                p.context.close()


def test_the_replays_keyboard_hint_is_for_keyboards_only(browser, site, output_dir):
    """ "Keys: ← → step" shows at 1,280 px with a mouse, not on a phone nor on a touch
    screen (a finger has no arrow keys)."""
    from tests.server.helpers import open_table, play_to_end_over_rest, start

    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = open_table(http, "highcard", 2)
        start(http, table)
        play_to_end_over_rest(http, table)
    grant = {table.id: {"seat": 0, "token": table.tokens[0]}}
    cases = [(locale, lang, width, False) for locale, lang, width in SIZES]
    cases.append(("en-GB", "en", 1280, True))
    for locale, lang, width, touch in cases:
        context = browser.new_context(
            base_url=site.url,
            locale=locale,
            viewport={"width": width, "height": 900},
            has_touch=touch,
        )
        try:
            page = context.new_page()
            page.goto("/")
            page.evaluate("g => localStorage.setItem('spyhouse.tables', JSON.stringify(g))", grant)
            page.goto(f"/#/table/{table.id}")
            page.click("#replay-open")
            page.wait_for_selector("#replay[data-step='0']")
            shown = page.is_visible(".replay-keys")
            assert shown == (width > 700 and not touch), (width, touch, lang)
            if not touch:
                page.screenshot(path=str(output_dir / f"replay-hint-{lang}-{width}.png"))
        finally:
            context.close()


# Where the final scores and the board are: their tops on the page (from its top) and
# on the screen now, and the screen's height.
WHERE = """() => {
  const top = (q) => { const el = document.querySelector(q); return el ? el.getBoundingClientRect().top : null; };
  return { scores: top('#scores'), board: top('#board'), scrollY: scrollY, height: innerHeight };
}"""


def test_the_final_scores_come_into_view_when_a_game_ends(browser, site, output_dir):
    """On a 390 px phone (844 px tall) that zoomed the board and scrolled down to the
    log, the game ends: the scores are on screen, and above the board (within the first
    screen of the page). At 1,280 px the board and the scores both start on the first
    screen, side by side."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "spies", 2, {})
        watchers = []
        for locale, lang, width in SIZES:
            seat = 0 if lang == "en" else 1
            p = new_player(browser, site.url, locale=locale, width=width, prefs={"zoom": True})
            p.page.set_viewport_size({"width": width, "height": 844 if width < 700 else 900})
            _open(p, table, seat, host=False)
            if width < 700:  # the phone player scrolled down to the log
                p.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            watchers.append((p, lang, width))
        try:
            rng = random.Random(5)
            while _move(http, table, rng) == "playing":
                pass
            for p, lang, width in watchers:
                p.page.wait_for_selector("#main[data-status='finished'] #scores")
                at = p.page.evaluate(WHERE)
                where = f"{lang} at {width} px: {at}"
                # On screen now, and within the first screen of the page.
                assert -1 <= at["scores"] < at["height"], where  # -1: subpixel scrolling
                assert at["scores"] + at["scrollY"] < at["height"], where
                if width > 700:
                    assert at["board"] + at["scrollY"] < at["height"], where
                screenshot(p, output_dir, f"final-scores-{lang}-{width}")
                assert p.errors == [], p.errors
        finally:
            for p, _, _ in watchers:
                p.context.close()


# Each city name's size as drawn on the screen (its font size times the map's scale).
NAME_SIZES = """() => [...document.querySelectorAll('#board [data-city-label]')].map((el) =>
  parseFloat(getComputedStyle(el).fontSize) * el.ownerSVGElement.getScreenCTM().a)"""


# Each agent's disc on a phone's map: its distance from its city's centre and whether a
# tether runs from that city (all in the map's own units). A disc's block is tethered
# once its centre is over 75 units away; a disc sits up to 46 from its block's centre.
TETHERS = """(cityOf) => {
  const svg = document.querySelector('#board svg[data-board=conspiracy]');
  const at = (el) => [Number(el.getAttribute('cx')), Number(el.getAttribute('cy'))];
  const centre = (city) => at(svg.querySelector(`[data-city="${city}"] circle`));
  const lines = [...svg.querySelectorAll('.tether')].map((l) =>
    ['x1', 'y1', 'x2', 'y2'].map((k) => Number(l.getAttribute(k))));
  const tetheredAt = ([x, y]) => lines.some(([x1, y1]) => Math.hypot(x1 - x, y1 - y) < 0.5);
  return {
    version: Number(document.getElementById('main').dataset.version),
    discs: [...svg.querySelectorAll('[data-agent-marker]')].map((g) => {
      const [x, y] = at(g.querySelector('circle'));
      const c = centre(cityOf[g.dataset.agentMarker]);
      return { agent: g.dataset.agentMarker, far: Math.hypot(x - c[0], y - c[1]), tethered: tetheredAt(c) };
    }),
    strays: lines.filter(([x1, y1]) => !Object.values(cityOf).some((city) => {
      const [x, y] = centre(city);
      return Math.hypot(x1 - x, y1 - y) < 0.5;
    })).length,
  };
}"""


def test_conspiracy_city_names_are_readable_on_a_phone(browser, site, output_dir):
    """At 390 px the whole map fits the screen: its city names are drawn at 9 px or more
    (not 4), and still cover no other name, no city and no agent's pill, as the game goes
    on; at 1,280 px they keep their size (test_layout checks that nothing overlaps)."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "conspiracy", 4, {})
        for locale, lang, width in SIZES:
            bob = new_player(browser, site.url, locale=locale, width=width)
            try:
                _open(bob, table, 1, host=False)
                sizes = bob.page.evaluate(NAME_SIZES)
                assert len(sizes) >= 20, sizes
                assert min(sizes) >= 9, (lang, width, min(sizes))
                if width < 700:
                    assert max(sizes) <= 12, (lang, width, max(sizes))  # legible, not shouting
                    rng = random.Random(7)
                    for _ in range(30):
                        doc = http.get(
                            f"/api/tables/{table['id']}/view", headers=_auth(table[1])
                        ).json()
                        wait_synced(bob, doc["version"])
                        found = overlaps(
                            bob.page,
                            "[data-city-label]",
                            "[data-city-label], [data-city] .hit, [data-agent], [data-agent-marker]",
                        ) + overlaps(
                            bob.page,
                            "[data-agent-marker]",
                            "[data-agent-marker], [data-city] .hit, [data-slot=conspiracy-briefcase]",
                        )
                        assert found == [], f"{lang} at version {doc['version']}: {found}"
                        # A disc set far from its city (every place beside it taken) is
                        # tethered to it, and every tether starts at an agent's city.
                        # Read at the version the page shows (the bots move on meanwhile).
                        for _ in range(20):
                            seen = http.get(
                                f"/api/tables/{table['id']}/view", headers=_auth(table[1])
                            ).json()
                            wait_synced(bob, seen["version"])
                            city_of = {
                                a["name"]: a["city"]
                                for a in seen["view"]["agents"]
                                if a.get("city") and not a.get("burned")
                            }
                            drawn = bob.page.evaluate(TETHERS, city_of)
                            if drawn["version"] == seen["version"]:
                                break
                        assert drawn["version"] == seen["version"], drawn
                        assert drawn["strays"] == 0, drawn
                        assert all(d["tethered"] for d in drawn["discs"] if d["far"] > 121), drawn
                        if _move(http, table, rng) != "playing":
                            break
                screenshot(bob, output_dir, f"conspiracy-names-{lang}-{width}")
                assert bob.errors == [], bob.errors
            finally:
                bob.context.close()


# Every city name that covers a city or another name (by more than a unit both ways),
# with the briefcase in each city in turn, on a phone's map and on a wide one, as the
# board places them.
COVERED = """async ([view]) => {
  const { cityLabels } = await import('/static/js/boards/conspiracy.js');
  const over = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;
  const cities = view.map.cities.map((c) => c.name);
  const found = [];
  for (const small of [true, false]) for (const briefcase of cities) {
    const { rings, boxes } = cityLabels({ ...view, briefcase }, small);
    boxes.forEach((box, i) => cities.forEach((other, j) => {
      if (i === j) return;
      if (over(box, rings[j])) found.push(`${cities[i]} over ${other} (briefcase in ${briefcase}, small: ${small})`);
      if (i < j && over(box, boxes[j])) found.push(`${cities[i]} over ${other}'s name (briefcase in ${briefcase}, small: ${small})`);
    }));
  }
  return found;
}"""


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_city_name_covers_a_city_or_a_name_wherever_the_briefcase_is(browser, site, seats):
    """The HQs are set by the number of players and the briefcase can stop in any city:
    in every such map, at both sizes and in both languages, each name finds a place
    clear of the other cities and names (in the crowded centre of Europe, with the
    briefcase in Budapest, every place touching Zagreb can be taken)."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "conspiracy", seats, {})
        view = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[1])).json()["view"]
    for locale, lang, width in SIZES[2:]:
        bob = new_player(browser, site.url, locale=locale, width=width)
        try:
            _open(bob, table, 1, host=False)
            assert bob.page.evaluate(COVERED, [view]) == [], lang
            assert bob.errors == [], bob.errors
        finally:
            bob.context.close()


# Each agent on the board: its box on the screen (CSS px), its words' drawn size, whether
# the page offers it as a choice, and its words.
AGENTS = """() => [...document.querySelectorAll('#board [data-agent]')].map((el) => {
  const r = el.getBoundingClientRect();
  const text = el.querySelector('text:last-of-type');
  return { name: el.dataset.agent, width: r.width, height: r.height, choice: el.classList.contains('choice'),
    text: text.textContent, size: parseFloat(getComputedStyle(text).fontSize) * el.ownerSVGElement.getScreenCTM().a };
})"""


# Whether a tap at an element's centre lands on it (nothing else on top, no gap there).
CENTRE_HITS = """(el) => {
  el.scrollIntoView({ block: 'center' });
  const r = el.getBoundingClientRect();
  return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
}"""


# The smallest letters below the map (player cards, Dr. Solomon's track, your payoff
# board), as drawn on the screen, in px.
BELOW_THE_MAP = """() => Math.min(...[...document.querySelectorAll(
  '#board :is([data-player], [data-slot=conspiracy-solomon], [data-slot=conspiracy-shield]) text')]
  .map((el) => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a))"""


def test_conspiracy_agents_are_legible_and_tappable_on_a_phone(browser, site, output_dir):
    """At 390 px each of the six agents has a pill of its own (24 px tall or more, its name
    and city in 9 px letters or more) under the map, and tapping one when Bob must choose
    an agent chooses it; what is below the map (players, track, payoff board) is laid out
    320 wide (two player cards a row, the track in two rows) and read at 11 px or more
    (were ≈ 3.5, then 7), nothing over anything.
    At 1,280 px the pills stay beside their cities on the map."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "conspiracy", 4, {})
        rng = random.Random(3)
        for _ in range(400):
            doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[1])).json()
            if any("agent" in a for a in doc["legal_actions"]):
                break
            assert _move(http, table, rng) == "playing"
        else:
            raise AssertionError("Bob was never to choose an agent")
        for locale, lang, width in SIZES:
            bob = new_player(browser, site.url, locale=locale, width=width)
            try:
                _open(bob, table, 1, host=False)
                wait_synced(bob, doc["version"])
                agents = bob.page.evaluate(AGENTS)
                where = f"{lang} at {width} px: {agents}"
                live = [a for a in doc["view"]["agents"] if not a["burned"]]
                if width > 700:  # pills on the map, as before
                    assert len(agents) == len(live), where
                    assert max(a["height"] for a in agents) < 24, where
                    continue
                assert sorted(a["name"] for a in agents) == sorted(
                    a["name"] for a in doc["view"]["agents"]
                ), where
                for a in agents:
                    assert a["height"] >= 24 and a["width"] >= 100, where
                    assert a["size"] >= 9, where
                    assert a["text"].startswith(a["name"]), where
                assert bob.page.locator("#board [data-agent-marker]").count() == len(live)
                assert bob.page.evaluate(BELOW_THE_MAP) >= 11, (
                    where,
                    bob.page.evaluate(BELOW_THE_MAP),
                )
                parts = (
                    "[data-player] > .hit, [data-slot=conspiracy-solomon], "
                    "[data-slot=conspiracy-shield], [data-slot=conspiracy-duel], [data-agent]"
                )
                assert overlaps(bob.page, parts, parts) == [], where
                # A tap at the centre of Dr. Solomon's track (between its two rows) lands
                # on the track, where a payoff to him is chosen.
                assert bob.page.locator("[data-slot=conspiracy-solomon]").evaluate(CENTRE_HITS)
                offered = [a["name"] for a in agents if a["choice"]]
                assert offered, where
                bob.page.click(f"#board [data-agent='{offered[0]}']")
                bob.page.wait_for_selector("#decision .chosen, #confirm-send")
                assert offered[0] in bob.page.inner_text("#decision"), where
                screenshot(bob, output_dir, f"conspiracy-agents-{lang}-{width}")
                assert bob.errors == [], bob.errors
            finally:
                bob.context.close()


VIEWBOX = "() => document.querySelector('#board svg').getAttribute('viewBox')"
# Every word on the board, as drawn on the screen: its size and its words.
WORDS = """() => [...document.querySelectorAll('#board svg text')]
  .filter((el) => el.getBoundingClientRect().width > 0)
  .map((el) => ({ text: el.textContent, size: parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a }))"""
# The smaller side of each box a finger taps, in CSS px.
TAPS = """(q) => [...document.querySelectorAll(q)].map((el) => el.getBoundingClientRect())
  .filter((r) => r.width > 0).map((r) => Math.min(r.width, r.height))"""


def _board_shot(player, path):
    """The board alone, without the decision panel that sticks over it on a phone."""
    player.page.evaluate("() => { document.querySelector('#decision').style.display = 'none'; }")
    player.page.locator("#board").screenshot(path=str(path))
    player.page.evaluate("() => { document.querySelector('#decision').style.display = ''; }")


def _play_until(http, table, seat, rng, want, limit=400):
    """Random legal moves until ``want(doc)`` holds for ``seat``'s view."""
    for _ in range(limit):
        doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[seat])).json()
        if want(doc):
            return doc
        assert _move(http, table, rng) == "playing"
    raise AssertionError("never reached")


def _each_size(browser, site, table, version):
    """Seat 0's page at each of ``SIZES``, synced to ``version``: yields the player, the
    language, the width and where it is (for messages); the page must log no script error."""
    for locale, lang, width in SIZES:
        ann = new_player(browser, site.url, locale=locale, width=width)
        try:
            _open(ann, table, 0, host=False)
            wait_synced(ann, version)
            yield ann, lang, width, f"{lang} at {width} px"
            assert ann.errors == [], ann.errors
        finally:
            ann.context.close()


def _assert_legible(page, where, targets):
    """Every word on the board drawn at 11 px or more, every one of ``targets`` a 44 px
    target or more, no two words over each other, and the page no wider than the screen."""
    small = [w for w in page.evaluate(WORDS) if w["size"] < 11]
    assert not small, (where, small)
    taps = page.evaluate(TAPS, targets)
    assert taps and min(taps) >= 44, (where, taps)
    found = overlaps(page, "#board svg text", "#board svg text")
    assert found == [], (where, found)
    assert fits_width(page), where


@pytest.mark.parametrize("seats", [2, 4], ids=["1v1", "teams"])
def test_spies_is_legible_on_a_phone(browser, site, output_dir, seats):
    """At 390 px Spies & Lies is laid out narrow (missions two a row under each side's
    tracks) so every word on the table (track labels, intel lines, a guess, a card's rank)
    is drawn at 11 px or more (were ≈ 3.7, then 7.2), each mission and card in your hand
    is a 44 px target or more, no two words cover each other, and no mission, card, side
    title or the Double Agent covers another; at 1,280 px it is laid out as before."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "spies", seats, {})
        rng = random.Random(11)
        doc = _play_until(
            http,
            table,
            0,
            rng,
            lambda d: (
                sum(
                    m.get("deployed", False)
                    for s in d["view"]["sides"].values()
                    for m in s["missions"]
                )
                >= 2
                and any(m.get("guess") for s in d["view"]["sides"].values() for m in s["missions"])
            ),
        )
        for ann, lang, width, where in _each_size(browser, site, table, doc["version"]):
            if width > 700:
                # The wide layout; each side as tall as what it holds (the opponent's
                # missions, your hand under your words if you hold one): no empty band
                # (it was 700 whatever the sides held).
                bands = ann.page.evaluate(BANDS)
                assert len(bands) == 2 and all(0 <= b["band"] <= 16 for b in bands), (where, bands)
                assert int(ann.page.evaluate(VIEWBOX).split()[3]) < 700, where
                continue
            _assert_legible(
                ann.page,
                where,
                # Missions (empty, or a soldier's card on them) and the cards in your hand.
                "[data-side] [data-slot] > rect, [data-side] [data-slot] rect.hit, "
                "[data-side] > [data-card] > rect.hit",
            )
            for a, b, scope in CHECKS["spies"]:
                assert overlaps(ann.page, a, b, scope) == [], (where, a, b)
            parts = (
                "[data-side] [data-slot], [data-side] > [data-card], [data-side-title], "
                "[data-slot=spies-double-agent]"
            )
            assert overlaps(ann.page, parts, parts) == [], where
            panels = "[data-side] > rect"
            found = overlaps(ann.page, panels, f"{panels}, [data-slot=spies-double-agent]")
            assert found == [], where
            screenshot(ann, output_dir, f"spies-phone-{seats}-{lang}-{width}")
            _board_shot(ann, output_dir / f"spies-phone-board-{seats}-{lang}-{width}.png")


# La Agencia's board at 1,280 px: 1,000 wide, taller with more players.
DESKTOP_HEIGHT = {3: 760, 4: 960, 6: 1360}


@pytest.mark.parametrize("seats", [3, 4, 6])
def test_agencia_is_legible_on_a_phone(browser, site, output_dir, seats):
    """At 390 px La Agencia is laid out 340 wide (the reward beside the embassy, each
    player's four positions two a row under their plate and the card they played) so every
    word on the table (card captions, 'hidden', the embassy's capacities) is drawn at 11 px
    or more (were ≈ 3.6, then 7.2), each position, plate and the embassy's choices are
    44 px targets or more, no two words cover each other, and no plate, position, played
    card or the embassy covers another; at 1,280 px it is laid out as before."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "agencia", seats, {})
        rng = random.Random(13)
        doc = _play_until(
            http,
            table,
            0,
            rng,
            lambda d: sum(bool(p.get("played")) for p in d["view"]["players"]) >= 2,
        )
        for ann, lang, width, where in _each_size(browser, site, table, doc["version"]):
            if width > 700:
                assert ann.page.evaluate(VIEWBOX) == f"0 0 1000 {DESKTOP_HEIGHT[seats]}", where
                continue
            _assert_legible(
                ann.page,
                where,
                "#board [data-slot] rect.hit, #board [data-player] > g:not([data-slot]) > rect.hit",
            )
            parts = (
                "[data-player] > [data-slot], [data-player] > g:not([data-slot]) > rect.hit, "
                "[data-slot=agencia-embassy], [data-slot=agencia-reward]"
            )
            assert overlaps(ann.page, parts, parts) == [], where
            rows = "[data-player] > rect:first-child"
            assert overlaps(ann.page, rows, f"{rows}, [data-slot=agencia-embassy]") == [], where
            screenshot(ann, output_dir, f"agencia-phone-{seats}-{lang}-{width}")
            _board_shot(ann, output_dir / f"agencia-phone-board-{seats}-{lang}-{width}.png")


# The smallest letters below Estoril's grid (players, your hand, missions), on the screen.
BELOW_THE_GRID = """() => Math.min(...[...document.querySelectorAll('#board svg text')]
  .filter((el) => !el.closest('[data-location], [data-grid-map]') && el.getBoundingClientRect().width > 0)
  .map((el) => parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a))"""
# Every word on Estoril's grid (board titles, spaces, the tiles on them, rewards, marks,
# the phone's map of the grid), as drawn on the screen: its size and its words.
ON_THE_GRID = """() => [...document.querySelectorAll('#board :is([data-location], [data-grid-map]) text')]
  .filter((el) => el.getBoundingClientRect().width > 0)
  .map((el) => ({ text: el.textContent, size: parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a }))"""
# Each board's title (its name) and the smallest box a finger taps on it (space, reward).
BOARDS = """() => [...document.querySelectorAll('#board [data-location]')].map((el) => {
  const hits = [...el.querySelectorAll('[data-slot] > .hit')].map((r) => r.getBoundingClientRect());
  return { name: el.dataset.location, title: el.querySelector('[data-board-title]').textContent,
    tap: Math.min(...hits.map((r) => Math.min(r.width, r.height))) };
})"""
TOPS = """(q) => [...new Set([...document.querySelectorAll(q)]
  .map((el) => Math.round(el.getBoundingClientRect().top)))]"""


def test_estoril_is_legible_on_a_phone(browser, site, output_dir):
    """At 390 px Estoril's grid is stacked, one board a row in the grid's reading order
    under a small map of where each lies (a tap on it scrolls to the board): every board's name and what is on it (tiles,
    spaces, rewards, marks) are drawn at 11 px or more (were ≈ 3–4.5), each space and
    reward is a 44 px target or more, and no board, tile word or title covers another.
    What is below the grid (the players, your hand, the missions line) is laid out 300
    wide (two players a row, three tiles a row) and scaled as the grid is: its smallest
    letters are 11 px or more too (were ≈ 3.4, then 7). At 1,280 px the boards keep the table's
    grid (two rows of three), and the players and your hand each stay on one row."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "estoril", 4, {})
        rng = random.Random(17)
        doc = _play_until(
            http,
            table,
            0,
            rng,
            lambda d: (
                sum(
                    bool(sp.get("occupant"))
                    for loc in d["view"]["grid"]["locations"]
                    for sp in loc["spaces"]
                )
                >= 5
                and d["view"]["hand"]
            ),
        )
        names = {loc["location"] for loc in doc["view"]["grid"]["locations"]}
        for ann, lang, width, where in _each_size(browser, site, table, doc["version"]):
            ann.page.wait_for_selector("#board [data-secret-of] rect")
            boards = ann.page.evaluate(BOARDS)
            assert {b["name"] for b in boards} == names, where
            if width > 700:
                tops = ann.page.evaluate(TOPS, "#board [data-location] > rect:first-child")
                assert len(tops) == 2, (where, tops)
                assert len(ann.page.evaluate(TOPS, "#board [data-player] > rect")) == 1, where
                assert len(ann.page.evaluate(TOPS, "#board [data-secret-of]")) == 1, where
                continue
            words = ann.page.evaluate(ON_THE_GRID)
            small = [w for w in words if w["size"] < 11]
            assert not small, (where, small)
            for b in boards:
                assert b["title"], (where, b)
                assert b["tap"] >= 44, (where, b)
            assert overlaps(ann.page, "[data-location]", "[data-location], [data-grid-map]") == []
            found = overlaps(ann.page, "text", "text", "#board [data-location] [data-tile]")
            assert found == [], (where, found)
            for a, b, scope in CHECKS["estoril"]:
                assert overlaps(ann.page, a, b, scope) == [], (where, a, b)
            smallest = ann.page.evaluate(BELOW_THE_GRID)
            assert smallest >= 11, (where, smallest)
            parts = "[data-player] > rect, #board [data-secret-of]"
            assert overlaps(ann.page, parts, parts) == [], where
            assert fits_width(ann.page), where
            # A tap on the small map brings that board to the top of the screen, for each
            # board. Names are quoted as CSS strings ("Hell's mouth" broke a '…' selector:
            # the test failed whenever the random grid put that board last).
            for board in reversed(boards):
                name = json.dumps(board["name"], ensure_ascii=False)
                ann.page.click(f"#board [data-map-board={name}]")
                top = ann.page.locator(f"#board [data-location={name}]").bounding_box()["y"]
                assert -2 <= top <= 2, (where, board["name"], top)
            ann.page.evaluate("() => window.scrollTo(0, 0)")
            screenshot(ann, output_dir, f"estoril-phone-{lang}-{width}")
            _board_shot(ann, output_dir / f"estoril-phone-board-{lang}-{width}.png")
        # At the end every hand is revealed on the board: on a phone three tiles a row, none
        # over another and no tile's words over each other (in one row they ran together);
        # each player's card is as tall as its discards (they spilled out of it).
        while _move(http, table, rng) == "playing":
            pass
    for locale, lang, width in SIZES[2:]:
        ann = new_player(browser, site.url, locale=locale, width=width)
        try:
            _open(ann, table, 0, host=False)
            ann.page.wait_for_selector("#board [data-revealed-hand] [data-tile]")
            tiles = "[data-revealed-hand] [data-tile]"
            assert overlaps(ann.page, tiles, tiles) == [], lang
            found = overlaps(ann.page, "text", "text", "#board [data-revealed-hand] [data-tile]")
            assert found == [], (lang, found)
            assert ann.page.evaluate(SPILLED) == [], lang
            assert ann.errors == [], ann.errors
        finally:
            ann.context.close()


# Players whose card's words reach below the card.
SPILLED = """() => [...document.querySelectorAll('#board [data-player]')]
  .filter((g) => g.getBoundingClientRect().bottom > g.querySelector('rect').getBoundingClientRect().bottom + 1)
  .map((g) => g.dataset.player)"""


# A game's board drawn from ``view`` by the page's own renderer, in a frame of its own as
# wide as the live board's, outside the part of the page the table redraws: a position no
# random game reaches reliably.
DRAW_BOARD = """async ([game, doc, view]) => {
  const board = await import(`/static/js/boards/${game}.js`);
  const { t } = await import('/static/js/i18n.js');
  const { Decision } = await import('/static/js/decisions.js');
  const { fittedToPhone } = await import('/static/js/table/zoom.js');
  const ctx = { doc: { ...doc, view }, view, you: doc.you, t, decision: new Decision([]), reader: doc.you,
    sees: doc.you, name: (seat) => `Player ${seat + 1}`, choice: () => {}, choose: () => {},
    selected: () => false, small: fittedToPhone() };
  document.querySelector('#fixture')?.remove();
  const wrap = document.createElement('div');
  wrap.className = 'board-wrap';
  wrap.id = 'fixture';
  wrap.style.width = `${document.querySelector('#board').getBoundingClientRect().width}px`;
  wrap.append(board.render(ctx));
  document.body.append(wrap);
}"""
# Every word on the fixture's locations, as drawn on the screen: its size and its words.
FIXTURE_WORDS = """() => [...document.querySelectorAll('#fixture [data-location] text')]
  .filter((el) => el.getBoundingClientRect().width > 0)
  .map((el) => ({ text: el.textContent, size: parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a }))"""

# The boards on the phone's small map whose words reach out of their box.
MAP_SPILLS = """() => [...document.querySelectorAll('#fixture [data-map-board]')].filter((g) => {
  const box = g.querySelector('rect').getBoundingClientRect();
  return [...g.querySelectorAll('text')].some((t) => { const r = t.getBoundingClientRect();
    return r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom; });
}).map((g) => g.dataset.mapBoard)"""


def _crowded_estoril(view):
    """``view`` with every space taken (face up, face down unseen, face down seen; shields
    and Double Agents), every Reward shown (two on one board, as the Garret's), and the
    title marks at their most: the Museum holds the Enigma and is resolved, another board
    has the Airport's die, the Roulette and the 'reconstructed' mark."""
    from spyhouse.games.estoril.views import tile

    tiles = iter(tile(i) for i in range(200))
    colours = [p["player"] for p in view["players"]]
    for n, loc in enumerate(view["grid"]["locations"]):
        for k, sp in enumerate(loc["spaces"]):
            colour = colours[(n + k) % len(colours)]
            kind = (n + k) % 4
            sp["occupant"] = {
                "face_down": kind in (1, 2),
                "known_by": [colours[0]] if kind == 2 else [],
                "marker": colour,
                "owner": colour,
                "shield": kind in (0, 3),
                "seduced": False,
                "double_agent": kind in (2, 3),
                "nationalism_used": False,
                "dice": None,
                **({} if kind == 1 else {"tile": next(tiles)}),
            }
        loc["reward"]["tiles"] = [{"face_down": False, "tile": next(tiles)}]
    museum = next(loc for loc in view["grid"]["locations"] if loc["location"] == "Museum")
    museum.update(enigma=True, resolved=True)
    other, third = [loc for loc in view["grid"]["locations"] if loc is not museum][:2]
    other.update(die=12, roulette={"tiles_under": 3}, status="reconstructed")
    # The Garret's two Rewards: both readable (the Enigma's, or one face up and one this
    # seat looked at), and one face up under one nobody here has seen.
    seen = {"face_down": True, "known_by": [colours[0]], "tile": next(tiles)}
    other["reward"]["tiles"].append(seen)
    third["reward"]["tiles"].append({"face_down": True, "known_by": []})
    return view


def test_nothing_on_an_estoril_location_overlaps(browser, site, output_dir):
    """On every Estoril location, at 1,280 px and on a phone, in English and Spanish, with
    the Enigma and both expansions on and every space taken: no space or Reward covers
    another (the Museum's central Reward covered its spaces' inner corners and their
    "TOP SECRET"), a space's numeral and "TOP SECRET" cover each other and no tile, no
    tile's words run into each other (the Museum's small Reward ran its name into its
    ability), a shield or a Double Agent's mark covers none of its tile's words, and the
    title strip covers nothing; a pile of two Rewards covers none of its readable tile's
    words with the other tile (the Garret's top tile covered the lower one's); on a phone
    every name on the small map of the grid stays in its box (with five players its boards
    are narrow). Words are drawn at 7 px or more (11 on a phone; "TOP SECRET" is the
    smallest at 1,280 px, 7.4)."""
    from tests.browser.test_layout import ESTORIL_ALL

    with httpx.Client(base_url=site.url, timeout=30) as http:
        for _ in range(40):  # the Museum is one of 8 boards of 12
            table = _table(http, "estoril", 5, ESTORIL_ALL)
            doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
            if any(loc["location"] == "Museum" for loc in doc["view"]["grid"]["locations"]):
                break
        else:
            raise AssertionError("no table had the Museum")
        view = _crowded_estoril(doc.pop("view"))
        for ann, lang, width, where in _each_size(browser, site, table, doc["version"]):
            ann.page.evaluate(DRAW_BOARD, ["estoril", doc, view])
            assert ann.page.locator("#fixture [data-location]").count() == 8, where
            ann.page.locator("#fixture").screenshot(
                path=str(output_dir / f"estoril-crowded-{lang}-{width}.png")
            )
            within = "#fixture [data-location]"
            boxes = "[data-slot] > .hit"
            assert overlaps(ann.page, boxes, boxes, within) == [], where
            tile_words = "[data-tile] > g, [data-tile] > text"
            found = overlaps(ann.page, "text", "text", "#fixture [data-location] [data-tile]")
            assert found == [], (where, found)
            # Across a pile of Rewards: no tile, face or back, over a readable tile's words.
            piles = "#fixture [data-slot$=-reward]"
            assert ann.page.locator(f"{piles} [data-tile]").count() == 9, where
            found = overlaps(
                ann.page, "[data-tile] text", "[data-tile], [data-gloss=unknown]", piles
            )
            assert found == [], (where, found)
            foot = "[data-gloss=top-secret], [data-gloss=space]"
            tiles = "[data-tile], [data-gloss=unknown], [data-gloss=reward]"
            assert overlaps(ann.page, foot, f"{foot}, {tiles}", within) == [], where
            marks = "[data-gloss=shield], [data-gloss=double-agent]"
            found = overlaps(
                ann.page, marks, f"{marks}, {tile_words}, {foot}", "#fixture [data-slot]"
            )
            assert found == [], (where, found)
            for a, b, scope in CHECKS["estoril"]:
                assert overlaps(ann.page, a, b, f"#fixture {scope}") == [], (where, a, b)
            least = 11 if width < 700 else 7
            words = ann.page.evaluate(FIXTURE_WORDS)
            assert len(words) > 200, where
            small = [w for w in words if w["size"] < least]
            assert not small, (where, small)
            if width < 700:  # each name on the small map of the grid stays in its box
                assert ann.page.evaluate(MAP_SPILLS) == [], where
            assert ann.page.locator("#fixture [data-location]").count() == 8, where


# Estoril's board drawn with these legal actions: each element a click would choose, with
# the Reward tile it stands for (if it is one) and what it chooses.
DRAW_CHOICES = """async ([doc, view, actions]) => {
  const board = await import('/static/js/boards/estoril.js');
  const { t } = await import('/static/js/i18n.js');
  const { Decision } = await import('/static/js/decisions.js');
  const { fittedToPhone } = await import('/static/js/table/zoom.js');
  const decision = new Decision(actions);
  const chosen = [];
  const choice = (el, partial) => {
    if (decision.allows(partial)) chosen.push([el, partial]);
    return el;
  };
  const ctx = { doc: { ...doc, view }, view, you: doc.you, t, decision, reader: doc.you,
    sees: doc.you, name: (seat) => `Player ${seat + 1}`, choice, choose: () => {},
    selected: () => false, small: fittedToPhone() };
  board.render(ctx);
  return chosen.map(([el, partial]) => ({ tile: el.dataset.reward || null, slot: el.dataset.slot || null, partial }));
}"""


def test_a_look_at_a_pile_of_two_rewards_picks_one(browser, site):
    """The Garret's two Rewards ("Place 2 Character tiles in the Reward space"): when a look
    or a Conspiracy may go to either tile, each tile is its own choice, reward 1 or reward
    2, at 1,280 px and on a phone (the whole pile offered a look at reward 1 only, and no
    Conspiracy: the rest was reached through the decision panel only). A single Reward is
    still chosen as a whole."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "estoril", 2, {})
        doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
    view = doc.pop("view")
    pile, single = view["grid"]["locations"][:2]
    pile["reward"]["tiles"] = [{"face_down": True, "known_by": []}] * 2
    single["reward"]["tiles"] = [{"face_down": True, "known_by": []}]
    looks = [
        {"type": "look", "location": loc["location"], "reward": n}
        for loc, count in ((pile, 2), (single, 1))
        for n in range(1, count + 1)
    ]
    for ann, _lang, _width, where in _each_size(browser, site, table, doc["version"]):
        chosen = ann.page.evaluate(DRAW_CHOICES, [doc, view, looks])
        rewards = [c for c in chosen if "reward" in c["partial"]]
        assert rewards == [
            {"tile": "1", "slot": None, "partial": {"location": pile["location"], "reward": 1}},
            {"tile": "2", "slot": None, "partial": {"location": pile["location"], "reward": 2}},
            {
                "tile": None,
                "slot": f"estoril-{single['location']}-reward",
                "partial": {"location": single["location"], "reward": 1},
            },
        ], (where, rewards)
        # Conspiracy at the Garret ("look at ... the Reward tile"): its use says which.
        uses = [{"type": "use", "ability": "Conspiracy", "reward": n} for n in (1, 2)]
        chosen = ann.page.evaluate(DRAW_CHOICES, [doc, view, uses])
        assert [(c["tile"], c["partial"]) for c in chosen] == [
            ("1", uses[0]),
            ("2", uses[1]),
        ], (where, chosen)


# Each side's Deception tokens row and the Exhausted line under it: their boxes on the
# screen and the row's words.
DECEPTION_ROW = """() => [...document.querySelectorAll('#fixture [data-side]')].map((side) => {
  const row = side.querySelector(':scope > [data-gloss=deception]');
  const next = side.querySelector(':scope > [data-gloss=exhausted]').getBoundingClientRect();
  const r = row.getBoundingClientRect();
  return { side: side.dataset.side, words: row.querySelector('text').textContent,
    tokens: row.querySelectorAll('circle').length, gap: next.top - r.bottom, height: r.height };
})"""


def test_an_empty_deception_row_takes_no_room(browser, site, output_dir):
    """Spies & Lies, at 1,280 px and on a phone, in English and Spanish: a side's Deception
    tokens sit on the line of their name, and a side with none says so ("Deception tokens:
    none") instead of leaving a blank band (on a phone it was ≈ 40 px of nothing above the
    Exhausted line); the Exhausted line follows it closely either way."""
    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "spies", 2, {})
        doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
    view = doc.pop("view")
    tokens = dict(zip(view["sides"], (0, 2), strict=True))
    for side, n in tokens.items():
        view["sides"][side]["deception_tokens"] = n
    for ann, lang, width, where in _each_size(browser, site, table, doc["version"]):
        ann.page.evaluate(DRAW_BOARD, ["spies", doc, view])
        rows = ann.page.evaluate(DECEPTION_ROW)
        assert len(rows) == 2, where
        for row in rows:
            said = f"{where}: {row}"
            assert row["tokens"] == tokens[row["side"]], said
            none = {"en": "Deception tokens: none", "es": "Fichas de Engaño: ninguna"}[lang]
            assert (row["words"] == none) == (row["tokens"] == 0), said
            assert row["height"] <= 24, said  # one line, tokens and all
            assert 0 <= row["gap"] <= 12, said
        ann.page.locator("#fixture").screenshot(
            path=str(output_dir / f"spies-deception-{lang}-{width}.png")
        )
