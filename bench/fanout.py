"""Fan-out of committed moves to every socket, against a bare WebSocket echo of the same run.

One command starts, side by side, the bare FastAPI echo fan-out (``echo_server.py``
driven by ``fanout_client.py``, both unchanged, from ``../shared/bench`` or
``$SPYHOUSE_BENCH_ECHO_DIR``), boardgame.io 0.50.2 in memory (its own server and driver
from ``../shared/bench/peers/boardgameio``, copied and ``npm ci``'d where
``$SPYHOUSE_BENCH_BGIO_DIR`` points) and ``spyhouse serve`` (SQLite, and PostgreSQL when
``--postgres`` gives an admin URL), then drives T tables x 4 seats: the seat to act sends
one of its legal actions over its socket, and a move counts once all 4 sockets hold the
new version. Modes:

- ``closed`` (default): as fast as possible; moves/s, p50/p99, server CPU ms per move and
  Spyhouse's CPU per move as a ratio to the echo's and to boardgame.io's at the same T.
- ``open``: moves offered at ``--rate`` per second spread over T tables; latency is from
  the scheduled time (a late move counts its wait), so overload shows as a growing p99.
- ``idle``: server CPU per second (ms/s) with T tables x 4 seat sockets open and no
  moves: what idle players cost (presence heartbeats and the like); run ``--seconds``
  of at least three heartbeats (30).
- ``capacity``: RSS per idle authenticated socket (``--idle`` sockets) and the time for one
  move to reach the last of ``--spectators`` sockets of one table, echo alongside.

Never part of the test suite: it loads the machine. Examples (from the repository root):

    python bench/fanout.py --tables 1,50 --seconds 5
    SPYHOUSE_BENCH_BGIO_DIR=/tmp/boardgameio python bench/fanout.py --tables 50,200 --postgres …
    python bench/fanout.py --tables 1,50,200 --postgres postgresql://user@host:5432/postgres
    python bench/fanout.py --mode open --rate 300 --tables 200 --postgres …
    python bench/fanout.py --mode capacity --idle 2000 --spectators 1000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
import websockets
from sqlalchemy.engine import make_url

ROOT = Path(__file__).resolve().parents[1]
ECHO_DIR = Path(os.environ.get("SPYHOUSE_BENCH_ECHO_DIR", ROOT.parent / "shared" / "bench"))
BGIO_DIR = os.environ.get("SPYHOUSE_BENCH_BGIO_DIR")
"""A copy of ``../shared/bench/peers/boardgameio`` after ``npm ci`` (shared/ is read-only,
so copy it, e.g. to /tmp); without it the boardgame.io column is left out."""
SEATS = 4
TICK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


# -- processes --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A server subprocess: its URL, and its CPU time and RSS read from /proc."""

    name: str
    proc: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def cpu(self) -> float:
        """User + system CPU seconds used so far."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK

    def rss(self) -> int:
        """Resident set size in bytes."""
        return int(Path(f"/proc/{self.proc.pid}/statm").read_text().split()[1]) * PAGE

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def launch(name: str, argv: list[str], env: dict[str, str], probe: str) -> Server:
    port = free_port()
    argv = [a.replace("{port}", str(port)) for a in argv]
    log = open(Path(tempfile.gettempdir()) / f"fanout-{name}-{port}.log", "wb")  # noqa: SIM115
    proc = subprocess.Popen(
        argv, env={**os.environ, **env}, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"{name} exited with {proc.returncode}; see {log.name}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            server = Server(name, proc, port)
            if not probe or httpx.get(server.url + probe).status_code == 200:
                return server
        time.sleep(0.1)
    proc.kill()
    raise SystemExit(f"{name} did not come up")


def start_echo() -> Server:
    if not (ECHO_DIR / "echo_server.py").exists():
        raise SystemExit(f"no echo_server.py in {ECHO_DIR} (set SPYHOUSE_BENCH_ECHO_DIR)")
    argv = [sys.executable, "-m", "uvicorn", "echo_server:app", "--app-dir", str(ECHO_DIR)]
    return launch("echo", [*argv, "--port", "{port}", "--log-level", "warning"], {}, "")


SERVER_ENV: dict[str, str] = {}


def start_spyhouse(database_url: str, extra_env: dict[str, str]) -> Server:
    argv = [sys.executable, "-m", "spyhouse.cli", "serve", "--port", "{port}"]
    env = {
        "DATABASE_URL": database_url,
        "SPYHOUSE_RATE_LIMITS": "off",
        # As the baselines run: the echo at log level warning, boardgame.io in production
        # mode, which drops its per-request logging.
        "SPYHOUSE_ACCESS_LOG": "off",
        "PYTHONPATH": str(ROOT / "src"),
        **SERVER_ENV,
        **extra_env,
    }
    return launch("spyhouse", argv, env, "/healthz")


@contextlib.contextmanager
def database(kind: str, pg_admin: str | None) -> Iterator[str]:
    """A fresh database URL of ``kind``, dropped afterwards."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{tmp}/bench.db"
        return
    assert pg_admin
    name = f"spyhouse_bench_{secrets.token_hex(4)}"
    admin = make_url(pg_admin).set(drivername="postgresql")
    conninfo = admin.render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield admin.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


