"""Group read: what other processes stored of many tables, read in one round.

With several processes (cluster.py), every entry a table's writer stores is news
to each other process that serves the table: it reads the entries after its own
last one from the log. One read a notice costs a query a notice, and under load the
reads queue up for the database threads. :class:`GroupRead` collects the reads
asked for while one round is being read and reads them all in the next
(:meth:`Store.after_all`: one query for any number of tables), each table given its
own part: the mirror of the group commit (group_commit.py), both kinds of
:mod:`~palace_poker.server.storage.batcher`. On PostgreSQL through psycopg the query is
made from the event loop (postgres.py).
"""

from __future__ import annotations

import asyncio

from palace_poker.server.storage import postgres
from palace_poker.server.storage.batcher import Rounds, answer
from palace_poker.server.storage.store import After, Store

#: One table's read: the table, its last seq here, the shuffles it holds.
Read = tuple[str, int, int]


class GroupRead(Rounds[Read, After]):
    """One process's reader of other processes' entries: see the module's text."""

    name = "group-read"

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.link = postgres.link_of(store)

    async def after(self, table_id: str, seq: int, shuffles: int) -> After:
        """:meth:`Store.after`, read with the other tables asking at the time (a
        table's runner asks again only after its answer: one read a table a round)."""
        return await self.ask((table_id, seq, shuffles))

    async def _round(self, batch: list[tuple[Read, asyncio.Future[After]]]) -> None:
        try:
            asked = [r for r, _ in batch]
            if self.link is None:
                found = await self.in_thread(self.store.after_all, asked)
            else:
                found = await postgres.after(self.link, asked)
        except Exception as err:  # the database is away: each table tries again later
            for _, done in batch:
                answer(done, err)
            return
        for (table_id, _, _), done in batch:
            answer(done, found[table_id])

    async def close(self) -> None:
        await super().close()
        if self.link is not None:
            await self.link.close()
