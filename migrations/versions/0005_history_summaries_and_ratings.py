"""history: finished games at a glance, ratings, tallies and rivalries, history indexes

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table(
        "game_summaries",
        sa.Column("game_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("game_type", sa.String(length=40), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("duration_s", sa.Float(), nullable=False),
        sa.Column("top_score", sa.Integer(), nullable=False),
        sa.Column("margin", sa.Integer(), nullable=True),
        sa.Column("bot_finished", sa.Boolean(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_game_summaries_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_game_summaries")),
    )
    with op.batch_alter_table("game_summaries", schema=None) as batch_op:
        batch_op.create_index("ix_game_summaries_longest", ["game_type", "duration_s", "game_id"])
        batch_op.create_index("ix_game_summaries_highest", ["game_type", "top_score", "game_id"])
        batch_op.create_index("ix_game_summaries_closest", ["game_type", "margin", "game_id"])
    op.create_table(
        "ratings",
        sa.Column("game_type", sa.String(length=40), nullable=False),
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_ratings_person_id_people")
        ),
        sa.PrimaryKeyConstraint("game_type", "person_id", name=op.f("pk_ratings")),
    )
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.create_index("ix_ratings_leaderboard", ["game_type", "ordinal"])
    op.create_table(
        "person_tallies",
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("game_type", sa.String(length=40), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("score_sum", sa.BigInteger(), nullable=False),
        sa.Column("best", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_person_tallies_person_id_people")
        ),
        sa.PrimaryKeyConstraint("person_id", "game_type", name=op.f("pk_person_tallies")),
    )
    op.create_table(
        "rivalries",
        sa.Column("person_id", sa.Integer(), nullable=False),
        sa.Column("rival_id", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("ahead", sa.Integer(), nullable=False),
        sa.Column("behind", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["person_id"], ["people.id"], name=op.f("fk_rivalries_person_id_people")
        ),
        sa.ForeignKeyConstraint(
            ["rival_id"], ["people.id"], name=op.f("fk_rivalries_rival_id_people")
        ),
        sa.PrimaryKeyConstraint("person_id", "rival_id", name=op.f("pk_rivalries")),
    )
    with op.batch_alter_table("rivalries", schema=None) as batch_op:
        batch_op.create_index("ix_rivalries_person_id_games", ["person_id", "games"])
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index("ix_games_game_type_id", ["game_type", "id"])
    with op.batch_alter_table("final_scores", schema=None) as batch_op:
        batch_op.create_index("ix_final_scores_person_id_game_id", ["person_id", "game_id"])


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table("final_scores", schema=None) as batch_op:
        batch_op.drop_index("ix_final_scores_person_id_game_id")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index("ix_games_game_type_id")
    with op.batch_alter_table("rivalries", schema=None) as batch_op:
        batch_op.drop_index("ix_rivalries_person_id_games")
    op.drop_table("rivalries")
    op.drop_table("person_tallies")
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_ratings_leaderboard")
    op.drop_table("ratings")
    with op.batch_alter_table("game_summaries", schema=None) as batch_op:
        batch_op.drop_index("ix_game_summaries_closest")
        batch_op.drop_index("ix_game_summaries_highest")
        batch_op.drop_index("ix_game_summaries_longest")
    op.drop_table("game_summaries")
