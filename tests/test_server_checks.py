"""The server's code is checked in the suite, as the client's is (``test_client_checks``):
mypy in strict mode over the whole ``spyhouse`` package, and ruff's lint and format over
the repository, so a change that breaks either fails CI rather than a later reader."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_the_package_type_checks_in_strict_mode() -> None:
    done = _run("mypy")  # the files and strictness are pyproject.toml's
    assert done.returncode == 0, f"mypy:\n{done.stdout}{done.stderr}"


def test_ruff_finds_nothing_to_lint_or_reformat() -> None:
    lint = _run("ruff", "check", ".")
    assert lint.returncode == 0, f"ruff check:\n{lint.stdout}{lint.stderr}"
    formatted = _run("ruff", "format", "--check", ".")
    assert formatted.returncode == 0, f"ruff format --check:\n{formatted.stdout}{formatted.stderr}"
