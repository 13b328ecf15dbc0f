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
import json
import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from palace_poker.bots import LEVELS, offered
from palace_poker.checks import short
from palace_poker.errors import PalaceError
from palace_poker.fair import new_server_secret
from palace_poker.server import history, projection
from palace_poker.server.cluster import LEASE, POLL, RENEW, Cluster, cluster_of
from palace_poker.server.ledger import csv_text
from palace_poker.server.lesson import BOT_NAMES as LESSON_NAMES
from palace_poker.server.lesson import lesson_settings
from palace_poker.server.protocol import MAX_TOKEN, new_table_id, new_token, read, token_hash
from palace_poker.server.reader import GroupRead
from palace_poker.server.runner import Client, TableRunner
from palace_poker.server.settings import (
    BOT_NAMES,
    DEFAULT_BETWEEN_HANDS,
    TableError,
    TableSettings,
    player_name,
)
from palace_poker.server.store import Store
from palace_poker.server.table import Table
from palace_poker.server.writer import GroupCommit

STATIC = Path(__file__).parent / "static"
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

    def __post_init__(self) -> None:
        self.writes = GroupCommit(self.store)
        self.reads = GroupRead(self.store)

    async def restore(self) -> None:
        """Rebuild the stored tables and start the tasks of those still in play (a
        finished table is loaded again when someone opens it). With several
        processes, a table is loaded when a client asks for it or when its writer
        has gone (:meth:`_adopt`), and news of other processes' entries is heard."""
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
            except Exception:  # the database is away: try again at the next look
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
            except Exception:  # the database is away: try again at the next round
                log.exception("renewing the writer leases failed")
                continue
            for table_id, runner in runners.items():
                runner.held(table_id in held)
            for table_id, seq in seqs.items():
                if table_id in self.runners:
                    self.runners[table_id].news(seq)

    def _load(self, table_id: str, *, finished: bool = True) -> TableRunner | None:
        stored = self.store.load(table_id)
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
        for task in (self._adopter, self._keeper):
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
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="Palace Poker", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(PalaceError)
    async def refused(_request: Request, err: PalaceError) -> JSONResponse:
        return JSONResponse(_refusal(err), status_code=STATUS.get(err.code, 400))

    @app.get("/")
    async def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str, request: Request) -> Response:
        try:
            _hub(request).get(table_id)
        except TableError:
            return HTMLResponse(NO_TABLE, status_code=404)
        return FileResponse(STATIC / "table.html")

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        # the levels first (the bots a player picks by strength), then the bots by name
        return {"bots": offered(), "levels": list(LEVELS)}

    @app.post("/api/tables")
    async def create(request: Request) -> dict[str, Any]:
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
        table = _hub(request).get(table_id).table
        return Response(
            csv_text(projection.table_ledger(table)),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="ledger-{table.id}.csv"'},
        )

    _history_routes(app)
    _lesson_route(app)

    @app.post("/api/tables/{table_id}/seats")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        return await _hub(request).join(table_id, await _body(request))

    @app.websocket("/ws/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await _serve_socket(websocket, table_id, config)

    return app


def _lesson_route(app: FastAPI) -> None:
    """A lesson table of one's own (docs/server.md, "Learn to play")."""

    @app.post("/api/lessons")
    async def lesson(request: Request) -> dict[str, Any]:
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


async def _serve_socket(websocket: WebSocket, table_id: str, config: ServerConfig) -> None:
    hub: Hub = websocket.app.state.hub
    if not origin_allowed(
        websocket.headers.get("origin"), websocket.headers.get("host"), config.allowed_origins
    ):
        await websocket.close(code=4003, reason="origin_refused: open the table from its own site")
        return
    try:
        runner = hub.get(table_id)
    except TableError:
        await websocket.close(code=4004, reason="unknown_table")
        return
    await websocket.accept()

    async def send(text: str) -> None:
        await websocket.send_text(text)

    async def close(code: int, reason: str) -> None:
        with contextlib.suppress(RuntimeError):  # closed already
            await websocket.close(code=code, reason=reason)

    client = Client(send, close)
    pump = asyncio.get_running_loop().create_task(client.pump())
    credit, stamp = float(BURST), time.monotonic()
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text") or frame.get("bytes") or b""
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
