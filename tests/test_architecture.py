"""Layering: the rules engines stay pure (design.md, "imports point down only"), and the
server's routes and socket go through its service modules, never into the store."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_games_import_no_server_store_web_or_database():
    # The environment running the tests, whether or not its bin/ is on PATH.
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint, "import-linter is a test dependency"
    result = subprocess.run(
        [lint, "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout


SERVER = ROOT / "src" / "spyhouse" / "server"
FRONT = [*sorted((SERVER / "web" / "routes").glob("*.py")), SERVER / "web" / "ws.py"]
SERVICES = [SERVER / "lobby.py", SERVER / "play.py", SERVER / "reading.py"]


def _tree(path: Path):
    return ast.walk(ast.parse(path.read_text(), str(path)))


def test_routes_and_websocket_never_reach_past_the_service_into_the_store():
    for path in FRONT:
        for node in _tree(path):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("spyhouse.store"), path
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("spyhouse.store") for a in node.names), path
            if isinstance(node, ast.Attribute):
                assert node.attr != "store", f"{path}:{node.lineno} reaches into the store"


def test_service_functions_take_rows_and_seats_never_raw_tokens():
    for path in SERVICES:
        for node in _tree(path):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                names = [a.arg for a in node.args.args + node.args.kwonlyargs]
                assert not [n for n in names if "token" in n], f"{path}:{node.name}"
