"""One asyncio task per table: its only writer, its clocks and its bots.

Everything that changes a table — a seat taken over HTTP, a client's decision, a
bot's, the clock's, the next hand's deal — is a job on the table's queue, and
the table's task carries the jobs out one at a time, so two changes never
interleave. A change is written to the store (and committed) before any client
hears of it; then every client gets the new entries and the table as its own
viewer sees it (:mod:`~palace_poker.server.model.projection`), through its own
outgoing queue, so a slow client never holds up the table.

Between jobs the task sleeps until the next thing that is due: the next hand
(a few seconds after the last), a bot's decision (after its thinking pause), an
away player's default decision, or a turn clock running out (the engine's
default action, R-TURN-1's clock in docs/server.md). Deadlines are in the log
(a decision's time plus the turn time), so a rebuilt table re-arms them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from palace_poker.actions import Action
from palace_poker.bots import Bot, make_bot
from palace_poker.errors import PalaceError
from palace_poker.server.live.cluster import LEASE, Cluster
from palace_poker.server.model import projection
from palace_poker.server.model.lesson import LESSON_BOT, LessonBot
from palace_poker.server.model.protocol import FIELDS, token_hash
from palace_poker.server.model.settings import TableError
from palace_poker.server.model.table import HOST_COMMANDS, Table
from palace_poker.server.storage.group_commit import GroupCommit
from palace_poker.server.storage.group_read import GroupRead
from palace_poker.server.storage.store import (
    RETRY_FIRST,
    RETRY_MOST,
    Append,
    ConflictError,
    Health,
    Store,
    unreachable,
)

log = logging.getLogger("palace_poker.server")

#: Entries a client new to the table is sent: those of the hand in play, else the last.
FRESH_ENTRIES = 60
#: How often a command is carried out again after another process wrote its
#: table first (each time on the table rebuilt from the log).
CONFLICT_TRIES = 3
#: Outgoing payloads a client may have waiting (updates merge, so only a client
#: that floods the server with bad messages gets this far behind).
MAX_BACKLOG = 256
#: Seconds one payload may take to leave for its client. A client that stops
#: reading (a frozen tab, a stalled link) fills the socket's buffers, and the send
#: waits; after this long it is closed with 4002 ("too far behind: reconnect"), by
#: the server's own rule, well before the keep-alive ping would drop it (20 s
#: without a pong after a ping every 20 s: a bare 1006 after 20 to 40 s).
SLOW_SEND = 10.0
#: The close a client too far behind gets (docs/server.md, close codes).
BEHIND = (4002, "too far behind: reconnect")
#: The close of a hello that cannot be answered now (the table's log cannot be
#: read): WebSocket's own "try again later", after which the browser reconnects.
TRY_LATER = (1013, "the table cannot be read just now: reconnect soon")


@dataclass(eq=False)
class Frame:
    """A payload on its way to one or more clients, encoded to JSON once however
    many of them receive it (the spectators of a table all get the same one)."""

    payload: dict[str, Any]
    _text: str | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self.payload, separators=(",", ":"))
        return self._text


@dataclass(eq=False)
class Client:
    """One WebSocket connection at a table: who it is and what it was last sent."""

    #: Sends one JSON text over the connection.
    send: Callable[[str], Any]
    close: Callable[[int, str], Any]
    seat: int | None = None
    greeted: bool = False
    last: int = 0
    #: The close code and reason sent when the connection is ended by the server.
    ending: tuple[int, str] = (1000, "closed")
    outbox: deque[Frame | None] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    #: A spectator's number in the chat (given on hello, in the order they came).
    watcher: int = 0
    #: When this connection's last chat lines were sent (the chat's own budget).
    chats: deque[float] = field(default_factory=deque)
    #: The connection is being closed: nothing more is queued.
    closing: bool = False
    #: Called when the client is closed for being too far behind: the table counts
    #: it gone at once (a frozen tab is not a player present, nor a spectator).
    behind: Callable[[], Any] | None = None

    def post(self, payload: dict[str, Any] | Frame) -> None:
        """Queue a payload for this client (never blocks the table).

        A client that reads more slowly than the table changes (bots playing each
        other without a pause) is not left behind: an update or presence notice
        still waiting is merged with the next one (the entries joined, the newer
        view kept), so the queue stays short and nothing is skipped. A merge makes
        a new frame: a frame may be shared with other clients.
        """
        if self.closing:  # ending: nothing more is sent
            return
        frame = payload if isinstance(payload, Frame) else Frame(payload)
        waiting = self.outbox[-1] if self.outbox else None
        if waiting is not None and _mergeable(waiting.payload, frame.payload):
            self.outbox[-1] = Frame(_merged(waiting.payload, frame.payload))
        elif len(self.outbox) < MAX_BACKLOG:
            self.outbox.append(frame)
        else:  # only errors pile up like this: a client flooding, dropped
            self.end(4002, "too many messages waiting: reconnect")
        self.ready.set()

    def end(self, code: int, reason: str) -> None:
        """Close the connection after the payloads queued so far."""
        if self.closing:
            return
        self.closing = True
        self.ending = (code, reason)
        self.outbox.append(None)
        self.ready.set()

    async def pump(self) -> None:
        """Send the queued payloads in order until the connection ends.

        A payload that has not left within :data:`SLOW_SEND` seconds means the
        client stopped reading: the rest is dropped and the connection closed with
        :data:`BEHIND` (4002), which reaches the client after what its buffers
        hold; it reconnects with its last seq and misses nothing."""
        try:
            while True:
                while not self.outbox:
                    self.ready.clear()
                    await self.ready.wait()
                frame = self.outbox.popleft()
                if frame is None:
                    break
                try:
                    await asyncio.wait_for(self.send(frame.text()), SLOW_SEND)
                except TimeoutError:
                    self.closing, self.ending = True, BEHIND
                    self.outbox.clear()
                    log.info("a client too far behind was closed (%s)", BEHIND[0])
                    if self.behind is not None:
                        self.behind()
                    break
            await self.close(*self.ending)
        except Exception:  # the peer went away: nothing more to send
            log.debug("a connection ended while sending", exc_info=True)


def _mergeable(waiting: dict[str, Any], payload: dict[str, Any]) -> bool:
    kinds = ("update", "presence")
    return waiting["type"] in kinds and payload["type"] in kinds


def _merged(waiting: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
    """One update for two: the entries of both, the newer view."""
    log_ = [*waiting.get("log", []), *payload.get("log", [])]
    return {**waiting, **payload, "log": log_, "type": "update" if log_ else payload["type"]}


#: The chat's budget: CHAT_BURST lines a connection in any CHAT_WINDOW seconds.
CHAT_BURST, CHAT_WINDOW = 5, 10.0
#: Entries that free a seat: its token is forgotten, its holder's connection watches.
FREEING = ("refused", "removed", "stood_up")
_NO_SPECTATORS = {
    "code": "no_spectators",
    "message": "the host has turned watching off at this table",
    "rule": None,
    "ref": None,
}
#: A client's message type -> the table's command, for messages from a seat.
_COMMANDS = {
    "start": "started",
    "end": "ended",
    "back": "back",
    "act": "action",
    "pause": "paused",
    "resume": "resumed",
    "approve": "approved",
    "refuse": "refused",
    "remove": "removed",
    "pass_host": "host_passed",
    "add_bot": "seated",
    "settings": "settings_changed",
    "sit_out": "sat_out",
    "sit_in": "sat_in",
    "stand_up": "stood_up",
    "rebuy": "rebought",
    "ready": "ready",
    "mute": "muted",
    "unmute": "unmuted",
}


def _unavailable() -> TableError:
    """The refusal of a change while the store cannot be reached (docs/deploy.md)."""
    return TableError(
        "storage_unavailable",
        "the server cannot reach its database just now: nothing changed, play "
        "resumes by itself when it is back",
    )


def _bot(kind: str) -> Bot:
    """A seat's bot: a lesson's scripted bot, or a registered kind."""
    return LessonBot() if kind == LESSON_BOT else make_bot(kind)


def command_of(kind: str, message: dict[str, Any], seat: int) -> tuple[str, dict[str, Any]]:
    """The table command a seat's checked message asks for. Every command names
    who gives it (``by`` for the host's tools, ``seat`` for a player's own), and
    the table (the one referee) decides whether that seat may."""
    command = _COMMANDS[kind]
    if command in HOST_COMMANDS or kind in ("start", "end", "add_bot"):
        host, seen = _host_command(kind, message, seat)
        return command, host if seen is None else {**host, "seq": seen}
    if kind == "act":
        data = {
            "seat": seat,
            "action": message["action"],
            "hand": message["hand"],
            "version": message["version"],
            "by": "player",
        }
        return command, data
    if kind == "rebuy":
        return command, {"seat": seat, "chips": message["chips"]}
    return command, {"seat": seat}


def _host_command(kind: str, message: dict[str, Any], seat: int) -> tuple[dict[str, Any], object]:
    """A host's tool as the table's command, and the table version it names."""
    seen = message.get("seq")
    if kind == "add_bot":
        bot = str(message["bot"])
        return {"by": seat, "seat": message["seat"], "name": None, "bot": bot}, seen
    if kind == "settings":
        return {"by": seat, "changes": message["changes"]}, seen
    if "seat" in FIELDS[kind]:
        return {"by": seat, "seat": message["seat"]}, seen
    return {"by": seat}, seen


@dataclass
class Thinking:
    """A bot's search under way (see :meth:`TableRunner._think_ahead`): the turn it
    answers (hand number, hand version, table seat), its answer to come, and when
    the answer came (the runner's clock)."""

    turn: tuple[int, int, int]
    answer: asyncio.Future[Action]
    done_at: float | None = None


@dataclass
class Job:
    """A change asked of the table, and the future its answer goes to."""

    kind: str
    data: dict[str, Any]
    client: Client | None = None
    token: str | None = None
    done: asyncio.Future[Any] | None = None


class TableRunner:
    """The task that owns one table (see the module's text)."""

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
        self.bots: dict[int, Bot] = {}
        #: The bot's search for the turn in play, begun when the turn began.
        self._thinking: Thinking | None = None
        self.queue: asyncio.Queue[Job] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.watchers = 0  # spectators numbered so far (for the chat)
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
        #: The start of a storage outage whose time the clocks have not been given
        #: back yet (a storage_back entry, before any other change: docs/deploy.md).
        self._held: float | None = None
        #: While the store is away: when this table tries it again, and the wait
        #: after that try (doubling from RETRY_FIRST to RETRY_MOST).
        self._retry_at = 0.0
        self._retry = RETRY_FIRST

    # ------------------------------------------------------------ life

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

    def submit(self, client: Client, message: dict[str, Any]) -> None:
        """Queue a client's checked message."""
        self.queue.put_nowait(Job(str(message["type"]), message, client=client))

    def news(self, seq: int | None = None) -> None:
        """Another process stored entries up to ``seq`` (None: look anyway): the
        table catches up, once however many notices come before it does."""
        if not self._news_queued and (seq is None or seq > self.table.seq):
            self._news_queued = True
            self.queue.put_nowait(Job("catch_up", {}))

    def storage_changed(self, since: float | None = None) -> None:
        """The store went away, or came back after an outage that began at
        ``since`` (the hub tells every table): the table looks at once (its
        clocks stop, or it gives them the outage's time back)."""
        if since is not None and self.table.status == "playing":
            self._held = since if self._held is None else min(self._held, since)
        self._retry_at, self._retry = 0.0, RETRY_FIRST
        self.queue.put_nowait(Job("storage", {}))

    def dropped(self, client: Client) -> None:
        """A client's connection ended."""
        self.queue.put_nowait(Job("dropped", {}, client=client))

    # ------------------------------------------------------------ the loop

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

    async def _run_automatic(self) -> None:
        if self.health.down and self._held is None and self.table.status == "playing":
            self._held = self.health.since  # the clocks stop: their time is given back
        if self._stale or self._held is not None:
            await self._rebuild_or_wait()
            return
        try:
            await self._automatic()
        except PalaceError as err:  # another process changed the table first
            log.debug("table %s: an automatic change was refused: %s", self.table.id, err)
            await asyncio.sleep(0.05)  # it is still due: do not spin on it
        except Exception as err:  # logged; the next try comes with the next job or due time
            if unreachable(err):  # (said once for the process; the loop backs off)
                self.health.failed(err)
                self._back_off()
                return
            log.exception("table %s: an automatic change failed", self.table.id)
            await asyncio.sleep(1.0)

    def _refuse(self, job: Job, err: PalaceError) -> None:
        if job.done is not None and not job.done.done():
            job.done.set_exception(err)
        elif job.client is not None:
            # (a stale table's memory is ahead of the log: say what the client was told)
            seq = job.client.last if self._stale else self.table.seq
            job.client.post(projection.error(err, seq=seq, ref=job.data.get("ref")))

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
        if job.kind == "hello":
            await self._hello(client, job.data)
            return
        if not client.greeted:
            raise TableError("hello_first", "say hello first (with your token, or none to watch)")
        if job.kind == "ping":
            client.post({"type": "pong"})
            return
        seat = client.seat
        if job.kind == "chat":
            self._chat_budget(client)
            who: dict[str, Any] = (
                {"seat": seat} if seat is not None else {"watcher": client.watcher}
            )
            await self._commit("chat", {"seat": None, **who, "text": job.data["text"]})
            return
        if seat is None:
            raise TableError("not_seated", "a spectator cannot do that: take a seat first")
        if job.kind == "contribute":  # logged, so that the deal has it on any process
            await self._commit("contributed", {"seat": seat, "value": job.data["value"]})
            return
        await self._commit(*command_of(job.kind, job.data, seat))

    # ------------------------------------------------------------ changes

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
            await self._give_back()  # the clocks get the outage's time back first
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

    def held(self, writer: bool) -> None:
        """Whether this process holds the table's lease now (the hub's rounds)."""
        was, self.writer = self.writer, writer
        if writer and not was:
            log.info("table %s: this process writes it now", self.table.id)
            self.news()  # catch up with the log first, then what is due

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

    async def _rebuild_or_wait(self) -> None:
        """While the store is away (or just back): read the table again if its
        memory is stale, then give its clocks the outage's time back (a
        storage_back entry: the first write tried, so on a full disk it is what
        finds the store back). A failure waits twice as long as the last, from
        :data:`RETRY_FIRST` to :data:`RETRY_MOST` seconds, and logs nothing: the
        outage was said once (:class:`Health`)."""
        try:
            if self._stale:
                await self._rebuild()
                self.health.alive()
            if self._held is not None:
                await self._give_back()
        except PalaceError:  # refused while the store is still away: later
            self._back_off()
            return
        except Exception as err:
            if unreachable(err):
                self.health.failed(err)
            else:  # a bug: logged, and tried again later all the same
                log.exception("table %s: recovering from the outage failed", self.table.id)
            self._back_off()
            return
        if self.health.down:  # nothing of this table's to try: look again later
            self._back_off()
        else:
            self._retry, self._retry_at = RETRY_FIRST, 0.0

    async def _give_back(self) -> None:
        """Store the outage's time given back to the clocks (Table._storage_back),
        by the process that writes the table; a table with no clock running has
        nothing to give back."""
        since = self._held
        if since is None:
            return
        if self.table.status != "playing" or not self.writer:
            self._held = None
            return
        self._held = None  # (the entry is not asked for again while being stored)
        try:
            await self._commit("storage_back", {"since": since})
        except BaseException:
            self._held = since if self._held is None else min(self._held, since)
            raise

    def _back_off(self) -> None:
        """The next try at the store: after the wait, which doubles each time."""
        self._retry_at = self.clock() + self._retry
        self._retry = min(RETRY_MOST, self._retry * 2)

    def _broadcast(self) -> None:
        """Every greeted client gets the new entries and its view. One frame is
        made for each viewer and starting point: the spectators share one."""
        table, views = self.table, self._views()
        frames: dict[tuple[int | None, int], Frame] = {}
        for client in self.clients:
            if not client.greeted:
                continue
            key = (client.seat, client.last)
            if key not in frames:
                frames[key] = Frame(
                    {
                        "type": "update",
                        "seq": table.seq,
                        "view": views(client.seat),
                        "log": projection.entries(table, client.seat, client.last),
                    }
                )
            client.post(frames[key])
            client.last = table.seq

    def _presence(self) -> None:
        if self._stale:  # memory holds a change the store refused: tell nothing
            return
        views = self._views()
        frames: dict[int | None, Frame] = {}
        for client in self.clients:
            if client.greeted:
                if client.seat not in frames:
                    frames[client.seat] = Frame(
                        {"type": "presence", "seq": self.table.seq, "view": views(client.seat)}
                    )
                client.post(frames[client.seat])

    def _views(self) -> Callable[[int | None], dict[str, Any]]:
        """The table as each viewer sees it now, each viewer's made once."""
        now, connected, watching = self.clock(), self._connected(), self._watching()

        @functools.cache
        def view(seat: int | None) -> dict[str, Any]:
            return projection.view(
                self.table, seat, connected=connected, now=now, watching=watching
            )

        return view

    def _connected(self) -> set[int]:
        return {c.seat for c in self.clients if c.seat is not None}

    def _present(self) -> set[int] | None:
        """The seats whose players' pages are connected, for the table's pace (the
        wait for everyone to be ready, the time bank); None with several processes,
        where a player may be connected to another one: everyone counts as present
        (the longest wait still bounds a wait for someone absent)."""
        return self._connected() if self.cluster is None else None

    def _watching(self) -> int:
        return sum(1 for c in self.clients if c.greeted and c.seat is None)

    def _view(self, seat: int | None, now: float) -> dict[str, Any]:
        return projection.view(
            self.table, seat, connected=self._connected(), now=now, watching=self._watching()
        )

    def _chat_budget(self, client: Client) -> None:
        """A connection sends at most CHAT_BURST chat lines in CHAT_WINDOW seconds."""
        now = self.clock()
        while client.chats and client.chats[0] <= now - CHAT_WINDOW:
            client.chats.popleft()
        if len(client.chats) >= CHAT_BURST:
            raise TableError("rate_limited", "too many chat messages: wait a few seconds")
        client.chats.append(now)

    # ------------------------------------------------------------ clients

    def _send_spectators_away(self) -> None:
        """The host turned spectating off: connections without a seat are closed."""
        for client in list(self.clients):
            if client.seat is None:
                client.post({"type": "error", **_NO_SPECTATORS, "seq": self.table.seq})
                client.end(4005, "this table has no spectators")
                self.clients.discard(client)

    async def _hello(self, client: Client, message: dict[str, Any]) -> None:
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
        last = message.get("last_seq")
        ahead = isinstance(last, int) and last > self.table.seq
        if (ahead and not await self._read_log()) or self._stale:
            seen = last if isinstance(last, int) else 0
            client.post(projection.error(_unavailable(), seq=seen, ref=message.get("ref")))
            client.end(*TRY_LATER)
            return
        table = self.table
        token = message.get("token")
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
                "view": self._view(seat, self.clock()),
                "log": projection.entries(table, seat, after),
            }
        )
        client.last = table.seq
        self._presence()

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

    def _fresh_start(self) -> int:
        """Where a new client's log starts: at the hand in play, else the last few."""
        for item in reversed(self.table.log):
            if item.kind == "hand_started":
                return item.seq - 1
        return max(0, self.table.seq - FRESH_ENTRIES)

    # ------------------------------------------------------------ what is due

    def _until_due(self) -> float | None:
        """Seconds until the next automatic change (None: none; nothing is due for
        a process that does not write the table: its writer makes those)."""
        if self._stale or self._held is not None or self.health.down:
            # the store is away: nothing is due but the next try at it (the clocks
            # wait); a table without a change to make waits for the hub's word
            if not (self._stale or self._held is not None or self.table.status == "playing"):
                return None
            return max(0.0, self._retry_at - self.clock())
        due = self._due() if self.writer else None
        return None if due is None else max(0.0, due[0] - self.clock())

    def _due(self) -> tuple[float, str] | None:
        """When the next automatic change is due, and which: ``deal``, ``bot``,
        ``away`` or ``clock``."""
        table = self.table
        if table.status != "playing" or table.paused:
            return None
        if table.next_hand_at is not None:
            due = table.deal_due(self._present())
            assert due is not None
            return due, "deal"
        seat = table.to_act()
        if seat is None:
            return None
        player = table.seats[seat]
        moved = table.last_move()  # (a contribution to the fair seed is no move)
        last = table.log[moved - 1].at if moved else self.clock()
        if player is not None and player.bot is not None:
            return last + table.thinking_pause(moved), "bot"
        if player is not None and player.away:
            return last + min(1.0, table.settings.bot_pause), "away"
        if table.deadline is not None:
            # The bank runs only for a player whose page is here (as at PokerStars):
            # a dropped connection's turn takes the default without spending it.
            present = self._present()
            banked = (
                player is not None
                and player.bank > 0
                and table.bank_from is None
                and (present is None or seat in present)
            )
            return table.deadline, "bank" if banked else "clock"
        return None

    async def _automatic(self) -> None:
        due = self._due()
        if due is None or due[0] > self.clock() or not self.writer:
            return
        kind = due[1]
        if kind == "deal":
            given = {str(seat): value for seat, value in self.table.contributions.items()}
            await self._commit("hand_started", {"contributions": given})
            return
        if kind == "bank":  # the turn's clock ran out: the time bank runs now
            await self._commit("bank_used", {"seat": self.table.deadline_seat})
            return
        await self._decide(kind)

    async def _decide(self, by: str) -> None:
        table = self.table
        hand = table.hand
        seat = table.to_act()
        assert hand is not None
        assert seat is not None
        action = hand.default_action()
        if by == "bot":
            try:
                action = await self._bot_decision()
            except Exception:  # a bot's bug must not stall the table
                log.exception("table %s: bot %s failed; taking the default", table.id, seat)
        text = str(action).split(" ", 1)[1]
        decision = {"seat": seat, "action": text, "version": hand.version, "by": by}
        # the hand too: a retry after another process wrote first must not land on a
        # later hand at the same version (Table._same_hand)
        await self._commit("action", {**decision, "hand": table.hand_number})

    # ------------------------------------------------------------ a bot's time

    def _bot_turn(self) -> tuple[int, int, int] | None:
        """The turn a bot of this table must answer now (hand number, hand version,
        table seat), or None: no bot's decision is due (nor would be, for a process
        that does not write the table)."""
        due = self._due() if self.writer else None
        hand, seat = self.table.hand, self.table.to_act()
        if due is None or due[1] != "bot" or hand is None or seat is None:
            return None
        return self.table.hand_number, hand.version, seat

    def _think_ahead(self) -> None:
        """When a bot's turn begins, its search begins, in a thread, so that it runs
        during the bot's thinking pause and its decision is announced when the pause
        ends, whatever the cards made it think about (docs/server.md, "Privacy").

        The pause (:meth:`Table.thinking_pause`) depends on the table and its log
        only; the search's time depends on the cards (more options, more worlds to
        play out), and was added to the pause when the search began after it. One
        search at a time: a new turn's waits for the last one's thread to end. The
        answer is used only for the turn it was asked for (a hand that moved on in
        the meantime asks again, see :meth:`_bot_decision`)."""
        try:
            turn = self._bot_turn()
            thinking = self._thinking
            if turn is None or (
                thinking is not None and (thinking.turn == turn or not thinking.answer.done())
            ):
                return
            self._thinking = self._search(turn)
        except Exception:  # a bot's bug must not stop the table: it decides when due
            log.exception("table %s: a bot's search could not begin", self.table.id)

    def _search(self, turn: tuple[int, int, int]) -> Thinking:
        """Start the search of the bot at ``turn``'s seat, on its own observation."""
        table, seat = self.table, turn[2]
        player, hand, at = table.seats[seat], table.hand, table.hand_seat(seat)
        assert player is not None
        assert player.bot is not None
        assert hand is not None
        bot = self.bots.get(seat) or self.bots.setdefault(seat, _bot(player.bot))
        observation = hand.observe(at)
        answer = asyncio.get_running_loop().run_in_executor(None, bot.act, observation)
        thinking = Thinking(turn, answer)

        def finished(future: asyncio.Future[Action]) -> None:
            thinking.done_at = self.clock()
            if not future.cancelled():
                future.exception()  # read: a failure of an answer not used is no warning

        answer.add_done_callback(finished)
        return thinking

    async def _bot_decision(self) -> Action:
        """The bot's decision, at the end of its pause: the search begun with its
        turn (begun now if it was not, after waiting for an earlier one to end).

        A search that ends after the pause (a slow machine, a table whose process
        became its writer late) is announced at the next whole ``bot_pause`` past
        the pause, so its announcement says at most how many pauses it ran over,
        never to the millisecond how long it took. A table without a pause
        (``bot_pause`` 0) announces a decision as soon as it is made."""
        turn, due = self._bot_turn(), self._due()
        assert turn is not None
        assert due is not None
        thinking = self._thinking
        if thinking is None or thinking.turn != turn:
            if thinking is not None:  # one search at a time: the old one's answer is not used
                with contextlib.suppress(Exception):
                    await thinking.answer
            thinking = self._thinking = self._search(turn)
        action = await thinking.answer
        done_at = self.clock() if thinking.done_at is None else thinking.done_at
        step, over = self.table.settings.bot_pause, done_at - due[0]
        if step > 0 and over > 0:
            await asyncio.sleep(max(0.0, due[0] + math.ceil(over / step) * step - self.clock()))
        return action
