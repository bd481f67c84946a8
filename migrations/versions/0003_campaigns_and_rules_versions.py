"""campaigns and rules versions: state that outlives a game, the rules each game played

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "campaigns",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_type", sa.String(length=40), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("carry", sa.JSON(), nullable=True),
        sa.Column(
            "created_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.Column(
            "updated_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaigns")),
    )
    op.create_table(
        "campaign_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column(
            "joined_at",
            sa.DateTime(timezone=True),
            server_default=sa.text("CURRENT_TIMESTAMP"),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["campaign_id"],
            ["campaigns.id"],
            name=op.f("fk_campaign_members_campaign_id_campaigns"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_campaign_members_person_id_people")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_campaign_members")),
        sa.UniqueConstraint(
            "campaign_id", "person_id", name=op.f("uq_campaign_members_campaign_id")
        ),
    )
    with op.batch_alter_table("campaign_members", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_campaign_members_campaign_id"), ["campaign_id"], unique=False
        )
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(sa.Column("campaign_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_rooms_campaign_id_campaigns"), "campaigns", ["campaign_id"], ["id"]
        )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("problem", sa.String(length=300), nullable=True))
        batch_op.add_column(
            sa.Column("rules_version", sa.Integer(), server_default="1", nullable=False)
        )
        batch_op.add_column(sa.Column("campaign_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("campaign_version", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_games_campaign_id"), ["campaign_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_games_campaign_id_campaigns"), "campaigns", ["campaign_id"], ["id"]
        )


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_games_campaign_id_campaigns"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_games_campaign_id"))
        batch_op.drop_column("campaign_version")
        batch_op.drop_column("campaign_id")
        batch_op.drop_column("rules_version")
        batch_op.drop_column("problem")
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_rooms_campaign_id_campaigns"), type_="foreignkey")
        batch_op.drop_column("campaign_id")
    with op.batch_alter_table("campaign_members", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_campaign_members_campaign_id"))
    op.drop_table("campaign_members")
    op.drop_table("campaigns")
