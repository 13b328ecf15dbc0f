"""Rounds: what many tables ask of the database, done together.

Under load, a transaction or a query a table costs a round trip a table, and the
requests queue up for the database behind each other. :class:`Rounds` collects the
requests that arrive while one round is being carried out and carries them all out
in the next: the group commit (group_commit.py) and the group read (group_read.py) are its two
kinds. Each asker waits for its own answer only.

Each kind carries its rounds out on a thread of its own, never on the event
loop's shared pool: there, a round would queue behind whatever else waits for a
thread (a bot's decision, a table being loaded, a lease given up), and every
table's change would wait with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Generic, TypeVar

Ask = TypeVar("Ask")
Answer = TypeVar("Answer")
Result = TypeVar("Result")

log = logging.getLogger("palace_poker.server")


class Rounds(Generic[Ask, Answer]):
    """Requests carried out together, round after round (see the module's text)."""

    name = "rounds"

    def __init__(self) -> None:
        self._pending: list[tuple[Ask, asyncio.Future[Answer]]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix=self.name)
        #: How many rounds were carried out, and how many requests in all.
        self.rounds = self.requests = 0

    async def ask(self, request: Ask) -> Answer:
        """Carry ``request`` out with the others of its round; its answer."""
        loop = asyncio.get_running_loop()
        if self._task is None:
            self._task = loop.create_task(self._run(), name=self.name)
        done: asyncio.Future[Answer] = loop.create_future()
        self._pending.append((request, done))
        self._wake.set()
        return await done

    async def close(self) -> None:
        """Stop (what was asked was answered, or has failed, already)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._thread.shutdown(wait=False)

    async def in_thread(self, work: Callable[..., Result], *args: object) -> Result:
        """``work(*args)`` on this kind's own thread (see the module's text)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, functools.partial(work, *args))

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                await self._round(batch)
            except Exception as err:  # a bug must not leave the askers waiting forever
                log.exception("a round of %s failed", self.name)
                for _, done in batch:
                    answer(done, err)
            self.rounds += 1
            self.requests += len(batch)

    async def _round(self, batch: list[tuple[Ask, asyncio.Future[Answer]]]) -> None:
        """Carry out one round: answer (or fail) every future of ``batch``, with
        :func:`answer` (an asker may have stopped waiting: a server shutting down)."""
        raise NotImplementedError


def answer(done: asyncio.Future[Answer], value: Answer | BaseException) -> None:
    """Give ``done`` its value or exception, unless nobody waits for it any more."""
    if done.done():
        return
    if isinstance(value, BaseException):
        done.set_exception(value)
    else:
        done.set_result(value)
