"""Words the table must get right: Conspiracy's log names who plays first under one
"Round 1" heading, and Estoril's scores count black medals as one minus sign."""

from __future__ import annotations

import random

import httpx

from tests.browser.driver import new_player
from tests.browser.test_table_story import _auth, _move, _open, _table


def test_conspiracy_log_names_the_first_player_under_one_round_1(browser, site):
    http = httpx.Client(base_url=site.url, timeout=30)
    table = _table(http, "conspiracy", 2, {})
    rng = random.Random(2)
    for _ in range(50):  # the secret set-up, until the game's own start names who is first
        log = http.get(f"/api/tables/{table['id']}/events", headers=_auth(table[0])).json()
        started = [e for e in log if e["type"] == "game_started" and "first_player" in e["data"]]
        if started:
            break
        assert _move(http, table, rng) == "playing"
    else:
        raise AssertionError("the set-up never ended")
    first = ["Ann", "Bob"][started[0]["data"]["first_player"]]
    p = new_player(browser, site.url)
    try:
        _open(p, table, 1)
        p.page.wait_for_selector("#log .log-lines li")
        text = p.page.inner_text("#log")
        headings = p.page.locator("#log h3").all_inner_texts()
        assert headings.count("Round 1") == 1, headings
        # The game's own start names who plays first ("Bob (you)" for Bob himself).
        assert f"The game begins; {first}" in text, text
        assert "The game begins; plays first" not in text, text
    finally:
        p.context.close()
        http.close()


def test_estoril_black_medals_read_with_one_minus_sign(browser, site):
    p = new_player(browser, site.url)
    try:
        p.page.goto("/")
        lines = p.page.evaluate(
            """async () => {
              const m = await import("/static/js/boards/estoril.js");
              const { t, extend } = await import("/static/js/i18n.js");
              extend(m.strings);
              const ctx = { t, view: { players: [{ player: "blue", seat: 0 }], missions: [] } };
              const outcome = { detail: { players: [{ player: "blue", discarded_tiles: 2,
                hand_tiles: 1, missions: {}, enigma: 0, black_medals: -1 }] } };
              return m.scoreLines(outcome, ctx)[0];
            }"""
        )
        assert "−1 for black medals" in lines, lines
        assert not any("−-" in line for line in lines), lines
    finally:
        p.context.close()


LINE = """async ([module, ev, reader, view, names]) => {
  const m = await import(module);
  const { t, extend } = await import("/static/js/i18n.js");
  if (m.strings) extend(m.strings);
  const doc = { you: reader, seats: names.map((name, seat) => ({ seat, name })) };
  const name = (seat, { you = true } = {}) => `${names[seat]}${you && seat === reader ? " (you)" : ""}`;
  const ctx = { t, view, doc, you: reader, reader, sees: reader, name };
  return m.describeEvent(ev, ctx);
}"""


def test_log_lines_name_the_actor_and_say_you_only_for_the_reader(browser, site):
    p = new_player(browser, site.url)
    try:
        p.page.goto("/")
        names = ["Ann", "Bob", "Cara", "Dan"]
        # Spies & Lies 2 v 2: Ann and Cara are Red, Bob and Dan Blue.
        team = {"seats": [{"seat": i, "side": "red" if i % 2 == 0 else "blue"} for i in range(4)]}
        spies = "/static/js/boards/spies.js"

        def spies_line(seat: int, reader: int) -> str:
            ev = {
                "type": "deployed",
                "seat": seat,
                "data": {"seat": seat, "side": "red", "missions": [3, 4]},
            }
            return p.page.evaluate(LINE, [spies, ev, reader, team, names])

        assert spies_line(2, 0) == "Cara deployed soldiers on missions 3, 4"
        assert spies_line(0, 0) == "You deployed soldiers on missions 3, 4"
        assert spies_line(0, 1) == "Ann deployed soldiers on missions 3, 4"
        # Estoril: Cara's own Nationalism is hers, in her log; Ann's is named.
        view = {"players": [{"player": "blue", "seat": 2}, {"player": "red", "seat": 0}]}
        estoril = "/static/js/boards/estoril.js"
        ev = {
            "type": "nationalism",
            "seat": None,
            "data": {"player": "blue", "location": "Lisbon", "space": 1},
        }
        mine = p.page.evaluate(LINE, [estoril, ev, 2, view, names])
        theirs = p.page.evaluate(LINE, [estoril, ev, 0, view, names])
        assert mine.startswith("Your Nationalism"), mine
        assert theirs.startswith("Blue (Cara)'s Nationalism"), theirs
    finally:
        p.context.close()


def test_spanish_names_dr_solomons_track_with_the_article(browser, site):
    p = new_player(browser, site.url, locale="es-ES")
    try:
        p.page.goto("/")
        words = p.page.evaluate(
            """async () => {
              const m = await import("/static/js/boards/conspiracy.js");
              const es = m.strings.es["cs.track"];
              const term = m.glossary.find((g) => g.id === "solomon").term.es;
              return [es, term];
            }"""
        )
        assert words == ["Pista del Dr. Solomon", "Pista del Dr. Solomon"], words
    finally:
        p.context.close()
