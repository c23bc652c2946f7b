"""Persistence: SQLAlchemy models, the table repository and Alembic migrations."""

from spyhouse.store.db import Database, async_url, sync_url
from spyhouse.store.migrate import upgrade
from spyhouse.store.repository import StaleVersion, TableStore

__all__ = ["Database", "StaleVersion", "TableStore", "async_url", "sync_url", "upgrade"]
