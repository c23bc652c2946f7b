"""Replays in the browser: after a finished game, step back and forth (buttons, arrow keys,
jump to a phase) through what your own seat saw, drawn by the live board; a table whose
log was not published offers no other seat's view; the record downloads as JSON."""

from __future__ import annotations

import json

import httpx

from tests.browser.driver import (
    fill_create_form,
    join,
    new_player,
    play_to_end,
    screenshot,
    start_game,
)


def step(page) -> int:
    return int(page.get_attribute("#replay", "data-step"))


def board_html(page) -> str:
    return page.inner_html("#replay-board")


def test_replay_steps_back_and_forth_and_the_record_downloads(browser, site, output_dir):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url, locale="es-ES", width=390)
    try:
        page = ann.page
        fill_create_form(page, "highcard", 2, 0)
        page.set_checked("input[name='publish']", False)  # only your own seat's replay
        page.fill("#f-name", "Ann")
        page.click("#f-create")
        page.wait_for_selector("#invite-url")
        ann.grant()
        join(bob, page.input_value("#invite-url"), "Bob")
        start_game(ann)
        with httpx.Client(base_url=site.url, timeout=30) as http:
            play_to_end(http, [ann, bob], seed=3)

        page.click("#replay-open")
        page.wait_for_selector("#replay[data-step='0']")
        steps = int(page.get_attribute("#replay", "data-steps"))
        assert steps == 5  # the setup, then two choices and two shows or folds
        # Not published: only Ann's own chair is offered.
        assert page.eval_on_selector_all(
            "#replay-viewpoint option", "os => os.map(o => o.value)"
        ) == [str(ann.seat)]
        assert "Ann" in page.inner_text("#replay-viewpoint")
        assert "before the first move" in page.inner_text("#replay-step")
        at_setup = board_html(page)
        # The setup's events in words, as the log tells them: Ann's own card was dealt.
        assert "dealt" in page.inner_text("#replay-events li").lower()
        page.click("#replay-forward")
        page.wait_for_selector("#replay[data-step='1']")
        assert "Move 1 of 4" in page.inner_text("#replay-step")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#replay[data-step='2']")
        page.keyboard.press("End")
        page.wait_for_selector("#replay[data-step='4']")
        assert board_html(page) != at_setup  # the board moved on with the game
        assert page.is_disabled("#replay-forward")
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector("#replay[data-step='3']")
        page.click("#replay-back")
        page.wait_for_selector("#replay[data-step='2']")
        page.keyboard.press("Home")
        page.wait_for_selector("#replay[data-step='0']")
        assert board_html(page) == at_setup  # back where it began
        # Jump to a phase of the game (the toy game has no rounds: its phases).
        jumps = page.eval_on_selector_all("#replay-round option", "os => os.map(o => o.value)")
        assert len(jumps) >= 2
        page.select_option("#replay-round", jumps[1])
        page.wait_for_selector(f"#replay[data-step='{jumps[1]}']")
        screenshot(ann, output_dir, "replay-1280-en")

        # Bob, in Spanish on a phone, gets his own chair only, too.
        bob.page.click("#replay-open")
        bob.page.wait_for_selector("#replay[data-step='0']")
        assert "Preparación" in bob.page.inner_text("#replay-step")
        bob.page.click("#replay-forward")
        bob.page.wait_for_selector("#replay[data-step='1']")
        assert bob.page.eval_on_selector_all(
            "#replay-viewpoint option", "os => os.map(o => o.value)"
        ) == [str(bob.seat)]
        screenshot(bob, output_dir, "replay-390-es")
        bob.page.click("#replay-close")
        bob.page.wait_for_selector("#scores")

        # The record downloads as a JSON file: Ann's own (no seed: the log is unpublished).
        page.click("#replay-close")
        with page.expect_download() as download:
            page.click("#download-record")
        record = json.loads(download.value.path().read_text(encoding="utf-8"))
        assert record["format"] == "spyhouse-record" and record["viewpoint"] == ann.seat
        assert "seed" not in record
        assert ann.errors == [] and bob.errors == []
    finally:
        ann.context.close()
        bob.context.close()


def test_published_replay_offers_every_chair_and_spectators_start_public(browser, site):
    from tests.server.helpers import auth, open_table, start, view

    with httpx.Client(base_url=site.url, timeout=30) as http:
        table = open_table(http, "highcard", 2, publish_log=True, spectators=True)
        start(http, table)
        while (doc := view(http, table, 0))["status"] != "finished":
            seat = next(s for s in table.tokens if view(http, table, s)["legal_actions"])
            mine = view(http, table, seat)
            r = http.post(
                f"/api/tables/{table.id}/actions",
                json={"action": mine["legal_actions"][0], "version": doc["version"]},
                headers=auth(table.tokens[seat]),
            )
            assert r.status_code == 200, r.text
    ann = new_player(browser, site.url)
    watcher = new_player(browser, site.url, locale="es-ES")
    try:
        grant = json.dumps(json.dumps({table.id: {"token": table.tokens[0], "seat": 0}}))
        ann.page.goto("/")
        ann.page.evaluate(f"localStorage.setItem('spyhouse.tables', {grant})")
        for p in (ann, watcher):
            p.page.goto(f"/#/table/{table.id}")
            p.page.click("#replay-open")
            p.page.wait_for_selector("#replay[data-step='0']")
        options = "os => os.map(o => o.value)"
        assert ann.page.eval_on_selector_all("#replay-viewpoint option", options) == [
            "0",
            "1",
            "public",
            "all",
        ]
        # A spectator starts from the public view (the published log lets them pick more).
        assert watcher.page.get_attribute("#replay", "data-viewpoint") == "public"
        ann.page.keyboard.press("End")
        ann.page.wait_for_selector("#replay[data-step='4']")
        mine = board_html(ann.page)
        ann.page.select_option("#replay-viewpoint", "1")
        ann.page.wait_for_selector("#replay[data-viewpoint='1'][data-step='4']")
        assert board_html(ann.page) != mine  # Bob's card, not Ann's
        ann.page.select_option("#replay-viewpoint", "all")
        ann.page.wait_for_selector("#replay[data-viewpoint='all']")
        ann.page.keyboard.press("Home")
        ann.page.wait_for_selector("#replay[data-step='0']")
        # Everyone's view tells whose secret each line was, like the published log.
        assert "privately" in ann.page.inner_text("#replay-events")
        assert ann.errors == [] and watcher.errors == []
    finally:
        ann.context.close()
        watcher.context.close()
