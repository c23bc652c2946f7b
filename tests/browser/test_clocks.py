"""Clocks in the browser: chosen in the lobby form, a countdown that ticks, presence dots,
and an absent player's timeout played by Spyhouse and shown in the log."""

from __future__ import annotations

import time

import httpx

from tests.browser.driver import fill_create_form, join, new_player, start_game, view


def test_countdown_ticks_and_an_absent_seat_times_out(browser, site):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    try:
        page = ann.page
        fill_create_form(page, "highcard", 2, 0)
        page.select_option("#f-clock", "per_decision")
        # The form refuses a clock under 5 seconds before asking the server (min=5).
        page.fill("#f-clock-seconds", "3")
        page.fill("#f-name", "Ann")
        page.click("#f-create")
        assert page.eval_on_selector("#f-clock-seconds", "el => !el.checkValidity()")
        assert page.query_selector("#invite-url") is None
        page.fill("#f-clock-seconds", "5")
        page.click("#f-create")
        page.wait_for_selector("#invite-url")
        ann.grant()
        assert "5 s per decision" in page.inner_text("#table-clock")
        invite = page.input_value("#invite-url")
        join(bob, invite, "Bob")
        page.wait_for_selector("#seats li:nth-child(2):has-text('Bob')")
        bob.context.close()  # Bob walks away before the start
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            started = view(http, ann)
            assert started["clock"]["kind"] == "per_decision"
            # Ann's own clock runs too: she makes her decision (the countdown keeps going
            # for Bob, whose seat nobody plays).
            page.wait_for_selector("#clocks .clock[data-seat='1'] .clock-time[data-running='1']")
            bob_time = "#clocks .clock[data-seat='1'] .clock-time"
            first = page.inner_text(bob_time)
            page.wait_for_function(
                "([sel, first]) => document.querySelector(sel)?.textContent !== first",
                arg=[bob_time, first],
                timeout=4000,
            )
            # Presence: Ann is here, Bob left (within the grace period: away), in words too.
            page.wait_for_selector(".players [data-presence='connected'][data-seat='0']")
            page.wait_for_selector(".players [data-presence='away'][data-seat='1']")
            assert "Bob is away" in page.inner_text(".players")
            # After the deadline Spyhouse plays for Bob, everyone reads it, the game moves on.
            page.wait_for_selector("text=Time ran out — Spyhouse played for Bob", timeout=20_000)
            # The line is the sentence alone, not the event's raw data.
            assert "(name Bob)" not in page.inner_text("#main")
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                now = view(http, ann)
                if now["version"] > started["version"]:
                    break
                time.sleep(0.2)
            assert now["version"] > started["version"]
            timed_out = [
                e
                for e in http.get(
                    f"/api/tables/{ann.table_id}/events",
                    headers={"authorization": f"Bearer {ann.token}"},
                ).json()
                if e["type"] == "timed_out"
            ]
            assert any(e["data"]["seat"] == 1 for e in timed_out)
        assert ann.errors == []
    finally:
        ann.context.close()


def test_the_host_manages_the_other_seats_not_their_own(browser, site):
    """During play the host may hand another player's seat to a bot (beside the seat in
    the Players panel, the one place it is offered: it was in the host's controls too) or
    remove them (in the host's controls), but their own seat offers neither: removing
    yourself from your own table makes no sense, and a bot holding the host's seat would
    lock the host's page out (the seat's token is refused while held). Handing a seat to
    a bot asks first, saying the host can give it back."""
    from tests.browser.test_table_story import _open, _table

    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = _table(http, "conspiracy", 3, {})
    ann = new_player(browser, site.url)
    try:
        _open(ann, table, 0, host=True, ready="#host-controls li")
        rows = ann.page.locator("#host-controls li")
        ann.page.wait_for_selector("#host-controls [data-remove='1']")
        assert rows.count() == 3
        assert "(you)" in rows.nth(0).inner_text()
        assert rows.nth(0).locator("button").count() == 0
        assert rows.nth(1).locator("button").all_inner_texts() == ["Remove"]
        players = ann.page.locator(".players li.seat")
        assert players.nth(0).locator("button").count() == 0
        assert players.nth(1).locator("[data-replace='1']").count() == 1
        # One "Hand to a bot" for the one other player, on the whole page.
        assert ann.page.get_by_role("button", name="Hand to a bot").count() == 1
        ann.page.click("[data-replace='1']")
        assert "until you give it back" in ann.page.inner_text("dialog#ask[open]")
        ann.page.click("#ask-no")
        assert ann.errors == []
    finally:
        ann.context.close()


def test_a_player_back_after_a_timeout_is_not_told_their_seat_changed_hands(browser, site):
    """Bob's time runs out (once is enough at this table): a bot holds his seat, his open
    page comes straight back and takes it again, and it is his turn. The page then says
    nothing about the seat having changed hands: that is no longer true."""
    http = httpx.Client(base_url=site.url, timeout=30)
    t = http.post(
        "/api/tables",
        json={
            "game": "highcard",
            "seats": 2,
            "host_name": "Ann",
            "clock": {"kind": "per_decision", "seconds": 5},
            "handover_after": 1,
        },
    ).json()
    bob_grant = http.post(f"/api/invites/{t['invite_code']}/join", json={"name": "Bob"}).json()
    host = {"authorization": f"Bearer {t['host_token']}"}
    bob = new_player(browser, site.url)
    try:
        bob.page.goto("/")
        bob.page.evaluate(
            "g => localStorage.setItem('spyhouse.tables', JSON.stringify(g))",
            {t["table_id"]: {"seat": 1, "token": bob_grant["seat_token"]}},
        )
        bob.page.goto(f"/#/table/{t['table_id']}")
        bob.page.wait_for_selector("#conn[data-conn=open]")
        # The game starts with Bob's page open at the table, so the shortest clock (5 s)
        # runs out on an open page however long the page took to load.
        assert http.post(f"/api/tables/{t['table_id']}/start", headers=host).status_code == 204
        bob.page.wait_for_selector("#decision")
        ann = {"authorization": f"Bearer {t['seat']['seat_token']}"}
        doc = http.get(f"/api/tables/{t['table_id']}/view", headers=ann).json()
        r = http.post(
            f"/api/tables/{t['table_id']}/actions",
            json={"action": doc["legal_actions"][0], "version": doc["version"]},
            headers=ann,
        )
        assert r.status_code == 200, r.text
        deadline = time.monotonic() + 40
        returned = None
        while returned is None:
            assert time.monotonic() < deadline, "Bob never took his seat back"
            log = http.get(f"/api/tables/{t['table_id']}/events", headers=ann).json()
            returned = next((e for e in log if e["type"] == "returned"), None)
            time.sleep(0.2)
        bob.page.wait_for_function(
            "v => Number(document.querySelector('#main').dataset.version) >= v",
            arg=returned["version"],
        )
        bob.page.wait_for_selector("#main[data-conn=open]")
        assert "changed hands" not in bob.page.inner_text("#main")
        # His own seat's events speak to him, in the second person.
        log = bob.page.inner_text("#log")
        assert "You are back and take your seat again." in log, log
        assert "Bob is back" not in log and "played for Bob" not in log, log
        assert "Time ran out — Spyhouse played for you." in log, log
    finally:
        bob.context.close()
        http.close()
