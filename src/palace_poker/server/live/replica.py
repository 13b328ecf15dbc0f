"""Replication from the log: the table in memory as the store has it.

The log is the truth; a runner's table is its replay. This part keeps the two
together: it rebuilds the table from the log when they part ways (a change the
store refused, or one lost to another process's), catches up with the entries
other processes stored (their news, or the hub's look at the log), takes the
table's writer lease when nobody holds it, and reads the log before answering a
client whose last ``seq`` is ahead of memory (:meth:`Replica._read_log`). Every
rebuild or catch-up tells the clients what they have not heard
(:func:`~palace_poker.server.live.outbox.broadcast`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from palace_poker.bots import Bot
from palace_poker.errors import PalaceError
from palace_poker.server.live.cluster import LEASE, Cluster
from palace_poker.server.live.outbox import Client, broadcast, connected, presence, views_of
from palace_poker.server.model.messages import Message
from palace_poker.server.model.table import Table
from palace_poker.server.storage.group_commit import GroupCommit
from palace_poker.server.storage.group_read import GroupRead
from palace_poker.server.storage.store import RETRY_FIRST, RETRY_MOST, Health, Store, unreachable

log = logging.getLogger("palace_poker.server")


@dataclass
class Job:
    """A change asked of the table, and the future its answer goes to: a client's
    message (``message``), a change asked over HTTP (``data``, ``token``, ``done``)
    or the table's own (a due time, news of the store)."""

    kind: str
    data: dict[str, Any]
    client: Client | None = None
    token: str | None = None
    done: asyncio.Future[Any] | None = None
    message: Message | None = None


