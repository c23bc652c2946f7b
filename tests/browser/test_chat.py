"""Table chat in the browser: a line typed on one page appears on the other (in English and
Spanish), as text and never as HTML; a line over 500 characters is refused with a visible
reason; on a phone the panel starts collapsed and counts unread lines; the host mutes a
seat after a confirmation; a reload brings the talk back once; chat never moves the version.
"""

from __future__ import annotations

import httpx

from tests.browser.driver import create_table, join, new_player, screenshot


def say(page, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def test_two_pages_chat_as_text_refuse_long_lines_and_mute(browser, site, output_dir):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url, locale="es-ES", width=390)
    try:
        invite = create_table(ann, "highcard", 2, 0)
        join(bob, invite, "Bob")
        version = ann.attr("version")
        # On a phone the chat starts folded away, so the table stays in view.
        assert bob.page.eval_on_selector("#chat", "el => el.open") is False

        say(ann.page, "Hello <b>Bob</b> <img src=x onerror=alert(1)>")
        ann.page.wait_for_selector("#chat-lines li[data-id]")
        assert ann.page.input_value("#chat-input") == ""
        bob.page.wait_for_selector("#chat-unread:not([hidden])")
        assert bob.page.inner_text("#chat-unread") == "1"
        bob.page.click("#chat summary")
        bob.page.wait_for_selector("#chat-unread[hidden]", state="attached")
        line = bob.page.locator("#chat-lines li[data-id]").first
        assert "Hello <b>Bob</b> <img src=x onerror=alert(1)>" in line.inner_text()
        assert "Ann" in line.inner_text()
        assert bob.page.locator("#chat-lines b, #chat-lines img").count() == 0  # text, not HTML
        assert bob.page.inner_text("#chat-send") == "Enviar"  # Bob reads Spanish

        say(bob.page, "¡Hola, Ann! ¿Quién es el espía?")
        ann.page.wait_for_selector("#chat-lines li:has-text('¿Quién es el espía?')")
        assert "Bob" in ann.page.inner_text("#chat-lines")
        assert "(tú)" in bob.page.inner_text("#chat-lines")  # his own line, in his language

        # 501 characters: refused with a visible reason, and nobody receives it.
        ann.page.fill("#chat-input", "x" * 501)
        assert "501/500" in ann.page.inner_text("#chat-count")
        ann.page.press("#chat-input", "Enter")
        ann.page.wait_for_selector("#chat-error:not([hidden])")
        assert "500" in ann.page.inner_text("#chat-error")
        assert ann.page.input_value("#chat-input") == "x" * 501  # kept, to shorten
        bob.page.fill("#chat-input", "y" * 501)
        bob.page.click("#chat-send")
        assert "como máximo 500" in bob.page.inner_text("#chat-error")
        with httpx.Client(base_url=site.url, timeout=30) as http:
            said = http.get(
                f"/api/tables/{ann.table_id}/chat",
                headers={"authorization": f"Bearer {ann.token}"},
            ).json()
        assert [line["text"][:5] for line in said] == ["Hello", "¡Hola"]
        screenshot(bob, output_dir, "chat-390-es")
        screenshot(ann, output_dir, "chat-1280-en")

        # The host mutes Bob, after saying yes in the dialog; Bob's page is told at once:
        # his box is closed and says why, and the seat list marks him muted.
        ann.page.click("[data-mute='1']")
        ann.page.click("#ask-yes")
        ann.page.wait_for_selector("[data-mute='1'][aria-pressed=true]")
        bob.page.wait_for_selector("#chat-input[disabled]")
        bob.page.wait_for_selector("#chat-note:has-text('silenciado')")
        assert bob.page.is_visible("[data-muted='1']")
        ann.page.click("[data-mute='1']")
        ann.page.click("#ask-yes")
        ann.page.wait_for_selector("[data-mute='1'][aria-pressed=false]")
        bob.page.wait_for_selector("#chat-input:not([disabled])")
        say(bob.page, "¿Me oyes?")
        ann.page.wait_for_selector("#chat-lines li:has-text('¿Me oyes?')")

        # A reload brings the talk back, each line once; chat never moved the version.
        bob.page.reload()
        bob.page.click("#chat summary")
        bob.page.wait_for_selector("#chat-lines li:has-text('¿Quién es el espía?')")
        assert bob.page.locator("#chat-lines li[data-id]").count() == 3
        assert ann.attr("version") == version and bob.attr("version") == version
        assert ann.errors == [] and bob.errors == []
    finally:
        ann.context.close()
        bob.context.close()


# Counts blur and focusout events on the chat box, and keeps the element to compare.
WATCH_BLUR = """() => {
  const el = document.getElementById('chat-input');
  window.chatWatch = { el, blurs: 0 };
  for (const type of ['blur', 'focusout']) el.addEventListener(type, () => { window.chatWatch.blurs += 1; });
}"""
CHAT_BOX = """() => {
  const el = document.getElementById('chat-input');
  return { same: el === window.chatWatch.el, blurs: window.chatWatch.blurs,
    focused: document.activeElement === el, value: el.value, caret: el.selectionStart };
}"""


