"""The WebSocket API on a real server: live views, actions, secrecy, reconnects."""

from __future__ import annotations

import asyncio
import json
import types
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spyhouse.engine import Rng
from tests.server.conftest import start_server
from tests.server.helpers import auth, open_table, start, view


class Socket:
    """A seat's (or spectator's) socket that records every frame it receives."""

    def __init__(self, live, table_id: str, token: str | None, since: int = 0) -> None:
        self.ws = connect(f"{live.ws_url}/ws/tables/{table_id}", open_timeout=10).__enter__()
        hello: dict[str, Any] = {"type": "auth", "since": since}
        if token:
            hello["token"] = token
        self.ws.send(json.dumps(hello))
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] = {"version": -1}
        self.recv_until("state")

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        frame = json.loads(self.ws.recv(timeout=timeout))
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        return frame

    def recv_until(self, kind: str, version: int | None = None) -> dict[str, Any]:
        if kind == "state" and version is not None and self.state["version"] >= version:
            return self.state
        while True:
            frame = self.recv()
            if frame["type"] == kind and (version is None or frame.get("version", 0) >= version):
                return frame

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def close(self) -> None:
        self.ws.close()


def play_over_websockets(sockets: dict[int, Socket], seed: int) -> dict[str, Any]:
    rng = Rng(seed)
    for _ in range(1000):
        latest = max((s.state for s in sockets.values()), key=lambda d: d["version"])
        if latest["status"] == "finished":
            return latest
        movers = [seat for seat, s in sockets.items() if s.state["legal_actions"]]
        seat = rng.choice(movers)
        sock = sockets[seat]
        version = sock.state["version"]
        sock.send(
            {
                "type": "action",
                "action": rng.choice(sock.state["legal_actions"]),
                "version": version,
                "request_id": f"r{version}-{seat}",
            }
        )
        ack = sock.recv_until("ack")
        for s in sockets.values():
            s.recv_until("state", ack["version"])
    raise AssertionError("no end")


def test_full_game_over_websockets_each_socket_sees_only_its_own_secrets(http, live):
    table = open_table(http, "highcard", 3, spectators=True)
    sockets = {seat: Socket(live, table.id, token) for seat, token in table.tokens.items()}
    spectator = Socket(live, table.id, None)
    start(http, table)
    for sock in sockets.values():
        sock.recv_until("state", view(http, table, 0)["version"])
    final = play_over_websockets(sockets, seed=5)
    spectator.recv_until("state", final["version"])
    assert final["outcome"] is not None
    hands = final["outcome"]["detail"]["hands"]
    for seat, sock in sockets.items():
        states = [f for f in sock.frames if f["type"] == "state"]
        assert all(f["you"] == seat for f in states)
        for f in states:
            if f["view"] is not None:
                assert f["view"]["my_card"] in (None, *range(1, 10))
        drawn = [e["data"]["card"] for f in states for e in f["events"] if e["type"] == "drew"]
        assert drawn in ([], [hands[seat]])
        # the REST view at the final version is exactly what the socket holds
        assert view(http, table, seat)["view"] == sock.state["view"]
    spectator_states = [f for f in spectator.frames if f["type"] == "state"]
    assert all(f["legal_actions"] == [] for f in spectator_states)
    assert all(f["view"] is None or f["view"]["my_card"] is None for f in spectator_states)
    assert not [e for f in spectator_states for e in f["events"] if e["type"] == "drew"]
    # every version's events arrive exactly once per socket
    for sock in [*sockets.values(), spectator]:
        versions = [e["version"] for f in sock.frames if f["type"] == "state" for e in f["events"]]
        assert versions == sorted(versions)
    for s in [*sockets.values(), spectator]:
        s.close()


def test_reconnect_with_since_loses_nothing(http, live):
    table = open_table(http, "highcard", 2)
    start(http, table)
    first = Socket(live, table.id, table.tokens[0])
    seen = first.state["version"]
    first.close()
    # the other seat and then this seat move while the socket is away
    for seat in (1, 0):
        v = view(http, table, seat)["version"]
        r = http.post(
            f"/api/tables/{table.id}/actions",
            json={"action": {"type": "keep"}, "version": v},
            headers=auth(table.tokens[seat]),
        )
        assert r.status_code == 200
    again = Socket(live, table.id, table.tokens[0], since=seen)
    types = [e["type"] for e in again.state["events"]]
    assert types.count("decided") == 2
    assert again.state["version"] == view(http, table, 0)["version"]
    assert again.state["view"]["phase"] == "show"
    again.close()


