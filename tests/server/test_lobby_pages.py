"""The public lobby list is paginated: a page at a time, every table once."""

from __future__ import annotations


def test_public_tables_come_a_page_at_a_time_newest_first(http):
    made = []
    for _ in range(5):
        r = http.post("/api/tables", json={"game": "highcard", "seats": 2, "private": False})
        assert r.status_code == 201
        made.append(r.json()["table_id"])
    seen: list[str] = []
    url = "/api/tables?limit=2"
    for _ in range(10):
        r = http.get(url)
        assert r.status_code == 200
        page = [t["table_id"] for t in r.json()]
        assert len(page) <= 2
        seen += page
        nxt = r.headers.get("link")
        if nxt is None:
            break
        assert nxt.endswith('>; rel="next"')
        url = nxt[1 : nxt.index(">")]
    assert sorted(seen) == sorted(made) and len(seen) == len(set(seen))
    assert len(http.get("/api/tables").json()) == 5  # the default page holds them all
    assert http.get("/api/tables?limit=0").status_code == 422
    assert http.get("/api/tables?limit=101").status_code == 422
    assert http.get("/api/tables?before=no%20such").json() == []
