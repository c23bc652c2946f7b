"""Clocks, seats held for absent players, presence.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

JsonType = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.add_column("tables", sa.Column("clock", JsonType, nullable=True))
    op.add_column("tables", sa.Column("deadline", sa.Float, nullable=True))
    op.create_index("ix_tables_deadline", "tables", ["deadline"])
    op.add_column("seats", sa.Column("held_for", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("hold", sa.String(8), nullable=True))
    op.create_table(
        "presence",
        sa.Column("conn", sa.String(32), primary_key=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("open", sa.Boolean, nullable=False),
    )
    op.create_index("ix_presence_table_id", "presence", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_presence_table_id", "presence")
    op.drop_table("presence")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("hold")
        batch.drop_column("held_for")
    op.drop_index("ix_tables_deadline", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("deadline")
        batch.drop_column("clock")