# -- statistics -------------------------------------------------------------------------


def pct(samples: list[float], p: float) -> float:
    if not samples:
        return float("nan")
    s = sorted(samples)
    return s[min(len(s) - 1, int(p * len(s)))] * 1000


@dataclass
class Result:
    label: str
    tables: int
    moves_per_s: float
    p50_ms: float
    p99_ms: float
    cpu_ms_per_move: float
    extra: dict[str, Any] = field(default_factory=dict)


# -- the boardgame.io peer --------------------------------------------------------------


def start_bgio() -> Server | None:
    if not BGIO_DIR:
        return None
    argv = ["node", str(Path(BGIO_DIR) / "server.js"), "{port}", "--storage", "memory"]
    return launch("boardgameio", argv, {"NODE_ENV": "production"}, "")


def run_bgio(server: Server, tables: int, seconds: float) -> Result:
    """Its own driver (``driver.js``), which reads the server's CPU from /proc itself."""
    assert BGIO_DIR
    out = subprocess.run(
        ["node", str(Path(BGIO_DIR) / "driver.js"), "--url", server.url]
        + ["--tables", str(tables), "--secs", str(seconds), "--warmup", "2"]
        + ["--pid", str(server.proc.pid)],
        capture_output=True,
        text=True,
        check=True,
        cwd=BGIO_DIR,
    )
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    return Result(
        "boardgame.io 0.50.2",
        tables,
        doc["moves_per_s"],
        doc["p50_ms"],
        doc["p99_ms"],
        doc["cpu_ms_per_move"],
        {"frames_per_move": doc.get("frames_per_move")},
    )


# -- the echo baseline ------------------------------------------------------------------


