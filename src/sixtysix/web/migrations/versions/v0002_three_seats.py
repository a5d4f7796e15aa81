"""A third seat: its player, its bot and its score (three-hand games).

Revision ID: v0002
Revises: v0001
"""

import sqlalchemy as sa
from alembic import op

revision = "v0002"
down_revision = "v0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the third seat's columns, empty for the two-hand games."""
    with op.batch_alter_table("games") as batch:
        player = sa.ForeignKey("players.id", name="fk_games_player2")
        batch.add_column(sa.Column("player2", sa.String(32), player))
        batch.add_column(sa.Column("bot2", sa.String(16)))
        batch.add_column(sa.Column("score2", sa.Integer))
        batch.create_index("ix_games_player2", ["player2"])


def downgrade() -> None:
    """Drop the third seat's columns."""
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_player2")
        batch.drop_column("score2")
        batch.drop_column("bot2")
        batch.drop_column("player2")
