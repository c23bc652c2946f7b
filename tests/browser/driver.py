"""Drive the page like a person: create a table, join from the invite link, click choices.

The driver only clicks what the page offers as a choice (``.choice`` elements: spaces,
tiles, cities on the SVG board, or the decision panel's buttons); it reads the server's
REST view only to know when a page is up to date and to check what it must not show.
"""

from __future__ import annotations

import json
import random
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import httpx
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

LeakCheck = Callable[[Page, dict[str, Any], dict[str, Any]], list[str]]


@dataclass
class Player:
    context: BrowserContext
    page: Page
    errors: list[str] = field(default_factory=list)
    table_id: str | None = None
    token: str | None = None
    seat: int | None = None

    def grant(self) -> None:
        tables = json.loads(self.page.evaluate("localStorage.getItem('spyhouse.tables')") or "{}")
        assert len(tables) == 1, tables
        self.table_id, g = next(iter(tables.items()))
        self.token, self.seat = g["token"], g["seat"]

    def attr(self, name: str) -> str:
        return self.page.eval_on_selector("#main", f"el => el.dataset.{name} || ''")

    def state(self) -> tuple[str, str]:
        """(version, sending) in one round trip."""
        v, sending = self.page.eval_on_selector(
            "#main", "el => [el.dataset.version || '', el.dataset.sending || '']"
        )
        return v, sending


class LentContext:
    """A browser context as a test holds it: ``close()`` hands it back to the module's
    browser for a later test with the same origin, language, width and settings, instead
    of shutting it. A context costs the machine more than the test's first page does
    (about a second of CPU to start and load the client cold, against half of that for a
    new page in a context that loaded it before), and the suite opens hundreds.

    What comes back is clean: its pages closed, the origin's storage cleared. A test that
    does anything else with the context (takes it offline, adds a script, installs a fake
    clock) makes it its own, and its ``close()`` shuts it for real.
    """

    def __init__(self, context: BrowserContext, spare: list[BrowserContext], origin: str) -> None:
        self._context, self._spare, self._origin = context, spare, origin
        self._own = False
        self._closed = False

    def __getattr__(self, name: str) -> Any:
        self._own = True
        return getattr(self._context, name)

    def close(self, **kwargs: Any) -> None:
        if self._closed:
            return
        self._closed = True
        context = self._context
        if self._own or kwargs or not context.pages:
            context.close(**kwargs)
            return
        try:
            # Playwright's fake clock (``page.clock``) is the context's, and stays in it.
            if any(page.evaluate("'__pwClock' in globalThis") for page in context.pages):
                context.close()
                return
            cdp = context.new_cdp_session(context.pages[0])
            cdp.send(
                "Storage.clearDataForOrigin",
                {"origin": self._origin, "storageTypes": "local_storage,indexeddb,cookies"},
            )
            cdp.detach()
            for page in context.pages:
                page.close()
        except PlaywrightError:
            context.close()
            return
        self._spare.append(context)


_SPARE: weakref.WeakKeyDictionary[Any, dict[tuple[str, str, int, str], list[BrowserContext]]] = (
    weakref.WeakKeyDictionary()
)
"""Per browser: the contexts tests handed back, by (origin, language, width, settings)."""


FILLER_LEVELS = {"conspiracy": "heuristic"}
"""The level of bots that only fill seats while pages play a whole game: ``random``, which
answers at once and, from the server's seeded chance, chooses the same every run; in
Conspiracy the rules of thumb, as random agents seldom carry the briefcase home and the
game then runs to its last possible turn."""


def filler_level(game: str) -> str:
    return FILLER_LEVELS.get(game, "random")


