"""The lobby's bot level picker: preselected by how many bots think and by the table's
clock, stored per seat, and changeable per bot seat in the waiting room."""

from __future__ import annotations

import httpx
import pytest

from tests.browser.driver import create_table, fill_create_form, new_player

pytestmark = pytest.mark.browser


def seat_levels(site, page) -> dict[int, str | None]:
    table_id = page.evaluate("location.hash").rsplit("/", 1)[-1]
    with httpx.Client(base_url=site.url, timeout=30) as http:
        doc = http.get(f"/api/tables/{table_id}").json()
    return {s["seat"]: s["bot_level"] for s in doc["seats"]}


def test_lobby_preselects_a_level_and_the_host_changes_it_per_seat(browser, site):
    ann = new_player(browser, site.url)
    try:
        page = ann.page
        fill_create_form(page, "agencia", 6, 2)
        assert page.input_value("#f-bot-level") == "search"  # two search bots fit
        page.select_option("#f-bots", "5")
        assert page.input_value("#f-bot-level") == "heuristic"  # five would drag
        create_table(ann, "agencia", 3, 2)  # preselected: search
        assert seat_levels(site, page) == {0: None, 1: "search", 2: "search"}
        page.select_option("[data-bot-level='1']", "random")
        page.wait_for_function(
            "document.querySelector(\"[data-bot-level='1']\").value === 'random'"
        )
        for _ in range(50):  # the change is committed after the select shows it
            if seat_levels(site, page)[1] == "random":
                break
            page.wait_for_timeout(100)
        assert seat_levels(site, page) == {0: None, 1: "random", 2: "search"}
        assert ann.errors == []
    finally:
        ann.context.close()


def test_lobby_preselects_search_only_where_the_clock_leaves_it_time(browser, site):
    """A searching bot thinks about a second a decision on the clock of its seat, and a
    seat of Conspiracy makes hundreds of decisions: a one-minute bank cannot hold that."""
    ann = new_player(browser, site.url)
    try:
        page = ann.page
        fill_create_form(page, "conspiracy", 2, 1)
        assert page.input_value("#f-bot-level") == "search"  # no clock
        page.select_option("#f-clock", "bank")
        assert page.input_value("#f-bot-level") == "search"  # ten minutes hold it
        page.fill("#f-clock-seconds", "60")
        page.fill("#f-clock-increment", "0")
        assert page.input_value("#f-bot-level") == "heuristic"
        page.fill("#f-clock-increment", "5")  # the increment covers each decision
        assert page.input_value("#f-bot-level") == "search"
        page.select_option("#f-clock", "per_decision")
        assert page.input_value("#f-bot-level") == "search"
        assert ann.errors == []
    finally:
        ann.context.close()
