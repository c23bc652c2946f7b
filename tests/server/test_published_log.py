"""The full log after the end: published only when the table says so, with audiences."""

from __future__ import annotations

import pytest

from tests.server.helpers import auth, open_table, play_to_end_over_rest, start


@pytest.mark.parametrize("publish", [True, False])
def test_full_log_is_published_after_the_end_only_if_the_table_says_so(http, publish):
    table = open_table(http, "highcard", 2, publish_log=publish)
    assert http.get(f"/api/tables/{table.id}").json()["publish_log"] is publish
    start(http, table)
    during = http.get(f"/api/tables/{table.id}/events", headers=auth(table.tokens[0])).json()
    assert all("audience" not in e for e in during)
    play_to_end_over_rest(http, table, seed=3)
    after = http.get(f"/api/tables/{table.id}/events", headers=auth(table.tokens[0])).json()
    if publish:
        assert all("audience" in e for e in after)
        assert {tuple(e["audience"] or ()) for e in after} >= {()}
        assert len(after) >= len(during)
    else:
        assert all("audience" not in e for e in after)


def test_publish_log_is_in_the_view_document(http):
    table = open_table(http, "highcard", 2, publish_log=True)
    start(http, table)
    doc = http.get(f"/api/tables/{table.id}/view", headers=auth(table.tokens[0])).json()
    assert doc["publish_log"] is True


def test_public_tables_show_their_invite_code_private_ones_never(http):
    public = http.post("/api/tables", json={"game": "highcard", "seats": 2, "private": False})
    private = http.post("/api/tables", json={"game": "highcard", "seats": 2})
    listed = {t["table_id"]: t for t in http.get("/api/tables").json()}
    assert listed[public.json()["table_id"]]["invite_code"] == public.json()["invite_code"]
    assert private.json()["table_id"] not in listed
    one = http.get(f"/api/tables/{private.json()['table_id']}").json()
    assert one["invite_code"] is None