def new_player(
    browser: Browser,
    base_url: str,
    *,
    locale: str = "en-GB",
    width: int = 1280,
    prefs: dict[str, bool] | None = None,
) -> Player:
    """A browser of its own. ``prefs`` are the page's per-browser settings; by default
    reveals are not played step by step (a long game would wait on them) while the
    confirmation before sending stays on, as for a new player."""
    settings = json.dumps(json.dumps({"reveals": False, **(prefs or {})}))
    spare = _SPARE.setdefault(browser, {}).setdefault((base_url, locale, width, settings), [])
    if spare:
        context = spare.pop()
    else:
        context = browser.new_context(
            base_url=base_url, locale=locale, viewport={"width": width, "height": 900}
        )
        # Not on about:blank, whose storage is refused (a page error the guard would report).
        context.add_init_script(
            f"if (location.protocol.startsWith('http')) localStorage.setItem('spyhouse.prefs', {settings})"
        )
    page = context.new_page()
    page.set_default_timeout(30_000)
    origin = base_url.rstrip("/")
    player = Player(cast(BrowserContext, LentContext(context, spare, origin)), page)

    def on_console(msg: Any) -> None:
        # Errors, and the warning the page logs when a board falls back to the outline.
        if msg.type == "error" or (msg.type == "warning" and "board" in msg.text):
            player.errors.append(msg.text)

    page.on("console", on_console)
    page.on("pageerror", lambda exc: player.errors.append(f"pageerror: {exc}"))
    return player


def fill_create_form(page: Page, game: str, seats: int, bots: int) -> None:
    """The lobby's create-table form with a game, its seats and how many are bots."""
    page.goto("/")
    page.wait_for_selector(f"[data-game='{game}']")
    page.select_option("#f-game", game)
    page.select_option("#f-seats", str(seats))
    page.select_option("#f-bots", str(bots))


def create_table(
    host: Player,
    game: str,
    seats: int,
    bots: int,
    options: dict[str, bool] | None = None,
    level: str | None = None,
) -> str:
    """Create a private table from the lobby (bots at ``level``, else at the level the
    form picks); returns the invite link."""
    page = host.page
    fill_create_form(page, game, seats, bots)
    for key, on in (options or {}).items():
        page.set_checked(f"input[name='opt-{key}']", on)
    if level is not None:
        page.select_option("#f-bot-level", level)
    page.fill("#f-name", "Ann")
    page.click("#f-create")
    page.wait_for_selector("#invite-url")
    host.grant()
    return page.input_value("#invite-url")


def join(player: Player, invite: str, name: str) -> None:
    player.page.goto(invite)
    player.page.fill("#join-name", name)
    player.page.click("#join-submit")
    player.page.wait_for_selector("#seats")
    player.grant()


def start_game(p: Player) -> None:
    """The host clicks Start, and the page shows the game begun: the table's version is
    then the started game's, never the lobby's a test might read a moment too early."""
    p.page.wait_for_selector("#start:not([disabled])")
    p.page.click("#start")
    p.page.wait_for_selector("#main[data-status='playing'], #main[data-status='finished']")


def view(http: httpx.Client, p: Player) -> dict[str, Any]:
    r = http.get(f"/api/tables/{p.table_id}/view", headers={"authorization": f"Bearer {p.token}"})
    assert r.status_code == 200, r.text
    return r.json()


def events(http: httpx.Client, p: Player, since: int = 0) -> list[dict[str, Any]]:
    r = http.get(
        f"/api/tables/{p.table_id}/events",
        params={"since": since},
        headers={"authorization": f"Bearer {p.token}"},
    )
    assert r.status_code == 200, r.text
    return r.json()


@dataclass
class EventLog:
    """A seat's event log as the server gives it, read a step at a time: during the game
    the log only grows, so each read asks only for the events after the version the last
    read was made at (those after it are asked again: the server answers up to its own
    version, which may have moved past that one). The whole log is read again once the
    game is over, when a published log shows every event."""

    player: Player
    at: int = 0
    items: list[dict[str, Any]] = field(default_factory=list)

    def read(self, http: httpx.Client, doc: dict[str, Any]) -> list[dict[str, Any]]:
        new = events(http, self.player, self.at)
        if doc["status"] == "finished" or any("audience" in e for e in new):
            new, self.items = events(http, self.player), []
        self.items = [e for e in self.items if e["version"] <= self.at] + new
        self.at = doc["version"]
        return self.items