def test_the_chat_box_keeps_focus_while_moves_arrive(browser, site):
    """On a phone a player types in the chat while the others move: every move redraws the
    table, and the box is the same element all along, never blurred (a phone's keyboard
    would flicker), with the half-typed line and the caret where they were."""
    import random

    from tests.browser.driver import wait_synced
    from tests.browser.test_table_story import _auth, _move, _open, _table

    ann = new_player(browser, site.url, width=390)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "spies", 2, {})
            _open(ann, table, 0)
            ann.page.click("#chat summary")
            ann.page.click("#chat-input")
            ann.page.keyboard.type("Who is the spy")
            ann.page.evaluate("() => document.getElementById('chat-input').setSelectionRange(4, 4)")
            ann.page.evaluate(WATCH_BLUR)
            rng = random.Random(8)
            versions = set()
            for _ in range(6):
                assert _move(http, table, rng) == "playing"
                doc = http.get(f"/api/tables/{table['id']}/view", headers=_auth(table[0])).json()
                wait_synced(ann, doc["version"])
                versions.add(doc["version"])
        assert len(versions) >= 3, versions  # the page was redrawn move after move
        box = ann.page.evaluate(CHAT_BOX)
        assert box == {
            "same": True,
            "blurs": 0,
            "focused": True,
            "value": "Who is the spy",
            "caret": 4,
        }, box
        assert ann.errors == [], ann.errors
    finally:
        ann.context.close()


def test_a_player_mutes_another_for_themselves_only(browser, site):
    """Bob (not the host) mutes Ann for himself: her lines vanish from his page, stay on
    Cara's, survive his reload (kept in his browser), and come back when he unmutes."""
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    cara = new_player(browser, site.url)
    try:
        invite = create_table(ann, "highcard", 3, 0)
        join(bob, invite, "Bob")
        join(cara, invite, "Cara")
        say(ann.page, "first line")
        for p in (bob, cara):
            p.page.wait_for_selector("#chat-lines li:has-text('first line')")
        bob.page.get_by_role("button", name="Mute for me: Ann").click()
        bob.page.wait_for_selector("#chat-lines li:has-text('first line')", state="detached")
        say(ann.page, "second line")
        cara.page.wait_for_selector("#chat-lines li:has-text('second line')")
        assert bob.page.locator("#chat-lines li:has-text('line')").count() == 0
        bob.page.reload()
        bob.page.wait_for_selector("#seats")
        bob.page.wait_for_selector("[data-hide='0'][aria-pressed='true']")
        assert bob.page.locator("#chat-lines li:has-text('line')").count() == 0
        # Nothing changed for the table: Ann is not muted, Cara reads her.
        seats = httpx.get(f"{site.url}/api/tables/{bob.table_id}").json()["seats"]
        assert not seats[0]["muted"]
        bob.page.get_by_role("button", name="Unmute for me: Ann").click()
        bob.page.wait_for_selector("#chat-lines li:has-text('second line')")
        # The host's mute for the whole table is still the host's: no personal switch.
        assert ann.page.locator("[data-hide]").count() == 0
        assert ann.page.locator("[data-mute='1']").count() == 1
    finally:
        for p in (ann, bob, cara):
            p.context.close()


PLACE = """() => { const el = document.getElementById('chat-lines');
  return { top: el.scrollTop, bottom: el.scrollHeight - el.scrollTop - el.clientHeight < 24 }; }"""


def test_the_chat_keeps_the_readers_place_while_moves_arrive(browser, site):
    """Each move redraws the table around the chat: a reader scrolled back up the talk
    stays where they were, and one at its end stays at its end."""
    import random

    from tests.browser.driver import wait_synced
    from tests.browser.test_table_story import _auth, _move, _open, _table

    ann = new_player(browser, site.url)
    try:
        with httpx.Client(base_url=site.url, timeout=30) as http:
            table = _table(http, "spies", 2, {})
            for token in (table[0], table[1]):  # five lines each: a writer's burst
                for i in range(5):
                    r = http.post(
                        f"/api/tables/{table['id']}/chat",
                        json={"text": f"line {i}"},
                        headers=_auth(token),
                    )
                    assert r.status_code == 201, r.text
            _open(ann, table, 0)
            ann.page.click("#chat summary")
            ann.page.wait_for_function(
                "document.querySelectorAll('#chat-lines li[data-id]').length === 10"
            )
            # A short list, so that ten lines scroll whatever the screen.
            ann.page.eval_on_selector("#chat-lines", "el => { el.style.maxHeight = '4em'; }")
            rng = random.Random(4)
            for where in ("top", "end"):
                script = "el => { el.scrollTop = %s; }" % (
                    "0" if where == "top" else "el.scrollHeight"
                )
                ann.page.eval_on_selector("#chat-lines", script)
                ann.page.wait_for_timeout(100)  # the scroll is told a frame later
                before = ann.page.evaluate(PLACE)
                assert before["bottom"] == (where == "end"), before
                for _ in range(3):
                    assert _move(http, table, rng) == "playing"
                    doc = http.get(
                        f"/api/tables/{table['id']}/view", headers=_auth(table[0])
                    ).json()
                    wait_synced(ann, doc["version"])
                ann.page.wait_for_timeout(100)  # the place is put back in the next frame
                assert ann.page.evaluate(PLACE) == before, where
        assert ann.errors == []
    finally:
        ann.context.close()
