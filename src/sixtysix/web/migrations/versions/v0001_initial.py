"""Players, games and moves.

Revision ID: v0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "v0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables."""
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created", sa.String(20), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("status", sa.String(8), nullable=False, index=True),
        sa.Column("rules", sa.String(400), nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("bot", sa.String(16)),
        sa.Column("player0", sa.String(32), sa.ForeignKey("players.id"), nullable=False, index=True),
        sa.Column("player1", sa.String(32), sa.ForeignKey("players.id"), index=True),
        sa.Column("score0", sa.Integer, nullable=False),
        sa.Column("score1", sa.Integer, nullable=False),
        sa.Column("winner", sa.Integer),
        sa.Column("ending", sa.String(8)),
        sa.Column("created", sa.String(20), nullable=False),
    )
    op.create_table(
        "moves",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("value", sa.String(100), nullable=False),
    )


def downgrade() -> None:
    """Drop the three tables."""
    op.drop_table("moves")
    op.drop_table("games")
    op.drop_table("players")
