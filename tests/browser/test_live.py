"""Live behaviour: a dropped socket reconnects and resynchronises, the server's reason
for a refused move is shown, a reload returns to the seat, spectators see only public
information, and the UI switches language."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.browser.driver import (
    create_table,
    fill_create_form,
    join,
    new_player,
    play_to_end,
    screenshot,
    settled,
    start_game,
    view,
    wait_synced,
)

SOCKET_NOISE = ("WebSocket connection", "ERR_INTERNET_DISCONNECTED", "net::ERR")


# Offline, Chromium logs the sockets and requests that fail: expected, and only those.
# The bot only fills a seat: a search bot thinks a tenth of a second a move, not a second.
@pytest.mark.server(bot_think_seconds=0.1)
@pytest.mark.page_errors("WebSocket connection", "ERR_INTERNET_DISCONNECTED", "net::ERR")
def test_dropped_socket_reconnects_and_catches_up(browser, site, output_dir):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    try:
        invite = create_table(ann, "agencia", 3, 1)
        join(bob, invite, "Bob")
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            settled(http, [ann, bob])
            lines_before = ann.page.locator("#log li").count()
            # Ann's network goes away and her socket dies mid-game.
            ann.context.set_offline(True)
            ann.page.evaluate("window.spyhouse.dropSocket()")
            ann.page.wait_for_selector("#conn[data-conn=reconnecting]")
            # Meanwhile the table moves on without her (her moves too, from another device).
            before = view(http, ann)["version"]
            moves = 0
            for _ in range(400):  # the bot seat plays in the background between them
                docs = [(p, view(http, p)) for p in (ann, bob)]
                if moves == 3 or docs[0][1]["status"] != "playing":
                    break
                mover = next(((p, d) for p, d in docs if d["legal_actions"]), None)
                if mover is None:  # the bot is to act
                    time.sleep(0.05)
                    continue
                p, doc = mover
                r = http.post(
                    f"/api/tables/{p.table_id}/actions",
                    json={"action": doc["legal_actions"][0], "version": doc["version"]},
                    headers={"authorization": f"Bearer {p.token}"},
                )
                if r.status_code == 409 and r.json()["code"] == "stale_version":
                    continue  # the bot moved since the read
                assert r.status_code == 200, r.text
                moves += 1
            assert view(http, ann)["version"] > before
            assert ann.attr("version") == str(before)  # she has not heard of it yet
            ann.context.set_offline(False)
            ann.page.wait_for_selector("#conn[data-conn=open]", timeout=20_000)
            settled(http, [ann, bob])  # the page caught up with the server's version
            assert ann.attr("version") == str(view(http, ann)["version"])
            assert ann.page.locator("#log li").count() > lines_before  # the missed events arrived

            # A refused move shows the server's reason.
            doc = view(http, ann)
            if doc["status"] == "playing":
                ann.page.evaluate("window.spyhouse.act({type: 'bogus'})")
                ann.page.wait_for_selector("#notice")
                r = http.post(
                    f"/api/tables/{ann.table_id}/actions",
                    json={"action": {"type": "bogus"}, "version": doc["version"]},
                    headers={"authorization": f"Bearer {ann.token}"},
                )
                assert r.status_code == 422
                assert r.json()["detail"] in ann.page.inner_text("#notice")

            # Reloading the page returns to the seat.
            ann.page.reload()
            ann.page.wait_for_selector("#conn[data-conn=open]")
            settled(http, [ann, bob])
            assert ann.page.eval_on_selector("#main", "el => el.dataset.status") == "playing"
            final = play_to_end(http, [ann, bob], seed=5, keyboard=True)  # by keyboard only
        assert final["status"] == "finished"
        ann.page.wait_for_selector("#scores")
        ann.page.wait_for_selector("#full-log")  # published by the host at creation
        screenshot(ann, output_dir, "reconnect-final")
        noise = [e for e in ann.errors if not any(n in e for n in SOCKET_NOISE)]
        assert noise == [] and bob.errors == []
    finally:
        ann.context.close()
        bob.context.close()


def test_spectator_sees_only_public_information_and_language_switch(browser, site, output_dir):
    ann = new_player(browser, site.url)
    eve = new_player(browser, site.url, locale="es-ES", width=390)
    try:
        page = ann.page
        fill_create_form(page, "highcard", 2, 1)
        page.check("input[name=spectators]")
        page.fill("#f-name", "Ann")
        page.click("#f-create")
        page.wait_for_selector("#start:not([disabled])")
        ann.grant()
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            settled(http, [ann])
            mine = view(http, ann)
        eve.page.goto(f"/#/table/{ann.table_id}")
        eve.page.wait_for_selector("#board")
        text = eve.page.inner_text("#main")
        assert "espectador" in text  # Spanish from the browser's language
        assert mine["view"]["my_card"] is not None
        assert eve.page.eval_on_selector("#main", "el => el.dataset.status") == "playing"
        # The public view has no card of anyone's.
        assert "My card" not in text or "—" in text
        eve.page.select_option("#lang", "en")
        eve.page.wait_for_selector("text=spectator")
        screenshot(eve, output_dir, "spectator-phone")

        # The lobby lists public tables waiting for players, not private ones.
        r = httpx.post(
            f"{site.url}/api/tables", json={"game": "spies", "seats": 2, "private": False}
        )
        assert r.status_code == 201, r.text
        eve.page.goto("/")
        eve.page.click(f"a[href='#/join/{r.json()['invite_code']}']")
        eve.page.wait_for_selector("#join-name")
        assert eve.page.locator(f"a[href='#/table/{ann.table_id}']").count() == 0

        # The rules reference marks reconstructed component data.
        eve.page.goto("/#/rules/conspiracy")
        eve.page.wait_for_selector("#rules li[data-status=reconstructed] .badge")
        assert "Reconstructed" in eve.page.inner_text("#rules")
        assert ann.errors == [] and eve.errors == []
    finally:
        ann.context.close()
        eve.context.close()


# What the player was doing, as the page holds it: where the board is on the screen (the
# window's scroll keeps it there even when a panel appears above it), the chat draft and
# where the focus is, the choice half made, an opened panel, and whether the board and the
# page are still the very elements they were (marked before; a redraw would lose the mark).
DOING = """() => ({
  board: Math.round(document.querySelector('#board svg').getBoundingClientRect().top),
  draft: document.querySelector('#chat-input').value,
  focus: document.activeElement?.id || null,
  chosen: document.querySelector('#decision .chosen')?.textContent || null,
  glossary: document.querySelector('#glossary').open,
  same: document.querySelector('#board svg').__mark === 1
    && document.querySelector('.table-page').__mark === 1,
})"""
MARK = """() => { document.querySelector('#board svg').__mark = 1;
  document.querySelector('.table-page').__mark = 1; }"""


def test_a_reconnect_updates_the_page_in_place(browser, site):
    """Bob half-made a choice, opened "Terms and symbols", scrolled down and is typing in
    the chat when his socket drops. When it is back, with nothing new and again after Ann
    moved meanwhile, the page is updated in place: the same board and page elements (no
    redraw, no flash), the board where it was on his screen, his draft and its focus, his half-made choice (Ann's
    deployment leaves his choices as they were) and the opened panel are all still there."""
    from tests.browser.test_table_story import _auth, _open, _table

    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "spies", 2, {})
        bob = new_player(browser, site.url)
        try:
            bob.page.set_viewport_size({"width": 1280, "height": 600})
            _open(bob, table, 1)
            bob.page.wait_for_selector("#conn[data-conn=open]")
            bob.page.click("#board .choice >> nth=0")
            bob.page.wait_for_selector("#decision .chosen")
            bob.page.click("#glossary > summary")
            bob.page.evaluate(MARK)
            bob.page.fill("#chat-input", "half a sent")
            bob.page.evaluate("() => window.scrollTo(0, 300)")
            before = bob.page.evaluate(DOING)
            assert before["board"] < 0 and before["focus"] == "chat-input", before
            assert before["glossary"] and before["same"], before

            # Nothing happened while away.
            bob.page.evaluate("window.spyhouse.dropSocket()")
            bob.page.wait_for_selector("#conn[data-conn=reconnecting]")
            bob.page.wait_for_selector("#conn[data-conn=open]", timeout=20_000)
            assert bob.page.evaluate(DOING) == before

            # Ann deploys while Bob is away: the table moves on, his choices stay.
            bob.page.evaluate("window.spyhouse.dropSocket()")
            bob.page.wait_for_selector("#conn[data-conn=reconnecting]")
            ann = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
            r = http.post(
                f"/api/tables/{table['id']}/actions",
                json={"action": ann["legal_actions"][0], "version": ann["version"]},
                headers=_auth(table[0]),
            )
            assert r.status_code == 200, r.text
            bob.page.wait_for_selector("#conn[data-conn=open]", timeout=20_000)
            wait_synced(bob, ann["version"] + 1)
            assert bob.page.evaluate(DOING) == before
            assert bob.errors == [], bob.errors
        finally:
            bob.context.close()


@pytest.mark.page_errors("WebSocket connection", "net::ERR")
def test_a_mere_reconnect_brings_no_since_you_left(browser, site):
    """A socket that drops and comes back while Bob sits at the table is no absence: the
    table catches up, with no "Since you left" summary."""
    from tests.browser.test_table_story import _auth, _open, _table

    http = httpx.Client(base_url=site.url, timeout=30)
    table = _table(http, "spies", 2, {})
    bob = new_player(browser, site.url)
    try:
        _open(bob, table, 1)
        bob.page.wait_for_selector("#conn[data-conn=open]")
        bob.page.evaluate("window.spyhouse.dropSocket()")
        bob.page.wait_for_selector("#conn[data-conn=reconnecting]")
        ann = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
        r = http.post(
            f"/api/tables/{table['id']}/actions",
            json={"action": ann["legal_actions"][0], "version": ann["version"]},
            headers=_auth(table[0]),
        )
        assert r.status_code == 200, r.text
        bob.page.wait_for_selector("#conn[data-conn=open]", timeout=20_000)
        bob.page.wait_for_function(
            "v => Number(document.querySelector('#main').dataset.version) > v",
            arg=ann["version"],
        )
        assert bob.page.locator("#since").count() == 0
    finally:
        bob.context.close()
        http.close()
