"""campaign codes and history: an unguessable code for a campaign's page, imported games

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

"""

import secrets
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("campaigns", schema=None) as batch_op:
        batch_op.add_column(sa.Column("code", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("history", sa.JSON(), nullable=True))
    # Campaigns made before codes existed get one each, as new ones do.
    conn = op.get_bind()
    campaigns = sa.table("campaigns", sa.column("id", sa.Integer), sa.column("code", sa.String))
    for (campaign_id,) in conn.execute(sa.select(campaigns.c.id)).all():
        conn.execute(
            campaigns.update()
            .where(campaigns.c.id == campaign_id)
            .values(code=secrets.token_urlsafe(9))
        )
    with op.batch_alter_table("campaigns", schema=None) as batch_op:
        batch_op.alter_column("code", existing_type=sa.String(length=32), nullable=False)
        batch_op.create_unique_constraint(batch_op.f("uq_campaigns_code"), ["code"])


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("campaigns", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_campaigns_code"), type_="unique")
        batch_op.drop_column("history")
        batch_op.drop_column("code")
