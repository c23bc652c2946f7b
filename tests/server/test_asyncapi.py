"""The socket protocol is published once (``/asyncapi.json``) and is what the server
speaks: every frame a server test receives is checked against it (``frame_check``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx

from spyhouse.server.web import asyncapi
from tests.server import frame_check
from tests.server.helpers import auth, open_table, start, view
from tests.server.test_websocket import Socket

SOCKET_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "socket.js"


def _sent() -> set[str]:
    doc = asyncapi.document()
    return {
        op["messages"][0]["$ref"].rsplit("/", 1)[-1]
        for op in doc["operations"].values()
        if op["action"] == "send"
    }


def test_the_document_is_asyncapi_3_and_its_references_resolve() -> None:
    doc = asyncapi.document()
    assert doc["asyncapi"] == "3.0.0"
    channel = doc["channels"]["table"]
    assert channel["address"] == "/ws/tables/{table_id}"
    for name, op in doc["operations"].items():
        assert op["action"] in ("send", "receive"), name
        assert op["channel"] == {"$ref": "#/channels/table"}
        for ref in op["messages"]:
            assert ref["$ref"].rsplit("/", 1)[-1] in channel["messages"]
    text = json.dumps(doc)
    for ref in set(re.findall(r'"#/components/schemas/([^"]+)"', text)):
        assert ref in doc["components"]["schemas"], ref
    assert _sent() == {
        "state",
        "ack",
        "error",
        "pong",
        "chat",
        "chat_history",
        "chat_muted",
        "presence",
    }


def test_every_frame_the_browser_client_handles_is_in_the_document() -> None:
    handled = set(re.findall(r'frame\.type === "([a-z_]+)"', SOCKET_JS.read_text()))
    assert handled and handled <= _sent()
    sent_by_page = set(re.findall(r'type: "([a-z_]+)"', SOCKET_JS.read_text()))
    received = {"auth", "action", "chat", "ping"}
    assert sent_by_page and sent_by_page <= received


def test_the_server_serves_the_document(live) -> None:
    r = httpx.get(f"{live.url}/asyncapi.json")
    assert r.status_code == 200 and r.json() == json.loads(json.dumps(asyncapi.document()))
    assert "/asyncapi.json" in httpx.get(f"{live.url}/openapi.json").json()["info"]["description"]


def test_every_kind_of_frame_a_server_sends_follows_the_document(http, live) -> None:
    table = open_table(http, "highcard", 2, spectators=True)
    start(http, table)
    frame_check.CHECKED.clear()
    sock = Socket(live, table.id, table.tokens[0])
    sock.send({"type": "ping"})
    sock.recv_until("pong")
    sock.send({"type": "chat", "text": "hello"})
    sock.recv_until("chat")
    sock.send({"type": "action", "action": {"type": "nonsense"}, "version": 0})
    assert sock.recv_until("error")["code"] in ("illegal_action", "stale_version")
    version = view(http, table, 0)["version"]
    sock.send({"type": "action", "action": {"type": "keep"}, "version": version})
    sock.recv_until("ack")
    r = http.post(
        f"/api/tables/{table.id}/seats/1/mute", json={"muted": True}, headers=auth(table.host_token)
    )
    assert r.status_code == 204
    sock.recv_until("chat_muted")
    sock.close()
    again = Socket(live, table.id, table.tokens[1])  # chat_history after the first state
    again.recv_until("chat_history")
    again.close()
    assert {"state", "pong", "chat", "error", "ack", "chat_muted", "chat_history"} <= set(
        frame_check.CHECKED
    )
