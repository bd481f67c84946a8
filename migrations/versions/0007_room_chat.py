"""room chat: its lines (messages and reactions, with the game and move they came after), the
host's mutes, and whether watchers may write

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0007"
down_revision: str | Sequence[str] | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("chat_watchers", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("after_seq", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("text", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_chat_messages_room_id_rooms"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_chat_messages_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_chat_messages_person_id_people")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_chat_messages")),
    )  # fmt: skip
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.create_index("ix_chat_messages_room_id_id", ["room_id", "id"])
        batch_op.create_index("ix_chat_messages_game_id_id", ["game_id", "id"])
    op.create_table(
        "chat_mutes",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_chat_mutes_room_id_rooms"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_chat_mutes_person_id_people")
        ),
        sa.PrimaryKeyConstraint("room_id", "person_id", name=op.f("pk_chat_mutes")),
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table("chat_mutes")
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_chat_messages_game_id_id")
        batch_op.drop_index("ix_chat_messages_room_id_id")
    op.drop_table("chat_messages")
    with op.batch_alter_table("rooms", schema=None) as batch_op:
        batch_op.drop_column("chat_watchers")
