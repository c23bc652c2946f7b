"""Run the Alembic migrations in ``migrations/`` programmatically (used on start-up)."""

from __future__ import annotations

import os
from pathlib import Path

from alembic import command
from alembic.config import Config

from spyhouse.store.db import sync_url

MIGRATION_LOCK = 0x5359_4D49_4752  # "SYMIGR": PostgreSQL advisory lock held while migrating


def migrations_dir() -> Path:
    """The repository's ``migrations/`` (override with ``SPYHOUSE_MIGRATIONS``)."""
    if override := os.environ.get("SPYHOUSE_MIGRATIONS"):
        return Path(override)
    path = Path(__file__).resolve().parents[3] / "migrations"
    if not (path / "env.py").exists():
        raise RuntimeError(
            f"Alembic migrations not found at {path}; install Spyhouse from its source "
            "checkout (pip install -e .) or set SPYHOUSE_MIGRATIONS."
        )
    return path


def alembic_config(database_url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    cfg.set_main_option("sqlalchemy.url", sync_url(database_url).replace("%", "%%"))
    return cfg


def upgrade(database_url: str, revision: str = "head") -> None:
    """Migrate to ``revision``; safe to run from several processes at once (on PostgreSQL
    ``migrations/env.py`` serialises them with the advisory lock ``MIGRATION_LOCK``)."""
    command.upgrade(alembic_config(database_url), revision)
