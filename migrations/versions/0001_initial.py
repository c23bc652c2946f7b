"""Tables, seats and the log.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

JsonType = sa.JSON().with_variant(JSONB(), "postgresql")


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("options", JsonType, nullable=False),
        sa.Column("num_seats", sa.Integer, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("spectators", sa.Boolean, nullable=False),
        sa.Column("publish_log", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("invite_code", sa.String(32), nullable=False, unique=True),
        sa.Column("host_token_hash", sa.String(64), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", JsonType, nullable=True),
        sa.Column("outcome", JsonType, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "log_entries",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("action", JsonType, nullable=True),
        sa.Column("events", JsonType, nullable=False),
        sa.Column("request_id", sa.String(64), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now()),
        sa.UniqueConstraint("table_id", "request_id"),
    )


def downgrade() -> None:
    op.drop_table("log_entries")
    op.drop_table("seats")
    op.drop_index("ix_tables_status", "tables")
    op.drop_table("tables")
