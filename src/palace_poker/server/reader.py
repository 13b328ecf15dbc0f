"""Group read: what other processes stored of many tables, read in one round.

With several processes (cluster.py), every entry a table's writer stores is news
to each other process that serves the table: it reads the entries after its own
last one from the log. One read a notice costs three queries a notice, and under
load the reads queue up for the database threads. :class:`GroupRead` collects the
reads asked for while one round is being read and reads them all in the next
(:meth:`Store.after_all`: three queries for any number of tables), each table
given its own part: the mirror of the group commit (writer.py).
"""

from __future__ import annotations

import asyncio
import contextlib

from palace_poker.server.store import After, Store


class GroupRead:
    """One process's reader of other processes' entries: see the module's text."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[tuple[str, int, int], asyncio.Future[After]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: How many rounds were read, and how many tables' reads in all.
        self.rounds = self.reads = 0

    async def after(self, table_id: str, seq: int, shuffles: int) -> After:
        """:meth:`Store.after`, read with the other tables asking at the time."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="group-read")
        done: asyncio.Future[After] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, seq, shuffles), done))
        self._wake.set()
        return await done

    async def close(self) -> None:
        """Stop the reader."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            # (one read a table a round: a table's runner asks again only after
            # its answer)
            try:
                found = await asyncio.to_thread(self.store.after_all, [r for r, _ in batch])
            except Exception as err:  # the database is away: each table tries again later
                for _, done in batch:
                    if not done.done():
                        done.set_exception(err)
                continue
            self.rounds += 1
            self.reads += len(batch)
            for (table_id, _, _), done in batch:
                if not done.done():
                    done.set_result(found[table_id])