# Resolves once the page shows ``version`` or later with nothing being sent, or after
# ``ms``: the page is watched from inside (a MutationObserver on #main's data attributes),
# so waiting costs one round trip, not one every few milliseconds while the page and the
# server compete with the poller for the CPU.
SYNCED = """([version, ms]) => new Promise((resolve) => {
  const main = document.getElementById("main");
  const now = () => [main.dataset.version || "", main.dataset.sending || ""];
  const ok = () => { const [v, s] = now(); return v !== "" && Number(v) >= version && !s; };
  if (ok()) return resolve(now());
  const timer = setTimeout(() => { seen.disconnect(); resolve(now()); }, ms);
  const seen = new MutationObserver(() => {
    if (ok()) { clearTimeout(timer); seen.disconnect(); resolve(now()); }
  });
  seen.observe(main, { attributes: true, attributeFilter: ["data-version", "data-sending"] });
})"""


def wait_synced(p: Player, version: int, timeout: float = 30) -> str:
    """Wait until the page shows ``version`` or later and sends nothing; returns the
    version it shows."""
    v, sending = p.page.evaluate(SYNCED, [version, int(timeout * 1000)])
    if v and int(v) >= version and not sending:
        return v
    raise AssertionError(f"page stuck at version {v or '?'} (server {version})")


def settled(http: httpx.Client, players: list[Player]) -> list[dict[str, Any]]:
    """Every page and the server at one version, with no bot still to act.

    The server is read once per seat per look. While a bot is to act, a page (which hears
    of every move over its socket) is waited on rather than the server polled; once no
    bot is to act nothing moves unless a page sends, so the table is settled when every
    seat's document has one version and every page then shows exactly that version."""
    for _ in range(200):
        docs = [view(http, p) for p in players]
        version = max(d["version"] for d in docs)
        # Bots think off the event loop now: a table is settled only once no bot seat is
        # still to act (else a bot's commit races the click being made).
        bots = {s["seat"] for s in docs[0]["seats"] if s["kind"] == "bot"}
        thinking = docs[0]["status"] == "playing" and bots & set(docs[0]["to_act"])
        if any(d["version"] != version for d in docs):
            continue  # a move landed between the reads
        if thinking:
            # The bot's move reaches the pages over their sockets: look again once a page
            # shows it (or after a while, should none hear of it).
            players[0].page.evaluate(SYNCED, [version + 1, 5_000])
            continue
        if all(wait_synced(p, version) == str(version) for p in players):
            return docs
    raise AssertionError("the table never settled")


PICKABLE = """() => {
  let n = 0;
  for (const el of document.querySelectorAll("[data-pick]")) el.removeAttribute("data-pick");
  for (const el of document.querySelectorAll(".choice")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && !el.closest("details:not([open])")) el.setAttribute("data-pick", n++);
  }
  return n;
}"""


def click_random_choice(
    page: Page, rng: random.Random, keyboard: bool = False, timeout: float = 5_000
) -> None:
    """Click one of the choices the page offers (board or decision panel), at random;
    with ``keyboard``, focus it and press Enter instead. ``timeout`` (ms): how long a
    marked choice may take to be clickable before the choices are marked afresh."""
    for _ in range(5):
        n = page.evaluate(PICKABLE)
        assert n, "the page offers no choice"
        target = f"[data-pick='{rng.randrange(n)}']"
        try:
            if keyboard:
                page.focus(target, timeout=timeout)
                page.keyboard.press("Enter")
            else:
                page.click(target, timeout=timeout)
            return
        except PlaywrightTimeout as e:
            # Only a redraw between marking and clicking is forgiven (a socket that
            # reconnected under load gets its table again): the mark is gone, or went with
            # its element, so mark the choices afresh. A choice still marked but covered by
            # something else still fails.
            if "detached" not in str(e) and page.locator(target).count():
                raise
    raise AssertionError("no offered choice could be clicked in five tries")


