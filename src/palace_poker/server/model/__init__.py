"""The server's pure layer: no I/O, and no library beyond the standard one.

* :mod:`~palace_poker.server.model.errors`: the server's refusal (``TableError``);
* :mod:`~palace_poker.server.model.settings`: a table's settings, checked from the form;
* :mod:`~palace_poker.server.model.config`: the server's own settings, read from its
  arguments and the environment in one place (``ServerConfig``);
* :mod:`~palace_poker.server.model.limits`: the one budget class every rate limit
  uses (a token bucket, or a sliding window);
* :mod:`~palace_poker.server.model.lesson_deck`: the lesson's arranged deck;
* :mod:`~palace_poker.server.model.lesson`: the guided first hand's script and bots;
* :mod:`~palace_poker.server.model.recording`: the shuffle source that stores its orders;
* :mod:`~palace_poker.server.model.ledger`: the table's ledger and its settlement;
* :mod:`~palace_poker.server.model.table_state`: a table's state in parts: its seats,
  clock, fair deal, ledger lines and history;
* :mod:`~palace_poker.server.model.table`: a table as a pure state machine over its log;
* :mod:`~palace_poker.server.model.projection`: the one projection of a table for a
  viewer, used for every payload a client receives;
* :mod:`~palace_poker.server.model.messages`: the client's messages, one frozen class
  each: its typed fields, who may send it, the table command it asks for;
* :mod:`~palace_poker.server.model.protocol`: a message read from the wire once, and
  the tokens and table ids;
* :mod:`~palace_poker.server.model.history`: hand histories and records for download.
"""
