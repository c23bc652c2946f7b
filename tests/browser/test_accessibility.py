"""axe-core finds no WCAG 2.1 A/AA violation on any page: the lobby, a join page, every
rules page and every game's table mid-game, at 1280 and 390 px, in English and Spanish."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.browser.axe import summary, violations
from tests.browser.driver import new_player
from tests.browser.test_table_story import _move, _open, _table
from tests.server.conftest import LiveServer, migrated_database, start_server

GAMES = [("agencia", 3), ("spies", 2), ("conspiracy", 3), ("estoril", 3)]
SCREENS = [("en-GB", 1280), ("en-GB", 390), ("es-ES", 1280), ("es-ES", 390)]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[LiveServer]:
    """One live server for the module: each test only reads pages, at tables of its own or
    at a game the four screens share (``mid_game``, ``game_over``). One address creates every
    table of the module, so the per-client limits are off."""
    with migrated_database("sqlite", tmp_path_factory.mktemp("accessibility")) as url:
        srv = start_server(url, rate_limits=False)
        yield srv
        srv.stop()


def _shared_tables(
    site: LiveServer, seed: int, moves: int, to_the_end: bool
) -> Callable[[str, int], dict[str, Any]]:
    """A table of each game asked for, made at its first asking and kept for the module:
    the four screens that check one read the same table instead of each playing the same
    random moves at one of its own."""
    tables: dict[str, dict[str, Any]] = {}

    def table(game: str, seats: int) -> dict[str, Any]:
        if game not in tables:
            with httpx.Client(base_url=site.url, timeout=30) as http:
                tables[game] = _table(http, game, seats, {})
                rng = random.Random(seed)
                for _ in range(moves):
                    if _move(http, tables[game], rng) != "playing":
                        break
                else:
                    assert not to_the_end, "the game did not end"
        return tables[game]

    return table


@pytest.fixture(scope="module")
def mid_game(site) -> Callable[[str, int], dict[str, Any]]:
    """A table of the game six moves in."""
    return _shared_tables(site, seed=4, moves=6, to_the_end=False)


@pytest.fixture(scope="module")
def game_over(site) -> Callable[[str, int], dict[str, Any]]:
    """A table of the game played to the end."""
    return _shared_tables(site, seed=5, moves=5000, to_the_end=True)


@pytest.mark.parametrize(("locale", "width"), SCREENS)
def test_lobby_join_and_rules_pages_have_no_violations(browser, site, locale, width):
    t = httpx.post(f"{site.url}/api/tables", json={"game": "spies", "seats": 2}).json()
    p = new_player(browser, site.url, locale=locale, width=width)
    try:
        found = {}
        pages = [("lobby", "/", "#f-game"), ("join", f"/#/join/{t['invite_code']}", "#join-name")]
        pages += [(f"rules-{g}", f"/#/rules/{g}", "#rules") for g, _ in GAMES]
        for name, url, ready in pages:
            p.page.goto(url)
            p.page.wait_for_selector(ready)
            if v := violations(p.page):
                found[name] = summary(v)
        assert not found, found
    finally:
        p.context.close()


@pytest.mark.parametrize(("locale", "width"), SCREENS)
@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_every_table_mid_game_has_no_violations(
    browser, site, mid_game, game, seats, locale, width
):
    table = mid_game(game, seats)
    p = new_player(browser, site.url, locale=locale, width=width)
    try:
        _open(p, table, 1)
        p.page.wait_for_selector("#conn[data-conn=open]")
        found = violations(p.page)
        assert not found, summary(found)
    finally:
        p.context.close()


@pytest.mark.parametrize(("locale", "width"), SCREENS)
@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_every_table_at_game_over_has_no_violations(
    browser, site, game_over, game, seats, locale, width
):
    table = game_over(game, seats)
    p = new_player(browser, site.url, locale=locale, width=width)
    try:
        _open(p, table, 1)
        p.page.wait_for_selector("#main[data-status=finished]")
        p.page.wait_for_selector("#scores")
        found = violations(p.page)
        assert not found, summary(found)
    finally:
        p.context.close()


@pytest.mark.parametrize(("locale", "width"), SCREENS)
def test_the_waiting_room_and_a_held_seat_have_no_violations(browser, site, locale, width):
    """The table page's other faces: the host's waiting room (invite link, a bot's level,
    an open seat), a held seat's page, and the host's controls with a request to give it
    back."""
    http = httpx.Client(base_url=site.url, timeout=30)
    t = http.post("/api/tables", json={"game": "spies", "seats": 2, "host_name": "Ann"}).json()
    table = {"id": t["table_id"], "host": t["host_token"], 0: t["seat"]["seat_token"]}
    ann = new_player(browser, site.url, locale=locale, width=width)
    bob = new_player(browser, site.url, locale=locale, width=width)
    try:
        found = {}
        grant = {"seat": 0, "token": table[0], "host": table["host"], "invite": t["invite_code"]}
        ann.page.goto("/")  # the site's storage
        ann.page.evaluate(
            "g => localStorage.setItem('spyhouse.tables', JSON.stringify(g))", {table["id"]: grant}
        )
        ann.page.goto(f"/#/table/{table['id']}")
        ann.page.wait_for_selector("#seats [data-seat='1'] >> text=/./")
        ann.page.wait_for_selector("#invite-url")
        if v := violations(ann.page):
            found["waiting room"] = summary(v)
        table[1] = http.post(f"/api/invites/{t['invite_code']}/join", json={"name": "Bob"}).json()[
            "seat_token"
        ]
        host = {"authorization": f"Bearer {table['host']}"}
        assert http.post(f"/api/tables/{table['id']}/start", headers=host).status_code == 204
        assert http.post(f"/api/tables/{table['id']}/seats/1/bot", headers=host).is_success
        _open(bob, table, 1, ready="#held #ask-back")
        if v := violations(bob.page):
            found["held seat"] = summary(v)
        bob.page.get_by_role(
            "button", name="Ask the host" if locale == "en-GB" else "Pedir"
        ).click()
        bob.page.wait_for_selector("#held-asked")
        ann.page.wait_for_selector("#host-controls [data-asks-back='1']")
        if v := violations(ann.page):
            found["host controls"] = summary(v)
        assert not found, found
    finally:
        ann.context.close()
        bob.context.close()
        http.close()
