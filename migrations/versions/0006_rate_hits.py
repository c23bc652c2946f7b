"""Rate limits that protect a table or a seat are counted in the database, so every
server process sharing it shares the count.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_hits",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("bucket", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rate_hits_bucket_at", "rate_hits", ["bucket", "at"])


def downgrade() -> None:
    op.drop_index("ix_rate_hits_bucket_at", "rate_hits")
    op.drop_table("rate_hits")
