"""The table registry of one process: every table it serves, by id (the hub).

The hub loads a table when someone asks for it (or, alone, every table in play at
start), makes new tables and lessons, seats people, and stops every task on
shutdown. With several processes (docs/deploy.md) it also keeps the writer
leases of its tables (:meth:`Hub._keep`, every ``RENEW`` seconds), adopts the
tables whose writer has gone (:meth:`Hub._adopt`), and passes on the news of
other processes' entries. It tells every table when the store goes away or comes
back (the watch itself is :mod:`~palace_poker.server.live.outage`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from palace_poker.checks import short
from palace_poker.fair import new_server_secret
from palace_poker.server.live.cluster import LEASE, POLL, RENEW, Cluster
from palace_poker.server.live.outage import watch_store
from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model.config import ServerConfig
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.lesson import BOT_NAMES as LESSON_NAMES
from palace_poker.server.model.lesson import lesson_settings
from palace_poker.server.model.protocol import new_table_id, new_token
from palace_poker.server.model.settings import BOT_NAMES, TableSettings, player_name
from palace_poker.server.model.table import Table
from palace_poker.server.storage.group_commit import GroupCommit
from palace_poker.server.storage.group_read import GroupRead
from palace_poker.server.storage.store import Health, Store, unreachable

log = logging.getLogger("palace_poker.server")


@dataclass
class Hub:
    """Every table this process serves, by id."""

    store: Store
    config: ServerConfig
    runners: dict[str, TableRunner] = field(default_factory=dict)
    cluster: Cluster | None = None
    _adopter: asyncio.Task[None] | None = None
    _keeper: asyncio.Task[None] | None = None
    #: The changes of every table, written in group commits; in a cluster, other
    #: processes' entries read in group reads.
    writes: GroupCommit | None = None
    reads: GroupRead | None = None
    #: Whether the store can be used, said once in the log each way (docs/deploy.md,
    #: "What happens on a failure"), and the look at it every second (PostgreSQL).
    health: Health = field(default_factory=Health)
    _watcher: asyncio.Task[None] | None = None

    def __post_init__(self) -> None:
        self.writes = GroupCommit(self.store)
        self.reads = GroupRead(self.store)
        self.health.on_down = self._storage_down
        self.health.on_back = self._storage_back

    def _storage_down(self) -> None:
        """The store went away: every table stops its clocks."""
        for runner in self.runners.values():
            runner.storage_changed()

    def _storage_back(self, since: float) -> None:
        """The store is back: every table gives its clocks the outage's time,
        through new connections (those opened before the outage are dead)."""
        for batched in (self.writes, self.reads):
            if batched is not None and batched.link is not None:
                batched.link.forget()
        for runner in self.runners.values():
            runner.storage_changed(since)

    def storage_error(self, err: BaseException) -> TableError:
        """The refusal for a store that could not be reached (the outage noted)."""
        self.health.failed(err)
        return TableError(
            "storage_unavailable",
            "the server cannot reach its database just now: try again in a moment",
        )

    async def restore(self) -> None:
        """Rebuild the stored tables and start the tasks of those still in play (a
        finished table is loaded again when someone opens it). With several
        processes, a table is loaded when a client asks for it or when its writer
        has gone (:meth:`_adopt`), and news of other processes' entries is heard."""
        if self.store.shared:
            watching = watch_store(self.store, self.health)
            self._watcher = asyncio.get_running_loop().create_task(watching, name="watch")
        if self.cluster is None:
            for table_id in self.store.table_ids():
                self._load(table_id, finished=False)
            return
        await self.cluster.start(self._heard)
        loop = asyncio.get_running_loop()
        self._adopter = loop.create_task(self._adopt(), name="adopt")
        self._keeper = loop.create_task(self._keep(), name="keep")

    def _heard(self, table_id: str, seq: int) -> None:
        """Another process stored entries of a table: the table's runner catches up."""
        runner = self.runners.get(table_id)
        if runner is not None:
            runner.news(seq)

    async def _adopt(self) -> None:
        """Every few seconds, load the tables whose writer let its lease expire: the
        runner takes the lease and plays on (deals, bots, clocks)."""
        while True:
            await asyncio.sleep(POLL)
            try:
                orphans = await asyncio.to_thread(self.store.orphans, time.time())
                for table_id in orphans:
                    if table_id not in self.runners:
                        self._load(table_id, finished=False)
            except TableError:  # a table could not be read (the outage said once)
                continue
            except Exception as err:  # the database is away: try again at the next look
                if unreachable(err):  # (said once, by the health)
                    self.health.failed(err)
                else:
                    log.exception("looking for tables without a writer failed")

    async def _keep(self) -> None:
        """Every :data:`RENEW` seconds, for all the tables this process serves, in
        two statements whatever their number: renew (or take, where their writer
        let it expire) the writer leases, and look at the log, whatever Redis said."""
        assert self.cluster is not None
        owner = self.cluster.owner
        while True:
            await asyncio.sleep(RENEW)
            runners = {t: r for t, r in self.runners.items() if r.table.status != "over"}
            try:
                claim = functools.partial(
                    self.store.claim_all, runners, owner, now=time.time(), ttl=LEASE
                )
                held = await asyncio.to_thread(claim)
                seqs = await asyncio.to_thread(self.store.last_seqs, self.runners)
            except Exception as err:  # the database is away: try again at the next round
                if unreachable(err):  # (said once, by the health)
                    self.health.failed(err)
                else:
                    log.exception("renewing the writer leases failed")
                continue
            for table_id, runner in runners.items():
                runner.held(table_id in held)
            for table_id, seq in seqs.items():
                if table_id in self.runners:
                    self.runners[table_id].news(seq)

    def _load(self, table_id: str, *, finished: bool = True) -> TableRunner | None:
        try:
            stored = self.store.load(table_id)
        except Exception as err:
            if not unreachable(err):
                raise
            raise self.storage_error(err) from None
        if stored is None:
            return None
        table = Table.rebuild(
            stored.id, stored.settings, stored.entries, stored.shuffles, stored.secret
        )
        if table.status == "over" and not finished:
            return None
        return self._run(table, stored.tokens, len(stored.shuffles))

    def _run(self, table: Table, tokens: dict[int, str], shuffles: int) -> TableRunner:
        """Start a table's task, this process's runner of it from now on."""
        runner = TableRunner(
            table,
            self.store,
            tokens,
            shuffles_stored=shuffles,
            cluster=self.cluster,
            writes=self.writes,
            reads=self.reads,
            health=self.health,
        )
        runner.start()
        self.runners[table.id] = runner
        return runner

    def get(self, table_id: str) -> TableRunner:
        """The table's runner; ``TableError('unknown_table')`` when there is none."""
        runner = self.runners.get(table_id)
        if runner is None and len(table_id) <= 32 and table_id.isascii():
            runner = self._load(table_id)
        if runner is None:
            raise TableError("unknown_table", "there is no table at this link")
        return runner

    async def create(self, form: object) -> dict[str, Any]:
        """A new table, its host seated at seat 0 and its bots after; with ``"start":
        true`` the game starts at once ("Play against bots now": no Start to click)."""
        data = form if isinstance(form, dict) else {}
        start = data.get("start", False)
        if not isinstance(start, bool):
            raise TableError(
                "invalid_settings",
                f"start must be true or false, got {short(start)}",
                details={"field": "start", "input": short(start)},
            )
        settings = TableSettings.from_form(
            form, bot_pause=self.config.bot_pause, between_hands=self.config.between_hands
        )
        if start and not settings.bots:
            raise TableError(
                "too_few_players",
                "a game started at once needs a bot at the table",
                details={"field": "bots"},
            )
        host = player_name(data.get("host_name"))
        table_id = new_table_id()
        secret = new_server_secret()  # the key of the table's fair shuffles
        self.store.create(table_id, settings, secret)
        table = Table(table_id, settings, secret=secret)
        return await self._open(table, host, BOT_NAMES, start=start)

    async def lesson(self, form: object) -> dict[str, Any]:
        """A lesson table ("Learn to play", docs/server.md): the learner (``name``)
        at seat 0, the lesson's two scripted bots, the game started at once; the
        table's name is ``table`` (the page sends both in the learner's language)."""
        data = form if isinstance(form, dict) else {}
        learner = player_name(data.get("name") or "Player")
        settings = lesson_settings(
            player_name(data.get("table") or "Lesson"), bot_pause=self.config.bot_pause
        )
        table_id = new_table_id()
        # no fair shuffles: the deck is arranged on purpose, and says so
        self.store.create(table_id, settings, None)
        # the script's names, unless the learner took one (the page names seats as seated)
        names = (*LESSON_NAMES, *BOT_NAMES)
        return await self._open(Table(table_id, settings), learner, names, start=True)

    async def _open(
        self, table: Table, host: str, names: Sequence[str], *, start: bool
    ) -> dict[str, Any]:
        """Run a table just stored: its host at seat 0, its bots after (named from
        ``names``, the host's name left out), the game started if ``start``."""
        runner = self._run(table, {}, 0)
        token = new_token()
        await runner.call("seated", {"seat": 0, "name": host, "bot": None}, token=token)
        free = iter(n for n in names if n.casefold() != host.casefold())
        for seat, kind in enumerate(table.settings.bots, start=1):
            await runner.call("seated", {"seat": seat, "name": next(free), "bot": kind})
        if start:
            await runner.call("started", {})
        return {"table": table.id, "seat": 0, "token": token, "url": f"/t/{table.id}"}

    async def join(self, table_id: str, form: object) -> dict[str, Any]:
        """A person takes a seat (the one asked for, else the first free one)."""
        runner = self.get(table_id)
        data = form if isinstance(form, dict) else {}
        free = runner.table.free_seats()
        seat = data.get("seat")
        if seat is None:
            if not free:
                raise TableError("table_full", "no seat is free: watch instead")
            seat = free[0]
        token = new_token()
        await runner.call(
            "seated", {"seat": seat, "name": data.get("name"), "bot": None}, token=token
        )
        taken = runner.table.seats[seat] if isinstance(seat, int) else None
        pending = taken is not None and taken.pending
        return {"table": table_id, "seat": seat, "token": token, "pending": pending}

    async def close(self) -> None:
        """Stop every table's task (and, in a cluster, the listening and adopting)."""
        for task in (self._adopter, self._keeper, self._watcher):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for runner in self.runners.values():
            await runner.stop()
        if self.writes is not None:
            await self.writes.close()
        if self.reads is not None:
            await self.reads.close()
        if self.cluster is not None:
            await self.cluster.stop()
