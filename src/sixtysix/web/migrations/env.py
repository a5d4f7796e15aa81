"""Alembic's environment: migrations run on the connection the server passes in."""

from alembic import context

context.configure(connection=context.config.attributes["connection"])
with context.begin_transaction():
    context.run_migrations()
