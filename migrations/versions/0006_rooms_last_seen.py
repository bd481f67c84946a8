"""rooms' last seen time: when somebody was last at the table, for leaving abandoned rooms
out of the lobby

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema: a room opened before was last seen when it was opened."""
    # Added nullable and filled first: SQLite cannot add a column whose default is a clock.
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE rooms SET last_seen_at = created_at")
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.alter_column(
            "last_seen_at",
            existing_type=sa.DateTime(timezone=True),
            nullable=False,
            server_default=sa.func.now(),
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_column("last_seen_at")
