"""The outage watcher: on PostgreSQL, a look at the store every second.

A store that cannot be reached is said once in the log each way
(:class:`~palace_poker.server.storage.store.Health`), and the hub tells every
table, whose clocks stop meanwhile and get the outage's time back after
(docs/deploy.md, "What happens on a failure").
"""

from __future__ import annotations

import asyncio
import logging

from palace_poker.server.storage.store import Health, Store, unreachable

log = logging.getLogger("palace_poker.server")


async def watch_store(store: Store, health: Health) -> None:
    """On PostgreSQL, look at the store every second: an outage is noticed (and
    dated) within a second even while nobody plays, and its end too, so that
    play resumes by itself. (A SQLite file is read even when its disk is full:
    there the tables' own backed-off writes find the store back.)"""
    while True:
        await asyncio.sleep(1.0)
        try:
            await asyncio.to_thread(store.ping)
        except Exception as err:
            if unreachable(err):
                health.failed(err)
            else:
                log.exception("looking at the store failed")
            continue
        if health.down:
            health.worked()  # (a read proves PostgreSQL back: it writes too)
        else:
            health.alive()
