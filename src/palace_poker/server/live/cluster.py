"""Several server processes on one set of tables (docs/deploy.md).

With a PostgreSQL log and a Redis server, any number of ``palace-poker serve``
processes serve the same tables, and a client may connect to any of them:

* **One writer at a time.** A change is carried out on the table in memory and
  then stored; the transaction that stores it first locks the table's row of
  ``table_writers`` (:meth:`Store.append_all`), so one transaction at a time writes
  a table, and the log's numbering is the fence: a change numbered after entries
  another process stored since is refused (:class:`ConflictError`), and its process
  rebuilds the table from the log and carries the command out again on it. Every
  process applies the changes in the log's order, and the log never forks.
* **One clock keeper.** What happens by itself (the next deal, a bot's decision, a
  turn clock running out) is done only by the table's *writer*: the process that
  holds its lease, a row of ``table_writers`` renewed every :data:`RENEW` seconds and
  good for :data:`LEASE` seconds. When the writer dies its lease runs out, and
  another process takes the table over: it has the log, so it knows the hand, the
  deadlines and whose turn it is.
* **News by number.** After each change a process publishes ``"{table} {seq}"`` on
  the Redis channel :data:`CHANNEL`; every process with that table loaded reads the
  entries after its own last one from the log. A notice carries no event, so a
  lost notice loses nothing (every process also looks at the log every
  :data:`POLL` seconds) and a repeated one repeats nothing.

In the single-process mode (SQLite, the default) none of this is used.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from typing import Any, Final

log = logging.getLogger("palace_poker.server")

#: The Redis channel the processes tell each other of new entries on.
CHANNEL: Final = "palace-poker:entries"
#: A writer's lease, in seconds, and how often it is renewed.
LEASE: Final = 5.0
RENEW: Final = 1.0
#: How often a process looks at the log of each table it serves, whatever Redis says,
#: and for tables whose writer has gone.
POLL: Final = 2.0


class Cluster:
    """This process's part in a cluster: its name, Redis, and the news it hears."""

    def __init__(self, redis_url: str, *, owner: str | None = None) -> None:
        self.redis_url = redis_url
        self.owner = owner or f"p-{secrets.token_hex(6)}"
        self._redis: Any = None
        self._listener: asyncio.Task[None] | None = None

    async def start(self, heard: Callable[[str, int], None]) -> None:
        """Connect to Redis and call ``heard(table, seq)`` for every notice."""
        import redis.asyncio as aioredis  # noqa: PLC0415 - the cluster extra

        self._redis = aioredis.from_url(self.redis_url, socket_timeout=5, socket_connect_timeout=2)
        self._listener = asyncio.get_running_loop().create_task(self._listen(heard))

    async def stop(self) -> None:
        """Stop listening and close the connection."""
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener
        if self._redis is not None:
            await self._redis.aclose()

    async def ping(self) -> None:
        """One round trip to Redis (the health check); raises when it does not
        answer."""
        await self._redis.ping()

    async def publish(self, table_id: str, seq: int) -> None:
        """Tell the other processes of the table's entries up to ``seq``. A notice
        that cannot be sent (Redis is down) is logged and dropped: the others
        find the entries on their next look at the log."""
        try:
            await self._redis.publish(CHANNEL, f"{table_id} {seq}")
        except Exception:  # Redis is away: the log is the truth, the poll finds it
            log.warning("could not tell the other processes of %s %s", table_id, seq)

    async def _listen(self, heard: Callable[[str, int], None]) -> None:
        """Hear the notices, subscribing again whenever Redis comes back."""
        while True:
            try:
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(CHANNEL)
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    table_id, _, seq = bytes(message["data"]).decode("ascii").partition(" ")
                    if seq.isdigit():
                        heard(table_id, int(seq))
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis restarted or the network blinked: again, soon
                log.warning("lost the Redis subscription; subscribing again")
                await asyncio.sleep(0.5)


def cluster_of(redis_url: str | None) -> Cluster | None:
    """The cluster this process belongs to (None: the single-process mode)."""
    return Cluster(redis_url) if redis_url else None


__all__ = ["CHANNEL", "LEASE", "POLL", "RENEW", "Cluster", "cluster_of"]
