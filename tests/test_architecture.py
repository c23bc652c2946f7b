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


GAMES = ROOT / "src" / "spyhouse" / "games"
LAYOUT = {
    "__init__.py": set(),
    "state.py": {"Phase"},
    "actions.py": set(),
    "decisions.py": {"to_act", "legal_actions"},
    "setup.py": {"new_game", "setup_events"},
    "endings.py": {"outcome"},
    "hidden.py": {"determinize"},
    "views.py": {"view"},
    "positions.py": {"position"},
    "strategy.py": {"STRATEGY"},
    "components.py": set(),
    "game.py": {"GAME"},
    "README.md": set(),
    "RULINGS.md": set(),
}
"""The modules every game has for the same jobs, and the names each must define
(``spyhouse/engine/README.md``, "One layout for every game")."""


def _defined(path: Path) -> set[str]:
    """The names a module defines at its top level (functions, classes, assignments)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(), str(path)).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return names


def _game_packages() -> list[Path]:
    return sorted(p for p in GAMES.iterdir() if (p / "__init__.py").exists())


def test_every_game_has_the_same_modules_for_the_same_jobs():
    packages = _game_packages()
    assert [p.name for p in packages] == ["agencia", "conspiracy", "estoril", "spies"]
    for package in packages:
        for module, names in LAYOUT.items():
            path = package / module
            assert path.exists(), f"{package.name} has no {module}"
            if module.endswith(".py"):
                missing = names - _defined(path)
                assert not missing, f"{package.name}/{module} defines no {sorted(missing)}"


def test_every_game_models_its_phase_as_an_enum_and_builds_its_game_in_game_py():
    from enum import Enum
    from importlib import import_module

    for package in _game_packages():
        game = import_module(f"spyhouse.games.{package.name}").GAME
        assert type(game).__module__ == f"spyhouse.games.{package.name}.game", game.id
        assert "GAME" not in _defined(package / "__init__.py"), f"{game.id}: GAME built in __init__"
        phase = import_module(f"spyhouse.games.{package.name}.state").Phase
        assert issubclass(phase, Enum), f"{game.id}: the phase is not an enum"
        options = game.parse_options({})
        first = game.setup(min(game.seat_range(options)), options, 1)
        assert isinstance(first.phase, phase), game.id
        assert game.load(game.dump(first)).phase is first.phase, game.id


def test_every_game_py_wires_the_contract_the_same_way():
    """Plain methods that delegate to the rule modules: no function bound as a
    ``staticmethod`` class attribute in some games and a method in others."""
    for package in _game_packages():
        source = (package / "game.py").read_text()
        assert "staticmethod(" not in source, package.name
        tree = ast.parse(source)
        (cls,) = [n for n in tree.body if isinstance(n, ast.ClassDef)]
        methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
        expected = {"setup", "setup_events", "to_act", "legal_actions", "view"}
        assert expected | {"outcome", "determinize"} <= methods, package.name
        imported = {
            alias.name
            for node in tree.body
            if isinstance(node, ast.ImportFrom) and node.module == f"spyhouse.games.{package.name}"
            for alias in node.names
        }
        assert {"setup", "endings", "decisions", "hidden", "views"} <= imported, package.name
