"""clocks and stand-ins: the room's turn clock, a game's clock figures, who made a move

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("clock", sa.String(length=16), server_default="off", nullable=False)
        )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("clock", sa.JSON(), nullable=True))
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("stand_in", sa.String(length=8), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_column("stand_in")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("clock")
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_column("clock")
