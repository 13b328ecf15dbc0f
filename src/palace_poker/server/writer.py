"""Group commit: the changes of many tables written in one transaction.

Every table's runner waits for its change to be durable before telling anyone of
it. One transaction a change costs one flush to disk a change, and under load the
flushes queue up behind each other (SQLite has one writer). :class:`GroupCommit`
collects the changes that arrive while a transaction is being written and writes
them all in the next one: one flush for many tables, each runner still told only
after the commit that holds its change. A batch of several changes that fails is
written again one change at a time, so that one table's failure (a conflict, a bad
row) is that table's alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from palace_poker.server.store import Append, Store

log = logging.getLogger("palace_poker.server")


class GroupCommit:
    """One process's writer of changes: see the module's text."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: list[tuple[Append, asyncio.Future[None]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: How many transactions were written, and with how many changes in all.
        self.batches = self.changes = 0

    async def append(self, write: Append) -> None:
        """Write ``write``; returns once it is committed (raises if it was not)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="group-commit")
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((write, done))
        self._wake.set()
        await done

    async def close(self) -> None:
        """Stop the writer (what is waiting was written or has failed already)."""
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
            try:
                await asyncio.to_thread(self.store.append_all, [w for w, _ in batch])
            except Exception as err:
                if len(batch) == 1:
                    batch[0][1].set_exception(err)
                    continue
                # one at a time, so that a failure is its own table's
                log.warning(
                    "a group commit of %d changes failed; writing them one by one", len(batch)
                )
                for write, done in batch:
                    try:
                        await asyncio.to_thread(self.store.append_all, [write])
                    except Exception as err:  # the runner reloads its table and refuses
                        done.set_exception(err)
                    else:
                        done.set_result(None)
                continue
            self.batches += 1
            self.changes += len(batch)
            for _, done in batch:
                done.set_result(None)
