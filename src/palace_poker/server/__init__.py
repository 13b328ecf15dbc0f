"""The table server (``palace-poker serve``): friends play Palace Poker in the browser.

Its layers, each depending only on those before it:

* :mod:`~palace_poker.server.settings`: a table's settings, checked from the form;
* :mod:`~palace_poker.server.recording`: the shuffle source that stores its orders;
* :mod:`~palace_poker.server.table`: a table as a pure state machine over its log;
* :mod:`~palace_poker.server.projection`: the one projection of a table for a viewer,
  used for every payload a client receives;
* :mod:`~palace_poker.server.protocol`: the client's messages, checked;
* :mod:`~palace_poker.server.store`: the append-only log in a database (SQLAlchemy 2,
  schema by Alembic migrations);
* :mod:`~palace_poker.server.runner`: one asyncio task per table, its only writer,
  with the clocks and the bots;
* :mod:`~palace_poker.server.app`: the FastAPI application (pages, REST, WebSocket);
* :mod:`~palace_poker.server.command`: the ``serve`` subcommand.

Only ``store``, ``runner``, ``app`` and ``command`` need the ``server`` extra; the
rest is pure and uses the core alone. See docs/server.md.
"""