class Replica:
    """A table in memory, kept as its log has it, and the connections told of it."""

    def __init__(
        self,
        table: Table,
        store: Store,
        tokens: dict[int, str],
        *,
        shuffles_stored: int,
        clock: Callable[[], float] = time.time,
        cluster: Cluster | None = None,
        writes: GroupCommit | None = None,
        reads: GroupRead | None = None,
        health: Health | None = None,
    ) -> None:
        self.table = table
        self.store = store
        self.tokens = dict(tokens)  # seat -> SHA-256 of its token
        self.shuffles_stored = shuffles_stored
        self.clock = clock
        self.clients: set[Client] = set()
        #: The seats' bots, made when each first plays (automatic.py).
        self.bots: dict[int, Bot] = {}
        #: The table's jobs, carried out one at a time by its task (runner.py).
        self.queue: asyncio.Queue[Job] = asyncio.Queue()
        #: With several processes (cluster.py): this process writes the table only
        #: while it holds its lease; alone, it always does.
        self.cluster = cluster
        self.writer = cluster is None
        #: The process's group commit (None: each change in a transaction of its own)
        #: and group read of other processes' entries (None: each read alone).
        self.writes = writes
        self.reads = reads
        #: A catch-up is waiting in the queue already (news does not pile up).
        self._news_queued = False
        #: Memory and the log have parted ways and the log could not be read yet
        #: (see _rebuild): no change is made, and nobody is told anything of the
        #: table, until it is (changes are refused with storage_unavailable).
        self._stale = False
        #: The process's view of its store (an outage is said once for all tables).
        self.health = health or Health(clock)
        #: While the store is away: when this table tries it again, and the wait
        #: after that try (doubling from RETRY_FIRST to RETRY_MOST).
        self._retry_at = 0.0
        self._retry = RETRY_FIRST

    def news(self, seq: int | None = None) -> None:
        """Another process stored entries up to ``seq`` (None: look anyway): the
        table catches up, once however many notices come before it does."""
        if not self._news_queued and (seq is None or seq > self.table.seq):
            self._news_queued = True
            self.queue.put_nowait(Job("catch_up", {}))

    def held(self, writer: bool) -> None:
        """Whether this process holds the table's lease now (the hub's rounds)."""
        was, self.writer = self.writer, writer
        if writer and not was:
            log.info("table %s: this process writes it now", self.table.id)
            self._retry_at = 0.0  # an outage's time still to give back: at once
            self.news()  # catch up with the log first, then what is due

    async def _claim(self) -> None:
        """Take the table's writer lease if nobody holds it (a table just made, or
        one whose writer has gone); the hub renews it from then on."""
        assert self.cluster is not None
        if self.table.status == "over":
            return
        claim = functools.partial(
            self.store.claim, self.table.id, self.cluster.owner, now=self.clock(), ttl=LEASE
        )
        try:
            self.held(await asyncio.to_thread(claim))
        except Exception:  # the database is away: the hub's next round tries again
            log.exception("table %s: taking its lease failed", self.table.id)

    async def _rebuild(self) -> None:
        """Rebuild the table from the log, and tell the clients what it holds that
        they have not heard.

        Memory and the log part ways in two cases: a change the store refused
        (memory is ahead of the log) and, with several processes, a change lost to
        another process's (memory is both ahead of the log and behind it). Until
        the rebuild has read the log, the table is *stale*: no job is carried out
        on it (:meth:`_loop` tries the rebuild again first)."""
        self._stale = True
        stored = await asyncio.to_thread(self.store.load, self.table.id)
        assert stored is not None
        self.table = Table.rebuild(
            stored.id, stored.settings, stored.entries, stored.shuffles, stored.secret
        )
        self.shuffles_stored = len(stored.shuffles)
        self._stale = False
        self._tokens_now(stored.tokens)
        self._broadcast()

    def _tokens_now(self, tokens: dict[int, str]) -> None:
        """The seats' tokens as stored: a seat freed elsewhere, its holder watches."""
        self.tokens = dict(tokens)
        for client in self.clients:
            if client.seat is not None and client.seat not in tokens:
                client.seat = None

    async def _catch_up(self) -> None:
        """Carry out the entries other processes stored since this one's last, and
        send them on to this process's clients."""
        table = self.table
        if self.reads is not None:
            read = self.reads.after(table.id, table.seq, self.shuffles_stored)
        else:
            read = asyncio.to_thread(self.store.after, table.id, table.seq, self.shuffles_stored)
        entries, orders, tokens = await read
        if table is not self.table or table.seq + len(entries) != (
            entries[-1][0] if entries else table.seq
        ):  # rebuilt meanwhile, or the log moved on oddly: read it whole
            await self._rebuild()
            return
        if not entries:
            return
        table.shuffle.extend(orders)
        self.shuffles_stored += len(orders)
        try:
            table.replay(entries)
        except PalaceError:  # cannot happen with one log; rebuild from it if it does
            log.exception("table %s: catching up failed; rebuilding it", table.id)
            await self._rebuild()
            return
        self._tokens_now(tokens)
        self._broadcast()

    async def _read_log(self) -> bool:
        """Catch up with the log before a hello (see :meth:`_hello`); returns
        whether it was read."""
        try:
            await self._catch_up()
        except Exception as err:
            if unreachable(err):
                self.health.failed(err)  # (said once for the process)
            else:
                log.exception("table %s: reading its log for a hello failed", self.table.id)
            return False
        return not self._stale

    async def _reread(self) -> None:
        """Rebuild the table after a refused change; if the store cannot be read
        either, the table stays stale and the loop tries again (backed off)."""
        try:
            await self._rebuild()
        except Exception as err:
            if unreachable(err):
                self.health.failed(err)
            else:
                log.exception("table %s: reading its log failed", self.table.id)
            self._back_off()

    def _back_off(self) -> None:
        """The next try at the store: after the wait, which doubles each time."""
        self._retry_at = self.clock() + self._retry
        self._retry = min(RETRY_MOST, self._retry * 2)

    def _broadcast(self) -> None:
        """Every greeted client gets the new entries and its view."""
        broadcast(self.table, self.clients, self._views())

    def _presence(self) -> None:
        if self._stale:  # memory holds a change the store refused: tell nothing
            return
        presence(self.table, self.clients, self._views())

    def _views(self) -> Callable[[int | None], dict[str, Any]]:
        """The table as each viewer sees it now, each viewer's made once."""
        return views_of(self.table, self.clients, self.clock())

    def _present(self) -> set[int] | None:
        """The seats whose players' pages are connected, for the table's pace (the
        wait for everyone to be ready, the time bank); None with several processes,
        where a player may be connected to another one: everyone counts as present
        (the longest wait still bounds a wait for someone absent)."""
        return connected(self.clients) if self.cluster is None else None