@pytest.mark.parametrize(
    "message,code",
    [
        (json.dumps({"type": "dance"}), "unknown_message"),
        (json.dumps({"type": "action", "action": {"type": "keep"}}), "malformed_body"),
        (json.dumps({"type": "action", "action": {"type": "keep"}, "version": 0}), "stale_version"),
        (
            json.dumps({"type": "action", "action": {"type": "show"}, "version": -1}),
            "illegal_action",
        ),
        (
            json.dumps(
                {"type": "action", "action": {"type": "keep", "pad": "x" * 70_000}, "version": 0}
            ),
            "message_too_large",
        ),
    ],
    ids=["unknown", "no-version", "stale", "illegal", "oversized"],
)
def test_bad_socket_messages_get_an_error_frame_and_change_nothing(http, live, message, code):
    table = open_table(http, "highcard", 2)
    start(http, table)
    sock = Socket(live, table.id, table.tokens[0])
    version = sock.state["version"]
    before = view(http, table, 0)
    message = message.replace('"version": -1', f'"version": {version}')
    sock.ws.send(message)
    error = sock.recv_until("error")
    assert error["code"] == code
    sock.send({"type": "ping"})
    assert sock.recv_until("pong")  # the socket is still usable
    assert view(http, table, 0) == before
    sock.close()


def _deep(levels: int) -> str:
    return '{"type": "action", "action": ' + '{"a": ' * levels + "1" + "}" * levels + "}"


@pytest.mark.parametrize(
    "frame,code,close",
    [
        (b"\x00\x01binary", "binary_frame", 1003),
        (b'{"type": "ping"}', "binary_frame", 1003),
        ("{oops", "malformed_json", 1007),
        ('{"type": "ping", "n": 1e999999', "malformed_json", 1007),
        (_deep(40), "message_too_deep", 1008),
        ("[" * 30_000 + "]" * 30_000, "message_too_deep", 1008),
        ('{"a":' * 10_000 + "1" + "}" * 10_000, "message_too_deep", 1008),
        ("[1, 2]", "malformed_message", 1008),
        ('"ping"', "malformed_message", 1008),
        ("null", "malformed_message", 1008),
    ],
    ids=[
        "binary",
        "binary-json",
        "json",
        "truncated",
        "deep",
        "deeper-than-parser",
        "deep-object",
        "array",
        "string",
        "null",
    ],
)
@pytest.mark.parametrize("when", ["hello", "playing"])
def test_a_frame_that_is_no_message_gets_an_error_frame_and_a_clean_close(
    http, live, frame, code, close, when
):
    table = open_table(http, "highcard", 2)
    start(http, table)
    before = view(http, table, 0)
    with connect(f"{live.ws_url}/ws/tables/{table.id}", max_size=None) as ws:
        if when == "playing":
            ws.send(json.dumps({"type": "auth", "token": table.tokens[0]}))
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send(frame)
        error = json.loads(ws.recv(timeout=10))
        assert error["type"] == "error" and error["code"] == code
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == close
    assert view(http, table, 0) == before
    assert live.errors() == []


@pytest.mark.parametrize("since", [2**70, -1, "3", 1.5, True, None])
def test_since_out_of_range_is_refused_at_auth(http, live, since):
    table = open_table(http, "highcard", 2)
    with connect(f"{live.ws_url}/ws/tables/{table.id}") as ws:
        ws.send(json.dumps({"type": "auth", "token": table.tokens[0], "since": since}))
        frame = json.loads(ws.recv(timeout=10))
        assert frame["type"] == "error" and frame["code"] == "malformed_message"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4422


def test_a_client_closing_while_its_ack_is_pending_is_no_server_error(http, live):
    """The move commits; the server's ack (and state frame) find the socket gone, which
    must end the socket quietly, not as "Exception in ASGI application"."""
    for _ in range(12):
        table = open_table(http, "highcard", 2)
        start(http, table)
        sock = Socket(live, table.id, table.tokens[0])
        while not sock.state["legal_actions"]:
            sock.recv_until("state", sock.state["version"] + 1)
        action = sock.state["legal_actions"][0]
        sock.send({"type": "action", "action": action, "version": sock.state["version"]})
        sock.ws.socket.close()  # gone at once, no closing handshake
        assert view(http, table, 0)["version"] >= sock.state["version"]
    assert live.errors() == []


