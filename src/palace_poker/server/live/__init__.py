"""The server's live layer: the tables in play, one asyncio task each.

* :mod:`~palace_poker.server.live.cluster`: Redis news between processes and the
  writer lease's times;
* :mod:`~palace_poker.server.live.runner`: ``TableRunner``, one task per table, its
  only writer, with its clocks and its bots.
"""
