"""The FastAPI application: the pages, the REST calls and the WebSocket.

``create_app(config)`` builds it; ``palace-poker serve`` runs it on uvicorn. On
start it opens the store (applying the migrations), rebuilds every stored table
whose game is not over and starts its task, so hands in play carry on, with their
clocks and their bots, before the first connection is accepted.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import hmac
import ipaddress
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import sqlalchemy as sa
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from palace_poker.bots import LEVELS, offered
from palace_poker.checks import short
from palace_poker.errors import PalaceError
from palace_poker.fair import new_server_secret
from palace_poker.server.live.cluster import LEASE, POLL, RENEW, Cluster, cluster_of
from palace_poker.server.live.outbox import Client
from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model import history, projection
from palace_poker.server.model.ledger import csv_text
from palace_poker.server.model.lesson import BOT_NAMES as LESSON_NAMES
from palace_poker.server.model.lesson import lesson_settings
from palace_poker.server.model.protocol import MAX_TOKEN, new_table_id, new_token, read, token_hash
from palace_poker.server.model.settings import (
    BOT_NAMES,
    DEFAULT_BETWEEN_HANDS,
    TableError,
    TableSettings,
    player_name,
)
from palace_poker.server.model.table import Table
from palace_poker.server.storage import retention
from palace_poker.server.storage.group_commit import GroupCommit
from palace_poker.server.storage.group_read import GroupRead
from palace_poker.server.storage.store import Health, Store, unreachable

STATIC = Path(__file__).parent.parent / "static"
#: The threads the database calls run in (asyncio's default is the number of cores
#: plus four: six on a two-core machine, too few for many tables).
DATABASE_THREADS = 32
#: The largest request body the REST calls read, in bytes.
MAX_BODY = 16_384
#: A connection's message budget: a burst of this many, refilled at RATE a second.
BURST, RATE = 30, 10.0
#: The media type of the JSON Lines downloads.
NDJSON = "application/x-ndjson; charset=utf-8"
#: Names the bots get, in turn.
#: HTTP status of each refusal (400 otherwise).
STATUS = {
    "unknown_table": 404,
    "seat_taken": 409,
    "name_taken": 409,
    "table_full": 409,
    "game_started": 409,
    "message_too_large": 413,
    "rate_limited": 429,
    "storage_unavailable": 503,
}

log = logging.getLogger("palace_poker.server")

NO_TABLE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title data-words="html.noTable">No such table - Palace Poker</title>
<link rel="stylesheet" href="/static/fonts.css">
<link rel="stylesheet" href="/static/style.css">
<script type="module" src="/static/language.js"></script>
</head><body><main class="missing"><h1 data-words="html.noTable">No table at this link</h1>
<p data-words="html.noTableHint">The link may be mistyped, or the table was never made on this
server.</p>
<p><a href="/" data-words="html.createTable">Create a table</a></p></main></body></html>"""


@dataclass(frozen=True)
class ServerConfig:
    """What ``palace-poker serve`` was given."""

    database_url: str
    bot_pause: float = 1.0
    between_hands: float = DEFAULT_BETWEEN_HANDS
    allowed_origins: tuple[str, ...] = ()
    #: Redis, for several processes on one PostgreSQL log (docs/deploy.md).
    redis_url: str | None = None
    #: What one client address may ask for (docs/deploy.md, "Running it for
    #: others"): new tables (lessons included) an hour and seat requests a minute,
    #: each a burst of that many at once; 0: no limit.
    tables_per_hour: int = 0
    seats_per_minute: int = 0
    #: Days after which an idle table (finished or abandoned) is pruned, once a day
    #: (None: kept for ever), and the folder each is exported to first (None: none).
    retention_days: float | None = None
    export_dir: str | None = None


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
        """The store is back: every table gives its clocks the outage's time."""
        for runner in self.runners.values():
            runner.storage_changed(since)

    async def _watch(self) -> None:
        """On PostgreSQL, look at the store every second: an outage is noticed (and
        dated) within a second even while nobody plays, and its end too, so that
        play resumes by itself. (A SQLite file is read even when its disk is full:
        there the tables' own backed-off writes find the store back.)"""
        while True:
            await asyncio.sleep(1.0)
            try:
                await asyncio.to_thread(self.store.ping)
            except Exception as err:
                if unreachable(err):
                    self.health.failed(err)
                else:
                    log.exception("looking at the store failed")
                continue
            if self.health.down:
                self.health.worked()  # (a read proves PostgreSQL back: it writes too)
            else:
                self.health.alive()

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
            self._watcher = asyncio.get_running_loop().create_task(self._watch(), name="watch")
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
        runner = TableRunner(
            table,
            self.store,
            stored.tokens,
            shuffles_stored=len(stored.shuffles),
            cluster=self.cluster,
            writes=self.writes,
            reads=self.reads,
            health=self.health,
        )
        runner.start()
        self.runners[table_id] = runner
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
        runner = TableRunner(
            table,
            self.store,
            {},
            shuffles_stored=0,
            cluster=self.cluster,
            writes=self.writes,
            reads=self.reads,
            health=self.health,
        )
        runner.start()
        self.runners[table.id] = runner
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


