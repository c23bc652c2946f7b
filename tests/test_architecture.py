"""Layering: the rules engines stay pure (design.md, "imports point down only"), and the
server's routes and socket go through its service modules, never into the store."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_hold():
    """The engines are pure, the SDK speaks the public API, the domain services know
    nothing of the web edge, and the HTTP plumbing nothing of the domain."""
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
    assert "5 kept, 0 broken" in result.stdout


SERVER = ROOT / "src" / "spyhouse" / "server"
FRONT = [*sorted((SERVER / "web" / "routes").glob("*.py")), SERVER / "web" / "ws.py"]
SERVICES = [
    *(SERVER / f"{name}.py" for name in ("lobby", "play", "reading", "records", "chat")),
    *sorted((SERVER / "clocks").glob("*.py")),
]


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


def _private_imports(source: str, path: str) -> list[str]:
    """Imports of a third-party package's private names (a ``_``-prefixed module or name):
    they are free to change in any release, so an upgrade could break us silently."""
    found = []
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Import):
            modules = [(a.name, []) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = [(node.module, [a.name for a in node.names])]
        else:
            continue
        for module, names in modules:
            top = module.split(".")[0]
            if top in ("spyhouse", "__future__") or top in sys.stdlib_module_names:
                continue
            private = [p for p in module.split(".") if p.startswith("_")]
            private += [n for n in names if n.startswith("_") and not n.startswith("__")]
            if private:
                found.append(f"{path}:{node.lineno} {module} {private}")
    return found


def test_the_private_import_check_finds_private_modules_and_names():
    assert _private_imports("from starlette._utils import get_route_path", "x")
    assert _private_imports("import pydantic._internal._fields", "x")
    assert _private_imports("from fastapi.routing import _merge_lifespan_context", "x")
    assert not _private_imports("from fastapi import FastAPI\nimport _thread", "x")
    assert not _private_imports("from spyhouse.server.web.ws import _close", "x")


def test_no_private_imports_from_third_party_packages():
    found = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        found += _private_imports(path.read_text(), str(path.relative_to(ROOT)))
    assert found == []
