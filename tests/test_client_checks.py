"""The browser client is checked like the server: types, lint and its contract.

``npm run check`` type-checks every module of ``static/js`` with the TypeScript compiler
(strict, JSDoc types; see tsconfig.json) and lints it with Biome;
the generated types in ``static/js/types`` must be what ``npm run types`` makes from the
server's published documents today; and every frame the client's socket code handles or
sends is one the protocol defines. Without Node these skip locally and fail under ``CI``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import published_schemas  # noqa: E402


def _tool(name: str) -> Path:
    """``node_modules/.bin/<name>``, installed by ``npm ci`` (CI runs it first)."""
    path = ROOT / "node_modules" / ".bin" / name
    if shutil.which("node") is None or not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing: CI must install Node and run `npm ci`")
        pytest.skip(f"{name} not installed (`npm ci`)")
    return path


def _run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


def test_client_type_checks() -> None:
    done = _run(_tool("tsc"), "-p", "tsconfig.json")
    assert done.returncode == 0, f"tsc -p tsconfig.json:\n{done.stdout}{done.stderr}"


def test_client_lints() -> None:
    done = _run(_tool("biome"), "lint", "static/js", "scripts")
    assert done.returncode == 0, f"biome lint:\n{done.stdout}{done.stderr}"


def test_client_unit_tests_pass() -> None:
    """The table page's state transitions (``npm test``: node's test runner over
    tests/client/), with the suite, so CI runs them too."""
    _tool("tsc")  # Node and the client's tools present, or the same skip/fail as above
    node = shutil.which("node")
    assert node is not None
    done = _run(node, "--test", "tests/client/")
    assert done.returncode == 0, f"node --test tests/client/:\n{done.stdout}{done.stderr}"
    assert re.search(r"^# pass [1-9]", done.stdout, re.M), done.stdout


def test_calling_a_function_a_module_lacks_fails_the_check(tmp_path: Path) -> None:
    """The mistake that broke every host control (`api.post`, which api.js did not have)
    is an error: the same client with one such call added does not pass."""
    tsc = _tool("tsc")
    shutil.copytree(ROOT / "static", tmp_path / "static")
    shutil.copy(ROOT / "tsconfig.json", tmp_path / "tsconfig.json")
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    clock = tmp_path / "static/js/table/clock.js"
    clock.write_text(clock.read_text() + "\nvoid api.patch(`/api/tables/x`, {}, null);\n")
    done = _run(tsc, "-p", "tsconfig.json", cwd=tmp_path)
    assert done.returncode != 0
    assert re.search(
        r"clock\.js\(\d+,\d+\): error TS2339: Property 'patch' does not exist", done.stdout
    )


def test_generated_types_are_up_to_date(tmp_path: Path) -> None:
    """static/js/types/*.d.ts are what `npm run types` writes from the server as it is."""
    _tool("tsc")
    env = {**os.environ, "PYTHON": sys.executable}
    done = subprocess.run(
        ["node", "scripts/gen-types.mjs", "--out", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    for name in ("openapi.d.ts", "frames.d.ts"):
        fresh = (tmp_path / name).read_text()
        committed = (ROOT / "static/js/types" / name).read_text()
        assert fresh == committed, f"static/js/types/{name} is stale: run `npm run types`"


# -- the browser's half of the frame contract -------------------------------------------

CLIENT_JS = ROOT / "static" / "js"
HANDLED = re.compile(r"""frame\.type\s*[!=]==\s*["'](\w+)["']""")
"""A frame type the socket code (or a consumer of its frames) tests for."""
SENT = re.compile(
    r"""send\(\s*\w+(?:\.\w+)?\s*,\s*\{\s*type:\s*["'](\w+)["']|const hello = \{\s*type:\s*["'](\w+)["']"""
)
"""A frame the client sends: socket.js's ``send(ws, {type: …})`` and its auth ``hello``."""


def _client_frames() -> tuple[set[str], set[str]]:
    handled: set[str] = set()
    sent: set[str] = set()
    for path in CLIENT_JS.rglob("*.js"):
        text = path.read_text()
        handled.update(HANDLED.findall(text))
        for groups in SENT.findall(text):
            sent.update(g for g in groups if g)
    return handled, sent


def test_every_frame_the_client_handles_is_in_the_protocol() -> None:
    """Frame names come from the served AsyncAPI document when there is one, else from
    the frames the server's code builds and tests for."""
    frames = published_schemas.published()["frames"]
    assert isinstance(frames, dict)
    handled, sent = _client_frames()
    # The regexes find what socket.js handles today (so the check cannot pass empty).
    assert {"state", "ack", "error", "pong", "presence", "chat"} <= handled
    assert {"auth", "action", "chat", "ping"} <= sent
    assert handled <= set(frames["server"]), (
        f"unknown server frames: {handled - set(frames['server'])}"
    )
    assert sent <= set(frames["client"]), f"unknown client frames: {sent - set(frames['client'])}"
