"""Layering: the rules engines stay pure (design.md, "imports point down only")."""

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_games_import_no_server_store_web_or_database():
    lint = shutil.which("lint-imports")
    assert lint, "import-linter is a test dependency"
    result = subprocess.run(
        [lint, "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "2 kept, 0 broken" in result.stdout
