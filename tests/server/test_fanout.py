"""Fan-out from the commit: one frame per version per socket, one load per table per
process, and sockets that fall behind catch up from the log."""

from __future__ import annotations

import time
from collections import Counter

import httpx
import pytest

from spyhouse.server import fanout
from tests.server.conftest import start_server
from tests.server.helpers import auth, open_table, start, view
from tests.server.test_websocket import Socket, play_over_websockets


def _state_versions(sock: Socket) -> list[int]:
    return [f["version"] for f in sock.frames if f["type"] == "state"]


def test_every_socket_gets_exactly_one_frame_per_committed_version(http, live):
    table = open_table(http, "highcard", 3, spectators=True)
    sockets = {seat: Socket(live, table.id, token) for seat, token in table.tokens.items()}
    watchers = [Socket(live, table.id, None), Socket(live, table.id, table.host_token)]
    first = view(http, table, 0)["version"]
    start(http, table)
    for sock in [*sockets.values(), *watchers]:
        sock.recv_until("state", first + 1)
    final = play_over_websockets(sockets, seed=3)
    for sock in watchers:
        sock.recv_until("state", final["version"])
    # a barrier: every frame of the last version has been sent before this pong
    for sock in [*sockets.values(), *watchers]:
        sock.send({"type": "ping"})
        sock.recv_until("pong")
        assert _state_versions(sock) == list(range(first, final["version"] + 1))
    # spectator and host read the same thing, frame for frame
    spectator, host = (
        [{k: v for k, v in f.items()} for f in w.frames if f["type"] == "state"] for w in watchers
    )
    assert spectator == host
    for sock in [*sockets.values(), *watchers]:
        sock.close()


def test_a_process_passes_on_each_version_once_and_loads_the_table_once(
    migrated_url, live, http, monkeypatch
):
    if migrated_url.startswith("sqlite"):
        pytest.skip("SQLite is a single process: no NOTIFY")
    loads: Counter[str] = Counter()

    def count_loads(server, name: str) -> None:
        hub_ = server.server.config.app.state.context.hub
        real = hub_._loader

        async def counted(table_id, after):
            loads[name] += 1
            return await real(table_id, after)

        hub_._loader = counted

    other = start_server(migrated_url)
    try:
        count_loads(live, "here")
        count_loads(other, "there")
        table = open_table(http, "highcard", 2, spectators=True)
        start(http, table)
        here = [Socket(live, table.id, table.tokens[0])]  # its own commits echo back here
        there = [Socket(other, table.id, None) for _ in range(5)]
        version = here[0].state["version"]
        for sock in there:
            sock.recv_until("state", version)
        before = loads.copy()
        for seat, via in ((0, live), (1, other), (0, live)):  # alternate the processes
            doc = view(http, table, seat)
            action = doc["legal_actions"][0]
            if via is live:  # over this process's socket
                here[0].send({"type": "action", "action": action, "version": doc["version"]})
                here[0].recv_until("ack")
            else:
                with httpx.Client(base_url=other.url) as c:
                    r = c.post(
                        f"/api/tables/{table.id}/actions",
                        json={"action": action, "version": doc["version"]},
                        headers=auth(table.tokens[seat]),
                    )
                    assert r.status_code == 200, r.text
        final = view(http, table, 0)["version"]
        for sock in [*here, *there]:
            sock.recv_until("state", final)
            sock.send({"type": "ping"})
            sock.recv_until("pong")
        # no version twice, though each process hears its own commits' NOTIFY too
        for sock in [*here, *there]:
            versions = _state_versions(sock)
            assert versions == sorted(set(versions)), versions
        assert _state_versions(here[0])[-3:] == [final - 2, final - 1, final]
        # each process loads a change made elsewhere once, however many sockets it holds
        # (the other holds 5), and never its own: two moves here, one there
        assert 1 <= loads["there"] - before["there"] <= 2
        assert loads["here"] - before["here"] == 1
        for sock in [*here, *there]:
            sock.close()
    finally:
        other.stop()


@pytest.mark.parametrize("recent", [0, fanout.RECENT], ids=["from-the-log", "from-memory"])
def test_a_socket_behind_by_several_versions_catches_up(http, live, monkeypatch, recent):
    monkeypatch.setattr(fanout, "RECENT", recent)
    table = open_table(http, "highcard", 3, humans=1, spectators=True)
    sock = Socket(live, table.id, table.tokens[0])
    watcher = Socket(live, table.id, None)
    start(http, table)  # the bots reply at once: several versions in a burst
    while (doc := view(http, table, 0))["status"] != "finished":
        if not doc["legal_actions"]:  # the bots reply in the background
            time.sleep(0.01)
            continue
        action = {"action": doc["legal_actions"][0], "version": doc["version"]}
        sock.send({"type": "action", **action})
        while (answer := sock.recv())["type"] not in ("ack", "error"):
            pass
        # a bot choosing at the same time (a simultaneous decision) may commit first
        assert answer["type"] == "ack" or answer["code"] == "stale_version", answer
    for s in (sock, watcher):
        s.recv_until("state", doc["version"])
    for s, seat, token in ((sock, 0, table.tokens[0]), (watcher, None, None)):
        got = [
            (e["version"], e["type"]) for f in s.frames if f["type"] == "state" for e in f["events"]
        ]
        headers = auth(token) if token else {}
        log = http.get(f"/api/tables/{table.id}/events", headers=headers).json()
        assert got == [(e["version"], e["type"]) for e in log], seat
    sock.close()
    watcher.close()