def confirm(page: Page, keyboard: bool = False) -> None:
    if keyboard:
        page.focus("#confirm-send")
        page.keyboard.press("Enter")
    else:
        page.click("#confirm-send")


# What a click left on the page, in one round trip: its version, whether it is sending,
# and whether it asks to confirm a move.
AFTER_CLICK = """() => {
  const main = document.getElementById("main");
  return [main.dataset.version || "", main.dataset.sending || "", !!document.getElementById("confirm-send")];
}"""


def play_to_end(
    http: httpx.Client,
    players: list[Player],
    seed: int,
    leak_check: LeakCheck | None = None,
    max_clicks: int = 3000,
    on_step: Callable[[int], None] | None = None,
    keyboard: bool = False,
    stats: dict[str, int] | None = None,
) -> dict[str, Any]:
    """Click random offered choices until the game ends; check secrecy at every step.

    ``stats`` counts, for the seats that did not just move, how often their page marked
    something on the board as just changed (``observed`` / ``highlighted``)."""
    rng = random.Random(seed)
    clicks = 0
    step = 0
    last: Player | None = None
    stats = stats if stats is not None else {}
    logs = [EventLog(p) for p in players]
    while clicks < max_clicks:
        docs = settled(http, players)
        if last is not None and docs[0]["status"] == "playing":
            for q in players:
                if q is not last:
                    stats["observed"] = stats.get("observed", 0) + 1
                    if q.page.locator("#board .moved").count():
                        stats["highlighted"] = stats.get("highlighted", 0) + 1
        if leak_check is not None:
            for d, log in zip(docs, logs, strict=True):
                d["_events"] = log.read(http, d)
            for i, p in enumerate(players):
                for j, other in enumerate(players):
                    if i != j:
                        leaks = leak_check(p.page, docs[i], docs[j])
                        assert not leaks, (
                            f"seat {p.seat}'s page shows seat {other.seat}'s secrets: {leaks}"
                        )
        if docs[0]["status"] == "finished":
            return docs[0]
        if on_step:
            on_step(step)
        step += 1
        movers = [p for p, d in zip(players, docs, strict=True) if d["legal_actions"]]
        if not movers:
            time.sleep(0.05)  # bots are moving
            continue
        p = rng.choice(movers)
        version = docs[players.index(p)]["version"]
        # The page says it is this seat's turn, in the tab title too.
        assert p.page.title().startswith("●"), p.page.title()
        # Click offered choices until the page sends a move (narrowing takes several clicks).
        for _ in range(40):
            click_random_choice(p.page, rng, keyboard)
            clicks += 1
            shown, sending, asks = p.page.evaluate(AFTER_CLICK)
            if asks:
                # The last click only shows what will be sent: nothing has left yet. The
                # server is where it was, or, in a decision every seat makes at once,
                # another seat's move took it on and this seat is still to move.
                assert not sending
                now = view(http, p)
                assert now["version"] == version or (
                    shown != str(version) and now["legal_actions"]
                ), "a move was sent before Confirm"
                confirm(p.page, keyboard)
                shown, sending = p.state()
            if sending or shown != str(version):
                break
        else:
            raise AssertionError("40 clicks did not make a move")
        wait_synced(p, docs[players.index(p)]["version"] + 1)
        last = p
        assert not p.page.query_selector("#notice"), p.page.inner_text("#notice")
    raise AssertionError("the game did not end")


def screenshot(p: Player, out: Path, name: str) -> None:
    p.page.screenshot(path=str(out / f"{name}.png"), full_page=True)