def _refusal(err: PalaceError) -> dict[str, Any]:
    """A refusal's JSON body: the code, message and rule, and the form's field when
    the refusal names one (the home page marks that field and names it in words)."""
    body: dict[str, Any] = {"code": err.code, "message": err.message, "rule": err.rule}
    if isinstance(err.details.get("field"), str):
        body["field"] = err.details["field"]
    return {"error": body}


#: The headers every HTTP response carries (docs/server.md, "Privacy"): the pages
#: run only the server's own scripts and styles and talk only to their own server,
#: no other site may frame them (clickjacking), no response is read as another
#: type than it says, and no address of a table leaves in a Referer header.
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)
#: The Content-Security-Policy of every response, ``{sockets}`` the WebSocket
#: origins of the host asked for (``connect-src 'self'`` covers them in browsers
#: that follow CSP 3; older ones need them named).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def content_security_policy(host: str | None) -> str:
    """The policy for a request to ``host`` (its Host header): the table's socket
    may be opened on the same host, over ws or wss; a Host that is not a plain
    host name and port names no socket origin (nothing from it is echoed).

    >>> content_security_policy("127.0.0.1:8000").split("; ")[5]
    "connect-src 'self' ws://127.0.0.1:8000 wss://127.0.0.1:8000"
    >>> content_security_policy("evil; script-src *").split("; ")[5]
    "connect-src 'self'"
    """
    plain = host is not None and 0 < len(host) <= 255
    plain = plain and all(c.isascii() and (c.isalnum() or c in ".-:[]") for c in host or "")
    sockets = f" ws://{host} wss://{host}" if plain else ""
    return CSP.format(sockets=sockets)


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` and the Content-Security-Policy
    to every HTTP response (pages, static files, REST answers and refusals alike);
    a header a route set already is kept."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"host"), None)
        added = [
            *SECURITY_HEADERS,
            (b"content-security-policy", content_security_policy(host).encode()),
        ]

        async def sending(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in added if k not in have)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, sending)


def create_app(config: ServerConfig) -> FastAPI:
    """The application, serving the tables stored at ``config.database_url``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store.open(config.database_url)
        # Every database call of every table runs in a thread: enough of them that a
        # table waiting for its lock (held by another process) never starves the rest.
        asyncio.get_running_loop().set_default_executor(
            concurrent.futures.ThreadPoolExecutor(max_workers=DATABASE_THREADS)
        )
        hub = Hub(store, config, cluster=cluster_of(config.redis_url))
        await hub.restore()
        app.state.hub = hub
        pruner = _start_pruning(hub)
        yield
        await _stop(pruner)
        await hub.close()
        store.close()

    app = FastAPI(title="Palace Poker", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(PalaceError)
    async def refused(_request: Request, err: PalaceError) -> JSONResponse:
        wait = err.details.get("retry_after")  # a rate limit says when to come back
        headers = {"Retry-After": str(wait)} if isinstance(wait, int) else None
        return JSONResponse(_refusal(err), status_code=STATUS.get(err.code, 400), headers=headers)

    _storage_errors(app)

    @app.get("/")
    async def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str, request: Request) -> Response:
        return _table_page(_hub(request), table_id)

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        # the levels first (the bots a player picks by strength), then the bots by name
        return {"bots": offered(), "levels": list(LEVELS)}

    @app.post("/api/tables")
    async def create(request: Request) -> dict[str, Any]:
        _limited(request, "tables")
        return await _hub(request).create(await _body(request))

    @app.get("/api/tables/{table_id}")
    async def summary(table_id: str, request: Request) -> dict[str, Any]:
        table = _hub(request).get(table_id).table
        return {
            "table": table.id,
            "name": table.settings.name,
            "status": table.status,
            "seats": [
                {"seat": i, "name": s.name if s else None, "bot": s.bot if s else None}
                for i, s in enumerate(table.seats)
            ],
            "free": table.free_seats(),
            "settings": projection.view(table, None, connected=set(), now=time.time())["table"][
                "settings"
            ],
        }

    @app.get("/api/tables/{table_id}/ledger.csv")
    async def ledger_csv(table_id: str, request: Request) -> Response:
        return _ledger_download(_hub(request).get(table_id), request)

    _history_routes(app)
    _lesson_route(app)
    _health_route(app)
    app.state.limits = {
        "tables": AddressLimit(config.tables_per_hour, 3600.0, "new tables"),
        "seats": AddressLimit(config.seats_per_minute, 60.0, "seat requests"),
    }

    @app.post("/api/tables/{table_id}/seats")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        _limited(request, "seats")
        return await _hub(request).join(table_id, await _body(request))

    @app.websocket("/ws/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await _serve_socket(websocket, table_id, config)

    return app


@dataclass
class AddressLimit:
    """A token bucket for each client address: ``per`` requests every ``seconds``,
    at most ``per`` of them at once (the burst), the bucket refilled evenly.

    The address is the one uvicorn gives: behind a proxy it trusts
    (``--forwarded-allow-ips``), the client's as the proxy forwards it. The
    machine itself (a loopback address: a script on the server, a proxy that
    forwards no address) is never limited.

    >>> limit = AddressLimit(2, 60.0, "seat requests")
    >>> [limit.take("192.0.2.7", 0.0) for _ in range(3)], limit.take("192.0.2.7", 30.0)
    ([0, 0, 30], 0)
    >>> limit.take("127.0.0.1", 0.0), AddressLimit(0, 60.0, "none").take("192.0.2.7", 0.0)
    (0, 0)
    """

    per: int
    seconds: float
    what: str
    #: address -> (credit, when it was counted)
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)

    def take(self, address: str, now: float) -> int:
        """Count one request of ``address``: 0 when it may go on, else the whole
        seconds until it may (for ``Retry-After``)."""
        if self.per <= 0 or _loopback(address):
            return 0
        rate = self.per / self.seconds
        credit, stamp = self.buckets.get(address, (float(self.per), now))
        credit = min(float(self.per), credit + max(0.0, now - stamp) * rate)
        if credit < 1:
            self.buckets[address] = (credit, now)
            return max(1, math.ceil((1 - credit) / rate))
        self.buckets[address] = (credit - 1, now)
        if len(self.buckets) > MAX_ADDRESSES:  # forget the buckets full again
            self.buckets = {
                a: (c, t) for a, (c, t) in self.buckets.items() if c + (now - t) * rate < self.per
            }
        return 0


#: The addresses a limit remembers before it forgets those that are back to a
#: full bucket (a bound on its memory).
MAX_ADDRESSES = 10_000


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:  # not an address (a test client's name): counted as given
        return False


def _limited(request: Request, which: str) -> None:
    """Refuse the request with ``rate_limited`` (HTTP 429 and ``Retry-After``)
    when its address has used its budget of ``which`` (docs/deploy.md)."""
    limit: AddressLimit = request.app.state.limits[which]
    address = request.client.host if request.client is not None else ""
    wait = limit.take(address, time.monotonic())
    if wait:
        minutes = f"{math.ceil(wait / 60)} min" if wait >= 60 else f"{wait} s"
        raise TableError(
            "rate_limited",
            f"too many {limit.what} from this address: {limit.per} every "
            f"{limit.seconds / 60:g} min; try again in {minutes}",
            details={"retry_after": wait},
        )


def _health_route(app: FastAPI) -> None:
    """``GET /api/health`` (docs/deploy.md, "Running it for others")."""

    @app.get("/api/health")
    async def health(request: Request) -> JSONResponse:
        body = await _health(_hub(request))
        return JSONResponse(
            body,
            status_code=200 if body["status"] == "ok" else 503,
            headers={"Cache-Control": "no-store"},
        )


#: How long the health check waits for the database and for Redis, in seconds.
HEALTH_TIMEOUT = 2.0


async def _health(hub: Hub) -> dict[str, Any]:
    """Whether the database and (in a cluster) Redis answer, each asked once, at
    most :data:`HEALTH_TIMEOUT` seconds, and whether the database takes changes
    (the process's outage state: ``unwritable`` while its writes are refused):
    ``status`` is ``ok`` when all is well, else ``unavailable``. It reads no
    table, so a monitor may ask every few seconds."""

    async def database() -> str:
        try:
            await asyncio.wait_for(asyncio.to_thread(hub.store.ping), HEALTH_TIMEOUT)
        except Exception:  # unreachable, refused or too slow: all the same to a monitor
            return "unreachable"
        # read but not written: a SQLite file on a full disk, until a write passes
        return "unwritable" if hub.health.down else "ok"

    async def redis() -> str | None:
        if hub.cluster is None:
            return None
        try:
            await asyncio.wait_for(hub.cluster.ping(), HEALTH_TIMEOUT)
        except Exception:  # as for the database
            return "unreachable"
        return "ok"

    storage, news = await asyncio.gather(database(), redis())
    healthy = storage == "ok" and news in (None, "ok")
    return {
        "status": "ok" if healthy else "unavailable",
        "storage": storage,
        "redis": news,
        "tables": len(hub.runners),
    }


def _start_pruning(hub: Hub) -> asyncio.Task[None] | None:
    """With a retention set, the task that prunes the expired tables at start and
    then once a day; None without one."""
    if hub.config.retention_days is None:
        return None
    return asyncio.get_running_loop().create_task(_prune_daily(hub), name="prune")


async def _stop(task: asyncio.Task[None] | None) -> None:
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _prune_daily(hub: Hub) -> None:
    """Prune the expired tables now, and again every day; a round that fails (the
    database is away) is logged in one line and tried again the next day."""
    while True:
        try:
            await _prune_once(hub)
        except Exception as err:  # the next round tries again
            log.warning("pruning the expired tables failed: %s", str(err).splitlines()[0])
        await asyncio.sleep(retention.DAY)


async def _prune_once(hub: Hub) -> retention.Pruned:
    """One round: the tables someone is connected to are kept whatever their age;
    the others that expired have their task stopped (they are idle: nothing is
    due) and their rows deleted (:func:`retention.prune`). A table kept after all
    (its export failed, or a change came) is loaded again; one loaded again
    meanwhile (its link opened) and deleted is dropped."""
    days = hub.config.retention_days
    assert days is not None
    now = time.time()
    busy = {t for t, r in hub.runners.items() if r.clients}
    due = await asyncio.to_thread(retention.due, hub.store, days=days, now=now, busy=busy)
    for table in due:
        runner = hub.runners.pop(table.id, None)
        if runner is not None:
            await runner.stop()
    folder = None if hub.config.export_dir is None else Path(hub.config.export_dir)
    done = await asyncio.to_thread(
        functools.partial(
            retention.prune, hub.store, days=days, now=now, export_dir=folder, busy=busy
        )
    )
    for table_id, why in done.kept:
        log.warning("kept the expired table %s: %s", table_id, why)
        if table_id not in hub.runners:
            hub._load(table_id, finished=False)  # (its task is started on this loop)
    for table in done.gone:
        runner = hub.runners.pop(table.id, None)
        if runner is not None:
            await runner.stop()
    if done.gone:
        log.warning(
            "pruned %d tables idle for more than %g days%s",
            len(done.gone),
            days,
            f" (exported to {folder})" if folder is not None else "",
        )
    return done


def _table_page(hub: Hub, table_id: str) -> Response:
    """A table's page; "no such table" (404), or, with the store away, 503 and
    ``storage_unavailable`` (the table may well exist: try again soon)."""
    try:
        hub.get(table_id)
    except TableError as err:
        if err.code == "storage_unavailable":
            return JSONResponse(_refusal(err), status_code=503)
        return HTMLResponse(NO_TABLE, status_code=404)
    return FileResponse(STATIC / "table.html")


def _storage_errors(app: FastAPI) -> None:
    """A request that found the store unreachable (its table read, a new table
    stored) is refused with HTTP 503 and ``storage_unavailable`` in the usual
    error JSON, the outage said once in the log (docs/deploy.md): never a bare
    500 with a traceback. Any other database error is a bug, and stays a 500."""

    @app.exception_handler(sa.exc.SQLAlchemyError)
    async def unavailable(request: Request, err: Exception) -> JSONResponse:
        if not unreachable(err):
            raise err
        return JSONResponse(_refusal(_hub(request).storage_error(err)), status_code=503)


def _lesson_route(app: FastAPI) -> None:
    """A lesson table of one's own (docs/server.md, "Learn to play")."""

    @app.post("/api/lessons")
    async def lesson(request: Request) -> dict[str, Any]:
        _limited(request, "tables")
        return await _hub(request).lesson(await _body(request))


def _history_routes(app: FastAPI) -> None:
    """The downloads of hand histories and records (docs/server.md, "Hand histories")."""

    @app.get("/api/tables/{table_id}/history.jsonl")
    async def history_jsonl(table_id: str, request: Request) -> Response:
        return _history_download(_hub(request).get(table_id), request, "jsonl")

    @app.get("/api/tables/{table_id}/history.txt")
    async def history_txt(table_id: str, request: Request) -> Response:
        return _history_download(_hub(request).get(table_id), request, "txt")

    @app.get("/api/tables/{table_id}/records.jsonl")
    async def records_jsonl(table_id: str, request: Request) -> Response:
        return _history_download(_hub(request).get(table_id), request, "records")


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _history_download(runner: TableRunner, request: Request, what: str) -> Response:
    """A viewer's history (``jsonl`` or ``txt``: what the projection sent them) or
    the full records (``records``), read from the runner's table as it is now (as
    the ledger is); a refused token or request answers 403."""
    try:
        viewer = _bearer_seat(runner, request)
        _watchable(runner, viewer)
        if what == "records":
            _records_allowed(runner, viewer)
    except TableError as err:
        return _forbidden(err)
    table = runner.table
    if what == "records":
        text, media, name = history.records_jsonl(table), NDJSON, f"records-{table.id}.jsonl"
    elif what == "txt":
        text, media = history.history_text(table, viewer), "text/plain; charset=utf-8"
        name = f"history-{table.id}-{_who(viewer)}.txt"
    else:
        text, media = history.history_jsonl(table, viewer), NDJSON
        name = f"history-{table.id}-{_who(viewer)}.jsonl"
    return Response(
        text,
        media_type=media,
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",  # a player's own cards: never kept by a cache
        },
    )


def _bearer_seat(runner: TableRunner, request: Request) -> int | None:
    """The seat whose token the request carries as ``Authorization: Bearer <token>``,
    or None (a spectator) when it carries none; ``TableError('invalid_token')`` for
    a token of no seat of this table (never another seat's view instead)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN or not token.isascii():
        raise TableError("invalid_token", "send a seat's token as 'Authorization: Bearer <token>'")
    digest = token_hash(token)
    seat = None
    for candidate, stored in runner.tokens.items():  # every one compared, in constant time
        if hmac.compare_digest(stored, digest):
            seat = candidate
    if seat is None:
        raise TableError(
            "invalid_token", "this token is not a seat's at this table: watch or take a seat"
        )
    return seat


def _ledger_download(runner: TableRunner, request: Request) -> Response:
    """The table's ledger as CSV (public, as the ledger in every view is, unless
    watching is off: then for its seats only)."""
    if not runner.table.settings.spectators:  # (a public ledger reads no token)
        try:
            _watchable(runner, _bearer_seat(runner, request))
        except TableError as err:
            return _forbidden(err)
    table = runner.table
    return Response(
        csv_text(projection.table_ledger(table)),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="ledger-{table.id}.csv"'},
    )


def _watchable(runner: TableRunner, seat: int | None) -> None:
    """With watching off (``spectators`` false) what the table's play shows — its
    log, hand histories, ledger — is for its seats only, as the WebSocket is: a
    request without a seat's token is refused with ``no_spectators``. The table
    page and its summary (name, seats, settings: what one needs to take a seat)
    stay open, as a private game's link does at PokerNow."""
    if seat is None and not runner.table.settings.spectators:
        raise TableError("no_spectators", "the host has turned watching off: send a seat's token")


def _records_allowed(runner: TableRunner, seat: int | None) -> None:
    """The full records (every hidden card and shuffle) are given once the game is
    over, to the host, or to every player when the table was created with
    ``records_for_all``; a ``TableError`` says why not."""
    table = runner.table
    if table.status != "over":
        raise TableError(
            "game_not_over", "the full records of the hands are given when the game is over"
        )
    if seat is None:
        raise TableError("not_seated", "the full records are for the table's players")
    if seat != table.host and not table.settings.records_for_all:
        raise TableError("not_host", "only the host may download the full records of this table")


def _forbidden(err: PalaceError) -> JSONResponse:
    """A refused download: HTTP 403 with the server's usual error JSON."""
    body = {"error": {"code": err.code, "message": err.message, "rule": err.rule}}
    return JSONResponse(body, status_code=403)


def _who(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat{seat + 1}"


async def _body(request: Request) -> object:
    """A request's JSON body, at most :data:`MAX_BODY` bytes."""
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise TableError("message_too_large", f"a request is at most {MAX_BODY} bytes")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise TableError("malformed_message", "the request's body must be a JSON object") from None


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """A browser's page may open a table's socket only from this server's own site
    (or a configured one): a page elsewhere is refused (cross-site WebSocket
    hijacking). Clients that send no Origin (not browsers) are let in.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", ())
    False
    """
    if origin is None:
        return True
    if origin in allowed:
        return True
    return host is not None and urlsplit(origin).netloc == host


async def _refuse_socket(websocket: WebSocket, err: TableError, code: int) -> None:
    """Refuse a socket as docs/server.md says: accepted, then one ``error`` payload
    (its stable code) and the close ``code`` with the error's code as the reason.
    Refused at the handshake instead (HTTP 403), a browser would see only 1006, a
    drop, and keep reconnecting; a close code tells it to stop, and why."""
    await websocket.accept()
    with contextlib.suppress(Exception):  # the peer may have gone already
        await websocket.send_text(json.dumps({**projection.error(err, seq=0), "seq": None}))
        await websocket.close(code=code, reason=f"{err.code}: {err.message}"[:120])


async def _serve_socket(websocket: WebSocket, table_id: str, config: ServerConfig) -> None:
    hub: Hub = websocket.app.state.hub
    if not origin_allowed(
        websocket.headers.get("origin"), websocket.headers.get("host"), config.allowed_origins
    ):
        refusal = TableError("origin_refused", "open the table from its own site")
        await _refuse_socket(websocket, refusal, 4003)
        return
    try:
        runner = hub.get(table_id)
    except TableError as err:
        # (the store away: 1013, "try again later", and the browser does)
        await _refuse_socket(websocket, err, 1013 if err.code == "storage_unavailable" else 4004)
        return
    await websocket.accept()

    async def send(text: str) -> None:
        await websocket.send_text(text)

    async def close(code: int, reason: str) -> None:
        with contextlib.suppress(RuntimeError):  # closed already
            await websocket.close(code=code, reason=reason)

    client = Client(send, close)
    client.behind = functools.partial(runner.dropped, client)  # closed with 4002
    pump = asyncio.get_running_loop().create_task(client.pump())
    credit, stamp = float(BURST), time.monotonic()
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            now = time.monotonic()
            credit = min(BURST, credit + (now - stamp) * RATE)
            stamp = now
            if credit < 1:
                client.post(
                    projection.error(
                        TableError("rate_limited", "too many messages: slow down"),
                        seq=runner.table.seq,
                    )
                )
                continue
            credit -= 1
            try:
                if raw is None:  # a binary frame: the protocol is JSON text
                    raise TableError(
                        "malformed_message",
                        f"a message is a text frame of JSON, got a binary frame of "
                        f"{len(frame.get('bytes') or b'')} bytes",
                    )
                message = read(raw)
            except TableError as err:
                client.post(projection.error(err, seq=runner.table.seq))
                continue
            runner.submit(client, message)
    except WebSocketDisconnect:
        pass
    finally:
        runner.dropped(client)
        await pump
