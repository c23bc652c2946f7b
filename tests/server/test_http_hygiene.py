"""HTTP hygiene: Allow on 405, security headers on every response, per-client rate limits."""

from __future__ import annotations

import json
import logging
import logging.config
import re
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spyhouse.settings import Settings
from tests.server.conftest import start_server
from tests.server.helpers import auth

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_405_says_which_methods_are_allowed(http):
    r = http.delete("/api/games")
    assert r.status_code == 405
    assert r.headers["allow"] == "GET"
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == "method_not_allowed"
    r = http.put("/api/tables")
    assert r.status_code == 405 and set(r.headers["allow"].split(", ")) == {"GET", "POST"}


@pytest.mark.parametrize("path", ["/", "/static/js/app.js", "/api/games", "/api/tables/nope"])
def test_every_response_carries_the_security_headers(http, path):
    r = http.get(path)
    csp = r.headers["content-security-policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_the_page_has_no_inline_code_the_policy_would_block():
    """``script-src 'self'``/``style-src 'self'`` refuse inline scripts, styles, style
    attributes and event-handler attributes: the client must not use any."""
    for page in STATIC.rglob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page
        assert "<style" not in html, page
        assert not re.search(r"\s(style|on[a-z]+)\s*=", html), page
    for script in STATIC.rglob("*.js"):
        code = script.read_text()
        assert not re.search(r"\beval\(|new Function\(|setAttribute\(\s*['\"]style", code), script
        assert not re.search(r"\bstyle\s*:\s*['\"`]", code), script  # h(tag, {style: "…"})


def _limited(migrated_url, **limits):
    return start_server(migrated_url, **limits)


def _create(client: httpx.Client) -> httpx.Response:
    return client.post("/api/tables", json={"game": "highcard", "seats": 3})


def _assert_rate_limited(r: httpx.Response) -> None:
    assert r.status_code == 429, r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == "rate_limited"
    assert 1 <= int(r.headers["retry-after"]) <= 60
    assert r.json()["retry_after"] == int(r.headers["retry-after"])


def test_table_creation_and_joins_are_rate_limited_per_client(migrated_url):
    srv = _limited(migrated_url, rate_limit_create="3/minute", rate_limit_join="4/minute")
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            codes = [_create(http).json().get("invite_code") for _ in range(3)]
            assert all(codes)
            _assert_rate_limited(_create(http))
            joins = [
                http.post(f"/api/invites/{codes[i // 2]}/join", json={"name": f"P{i}"})
                for i in range(4)
            ]
            assert [r.status_code for r in joins] == [201] * 4
            r = http.post(f"/api/invites/{codes[2]}/join", json={"name": "Late"})
            _assert_rate_limited(r)
            seats = http.get(f"/api/invites/{codes[2]}").json()["seats"]
            assert [s["kind"] for s in seats] == ["open"] * 3  # the refused join changed nothing
        # another address is counted on its own
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=srv.url, timeout=30, transport=other) as http:
            assert _create(http).status_code == 201
    finally:
        srv.stop()


def test_refused_tokens_are_rate_limited_then_no_token_is_checked(migrated_url):
    srv = _limited(migrated_url, rate_limit_auth_failures="3/minute")
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            created = _create(http).json()
            tid, host = created["table_id"], created["host_token"]
            for _ in range(3):
                r = http.get(f"/api/tables/{tid}/view", headers=auth("guess"))
                assert r.status_code == 403
            # the right token is not even checked until the window moves on
            _assert_rate_limited(http.post(f"/api/tables/{tid}/start", headers=auth(host)))
            assert http.get(f"/api/tables/{tid}").status_code == 200  # no token: not limited
            with connect(f"{srv.ws_url}/ws/tables/{tid}") as ws:
                frame = json.loads(ws.recv(timeout=10))
                assert frame["type"] == "error" and frame["code"] == "rate_limited"
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=srv.url, timeout=30, transport=other) as http:
            r = http.post(f"/api/tables/{tid}/seats/0/bot", headers=auth(host))
            assert r.status_code == 204
    finally:
        srv.stop()


def test_defaults_let_friends_behind_one_address_open_tens_of_tables(http):
    for _ in range(25):
        assert _create(http).status_code == 201


def test_rate_limits_can_be_turned_off(migrated_url, monkeypatch):
    monkeypatch.setenv("SPYHOUSE_RATE_LIMITS", "off")
    assert Settings.from_env().rate_limits is False
    srv = start_server(migrated_url, rate_limit_create="1/minute")
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            assert [_create(http).status_code for _ in range(3)] == [201] * 3
    finally:
        srv.stop()


def test_the_access_log_is_on_unless_turned_off(monkeypatch):
    """Off, it takes each socket's lines with it (accepted, opened, closed), and nothing
    else that uvicorn logs."""

    def kept(options: dict[str, object], message: str, *args: object) -> bool:
        logging.config.dictConfig(options["log_config"])  # type: ignore[arg-type]
        record = logging.LogRecord("uvicorn.error", logging.INFO, "", 0, message, args, None)
        return logging.getLogger("uvicorn.error").filter(record)

    accepted = ('%s - "WebSocket %s" [accepted]', "127.0.0.1:5000", "/ws/tables/t")
    try:
        on = Settings.from_env().uvicorn_options()
        assert on["access_log"] is True
        assert kept(on, *accepted) and kept(on, "connection open")
        monkeypatch.setenv("SPYHOUSE_ACCESS_LOG", "off")
        off = Settings.from_env().uvicorn_options()
        assert off["access_log"] is False
        assert not kept(off, *accepted)
        assert not kept(off, "connection open") and not kept(off, "connection closed")
        assert kept(off, "Application startup complete.")
        assert kept(off, "Exception in ASGI application\n")
    finally:
        logging.getLogger("uvicorn.error").filters.clear()


def test_a_busy_database_answers_503_and_the_socket_stays_open(http, live, monkeypatch):
    """No pooled connection in time (an overloaded server) is a passing condition, not a
    crash: REST gets problem+json 503 with Retry-After, a socket an error frame naming the
    move's request_id — and the socket stays usable."""
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    from spyhouse.store.repository import TableStore
    from tests.server.helpers import open_table, start
    from tests.server.test_websocket import Socket

    table = open_table(http, "highcard", 2)
    start(http, table)
    sock = Socket(live, table.id, table.tokens[0])
    version = sock.state["version"]

    async def busy(*_args, **_kwargs):
        raise PoolTimeout("QueuePool limit reached; connection timed out")

    monkeypatch.setattr(TableStore, "get", busy)
    r = http.get(f"/api/tables/{table.id}/view", headers=auth(table.tokens[0]))
    assert r.status_code == 503 and r.json()["code"] == "database_busy", r.text
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.headers["retry-after"] == "1"
    sock.send(
        {"type": "action", "action": {"type": "keep"}, "version": version + 5, "request_id": "r1"}
    )
    error = sock.recv_until("error")
    assert (error["code"], error["request_id"]) == ("database_busy", "r1")

    monkeypatch.undo()
    sock.send({"type": "ping"})
    sock.recv_until("pong")  # still open
    sock.close()
