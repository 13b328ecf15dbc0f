"""The server's live layer: the tables in play, one asyncio task each.

* :mod:`~palace_poker.server.live.cluster`: Redis news between processes and the
  writer lease's times;
* :mod:`~palace_poker.server.live.outbox`: a connection's outbox (``Client``,
  ``Frame``: merging, the slow-reader rule) and the telling of every client;
* :mod:`~palace_poker.server.live.replica`: the table kept as its log has it
  (rebuild, catch-up, the writer lease's claim, reading the log before a hello);
* :mod:`~palace_poker.server.live.automatic`: the moves nobody asks for (deals,
  clocks and time bank, bots) and the outage's hold on the clocks;
* :mod:`~palace_poker.server.live.runner`: ``TableRunner``, which composes them: one
  task per table, its only writer (the actor loop and the commit);
* :mod:`~palace_poker.server.live.outage`: the outage watcher (a look at PostgreSQL
  every second);
* :mod:`~palace_poker.server.live.hub`: the table registry of the process (``Hub``):
  loading, new tables, lessons and seats, the writer leases kept and the tables
  without a writer adopted;
* :mod:`~palace_poker.server.live.pruning`: the expired tables pruned at start and
  daily.
"""
