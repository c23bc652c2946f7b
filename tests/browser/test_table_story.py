"""The table tells the story: for each game a reveal plays step by step and can be skipped,
the page shows the other seat's move on the board, a lost connection shows within 5 s,
and host seat actions ask first. Moves are made over REST (quick) while one page watches."""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from tests.browser.driver import new_player, screenshot
from tests.browser.spanish import english_on_page


def _until(page, script: str, arg: Any = None, timeout: float = 20) -> None:
    """Poll ``script`` in the page until true (the page's CSP forbids eval-based waits)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"timed out waiting for {script}"
        time.sleep(0.05)


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _table(
    http: httpx.Client,
    game: str,
    seats: int,
    options: dict[str, Any],
    name: str = "Bob",
    level: str | None = None,
) -> dict[str, Any]:
    """Ann (host, seat 0) and Bob (or ``name``, seat 1) by REST; bots in the other seats
    (at ``level``, else the API's default); started."""
    t = http.post(
        "/api/tables",
        json={"game": game, "seats": seats, "options": options, "host_name": "Ann"},
    ).json()
    bob = http.post(f"/api/invites/{t['invite_code']}/join", json={"name": name}).json()
    for seat in range(2, seats):
        http.post(
            f"/api/tables/{t['table_id']}/seats/{seat}/bot",
            json={"level": level} if level else None,
            headers=_auth(t["host_token"]),
        )
    r = http.post(f"/api/tables/{t['table_id']}/start", headers=_auth(t["host_token"]))
    assert r.status_code == 204, r.text
    return {
        "id": t["table_id"],
        "host": t["host_token"],
        0: t["seat"]["seat_token"],
        1: bob["seat_token"],
    }


def _open(
    player, table: dict[str, Any], seat: int, host: bool = False, ready: str = "#board"
) -> None:
    grant = {"seat": seat, "token": table[seat], **({"host": table["host"]} if host else {})}
    player.page.goto("/")  # the site's storage, wherever the page was
    player.page.evaluate(
        "g => localStorage.setItem('spyhouse.tables', JSON.stringify(g))", {table["id"]: grant}
    )
    player.page.goto(f"/#/table/{table['id']}")
    player.page.wait_for_selector(ready)


def _move(http: httpx.Client, table: dict[str, Any], rng: random.Random) -> str | None:
    """One random legal move by Ann or Bob over REST; returns the status."""
    for seat in (0, 1):
        d = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[seat])).json()
        if d["status"] != "playing":
            return d["status"]
        if d["legal_actions"]:
            r = http.post(
                f"/api/tables/{table['id']}/actions",
                json={"action": rng.choice(d["legal_actions"]), "version": d["version"]},
                headers=_auth(table[seat]),
            )
            # A bot seat moves in a task of its own: it may have moved since the read.
            if r.status_code == 409 and r.json()["code"] == "stale_version":
                return "playing"
            assert r.status_code == 200, r.text
            return "playing"
    time.sleep(0.05)
    return "playing"


STEP_MS = 1600
"""How long a reveal shows each step (``static/js/table/reveal.js``)."""

CASES = [
    pytest.param("agencia", 3, {}, id="agencia"),
    pytest.param("spies", 2, {}, id="spies"),
    pytest.param("conspiracy", 3, {}, id="conspiracy"),
    pytest.param("estoril", 3, {}, id="estoril"),
]


@pytest.mark.parametrize(("game", "seats", "options"), CASES)
def test_a_reveal_plays_step_by_step_and_can_be_skipped(
    browser, site, output_dir, game, seats, options
):
    bob = new_player(browser, site.url, locale="es-ES", prefs={"reveals": True})
    # Once a reveal shows, the page's clock stands still and the test moves it on: a
    # step lasts 1.6 s, and on a loaded machine a reveal could end during the screenshot,
    # before "Skip" was pressed.
    bob.page.clock.install()
    try:
        bob.page.goto("/")
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, game, seats, options)
            _open(bob, table, 1)
            rng = random.Random(3)
            for _ in range(3000):
                assert _move(http, table, rng) == "playing", "the game ended without a reveal"
                if bob.page.query_selector("#reveal"):
                    now = bob.page.evaluate("Date.now()") / 1000
                    bob.page.clock.pause_at(datetime.fromtimestamp(now + 0.2, UTC))
                    if bob.page.query_selector("#reveal[data-step='1']"):
                        break
                    bob.page.clock.resume()  # it moved on before the clock stopped
            else:
                raise AssertionError("no reveal in 3000 moves")
            reveal = bob.page.locator("#reveal")
            steps = int(reveal.get_attribute("data-steps"))
            # While it plays, the board waits on what it showed before.
            assert bob.attr("revealing") == "1"
            if steps >= 2:
                bob.page.clock.run_for(STEP_MS)
                bob.page.wait_for_selector("#reveal[data-step='2']")
            screenshot(bob, output_dir, f"{game}-reveal-phone")
            assert english_on_page(bob.page) == []
            bob.page.click("#reveal-skip")
            bob.page.wait_for_selector("#reveal", state="detached")
            bob.page.clock.resume()
            server = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[1])).json()
            _until(
                bob.page,
                "v => Number(document.querySelector('#main').dataset.version) >= v",
                server["version"],
            )
        assert bob.errors == [], bob.errors
    finally:
        bob.context.close()


