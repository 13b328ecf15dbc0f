"""The table server (``palace-poker serve``): friends play Palace Poker in the browser.

Its layers are its folders, each depending only on those before it:

* :mod:`~palace_poker.server.model`: pure (no I/O, the core alone): a table's
  settings, the table as a state machine over its log, its ledger, the lesson, the
  projection of a table for a viewer, the client's messages, the hand histories;
* :mod:`~palace_poker.server.storage`: the event log in a database, its group commit
  and group read (on psycopg for PostgreSQL), retention;
* :mod:`~palace_poker.server.live`: the tables in play, one asyncio task each (its
  only writer, with the clocks and the bots), and the news between processes;
* :mod:`~palace_poker.server.web`: the FastAPI application (pages, REST, WebSocket);
* :mod:`~palace_poker.server.command`: the ``serve`` subcommand, and
  :mod:`~palace_poker.server.admin`: ``palace-poker admin``.

Each folder's ``__init__`` names its modules. Only ``storage``, ``live``, ``web`` and
``command`` need the ``server`` extra; ``model`` is pure and uses the core alone.
``static/`` holds the browser client, ``migrations/`` the database's schema. See
docs/server.md.
"""
