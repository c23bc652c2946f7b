"""Every control the table page offers a host, a player and a spectator is clicked at least
once, its confirmation answered, and its effect checked on the server.

The host's controls are clicked one by one with the server's answer checked after each
(the clock paused and resumed, a minute added, a seat handed to a bot and given back, a
player removed, a seat muted); then, for each of the three pages, a sweep clicks every
other control it shows (buttons, links, check boxes, selects, disclosures), until none
is left unclicked: a control that throws, rejects or logs an error fails the test (the
guard in ``conftest.py``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.browser.driver import Player, click_random_choice, new_player

DAY = {"kind": "correspondence", "seconds": 86400}

# Every control a page shows, as one signature each: a board's choices count as one
# control (which one is picked is the game tests' business), as do a list's rows.
CONTROLS = """() => {
  for (const el of document.querySelectorAll("[data-sweep]")) el.removeAttribute("data-sweep");
  const out = [];
  const seen = new Set();
  const sel = "button, a[href], input, select, textarea, summary, [role=button], [tabindex='0']";
  for (const el of document.querySelectorAll(sel)) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.disabled || el.closest("details:not([open]) > :not(summary)")) continue;
    if (el.closest("dialog")) continue;
    const text = (el.getAttribute("aria-label") || el.textContent || el.value || "").trim().slice(0, 40);
    const sig = el.classList.contains("choice") ? "choice"
      : el.closest(".log-scroll, .all-choices ul") ? `${el.tagName}:${el.closest("[id]")?.id}`
      : `${el.tagName}#${el.id}:${el.type || ""}:${Object.keys(el.dataset).filter((k) => k !== "sweep").join(",")}:${text}`;
    if (seen.has(sig)) continue;
    seen.add(sig);
    el.dataset.sweep = String(out.length);
    out.push(sig);
  }
  return out;
}"""


def _auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def _until(check: Callable[[], Any], what: str, timeout: float = 20) -> Any:
    deadline = time.monotonic() + timeout
    while not (result := check()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)
    return result


class Traffic:
    """What a page sent the server: requests, and socket frames but the heartbeat's pings.
    Counted from before the page opens the table, so its socket's frames are seen too."""

    def __init__(self, page: Page) -> None:
        self.sent = 0
        page.on("request", self._count)
        page.on("websocket", lambda ws: ws.on("framesent", self._frame))

    def _count(self, *_: Any) -> None:
        self.sent += 1

    def _frame(self, payload: str | bytes) -> None:
        if '"ping"' not in str(payload):
            self.sent += 1


TRAFFIC: dict[Page, Traffic] = {}

# A frame drawn and a task run since the control was used (a tenth of a second at most,
# should the page draw no frame).
SETTLED = """() => new Promise((done) => {
  requestAnimationFrame(() => setTimeout(done, 0));
  setTimeout(done, 100);
})"""


def _open(p: Player, table_id: str, grant: dict[str, Any] | None) -> None:
    TRAFFIC.setdefault(p.page, Traffic(p.page))
    p.page.goto("/")
    if grant is not None:
        p.page.evaluate(
            "g => localStorage.setItem('spyhouse.tables', JSON.stringify(g))", {table_id: grant}
        )
    p.page.goto(f"/#/table/{table_id}")
    p.page.wait_for_selector("#board")
    p.page.wait_for_selector("#conn[data-conn=open]")


def _yes(page: Page) -> None:
    """Answer the confirmation that follows a seat or clock control."""
    page.wait_for_selector("dialog#ask[open]")
    page.click("#ask-yes")
    page.wait_for_selector("dialog#ask", state="detached")


def _sweep(page: Page, table_url: str, done: set[str], skip: Callable[[str], bool]) -> set[str]:
    """Click every control not clicked yet (and not skipped), until none is left.

    After each, the page draws a frame; a control that sent the server something (a
    request, a socket frame, a page opened) is given a further 0.15 s for the answer, as
    every control once was: most only open, tick or choose something on the page."""
    clicked: set[str] = set()
    traffic = TRAFFIC[page]
    for _ in range(200):
        sigs: list[str] = page.evaluate(CONTROLS)
        todo = [i for i, s in enumerate(sigs) if s not in done and not skip(s)]
        if not todo:
            return clicked
        i = todo[0]
        sig = sigs[i]
        target = page.locator(f"[data-sweep='{i}']")
        if not target.count():
            continue  # the page redrew since it was marked: mark again
        done.add(sig)
        clicked.add(sig)
        tag = sig.split("#")[0]
        before = page.url
        sent = traffic.sent
        if tag == "SELECT":
            # Choosing may redraw the page (the language does): find it again by its id.
            el_id = target.get_attribute("id")
            values = target.evaluate("el => [...el.options].map((o) => o.value)")
            first = target.input_value()
            for v in [*values, first]:
                page.locator(f"#{el_id}" if el_id else f"[data-sweep='{i}']").select_option(v)
        elif tag == "TEXTAREA" or ":text:" in sig:
            target.fill("hello from the sweep")
        else:
            # By keyboard, as anyone can (a skip link shows only once focused).
            target.focus()
            was_open = tag == "SUMMARY" and target.evaluate("el => el.parentElement.open")
            page.keyboard.press("Space" if ":checkbox:" in sig else "Enter")
            if was_open:  # closed it: open it again, for the controls inside
                page.keyboard.press("Enter")
            if page.locator("dialog#ask[open]").count():
                _yes(page)
        if page.url != before:  # a link away from the table: it opened; come back
            page.goto(table_url)
            page.wait_for_selector("#board")
        page.evaluate(SETTLED)
        if traffic.sent != sent:
            time.sleep(0.15)
    raise AssertionError("the sweep never ended")


