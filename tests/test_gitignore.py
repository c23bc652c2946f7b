"""What the server writes beside its database never shows up as something to commit."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "name", ["spyhouse.db", "spyhouse.db-wal", "spyhouse.db-shm", "x.sqlite3-wal", "x.sqlite3-shm"]
)
def test_sqlite_files_are_ignored(name: str) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    r = subprocess.run(["git", "check-ignore", "--no-index", "-q", name], cwd=ROOT, check=False)
    assert r.returncode == 0, f"{name} is not ignored"