def test_socket_auth_is_required(http, live):
    table = open_table(http, "highcard", 2)
    with connect(f"{live.ws_url}/ws/tables/{table.id}") as ws:
        ws.send(json.dumps({"type": "auth", "token": "wrong"}))
        frame = json.loads(ws.recv(timeout=10))
        assert frame["type"] == "error" and frame["code"] == "invalid_token"
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
    with connect(f"{live.ws_url}/ws/tables/nope") as ws:
        ws.send(json.dumps({"type": "auth", "token": table.tokens[0]}))
        assert json.loads(ws.recv(timeout=10))["code"] == "unknown_table"
    with connect(f"{live.ws_url}/ws/tables/{table.id}") as ws:  # no spectators here
        ws.send(json.dumps({"type": "auth"}))
        assert json.loads(ws.recv(timeout=10))["code"] == "missing_token"


def test_spectator_cannot_act(http, live):
    table = open_table(http, "highcard", 2, spectators=True)
    start(http, table)
    sock = Socket(live, table.id, None)
    sock.send({"type": "action", "action": {"type": "keep"}, "version": sock.state["version"]})
    assert sock.recv_until("error")["code"] == "not_a_seat"
    sock.close()


def test_a_change_made_through_one_process_reaches_sockets_of_another(migrated_url, live, http):
    if migrated_url.startswith("sqlite"):
        pytest.skip("SQLite is single-process; cross-process fan-out is PostgreSQL's NOTIFY")
    other = start_server(migrated_url)
    try:
        table = open_table(http, "highcard", 2)
        start(http, table)
        sock = Socket(other, table.id, table.tokens[1])  # seat 1 watches process B
        version = sock.state["version"]
        r = http.post(  # seat 0 moves through process A
            f"/api/tables/{table.id}/actions",
            json={"action": {"type": "keep"}, "version": version},
            headers=auth(table.tokens[0]),
        )
        assert r.status_code == 200
        frame = sock.recv_until("state", version + 1)
        assert [e["type"] for e in frame["events"]] == ["decided"]
        sock.close()
    finally:
        other.stop()


def test_a_refused_socket_token_closes_4403_and_counts_against_the_address(migrated_url):
    """Sockets are served in front of the middleware stack (``Spyhouse.__call__``), yet
    the rate limits still see them: a token refused on a socket (close 4403) counts
    with the REST API's refusals, and once they are used up neither asks again."""
    srv = start_server(migrated_url, rate_limit_auth_failures="2/minute")
    try:
        with httpx.Client(base_url=srv.url, timeout=30) as http:
            table = open_table(http, "highcard", 2)
            for _ in range(2):
                with connect(f"{srv.ws_url}/ws/tables/{table.id}") as ws:
                    ws.send(json.dumps({"type": "auth", "token": "guess"}))
                    assert json.loads(ws.recv(timeout=10))["code"] == "invalid_token"
                    with pytest.raises(ConnectionClosed) as closed:
                        ws.recv(timeout=10)
                    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
            r = http.get(f"/api/tables/{table.id}/view", headers=auth(table.tokens[0]))
            assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
            with connect(f"{srv.ws_url}/ws/tables/{table.id}") as ws:
                assert json.loads(ws.recv(timeout=10))["code"] == "rate_limited"
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
    finally:
        srv.stop()


def _socket_frames(live) -> list[list[str]]:
    """The modules of every suspended frame of each task in the server that serves a
    table socket, outermost first."""
    loop = live.server.servers[0].get_loop()

    async def collect() -> list[list[str]]:
        chains = []
        for task in asyncio.all_tasks():
            modules, coro = [], task.get_coro()
            # Python's own coroutines only: a compiled one (asyncpg's, in Cython) makes up
            # a frame when asked for ``cr_frame``, and that crashed the interpreter. And
            # only the connections' tasks (uvicorn's): walking down a task that was in a
            # database call (the driver's, or SQLAlchemy's greenlets) crashed it too.
            top = coro.cr_frame if isinstance(coro, types.CoroutineType) else None
            if top is None or not top.f_globals.get("__name__", "").startswith("uvicorn"):
                continue
            while isinstance(coro, types.CoroutineType):
                if coro.cr_frame is not None:
                    modules.append(coro.cr_frame.f_globals.get("__name__", "?"))
                coro = coro.cr_await
            if "spyhouse.server.web.ws" in modules:
                chains.append(modules)
        return chains

    return asyncio.run_coroutine_threadsafe(collect(), loop).result(timeout=10)