def run_echo(echo: Server, tables: int, seconds: float) -> Result:
    cpu = echo.cpu()
    out = subprocess.run(
        [sys.executable, str(ECHO_DIR / "fanout_client.py"), echo.ws_url, str(tables)]
        + [str(SEATS), str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    )
    used = echo.cpu() - cpu
    data = json.loads(out.stdout.strip().splitlines()[-1])
    moves = data["moves_per_s"] * seconds
    return Result(
        "echo",
        tables,
        data["moves_per_s"],
        data["p50_ms"],
        data["p99_ms"],
        used * 1000 / max(moves, 1),
    )


# -- Spyhouse tables driven over sockets -----------------------------------------------


VERSION = re.compile(rb'"version":(\d+)')


class Seat:
    """One socket: keeps the latest state frame and wakes waiters on each new version.

    Only the version is read from each frame (the table's comes first); the JSON is
    parsed only when the driver needs the seat's legal actions, so the client spends
    about as little per frame as the echo's client does.
    """

    def __init__(self, ws: Any, token: str | None) -> None:
        self.ws = ws
        self.token = token
        self.version = -1
        self._raw: bytes | str = b""
        self._state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.frames = 0
        self.reader = asyncio.create_task(self._read())

    @property
    def state(self) -> dict[str, Any]:
        if self._state is None:
            self._state = json.loads(self._raw)
        return self._state

    async def _read(self) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                self.frames += 1
                data = raw.encode() if isinstance(raw, str) else raw
                if data.startswith(b'{"type":"state"'):
                    version = int(VERSION.search(data).group(1))  # type: ignore[union-attr]
                    if version >= self.version:
                        self.version, self._raw, self._state = version, data, None
                        self.changed.set()
                elif data.startswith(b'{"type":"error"') or b'"type":"error"' in data:
                    print("error frame:", raw, file=sys.stderr)

    async def until(self, version: int) -> None:
        while self.version < version:
            self.changed.clear()
            await self.changed.wait()

    async def close(self) -> None:
        await self.ws.close()
        self.reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.reader


async def connect(ws_url: str, table_id: str, token: str | None) -> Seat:
    ws = await websockets.connect(
        f"{ws_url}/ws/tables/{table_id}", max_size=None, open_timeout=60, ping_interval=None
    )
    hello: dict[str, Any] = {"type": "auth", "parts": PARTS}
    if token:
        hello["token"] = token
    await ws.send(json.dumps(hello))
    seat = Seat(ws, token)
    await seat.until(0)
    return seat


class Table:
    """A table of 4 human seats, each on its own socket; rolls to a new table at the end."""

    def __init__(self, http: httpx.AsyncClient, ws_url: str, game: str) -> None:
        self.http = http
        self.ws_url = ws_url
        self.game = game
        self.seats: list[Seat] = []
        self.rng = random.Random(secrets.randbits(32))
        self.games = 0
        self.old_frames = 0
        """Frames the sockets of this table's finished games received."""

    async def open(self) -> None:
        r = await self.http.post(
            "/api/tables", json={"game": self.game, "seats": SEATS, "host_name": "p0"}
        )
        r.raise_for_status()
        created = r.json()
        tokens = [created["seat"]["seat_token"]]
        for i in range(1, SEATS):
            j = await self.http.post(
                f"/api/invites/{created['invite_code']}/join", json={"name": f"p{i}"}
            )
            j.raise_for_status()
            tokens.append(j.json()["seat_token"])
        self.id = created["table_id"]
        self.host = created["host_token"]
        self.seats = [await connect(self.ws_url, self.id, t) for t in tokens]
        version = max(s.version for s in self.seats)
        r = await self.http.post(
            f"/api/tables/{self.id}/start", headers={"authorization": f"Bearer {self.host}"}
        )
        r.raise_for_status()
        await self.synced(version + 1)
        self.games += 1

    async def close(self) -> None:
        for s in self.seats:
            await s.close()
        self.old_frames += sum(s.frames for s in self.seats)
        self.seats = []

    @property
    def frames(self) -> int:
        return self.old_frames + sum(s.frames for s in self.seats)

    async def synced(self, version: int) -> None:
        await asyncio.gather(*(s.until(version) for s in self.seats))

    async def move(self) -> float | None:
        """One move; its latency (send → every socket has it), or ``None`` on a new game."""
        version = max(s.version for s in self.seats)
        await self.synced(version)
        if self.seats[0].state["status"] == "finished":
            await self.close()
            await self.open()
            return None
        movers = [s for s in self.seats if s.state["legal_actions"]]
        seat = movers[0]
        action = self.rng.choice(seat.state["legal_actions"])
        started = time.perf_counter()
        await seat.ws.send(json.dumps({"type": "action", "action": action, "version": version}))
        await self.synced(version + 1)
        return time.perf_counter() - started


async def open_tables(url: str, ws_url: str, game: str, n: int) -> list[Table]:
    http = httpx.AsyncClient(base_url=url, timeout=120)
    tables = [Table(http, ws_url, game) for _ in range(n)]
    gate = asyncio.Semaphore(8)

    async def one(t: Table) -> None:
        async with gate:
            await t.open()

    await asyncio.gather(*(one(t) for t in tables))
    return tables


async def drive_closed(tables: list[Table], seconds: float) -> list[float]:
    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def loop(t: Table) -> None:
        while time.perf_counter() < deadline:
            lat = await t.move()
            if lat is not None:
                latencies.append(lat)

    await asyncio.gather(*(loop(t) for t in tables))
    return latencies


async def drive_open(tables: list[Table], seconds: float, rate: float) -> list[float]:
    """Each table offered one move every ``len(tables) / rate`` s, from a random phase."""
    latencies: list[float] = []
    period = len(tables) / rate
    begin = time.perf_counter() + 0.5
    end = begin + seconds

    async def loop(t: Table) -> None:
        due = begin + random.random() * period
        while due < end:
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            while await t.move() is None:  # a new game: its setup is not a move
                pass
            latencies.append(time.perf_counter() - due)
            due += period

    await asyncio.gather(*(loop(t) for t in tables))
    return latencies


async def spyhouse_run(
    server: Server, label: str, tables: int, seconds: float, game: str, rate: float | None
) -> Result:
    cpu = server.cpu()
    ts = await open_tables(server.url, server.ws_url, game, tables)
    setup_ms = (server.cpu() - cpu) * 1000 / tables
    frames = sum(t.frames for t in ts)
    games = sum(t.games for t in ts)
    cpu = server.cpu()
    spy = profiler(server, f"{label} T={tables}")
    started = time.perf_counter()
    if rate is None:
        lat = await drive_closed(ts, seconds)
    else:
        lat = await drive_open(ts, seconds, rate)
    elapsed = time.perf_counter() - started
    used = server.cpu() - cpu
    if spy is not None:
        spy.send_signal(signal.SIGINT)
        spy.wait()
    frames = sum(t.frames for t in ts) - frames
    new_games = sum(t.games for t in ts) - games
    for t in ts:
        await t.close()
    await ts[0].http.aclose()
    n = len(lat)
    return Result(
        label,
        tables,
        n / elapsed,
        pct(lat, 0.5),
        pct(lat, 0.99),
        used * 1000 / max(n, 1),
        {
            "frames_per_move": round(frames / max(n, 1), 2),
            "moves": n,
            # What opening a table costs (create, joins, sockets, start), measured as the
            # tables opened, and how many the loop opened as games ended: both are in
            # the CPU per move, as boardgame.io's new matches are in its own.
            "setup_ms": round(setup_ms, 1),
            "new_games": new_games,
        },
    )


PROFILE_DIR: Path | None = None
PARTS = True
"""Whether the seats' sockets ask for parts, as the browser's do (``--whole-frames``: no)."""


def profiler(server: Server, label: str) -> subprocess.Popen[bytes] | None:
    """py-spy sampling the server during a measurement (``--profile DIR``), if asked."""
    if PROFILE_DIR is None:
        return None
    PROFILE_DIR.mkdir(parents=True, exist_ok=True)
    out = PROFILE_DIR / (label.replace(" ", "_").replace("/", "") + ".txt")
    spy = Path(sys.executable).with_name("py-spy")
    argv = [str(spy), "record", "--pid", str(server.proc.pid), "--format", "raw"]
    return subprocess.Popen(
        [*argv, "--rate", "200", "--nonblocking", "-o", str(out)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


# -- capacity ---------------------------------------------------------------------------


async def idle_sockets(url: str, ws_url: str, n: int, echo: bool) -> list[Any]:
    """``n`` idle sockets; on Spyhouse authenticated with a host token, 50 per table."""
    socks: list[Any] = []
    if echo:
        for i in range(n):
            socks.append(await websockets.connect(f"{ws_url}/ws/idle{i // 50}", ping_interval=None))
        return socks
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        host = ""
        table = ""
        for i in range(n):
            if i % 50 == 0:
                r = await http.post("/api/tables", json={"game": "conspiracy", "seats": SEATS})
                table, host = r.json()["table_id"], r.json()["host_token"]
            socks.append(await connect(ws_url, table, host))
    return socks


async def rss_per_socket(server: Server, n: int, echo: bool) -> float:
    await asyncio.sleep(0.5)
    before = server.rss()
    socks = await idle_sockets(server.url, server.ws_url, n, echo)
    await asyncio.sleep(1.0)
    after = server.rss()
    for s in socks:
        await s.close()
    return (after - before) / n


async def spectator_reach(server: Server, n: int, moves: int, game: str) -> list[float]:
    """One table, ``n`` spectators: time from a move's send until the last has it."""
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        t = Table(http, server.ws_url, game)
        r = await http.post(
            "/api/tables",
            json={"game": game, "seats": SEATS, "host_name": "p0", "spectators": True},
        )
        created = r.json()
        tokens = [created["seat"]["seat_token"]]
        for i in range(1, SEATS):
            j = await http.post(
                f"/api/invites/{created['invite_code']}/join", json={"name": f"{i}"}
            )
            tokens.append(j.json()["seat_token"])
        t.id, t.host = created["table_id"], created["host_token"]
        t.seats = [await connect(server.ws_url, t.id, tok) for tok in tokens]
        watchers = [await connect(server.ws_url, t.id, None) for _ in range(n)]
        version = max(s.version for s in t.seats)
        await http.post(f"/api/tables/{t.id}/start", headers={"authorization": f"Bearer {t.host}"})
        await t.synced(version + 1)
        out = []
        for _ in range(moves):
            version = max(s.version for s in t.seats)
            await t.synced(version)
            await asyncio.gather(*(w.until(version) for w in watchers))
            if t.seats[0].state["status"] == "finished":
                break
            seat = next(s for s in t.seats if s.state["legal_actions"])
            started = time.perf_counter()
            action = t.rng.choice(seat.state["legal_actions"])
            await seat.ws.send(json.dumps({"type": "action", "action": action, "version": version}))
            await asyncio.gather(*(w.until(version + 1) for w in watchers))
            out.append(time.perf_counter() - started)
        for w in watchers:
            await w.close()
        await t.close()
    return out


async def echo_reach(server: Server, n: int, moves: int) -> list[float]:
    socks = [
        await websockets.connect(f"{server.ws_url}/ws/spect", ping_interval=None) for _ in range(n)
    ]
    out = []
    for i in range(moves):
        started = time.perf_counter()
        await socks[0].send(json.dumps({"seq": i}))
        await asyncio.gather(*(s.recv() for s in socks))
        out.append(time.perf_counter() - started)
    for s in socks:
        await s.close()
    return out


# -- main -------------------------------------------------------------------------------


def row(r: Result, base: Result | None, peer: Result | None = None) -> str:
    ratio = f"{100 * r.moves_per_s / base.moves_per_s:6.1f} %" if base else "   base "
    if base:  # on a shared machine the CPU each move costs is the steadier comparison
        ratio += f"  (cpu {100 * base.cpu_ms_per_move / r.cpu_ms_per_move:5.1f} %)"
        ratio += f"  cpu/move {r.cpu_ms_per_move / base.cpu_ms_per_move:5.2f}x echo"
    if peer:
        ratio += f"  {r.cpu_ms_per_move / peer.cpu_ms_per_move:5.2f}x boardgame.io"
    extra = "  ".join(f"{k}={v}" for k, v in r.extra.items())
    return (
        f"{r.label:<22} T={r.tables:<4} {r.moves_per_s:9.1f} moves/s  p50 {r.p50_ms:8.1f} ms"
        f"  p99 {r.p99_ms:8.1f} ms  cpu {r.cpu_ms_per_move:6.2f} ms/move  {ratio}  {extra}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mode", choices=["closed", "open", "idle", "capacity"], default="closed")
    parser.add_argument("--tables", default="1,50,200", help="comma-separated T values")
    parser.add_argument("--seconds", type=float, default=10.0, help="per measurement")
    parser.add_argument("--postgres", default=os.environ.get("SPYHOUSE_BENCH_POSTGRES_URL"))
    parser.add_argument("--no-sqlite", action="store_true", help="PostgreSQL only")
    parser.add_argument("--game", default="conspiracy")
    parser.add_argument("--rate", type=float, default=300.0, help="open loop: moves/s offered")
    parser.add_argument("--processes", type=int, default=1, help="spyhouse serve processes")
    parser.add_argument("--idle", type=int, default=1000, help="capacity: idle sockets")
    parser.add_argument("--spectators", type=int, default=1000, help="capacity: spectators")
    parser.add_argument("--profile", type=Path, help="py-spy each run into this directory")
    parser.add_argument(
        "--whole-frames",
        action="store_true",
        help="sockets do not ask for parts (a client that does not resolve references)",
    )
    parser.add_argument(
        "--env", action="append", default=[], help="KEY=VALUE for spyhouse serve (repeatable)"
    )
    args = parser.parse_args()
    global PROFILE_DIR, PARTS
    PROFILE_DIR = args.profile
    PARTS = not args.whole_frames
    SERVER_ENV.update(kv.split("=", 1) for kv in args.env)
    asyncio.run(run(args))


async def run(args: argparse.Namespace) -> None:
    counts = [int(t) for t in args.tables.split(",")]
    kinds = ([] if args.no_sqlite else ["sqlite"]) + (["postgres"] if args.postgres else [])
    if args.processes > 1 and "sqlite" in kinds:
        raise SystemExit("several processes need PostgreSQL: --postgres URL --no-sqlite")
    echo = start_echo()
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}  {os.cpu_count()} CPUs  load {os.getloadavg()}")
    frames = "whole frames" if args.whole_frames else "parts"
    print(f"# game {args.game}, {SEATS} seats per table, mode {args.mode}, {frames}")
    try:
        if args.mode == "capacity":
            await capacity(args, echo, kinds)
            return
        if args.mode == "idle":
            await idle_cost(args, counts, kinds)
            return
        bases: dict[int, Result] = {}
        peers: dict[int, Result] = {}
        if args.mode == "closed":
            for t in counts:
                bases[t] = run_echo(echo, t, args.seconds)
                print(row(bases[t], None), flush=True)
            if (bgio := start_bgio()) is not None:
                try:
                    for t in counts:
                        peers[t] = run_bgio(bgio, t, args.seconds)
                        print(row(peers[t], bases[t]), flush=True)
                finally:
                    bgio.stop()
            else:
                print("# no boardgame.io column: set SPYHOUSE_BENCH_BGIO_DIR", flush=True)
        for kind in kinds:
            with database(kind, args.postgres) as url:
                servers = [start_spyhouse(url, {}) for _ in range(args.processes)]
                try:
                    for t in counts:
                        label = f"spyhouse {kind}" + (
                            f" x{args.processes}" if args.processes > 1 else ""
                        )
                        rate = args.rate if args.mode == "open" else None
                        if rate is not None:
                            label += f" @{rate:g}/s"
                        r = await multi_run(servers, label, t, args.seconds, args.game, rate)
                        print(row(r, bases.get(t), peers.get(t)), flush=True)
                finally:
                    for s in servers:
                        s.stop()
    finally:
        echo.stop()


async def idle_cost(args: argparse.Namespace, counts: list[int], kinds: list[str]) -> None:
    """Server CPU per second with T tables of 4 seat sockets open and nothing played."""
    for kind in kinds:
        with database(kind, args.postgres) as url:
            server = start_spyhouse(url, {})
            try:
                for t in counts:
                    tables = await open_tables(server.url, server.ws_url, args.game, t)
                    await asyncio.sleep(2)  # the start's frames are out
                    cpu = server.cpu()
                    await asyncio.sleep(args.seconds)
                    per_second = (server.cpu() - cpu) / args.seconds * 1000
                    print(
                        f"spyhouse {kind:<13} T={t:<5} idle {t * SEATS} seat sockets  "
                        f"cpu {per_second:6.1f} ms/s  over {args.seconds:g} s",
                        flush=True,
                    )
                    for table in tables:
                        await table.close()
            finally:
                server.stop()


async def multi_run(
    servers: list[Server], label: str, tables: int, seconds: float, game: str, rate: float | None
) -> Result:
    """Tables spread over the processes (every socket of a table on the same one)."""
    if len(servers) == 1:
        return await spyhouse_run(servers[0], label, tables, seconds, game, rate)
    share = [tables // len(servers) + (i < tables % len(servers)) for i in range(len(servers))]
    parts = await asyncio.gather(
        *(
            spyhouse_run(s, label, n, seconds, game, None if rate is None else rate * n / tables)
            for s, n in zip(servers, share, strict=True)
            if n
        )
    )
    lat_moves = sum(p.extra["moves"] for p in parts)
    return Result(
        label,
        tables,
        sum(p.moves_per_s for p in parts),
        max(p.p50_ms for p in parts),
        max(p.p99_ms for p in parts),
        statistics.fmean(p.cpu_ms_per_move for p in parts),
        {"moves": lat_moves},
    )


async def capacity(args: argparse.Namespace, echo: Server, kinds: list[str]) -> None:
    per = await rss_per_socket(echo, args.idle, echo=True)
    print(f"echo                   RSS per idle socket   {per / 1024:7.1f} KiB  ({args.idle})")
    reach = await echo_reach(echo, args.spectators, 5)
    print(
        f"echo                   1 message → {args.spectators} sockets: "
        f"median {statistics.median(reach) * 1000:.1f} ms, max {max(reach) * 1000:.1f} ms"
    )
    for kind in kinds:
        with database(kind, args.postgres) as url:
            server = start_spyhouse(url, {})
            try:
                per = await rss_per_socket(server, args.idle, echo=False)
                print(
                    f"spyhouse {kind:<13} RSS per idle authenticated socket "
                    f"{per / 1024:7.1f} KiB  ({args.idle})"
                )
                reach = await spectator_reach(server, args.spectators, 5, args.game)
                print(
                    f"spyhouse {kind:<13} 1 move → {args.spectators} spectators: "
                    f"median {statistics.median(reach) * 1000:.1f} ms, "
                    f"max {max(reach) * 1000:.1f} ms"
                )
            finally:
                server.stop()


if __name__ == "__main__":
    main()