WATCH_CONN = """() => {
  window.__conn = [];
  const main = document.querySelector("#main");
  new MutationObserver(() => window.__conn.push([main.dataset.conn, performance.now()]))
    .observe(main, { attributes: true, attributeFilter: ["data-conn"] });
  window.__silenced = performance.now();
  window.spyhouse.silence();
}"""


# The silenced socket is closed by the page, and Chromium logs the failed socket.
@pytest.mark.page_errors("WebSocket")
def test_lost_connection_shows_within_5_seconds_and_the_move_waits(browser, site):
    ann = new_player(browser, site.url)
    try:
        ann.page.goto("/")
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "spies", 2, {})
            _open(ann, table, 0, host=True)
            ann.page.wait_for_selector("#conn[data-conn=open]")
            # A silent death: frames stop arriving but no close event comes. The page records
            # when its badge changes (its own clock, so a busy test machine cannot skew it).
            ann.page.evaluate(WATCH_CONN)
            _until(ann.page, "() => window.__conn.some(([s]) => s === 'reconnecting')")
            lost_after = ann.page.evaluate(
                "window.__conn.find(([s]) => s === 'reconnecting')[1] - window.__silenced"
            )
            assert lost_after < 5000, f"the lost connection showed after {lost_after} ms"
            ann.page.wait_for_selector("#conn[data-conn=open]", timeout=20_000)

            # Host actions on a seat ask first; "Cancel" changes nothing.
            ann.page.click("[data-replace='1']")
            ann.page.wait_for_selector("dialog#ask[open]")
            ann.page.click("#ask-no")
            seats = http.get(f"/api/tables/{table['id']}").json()["seats"]
            assert seats[1]["kind"] == "human"
        assert not [e for e in ann.errors if "WebSocket" not in e]
    finally:
        ann.context.close()


LOG_PLACE = """() => { const el = document.querySelector('#log .log-scroll');
  return { top: el.scrollTop, bottom: el.scrollHeight - el.scrollTop - el.clientHeight < 24,
           lines: el.querySelectorAll('li').length }; }"""


def test_the_log_and_the_glossary_stay_as_the_reader_left_them_while_moves_arrive(browser, site):
    """Each move redraws the table: a reader scrolled back up the log stays where they
    were while new lines arrive below, one at its end follows them, and a glossary they
    opened stays open."""
    from tests.browser.driver import wait_synced

    ann = new_player(browser, site.url)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "spies", 2, {})
            rng = random.Random(5)
            _open(ann, table, 0)
            # A short log, so that a few lines scroll whatever the screen.
            ann.page.evaluate(  # through the CSS object model: the page's CSP holds
                """() => { const sheet = new CSSStyleSheet();
                  sheet.replaceSync('#log .log-scroll { max-height: 4em !important; }');
                  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]; }"""
            )
            ann.page.click("#glossary summary")

            def moves(n: int) -> None:
                for _ in range(n):
                    assert _move(http, table, rng) == "playing"
                doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0]))
                wait_synced(ann, doc.json()["version"])
                ann.page.wait_for_timeout(100)  # a scroll is told a frame later

            moves(4)
            for where in ("top", "end"):
                script = "el => { el.scrollTop = %s; }" % (
                    "0" if where == "top" else "el.scrollHeight"
                )
                ann.page.eval_on_selector("#log .log-scroll", script)
                ann.page.wait_for_timeout(100)
                before = ann.page.evaluate(LOG_PLACE)
                assert before["bottom"] == (where == "end"), before
                moves(3)
                after = ann.page.evaluate(LOG_PLACE)
                assert after["lines"] > before["lines"], (where, before, after)
                if where == "top":
                    assert (after["top"], after["bottom"]) == (before["top"], False), after
                else:
                    assert after["bottom"] and after["top"] > before["top"], (before, after)
            assert ann.page.eval_on_selector("#glossary", "el => el.open") is True
        assert ann.errors == []
    finally:
        ann.context.close()