def _to_move(
    http: httpx.Client, tid: str, players: list[tuple[Player, str]]
) -> tuple[Player, str] | None:
    for p, token in players:
        if http.get(f"/api/tables/{tid}/view", headers=_auth(token)).json()["legal_actions"]:
            return p, token
    return None


# The bots holding seats here only keep the game going: a search bot thinks a tenth of a
# second a move, not a second (the table still allows search, which the test checks).
@pytest.mark.server(bot_think_seconds=0.1)
def test_every_control_works_for_the_host_a_player_and_a_spectator(browser, site):
    http = httpx.Client(base_url=site.url, timeout=30)
    t = http.post(
        "/api/tables",
        json={
            "game": "conspiracy",
            "seats": 3,
            "host_name": "Ann",
            "clock": DAY,
            "spectators": True,
        },
    ).json()
    tid, host = t["table_id"], t["host_token"]
    bob = http.post(f"/api/invites/{t['invite_code']}/join", json={"name": "Bob"}).json()
    http.post(f"/api/invites/{t['invite_code']}/join", json={"name": "Cara"}).json()
    assert http.post(f"/api/tables/{tid}/start", headers=_auth(host)).status_code == 204
    table_url = f"/#/table/{tid}"

    def seats() -> list[dict[str, Any]]:
        return http.get(f"/api/tables/{tid}").json()["seats"]

    def clock() -> dict[str, Any]:
        return http.get(f"/api/tables/{tid}/view", headers=_auth(host)).json()["clock"]

    ann = new_player(browser, site.url)
    b = new_player(browser, site.url, prefs={"confirm": True})
    eve = new_player(browser, site.url, locale="es-ES", width=390)
    try:
        _open(ann, tid, {"seat": 0, "token": t["seat"]["seat_token"], "host": host})
        page = ann.page
        page.wait_for_selector("#host-controls")

        # Pause, with its confirmation: the server's clocks stop.
        page.click("#clock-pause")
        _yes(page)
        _until(lambda: clock()["paused"], "the clocks to pause")
        page.wait_for_selector("#clock-resume")
        assert page.inner_text("#host-status") == ""
        page.click("#clock-resume")
        _yes(page)
        _until(lambda: not clock()["paused"], "the clocks to restart")
        # One more minute for everyone.
        before = [s["remaining"] for s in clock()["seats"]]
        page.click("#clock-add")
        _yes(page)
        after = _until(
            lambda: (c := [s["remaining"] for s in clock()["seats"]])[2] > before[2] + 30 and c,
            "a minute more",
        )
        assert all(a > b_ + 30 for a, b_ in zip(after, before, strict=True)), (before, after)
        # Hand Bob's seat to a bot, then give it back: he plays again.
        page.click("[data-replace='1']")
        _yes(page)
        _until(lambda: seats()[1]["held"] == "host", "Bob's seat held")
        # The bot holding it plays as well as the table allows, and the seat says so.
        assert seats()[1]["bot_level"] == "search"
        page.wait_for_selector(".players [data-bot-level='search']")
        page.click("#host-controls [data-give-back='1']")
        _yes(page)
        _until(lambda: seats()[1]["kind"] == "human" and not seats()[1]["held"], "Bob back")
        # Mute Bob's chat, then unmute him.
        page.click("[data-mute='1']")
        _yes(page)
        _until(lambda: seats()[1]["muted"], "Bob muted")
        page.wait_for_selector("[data-mute='1'][aria-pressed='true']")
        page.click("[data-mute='1']")
        _yes(page)
        _until(lambda: not seats()[1]["muted"], "Bob unmuted")
        # Remove Cara: a bot plays her seat to the end.
        page.click("#host-controls [data-remove='2']")
        _yes(page)
        _until(lambda: seats()[2]["held"] == "removed", "Cara removed")
        assert page.inner_text("#host-status") == ""

        # A move by clicks on the board and the decision panel, then its confirmation.
        _open(b, tid, {"seat": 1, "token": bob["seat_token"]})
        mover = _until(
            lambda: _to_move(http, tid, [(ann, t["seat"]["seat_token"]), (b, bob["seat_token"])]),
            "a seat to move",
        )
        p, token = mover
        version = http.get(f"/api/tables/{tid}/view", headers=_auth(token)).json()["version"]
        rng = random.Random(1)
        while not p.page.query_selector("#confirm-send"):
            click_random_choice(p.page, rng)
        p.page.click("#confirm-send")
        _until(
            lambda: (
                http.get(f"/api/tables/{tid}/view", headers=_auth(token)).json()["version"]
                > version
            ),
            "the confirmed move on the server",
        )
        # Every other control on the host's page, once. Seat controls were checked above.
        done: set[str] = set()
        host_only = ("replace", "giveBack", "remove", "mute")
        _sweep(page, table_url, done, lambda s: any(k in s for k in host_only))

        # Bob's page: everything else it offers a player (chat, settings, the board).
        _sweep(b.page, table_url, set(), lambda s: False)
        lines = http.get(f"/api/tables/{tid}/chat", headers=_auth(bob["seat_token"])).json()
        assert any("hello from the sweep" in str(line) for line in lines), lines

        # A spectator (Spanish, on a phone): what the page offers someone without a seat.
        _open(eve, tid, None)
        _sweep(eve.page, table_url, set(), lambda s: False)
    finally:
        for p in (ann, b, eve):
            TRAFFIC.pop(p.page, None)
            p.context.close()
        http.close()
