"""Group commit: the changes of many tables written in one transaction.

Every table's runner waits for its change to be durable before telling anyone of
it. One transaction a change costs one flush to disk a change, and under load the
flushes queue up behind each other (SQLite has one writer). :class:`GroupCommit`
collects the changes that arrive while a transaction is being written and writes
them all in the next one (:mod:`~palace_poker.server.storage.batcher`): one flush for many
tables, each runner still told only after the commit that holds its change. A batch
of several changes that fails is written again one change at a time, so that one
table's failure (a conflict, a bad row) is that table's alone. On PostgreSQL
through psycopg the batch is written from the event loop, in one statement
(postgres.py).
"""

from __future__ import annotations

import asyncio
import logging

from palace_poker.server.storage import postgres
from palace_poker.server.storage.batcher import Rounds, answer
from palace_poker.server.storage.store import Append, Store, conflict

log = logging.getLogger("palace_poker.server")


class GroupCommit(Rounds[Append, None]):
    """One process's writer of changes: see the module's text."""

    name = "group-commit"

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.link = postgres.link_of(store)

    async def append(self, write: Append) -> None:
        """Write ``write``; returns once it is committed (raises if it was not)."""
        await self.ask(write)

    async def _round(self, batch: list[tuple[Append, asyncio.Future[None]]]) -> None:
        try:
            await self._write([w for w, _ in batch])
        except Exception as err:
            if len(batch) == 1:
                answer(batch[0][1], err)
                return
            # one at a time, so that a failure is its own table's
            log.warning("a group commit of %d changes failed; writing them one by one", len(batch))
            for write, done in batch:
                try:
                    await self._write([write])
                except Exception as err:  # the runner reloads its table and refuses
                    answer(done, err)
                else:
                    answer(done, None)
            return
        for _, done in batch:
            answer(done, None)

    async def _write(self, writes: list[Append]) -> None:
        if self.link is None:
            await self.in_thread(self.store.append_all, writes)
            return
        try:
            await postgres.append(self.link, writes)
        except postgres.DuplicateEntryError as err:
            raise conflict(writes) from err

    async def close(self) -> None:
        await super().close()
        if self.link is not None:
            await self.link.close()
