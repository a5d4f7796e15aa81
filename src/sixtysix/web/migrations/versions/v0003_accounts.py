"""Accounts and their sign-in sessions.

Revision ID: v0003
Revises: v0002
"""

import sqlalchemy as sa
from alembic import op

revision = "v0003"
down_revision = "v0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the accounts and sessions tables; the players and games stay as they are."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False, unique=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(100), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.String(20), nullable=False),
        sa.Column("failures", sa.Integer, nullable=False, server_default="0"),
        sa.Column("locked_until", sa.Integer),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("created", sa.String(20), nullable=False),
        sa.Column("last_seen", sa.String(20), nullable=False),
    )


def downgrade() -> None:
    """Drop the sessions and accounts tables."""
    op.drop_table("sessions")
    op.drop_table("accounts")
