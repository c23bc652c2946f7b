"""The generic client on the test game: lobby, invite, seats, play by clicking, scores."""

from __future__ import annotations

import httpx

from tests.browser.driver import (
    create_table,
    join,
    new_player,
    play_to_end,
    screenshot,
    start_game,
    view,
    wait_synced,
)


def test_highcard_from_invite_link_to_final_scores(browser, site, output_dir):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url, locale="es-ES")
    try:
        invite = create_table(ann, "highcard", 3, 1)
        assert "/#/join/" in invite
        join(bob, invite, "Bob")
        ann.page.wait_for_selector("#seats li:nth-child(2):has-text('Bob')")
        # Reopening the invite link on the same browser returns the host to the seat.
        ann.page.goto(invite)
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            final = play_to_end(http, [ann, bob], seed=1)
        assert final["outcome"] is not None
        for p in (ann, bob):
            p.page.wait_for_selector("#scores")
        assert "Puntuación final" in bob.page.inner_text("#scores")
        assert "Final scores" in ann.page.inner_text("#scores")
        screenshot(ann, output_dir, "highcard-final")
        assert ann.errors == [] and bob.errors == []
    finally:
        ann.context.close()
        bob.context.close()


def test_host_hands_an_absent_players_seat_to_a_bot(browser, site):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    try:
        invite = create_table(ann, "highcard", 2, 0)
        join(bob, invite, "Bob")
        start_game(ann)
        bob.context.close()  # Bob walks away
        ann.page.click("[data-replace='1']")
        ann.page.click("#ask-yes")  # the host is asked first
        ann.page.wait_for_selector(".players li:has-text('bot')")
        with httpx.Client(base_url=site.url, timeout=30) as http:
            final = play_to_end(http, [ann], seed=2)
        assert final["status"] == "finished"
        ann.page.wait_for_selector("#scores")
        assert ann.errors == []
    finally:
        ann.context.close()


def test_another_seats_secret_choice_keeps_a_pending_decision(browser, site):
    """In a simultaneous step, another seat deciding (a bot, often) leaves this seat's
    choices as they were: the move waiting for Confirm stays, and is sent at the table's
    new version rather than refused as stale."""
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    try:
        invite = create_table(ann, "highcard", 2, 0)
        join(bob, invite, "Bob")
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            start = view(http, ann)["version"]
            wait_synced(ann, start)
            ann.page.click(".choice:has-text('Keep')")
            ann.page.wait_for_selector("#confirm-send")
            r = http.post(
                f"/api/tables/{bob.table_id}/actions",
                json={"action": {"type": "swap"}, "version": start},
                headers={"authorization": f"Bearer {bob.token}"},
            )
            assert r.status_code == 200, r.text
            wait_synced(ann, start + 1)
            assert ann.page.is_visible("#confirm-send")  # still waiting for Ann's word
            ann.page.click("#confirm-send")
            wait_synced(ann, start + 2)
            doc = view(http, ann)
            assert doc["view"]["phase"] == "show" and doc["view"]["players"][0]["swapped"] is False
            assert ann.errors == [] and bob.errors == []
    finally:
        ann.context.close()
        bob.context.close()


# The page's socket keeps each move's acknowledgement until the test lets it through:
# it then arrives after the new state, as it may from a busy server.
HOLD_ACKS = """(() => {
  const desc = Object.getOwnPropertyDescriptor(WebSocket.prototype, "onmessage");
  const held = [];
  window.releaseAcks = () => { for (const [fn, msg] of held.splice(0)) fn(msg); return true; };
  Object.defineProperty(WebSocket.prototype, "onmessage", {
    configurable: true,
    get() { return desc.get.call(this); },
    set(fn) {
      if (!fn) { desc.set.call(this, fn); return; }
      desc.set.call(this, (msg) => {
        let frame = {};
        try { frame = JSON.parse(msg.data); } catch (e) { /* not JSON */ }
        if (frame.type === "ack") held.push([fn, msg]); else fn(msg);
      });
    },
  });
})();"""


def test_an_acknowledged_move_does_not_rebuild_the_page_again(browser, site):
    """Once the table shows a move's result, its acknowledgement redraws nothing: a rebuild
    then would pull the board and the decision from under the player's next click. The
    socket here hands the page the acknowledgement once the new state is on screen (as a
    busy server may); the chat line said afterwards is handled after it."""
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    ann.context.add_init_script(HOLD_ACKS)
    try:
        invite = create_table(ann, "highcard", 2, 0)
        join(bob, invite, "Bob")
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            start = view(http, ann)["version"]
            wait_synced(ann, start)
            ann.page.click(".choice:has-text('Keep')")
            ann.page.click("#confirm-send")
            wait_synced(ann, start + 1)
            ann.page.eval_on_selector("#board", "el => { el.dataset.mark = 'drawn'; }")
            assert ann.page.evaluate("window.releaseAcks()")
            ann.page.fill("#chat-input", "after the move")
            ann.page.press("#chat-input", "Enter")
            ann.page.wait_for_selector("#chat-lines li:has-text('after the move')")
            assert ann.page.query_selector("#board[data-mark=drawn]"), "the page was rebuilt"
        assert ann.errors == [] and bob.errors == []
    finally:
        ann.context.close()
        bob.context.close()
