"""Limits and input rules on one server: forwarded headers believed only from a named
proxy, the host's controls bounded per table, clocks capped, chat lines and names that
show what they are, and a published game at a public table readable by anyone."""

from __future__ import annotations

import httpx
import pytest

from spyhouse.settings import Settings
from tests.server.conftest import start_server
from tests.server.helpers import auth, open_table, play_to_end_over_rest, start, view


@pytest.fixture
def serve(migrated_url):
    """Start servers with settings of the test's choosing; all stopped at the end."""
    servers = []

    def run(**settings):
        srv = start_server(migrated_url, **settings)
        servers.append(srv)
        return srv, httpx.Client(base_url=srv.url, timeout=30)

    yield run
    for srv in servers:
        srv.stop()
        assert srv.errors() == [], "\n".join(srv.errors())


def _create(http: httpx.Client, forwarded_for: str) -> int:
    r = http.post(
        "/api/tables",
        json={"game": "highcard", "seats": 2},
        headers={"x-forwarded-for": forwarded_for},
    )
    return r.status_code


def test_a_forwarded_address_is_ignored_by_default(serve):
    """Every client on the server's own host used to name the address it was counted
    under: a new ``X-Forwarded-For`` per request and no limit ever applied — to tables
    created, invite codes guessed or tokens tried."""
    _, http = serve(
        rate_limit_create="3/minute",
        rate_limit_join="3/minute",
        rate_limit_auth_failures="3/minute",
    )
    table = http.post("/api/tables", json={"game": "highcard", "seats": 2}).json()["table_id"]
    codes = [_create(http, f"203.0.113.{i}") for i in range(4)]
    assert codes == [201, 201, 429, 429]  # the first table used one of the three
    guesses = [
        http.post(
            "/api/invites/not-a-code/join",
            json={"name": "Eve"},
            headers={"x-forwarded-for": f"203.0.113.{i}"},
        ).status_code
        for i in range(5)
    ]
    assert guesses == [404, 404, 404, 429, 429]
    tokens = [
        http.get(
            f"/api/tables/{table}/view",
            headers={**auth("0" * 43), "x-forwarded-for": f"203.0.113.{i}"},
        ).status_code
        for i in range(5)
    ]
    assert tokens == [403, 403, 403, 429, 429]


def test_a_forwarded_address_is_counted_when_it_comes_from_a_named_proxy(serve):
    _, http = serve(rate_limit_create="3/minute", trusted_proxies="127.0.0.0/8")
    assert [_create(http, f"203.0.113.{i}") for i in range(5)] == [201] * 5
    assert [_create(http, "198.51.100.7") for _ in range(4)] == [201, 201, 201, 429]


def test_the_serving_options_trust_no_proxy_unless_one_is_named():
    assert Settings().uvicorn_options()["proxy_headers"] is False
    named = Settings(trusted_proxies="10.0.0.1, 192.168.0.0/16").uvicorn_options()
    assert named["proxy_headers"] is True
    assert named["forwarded_allow_ips"] == ["10.0.0.1", "192.168.0.0/16"]
    with pytest.raises(ValueError):
        Settings(trusted_proxies="10.0.0.300").uvicorn_options()


DAY = {"kind": "correspondence", "seconds": 86400}


def test_host_controls_are_rate_limited_per_table(serve):
    """150 pause/resume pairs used to write 300 versions in 16 s."""
    _, http = serve(rate_limit_host_controls="4/minute")
    table = open_table(http, "highcard", 2, clock=DAY)
    other = open_table(http, "highcard", 2, clock=DAY)
    start(http, table)
    start(http, other)
    host = auth(table.host_token)
    # A stranger's refused attempts do not use up the host's controls.
    for _ in range(5):
        r = http.post(f"/api/tables/{table.id}/clock/pause", headers=auth(other.host_token))
        assert r.status_code == 403
    version = view(http, table, 0)["version"]
    codes = [
        http.post(f"/api/tables/{table.id}/clock/{step}", headers=host).status_code
        for step in ("pause", "resume", "pause", "resume")
    ]
    assert codes == [204] * 4
    refused = http.post(f"/api/tables/{table.id}/clock/pause", headers=host)
    assert refused.status_code == 429 and refused.json()["code"] == "host_rate_limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.json()["retry_after"] == int(refused.headers["retry-after"])
    mute = http.post(f"/api/tables/{table.id}/seats/1/mute", json={"muted": True}, headers=host)
    assert mute.status_code == 429
    assert view(http, table, 0)["version"] == version + 4  # the refusals changed nothing
    assert view(http, table, 0)["clock"]["paused"] is False
    r = http.post(f"/api/tables/{other.id}/clock/pause", headers=auth(other.host_token))
    assert r.status_code == 204  # another table's host is not held back


def test_added_time_is_capped_as_a_new_clock_is(http):
    """200 × "add 7 days" used to give a clock of 1,400 days."""
    table = open_table(http, "highcard", 2, clock=DAY)
    start(http, table)
    host = auth(table.host_token)
    week = 7 * 86400
    for _ in range(4):  # one day + 4 weeks = 29 days
        r = http.post(f"/api/tables/{table.id}/clock/add", json={"seconds": week}, headers=host)
        assert r.status_code == 204, r.text
    before = view(http, table, 0)
    r = http.post(f"/api/tables/{table.id}/clock/add", json={"seconds": week}, headers=host)
    assert r.status_code == 422 and r.json()["code"] == "clock_too_long"
    r = http.post(
        f"/api/tables/{table.id}/clock/add", json={"seconds": 2 * 86400, "seat": 1}, headers=host
    )
    assert r.status_code == 422 and r.json()["code"] == "clock_too_long"
    after = view(http, table, 0)
    assert after["version"] == before["version"]
    assert all(s["remaining"] <= 30 * 86400 for s in after["clock"]["seats"])
    r = http.post(  # what still fits is added
        f"/api/tables/{table.id}/clock/add", json={"seconds": 3600, "seat": 1}, headers=host
    )
    assert r.status_code == 204, r.text


