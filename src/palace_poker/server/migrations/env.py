"""Alembic's environment for the table server's schema (run by the store on start).

The store hands over its open connection in ``config.attributes["connection"]``;
run from the ``alembic`` command instead, the URL of ``sqlalchemy.url`` is used.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

config = context.config


def _run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as fresh:
        context.configure(connection=fresh, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


_run()
