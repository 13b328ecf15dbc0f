"""Each table's fairness secret (palace-fair/1): the key its hands' server secrets
are derived from. Kept in a table of its own, read only by the server.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_secrets",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("secret", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_secrets")