def test_an_open_socket_keeps_no_routing_or_middleware_frames(http, live):
    """Each layer an open socket passed through stays suspended, and in memory, for as
    long as the socket is open: an idle socket's stack is uvicorn's, the app's entry
    and the socket's own, not FastAPI's routing, exit stacks and middlewares."""
    table = open_table(http, "highcard", 2, spectators=True)
    sock = Socket(live, table.id, None)
    sock.send({"type": "ping"})
    sock.recv_until("pong")
    chains = _socket_frames(live)
    reader = [chain for chain in chains if chain[0].startswith("uvicorn")]
    assert len(reader) == 1, chains
    layers = [m for m in reader[0] if m.startswith(("fastapi", "starlette"))]
    assert layers == ["starlette.websockets"], reader[0]  # only WebSocket.receive
    assert len(reader[0]) <= 12, reader[0]
    sock.close()


def _answered_busy_and_closed(live, table) -> None:
    """Seat 0's socket authenticates and gets ``database_busy``, then close 4503."""
    with connect(f"{live.ws_url}/ws/tables/{table.id}") as ws:
        ws.send(json.dumps({"type": "auth", "token": table.tokens[0]}))
        frame = json.loads(ws.recv(timeout=10))
        assert frame["type"] == "error" and frame["code"] == "database_busy", frame
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4503


def test_a_busy_database_at_auth_is_a_problem_frame_not_a_crash(http, live, monkeypatch):
    """No pooled connection while a socket authenticates: ``database_busy`` and close
    code 4503 (the client may reconnect), not an unhandled exception."""
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    from spyhouse.store.repository import TableStore

    table = open_table(http, "highcard", 2)

    async def busy(*_args, **_kwargs):
        raise PoolTimeout("QueuePool limit reached; connection timed out")

    monkeypatch.setattr(TableStore, "get", busy)
    _answered_busy_and_closed(live, table)
    monkeypatch.undo()
    assert live.errors() == []
    Socket(live, table.id, table.tokens[0]).close()  # and the next try is served


def test_a_busy_database_while_a_frame_is_built_closes_the_socket_to_reconnect(
    http, live, monkeypatch
):
    """A socket whose frame needs the log (it is behind what the server keeps in memory)
    when no connection is to be had: ``database_busy`` and close 4503, so the client
    reconnects and catches up — not an open socket whose sender has silently died."""
    from sqlalchemy.exc import TimeoutError as PoolTimeout

    from spyhouse.store.repository import TableStore

    table = open_table(http, "highcard", 2)
    start(http, table)

    async def busy(*_args, **_kwargs):
        raise PoolTimeout("QueuePool limit reached; connection timed out")

    monkeypatch.setattr(TableStore, "entries_between", busy)
    _answered_busy_and_closed(live, table)
    monkeypatch.undo()
    assert live.errors() == []
    sock = Socket(live, table.id, table.tokens[0])  # the next try catches up
    assert sock.state["version"] == view(http, table, 0)["version"]
    sock.close()


@pytest.mark.parametrize(
    "message",
    [
        {"type": "ping", "n": 1},
        {"type": "chat", "text": 5},
        {"type": "chat"},
        {"type": "action", "action": {"type": "keep"}, "version": "0"},
    ],
    ids=["ping-extra", "chat-number", "chat-no-text", "action-string-version"],
)
def test_a_message_breaking_its_published_schema_gets_an_error_frame(http, live, message):
    """Messages are read through the protocol's models, the ones /asyncapi.json
    publishes: what the schema refuses is refused (a ping with a field was answered, a
    number as chat text met the chat rules instead), and the socket stays usable."""
    table = open_table(http, "highcard", 2)
    start(http, table)
    sock = Socket(live, table.id, table.tokens[0])
    before = view(http, table, 0)
    sock.send(message)
    error = sock.recv_until("error")
    wanted = "malformed_body" if message["type"] == "action" else "malformed_message"
    assert error["code"] == wanted, error
    sock.send({"type": "ping"})
    assert sock.recv_until("pong")
    assert view(http, table, 0) == before
    sock.close()


@pytest.mark.parametrize(
    "hello",
    [{"presence": "yes"}, {"token": 5}, {"extra": True}],
    ids=["presence-string", "token-number", "unknown-field"],
)
def test_an_auth_breaking_its_published_schema_is_refused(http, live, hello):
    """A number for a token read as a spectator, "yes" for presence as no presence:
    the auth message is read through its model, so it is refused with 4422."""
    table = open_table(http, "highcard", 2)
    with connect(f"{live.ws_url}/ws/tables/{table.id}") as ws:
        ws.send(json.dumps({"type": "auth", **hello}))
        frame = json.loads(ws.recv(timeout=10))
        assert frame["type"] == "error" and frame["code"] == "malformed_message", frame
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4422