# -- what a line of chat or a name may hold --------------------------------------------


def _say(http: httpx.Client, table, text: str, seat: int = 0) -> httpx.Response:
    return http.post(
        f"/api/tables/{table.id}/chat", json={"text": text}, headers=auth(table.tokens[seat])
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("next\u0085line", "control"),  # C1: NEXT LINE
        ("\u009b31mred", "control"),  # C1: CONTROL SEQUENCE INTRODUCER
        ("esc \x1b[2J", "control"),
        ("I won \u202e!niw I", "bidi"),  # RIGHT-TO-LEFT OVERRIDE
        ("\u2067isolated\u2069", "bidi"),
        ("\u200b", "invisible"),  # ZERO WIDTH SPACE
        ("\ufeff\u200b\ufeff", "invisible"),  # BOMs and zero-width spaces only
        ("\u0301\u0301", "invisible"),  # combining marks on nothing
        ("x" + "\n" * 498 + "y", "too_many_lines"),  # 500 characters
        ("x" + "\u2028" * 11 + "y", "too_many_lines"),  # LINE SEPARATOR is a line break
        ("x" + "\r\n" * 11 + "y", "too_many_lines"),
    ],
)
def test_chat_refuses_what_would_not_show_as_itself(http, text, reason):
    table = open_table(http, "highcard", 2)
    r = _say(http, table, text)
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "bad_chat" and r.json()["fault"] == reason
    assert http.get(f"/api/tables/{table.id}/chat", headers=auth(table.tokens[0])).json() == []


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("one\u2028two\u2029three", "one\ntwo\nthree"),
        ("a\r\nb\rc", "a\nb\nc"),
        ("ten\n" * 10 + "lines", "ten\n" * 10 + "lines"),
        ("family \U0001f468\u200d\U0001f469\u200d\U0001f467", None),  # ZWJ sequence
        ("\u0627\u0644\u0639\u0631\u0628\u064a\u0629 and English", None),
        ("col\tumns", None),
    ],
)
def test_chat_keeps_real_text_and_sends_every_line_break_as_a_newline(http, text, stored):
    table = open_table(http, "highcard", 2)
    r = _say(http, table, text)
    assert r.status_code == 201, r.text
    assert r.json()["text"] == (text if stored is None else stored)


def _open(http: httpx.Client) -> str:
    """The invite code of a new two-seat table with both seats open."""
    r = http.post("/api/tables", json={"game": "highcard", "seats": 2})
    assert r.status_code == 201, r.text
    return str(r.json()["invite_code"])


@pytest.mark.parametrize(
    "name", ["Ann\u2028Bob", "An\u0085n", "\u009bAnn", "\u202eAnn", "\u200b\ufeff", "A\tB"]
)
def test_names_follow_the_same_rule(http, name):
    invite = _open(http)
    r = http.post(f"/api/invites/{invite}/join", json={"name": name})
    assert r.status_code == 422 and r.json()["code"] == "malformed_body", r.text
    r = http.post("/api/tables", json={"game": "highcard", "seats": 2, "host_name": name})
    assert r.status_code == 422 and r.json()["code"] == "malformed_body", r.text


def test_a_name_may_be_any_script_and_emoji(http):
    invite = _open(http)
    for name in ("Zoë \U0001f469\u200d\U0001f680", "\u0627\u0644\u0639\u0631\u0628\u064a"):
        r = http.post(f"/api/invites/{invite}/join", json={"name": name})
        assert r.status_code == 201, r.text


# -- a published game at a public table ------------------------------------------------


@pytest.mark.parametrize(
    ("private", "publish", "anonymous"),
    [(False, True, 200), (True, True, 401), (False, False, 401)],
)
def test_a_published_game_at_a_public_table_is_everyone_s(http, private, publish, anonymous):
    """The README promised the full record "to everyone at a public table"; an anonymous
    reader got 401. Now anyone may read what the host published to the world — and
    nothing of a private or unpublished table."""
    table = open_table(http, "highcard", 2, private=private, publish_log=publish)
    start(http, table)
    assert http.get(f"/api/tables/{table.id}/record").status_code == 401  # not over yet
    play_to_end_over_rest(http, table, seed=5)
    record = http.get(f"/api/tables/{table.id}/record")
    replay = http.get(f"/api/tables/{table.id}/replay", params={"viewpoint": "all"})
    events = http.get(f"/api/tables/{table.id}/events")
    assert [r.status_code for r in (record, replay, events)] == [anonymous] * 3
    if anonymous == 200:
        seated = http.get(f"/api/tables/{table.id}/record", headers=auth(table.tokens[0]))
        assert record.json() == seated.json() and isinstance(record.json()["seed"], int)
        assert all("audience" in e for e in events.json())
        assert all(len(step["views"]) == 2 for step in replay.json()["steps"])
    else:
        assert record.json()["code"] == "missing_token"
