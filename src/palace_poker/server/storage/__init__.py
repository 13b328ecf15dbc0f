"""The server's storage layer: the table's event log in a database.

* :mod:`~palace_poker.server.storage.store`: the append-only log (SQLAlchemy 2, schema
  by Alembic migrations);
* :mod:`~palace_poker.server.storage.batcher`: a generic batcher (requests made during
  one round are carried out together in the next);
* :mod:`~palace_poker.server.storage.group_commit`: the process's group commit (the
  changes of every table, written together);
* :mod:`~palace_poker.server.storage.group_read`: the group read of other processes'
  entries;
* :mod:`~palace_poker.server.storage.postgres`: the same commit and read on psycopg's
  asyncio connections, for PostgreSQL;
* :mod:`~palace_poker.server.storage.retention`: a table's export and the tables that
  expire.
"""
