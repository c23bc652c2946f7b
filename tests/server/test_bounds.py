"""Inputs past the transport's bounds are refused cleanly (422 or 404), never a 5xx,
and a refused request changes nothing — on SQLite and PostgreSQL alike."""

from __future__ import annotations

import json

import pytest

from spyhouse.server.web.inputbounds import MAX_ACTION_BYTES
from tests.server.helpers import auth, open_table, start, view

HUGE = "99999999999999999999999"


def _post_raw(http, url: str, text: str, token: str):
    headers = {**auth(token), "content-type": "application/json"}
    return http.post(url, content=text.encode(), headers=headers)


def _assert_problem(r, status: int, code: str | None = None) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    if code is not None:
        assert r.json()["code"] == code


def _open_seats(http, seats: int = 2) -> tuple[str, str]:
    r = http.post("/api/tables", json={"game": "highcard", "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()["table_id"], r.json()["invite_code"]


@pytest.fixture
def table(http):
    table = open_table(http, "highcard", 2)
    start(http, table)
    return table


def test_huge_numbers_are_422_not_an_overflow(http, table):
    before = view(http, table, 0)
    url = f"/api/tables/{table.id}"
    for body in (
        f'{{"action": {{"type": "keep"}}, "version": {2**70}}}',
        f'{{"action": {{"type": "keep"}}, "version": {2**70}, "request_id": "r1"}}',
        '{"action": {"type": "keep"}, "version": -1}',
    ):
        _assert_problem(
            _post_raw(http, f"{url}/actions", body, table.tokens[0]), 422, "malformed_body"
        )
    for since in (HUGE, str(2**31), "-1"):
        r = http.get(f"{url}/events", params={"since": since}, headers=auth(table.tokens[0]))
        _assert_problem(r, 422, "malformed_body")
    host = auth(table.host_token)
    for seat in (HUGE, str(2**63), "-1"):
        _assert_problem(http.post(f"{url}/seats/{seat}/bot", headers=host), 422, "malformed_body")
        _assert_problem(http.delete(f"{url}/seats/{seat}", headers=host), 422, "malformed_body")
    assert view(http, table, 0) == before


@pytest.mark.parametrize(
    "name",
    [
        "\x00",
        "Bob\x00",
        "B\x07ob",
        "\x1b[31mred",
        "Ann\x7f",
        "\x85",
        "   ",
        "\t",
        "\u200b\u200b",
        "\u3000",
        "\u202eevil",
        "\ud800",
    ],
    ids=[
        "nul",
        "nul-inside",
        "bell",
        "escape",
        "del",
        "c1",
        "blank",
        "tab",
        "zero-width",
        "ideographic-space",
        "bidi-override",
        "lone-surrogate",
    ],
)
def test_names_without_visible_text_or_with_control_characters_are_refused(http, name):
    table_id, code = _open_seats(http)
    body = json.dumps({"name": name})  # escapes, so the lone surrogate travels as \\ud800
    r = http.post(
        f"/api/invites/{code}/join",
        content=body.encode(),
        headers={"content-type": "application/json"},
    )
    _assert_problem(r, 422, "malformed_body")
    body = json.dumps({"game": "highcard", "seats": 2, "host_name": name})
    r = http.post(
        "/api/tables", content=body.encode(), headers={"content-type": "application/json"}
    )
    _assert_problem(r, 422, "malformed_body")
    assert [s["kind"] for s in http.get(f"/api/tables/{table_id}").json()["seats"]] == ["open"] * 2


def test_names_are_trimmed_and_may_use_any_script(http):
    table_id, code = _open_seats(http)
    for name in ("  Zoë  ", "李小龍"):
        r = http.post(f"/api/invites/{code}/join", json={"name": name})
        assert r.status_code == 201, r.text
    names = [s["name"] for s in http.get(f"/api/tables/{table_id}").json()["seats"]]
    assert names == ["Zoë", "李小龍"]


@pytest.mark.parametrize(
    "odd",
    ["%00", "abc%00def", "%C3%BC", "%E2%80%AE", "%FF", "x" * 300, "a%20b", "%0A"],
    ids=["nul", "nul-inside", "non-ascii", "bidi", "bad-utf8", "very-long", "space", "newline"],
)
def test_ids_and_invite_codes_with_odd_bytes_are_404(http, table, odd):
    seat0 = auth(table.tokens[0])
    for method, path, code in (
        ("GET", f"/api/tables/{odd}", "unknown_table"),
        ("GET", f"/api/tables/{odd}/view", "unknown_table"),
        ("GET", f"/api/tables/{odd}/events", "unknown_table"),
        ("GET", f"/api/invites/{odd}", "unknown_invite"),
    ):
        _assert_problem(http.request(method, path, headers=seat0), 404, code)
    r = http.post(f"/api/invites/{odd}/join", json={"name": "Eve"})
    _assert_problem(r, 404, "unknown_invite")
    r = http.post(
        f"/api/tables/{odd}/actions", json={"action": {"type": "keep"}, "version": 1}, headers=seat0
    )
    _assert_problem(r, 404, "unknown_table")


def _deep(levels: int) -> dict:
    node: dict = {"type": "keep"}
    for _ in range(levels - 1):
        node = {"type": "keep", "more": node}
    return node


@pytest.mark.parametrize(
    "action_json",
    [
        json.dumps({"type": "keep", "pad": "x" * MAX_ACTION_BYTES}),
        json.dumps(_deep(9)),
        '{"type": "keep", "n": NaN}',
        '{"type": "keep", "n": Infinity}',
        json.dumps({"type": "keep", "n": 2**70}),
        json.dumps({"type": "keep\x00"}),
        json.dumps({"type": "keep", "\x00": 1}),
        json.dumps({"type": "keep", "s": "\ud800"}),
    ],
    ids=["large", "deep", "nan", "infinity", "huge-int", "nul", "nul-key", "lone-surrogate"],
)
def test_an_action_past_the_transport_bounds_is_refused(http, table, action_json):
    before = view(http, table, 0)
    body = f'{{"action": {action_json}, "version": {before["version"]}, "request_id": "x"}}'
    r = _post_raw(http, f"/api/tables/{table.id}/actions", body, table.tokens[0])
    _assert_problem(r, 422, "malformed_body")
    assert view(http, table, 0) == before


def test_unknown_keys_and_odd_request_ids_in_a_post_are_refused(http, table):
    before = view(http, table, 0)
    version = before["version"]
    for body in (
        {"action": {"type": "keep"}, "version": version, "sneaky": 1},
        {"action": {"type": "keep"}, "version": version, "request_id": "a\x00b"},
        {"action": {"type": "keep"}, "version": version, "request_id": "é"},
        {"action": {"type": "keep"}, "version": version, "request_id": ""},
    ):
        r = http.post(f"/api/tables/{table.id}/actions", json=body, headers=auth(table.tokens[0]))
        _assert_problem(r, 422, "malformed_body")
    assert view(http, table, 0) == before


def test_options_with_nul_or_non_finite_numbers_are_refused(http):
    for options in ('{"top_card": "\\u0000"}', '{"x": NaN}', json.dumps({"x": _deep(9)})):
        body = f'{{"game": "highcard", "seats": 2, "options": {options}}}'
        r = http.post(
            "/api/tables", content=body.encode(), headers={"content-type": "application/json"}
        )
        _assert_problem(r, 422)
