"""Rated games, move clocks, ratings and their history, and each game's chat.

Revision ID: v0004
Revises: v0003
"""

import sqlalchemy as sa
from alembic import op

revision = "v0004"
down_revision = "v0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the games' rated flag and clock, the moves' times, and the ratings, rating history
    and chat tables; every game so far is casual and without a clock."""
    # Plain ALTER TABLE ADD COLUMN (no batch: SQLite would copy the games table, which
    # the moves' foreign keys forbid).
    op.add_column("games", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("games", sa.Column("move_seconds", sa.Integer))
    op.add_column("games", sa.Column("bank_seconds", sa.Integer))
    op.add_column("moves", sa.Column("at", sa.BigInteger))
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.String(20), nullable=False),
    )
    op.create_index("ix_ratings_kind_mu", "ratings", ["kind", "mu"])
    op.create_table(
        "rating_history",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.String(20), nullable=False),
    )
    op.create_index("ix_rating_history_player_kind", "rating_history", ["player_id", "kind", "at"])
    op.create_table(
        "chat",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("at", sa.String(20), nullable=False),
    )


def downgrade() -> None:
    """Drop the chat, rating history and ratings tables and the new columns."""
    op.drop_table("chat")
    op.drop_index("ix_rating_history_player_kind", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_kind_mu", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("at")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("bank_seconds")
        batch.drop_column("move_seconds")
        batch.drop_column("rated")
