"""The lobby's list of waiting public tables reads an index, not the whole table.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_tables_lobby", "tables", ["status", "private", "created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_tables_lobby", "tables")
