"""One asyncio task per table: its only writer (the actor loop and the commit).

Everything that changes a table — a seat taken over HTTP, a client's decision, a
bot's, the clock's, the next hand's deal — is a job on the table's queue, and
the table's task carries the jobs out one at a time, so two changes never
interleave. A change is written to the store (and committed) before any client
hears of it; then every client gets the new entries and the table as its own
viewer sees it (:mod:`~palace_poker.server.model.projection`), through its own
outbox (:mod:`~palace_poker.server.live.outbox`), so a slow client never holds
up the table.

:class:`TableRunner` composes the parts: the table kept as its log has it
(:mod:`~palace_poker.server.live.replica`), the moves nobody asks for
(:mod:`~palace_poker.server.live.automatic`), and here the loop, the commit and
a client's hello. A client's message (a class of
:mod:`~palace_poker.server.model.messages`) is checked for its sender here, once
(:meth:`TableRunner._check_sender`: a hello first, a seat), and becomes the table
command its class names; the table checks the host's before any handler.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from palace_poker.errors import PalaceError
from palace_poker.server.live.automatic import Automatic
from palace_poker.server.live.outbox import Client
from palace_poker.server.live.replica import Job
from palace_poker.server.model import projection
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.messages import Chat, Hello, Message, Ping
from palace_poker.server.model.protocol import token_hash
from palace_poker.server.storage.store import Append, ConflictError, unreachable

log = logging.getLogger("palace_poker.server")

#: Entries a client new to the table is sent: those of the hand in play, else the last.
FRESH_ENTRIES = 60

#: How often a command is carried out again after another process wrote its
#: table first (each time on the table rebuilt from the log).
CONFLICT_TRIES = 3

#: The close of a hello that cannot be answered now (the table's log cannot be
#: read): WebSocket's own "try again later", after which the browser reconnects.
TRY_LATER = (1013, "the table cannot be read just now: reconnect soon")


#: Entries that free a seat: its token is forgotten, its holder's connection watches.
FREEING = ("refused", "removed", "stood_up")

_NO_SPECTATORS = {
    "code": "no_spectators",
    "message": "the host has turned watching off at this table",
    "rule": None,
    "ref": None,
}


def _unavailable() -> TableError:
    """The refusal of a change while the store cannot be reached (docs/deploy.md)."""
    return TableError(
        "storage_unavailable",
        "the server cannot reach its database just now: nothing changed, play "
        "resumes by itself when it is back",
    )


class TableRunner(Automatic):
    """The task that owns one table (see the module's text)."""

    task: asyncio.Task[None] | None = None
    watchers = 0  # spectators numbered so far (for the chat)

    def start(self) -> None:
        """Start the table's task."""
        self.task = asyncio.get_running_loop().create_task(self._loop(), name=self.table.id)

    async def stop(self) -> None:
        """Stop the task (a server shutting down: everything is stored already)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for client in list(self.clients):
            client.end(1012, "the server is restarting: reconnect")

    async def call(self, kind: str, data: dict[str, Any], *, token: str | None = None) -> Any:
        """Ask the table for a change and wait for its answer (HTTP requests)."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self.queue.put(Job(kind, data, token=token, done=done))
        return await done

    def submit(self, client: Client, message: Message) -> None:
        """Queue a client's checked message."""
        self.queue.put_nowait(Job(message.TYPE, {}, client=client, message=message))

    def dropped(self, client: Client) -> None:
        """A client's connection ended."""
        self.queue.put_nowait(Job("dropped", {}, client=client))

    async def _loop(self) -> None:
        if self.cluster is not None:  # the lease is renewed for all tables by the hub
            await self._claim()
        while True:
            # A job waiting is taken first; else the table waits for one, or for
            # its alarm when an automatic change is due (no timeout raised: under
            # load, an exception a decision is garbage the collector must chase).
            self._think_ahead()  # a bot's turn began: it thinks during its pause
            job = self.queue.get_nowait() if not self.queue.empty() else None
            if job is None:
                wait = self._until_due()
                job = Job("due", {}) if wait == 0 else await self._next_job(wait)
            if job.kind == "due":
                await self._run_automatic()
                continue
            try:
                await self._job(job)
            except PalaceError as err:
                self._refuse(job, err)
            except Exception as err:  # a bug must not stop the table: log it, refuse
                if unreachable(err):  # the store is away (a read): said once, refused
                    self.health.failed(err)
                    self._refuse(job, _unavailable())
                    continue
                log.exception("table %s: job %s failed", self.table.id, job.kind)
                self._refuse(
                    job, TableError("server_error", f"the server failed: {type(err).__name__}")
                )

    async def _next_job(self, wait: float | None) -> Job:
        """The next job, or a ``due`` job after ``wait`` seconds (None: no alarm)."""
        alarm = (
            None
            if wait is None
            else asyncio.get_running_loop().call_later(wait, self.queue.put_nowait, Job("due", {}))
        )
        try:
            return await self.queue.get()
        finally:
            if alarm is not None:  # (an alarm that rang leaves a due job: harmless)
                alarm.cancel()

    def _refuse(self, job: Job, err: PalaceError) -> None:
        if job.done is not None and not job.done.done():
            job.done.set_exception(err)
        elif job.client is not None:
            # (a stale table's memory is ahead of the log: say what the client was told)
            seq = job.client.last if self._stale else self.table.seq
            ref = job.message.ref if job.message is not None else None
            job.client.post(projection.error(err, seq=seq, ref=ref))

    async def _news_job(self, kind: str) -> None:
        """Another process stored entries of this table (``catch_up``), or the
        store went away or came back (``storage``: the loop's next due time says
        what to do, see :meth:`_until_due`)."""
        if kind == "catch_up":
            self._news_queued = False
            if not self._stale:  # (a stale table reads the whole log when it can)
                await self._catch_up()

    async def _job(self, job: Job) -> None:
        client = job.client
        if job.kind in ("catch_up", "storage"):
            await self._news_job(job.kind)
            return
        if job.kind == "dropped":
            assert client is not None
            self.clients.discard(client)
            client.end(1000, "closed")
            self._presence()  # the seats' connections and the number watching
            return
        if client is None:  # a change asked over HTTP
            await self._commit(job.kind, job.data, token=job.token)
            assert job.done is not None
            job.done.set_result(self.table.seq)
            return
        message = job.message
        assert message is not None
        if isinstance(message, Hello):
            await self._hello(client, message)
            return
        seat = self._check_sender(client, message)
        if isinstance(message, Ping):
            client.post({"type": "pong"})
        elif isinstance(message, Chat):
            self._chat_budget(client)
            chat = message.command(seat) if seat is not None else message.watched(client.watcher)
            await self._commit(message.ENTRY, chat)
        else:
            assert seat is not None
            await self._commit(message.ENTRY, message.command(seat))

    @staticmethod
    def _check_sender(client: Client, message: Message) -> int | None:
        """The seat a message comes from, if its sender may send it: the connection's
        part of who may (:attr:`~palace_poker.server.model.messages.Message.SENDER`),
        checked once before any handler. A hello first; then a seat for anything
        that is not for ``anyone``. Whether the seat is the host's is the table's to
        say (:meth:`~palace_poker.server.model.table.Table.submit`), as it knows."""
        if not client.greeted:
            raise TableError("hello_first", "say hello first (with your token, or none to watch)")
        if message.SENDER != "anyone" and client.seat is None:
            raise TableError("not_seated", "a spectator cannot do that: take a seat first")
        return client.seat

    async def _commit(self, kind: str, data: dict[str, Any], *, token: str | None = None) -> None:
        """Carry out a command, store it, then tell everyone.

        Where several processes share the table, the store refuses a change
        numbered after entries another process stored meanwhile
        (:class:`ConflictError`, the log's own numbering being the fence): the
        table is rebuilt from the log and the command carried out again on it, so
        that a decision made on the old hand is refused as stale.
        """
        if self._stale or (self.health.down and not self.health.may_try()):
            raise _unavailable()  # at once: the store is away (tried again meanwhile)
        if self._held is not None and kind != "storage_back":
            await self._give_back(before_change=True)  # the clocks' time back first
        if self.cluster is None:
            await self._commit_here(kind, data, token=token)
            return
        for _ in range(CONFLICT_TRIES):
            try:
                await self._commit_here(kind, data, token=token)
                break
            except ConflictError:
                # Memory holds the refused change: read the log again before anything
                # else, also after the last try (else memory stays ahead of the log,
                # and the entry another process stored under the same number, which
                # is no news by its number, would never reach this process's clients)
                log.info("table %s: another process wrote it first; catching up", self.table.id)
                await self._rebuild()
        else:
            raise TableError(
                "storage_failed", "the table changed on another server meanwhile: try again"
            )
        await self.cluster.publish(self.table.id, self.table.seq)
        if self.table.status == "over" and self.writer:  # a game over needs no writer
            await asyncio.to_thread(self.store.release, self.table.id, self.cluster.owner)
            self.writer = False

    async def _commit_here(
        self, kind: str, data: dict[str, Any], *, token: str | None = None
    ) -> None:
        table = self.table
        entries = table.submit(kind, data, at=self.clock())
        fresh = table.shuffle.take_fresh()
        seat_token = None
        if token is not None and kind == "seated":
            seat_token = (int(data["seat"]), token_hash(token))
        freed = [int(e.data["seat"]) for e in entries if e.kind in FREEING]
        write = Append(
            table.id, tuple(entries), tuple(fresh), self.shuffles_stored, seat_token, tuple(freed)
        )
        try:
            if self.writes is not None:
                await self.writes.append(write)
            else:
                await asyncio.to_thread(self.store.append_all, [write])
        except ConflictError:
            raise  # the caller catches up and tries again
        except Exception as err:
            if not unreachable(err):
                log.exception(
                    "table %s: the store refused entries %s", table.id, [e.seq for e in entries]
                )
                await self._reread()
                raise TableError(
                    "storage_failed", "the change could not be stored: try again"
                ) from None
            # The store is away: said once for the process, not once a change; the
            # clocks stop; memory holds the refused change, so the table is read
            # again from the log (or, if it cannot be read, left stale meanwhile).
            self.health.failed(err)
            if self._held is None and table.status == "playing":
                self._held = self.health.since
            self._stale = True
            self._back_off()
            with contextlib.suppress(Exception):
                await self._rebuild()
            raise _unavailable() from None
        self.health.worked()
        self.shuffles_stored += len(fresh)
        for seat in freed:  # the seat's token is no one's now: its holder watches
            self.tokens.pop(seat, None)
            self.bots.pop(seat, None)
            for client in self.clients:
                if client.seat == seat:
                    client.seat = None
        if seat_token is not None:
            self.tokens[seat_token[0]] = seat_token[1]
        self._broadcast()
        if not table.settings.spectators:
            self._send_spectators_away()

    def _chat_budget(self, client: Client) -> None:
        """A connection sends at most CHAT_BURST chat lines in CHAT_WINDOW seconds."""
        if client.chats.take(self.clock()):
            raise TableError("rate_limited", "too many chat messages: wait a few seconds")

    def _send_spectators_away(self) -> None:
        """The host turned spectating off: connections without a seat are closed."""
        for client in list(self.clients):
            if client.seat is None:
                client.post({"type": "error", **_NO_SPECTATORS, "seq": self.table.seq})
                client.end(4005, "this table has no spectators")
                self.clients.discard(client)

    async def _hello(self, client: Client, message: Hello) -> None:
        """Greet a client: its seat (by its token's hash), the table as it sees it,
        and the entries it has not heard of.

        Reconnects never go backwards. A ``last_seq`` ahead of this process's table
        means the process lags the log (another process wrote, Redis missed the
        notice): the log is read first, and the client is answered from its
        ``last_seq``, never with an older view or an entry it had. If the log cannot
        be read (or memory holds a change the store refused), the client is refused
        with ``storage_unavailable`` and its connection closed with 1013 (try again
        later): it comes back with back-off. A ``last_seq`` still beyond the log's
        end once read was never sent by this server (a client lying, or a database
        restored from a backup): it is answered as a new client is."""
        last = message.last_seq
        ahead = isinstance(last, int) and last > self.table.seq
        if (ahead and not await self._read_log()) or self._stale:
            seen = last if isinstance(last, int) else 0
            client.post(projection.error(_unavailable(), seq=seen, ref=message.ref))
            client.end(*TRY_LATER)
            return
        table = self.table
        token = message.token
        seat: int | None = None
        if token is not None:
            digest = token_hash(str(token))
            seat = next((s for s, h in self.tokens.items() if h == digest), None)
            if seat is None:
                raise TableError(
                    "invalid_token",
                    "this token is not a seat's at this table: watch or take a seat",
                )
        if seat is None and not table.settings.spectators:
            client.post({"type": "error", **_NO_SPECTATORS, "seq": table.seq})
            client.end(4005, "this table has no spectators")
            return
        for other in list(self.clients):
            if other is not client and seat is not None and other.seat == seat:
                other.post({"type": "replaced", "message": "you connected again from another tab"})
                other.end(4001, "replaced")
                self.clients.discard(other)
        client.seat, client.greeted = seat, True
        if seat is None and not client.watcher:
            self.watchers += 1
            client.watcher = self.watchers
        self.clients.add(client)
        after = last if isinstance(last, int) and 0 <= last <= table.seq else self._fresh_start()
        client.post(
            {
                "type": "welcome",
                "seq": table.seq,
                "you": seat,
                "host": seat is not None and seat == table.host,
                "view": self._views()(seat),
                "log": projection.entries(table, seat, after),
            }
        )
        client.last = table.seq
        self._presence()

    def _fresh_start(self) -> int:
        """Where a new client's log starts: at the hand in play, else the last few."""
        for item in reversed(self.table.log):
            if item.kind == "hand_started":
                return item.seq - 1
        return max(0, self.table.seq - FRESH_ENTRIES)
