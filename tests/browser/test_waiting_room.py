"""The waiting room shows who is here: a presence dot for every player who joined, not
only the host's own."""

from __future__ import annotations

from tests.browser.driver import create_table, join, new_player


def test_the_waiting_room_shows_a_dot_for_each_friend_who_joined(browser, site):
    ann = new_player(browser, site.url)
    bob = new_player(browser, site.url)
    try:
        invite = create_table(ann, "agencia", 3, 0)
        ann.page.wait_for_selector("#seats [data-presence='connected'][data-seat='0']")
        join(bob, invite, "Bob")
        for p in (ann, bob):
            p.page.wait_for_selector(
                "#seats [data-presence='connected'][data-seat='1']", timeout=3_000
            )
            p.page.wait_for_selector(
                "#seats [data-presence='connected'][data-seat='0']", timeout=3_000
            )
    finally:
        ann.context.close()
        bob.context.close()
