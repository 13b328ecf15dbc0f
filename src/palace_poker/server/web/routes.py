"""The HTTP routes, thin: each reads and checks its request, then asks the hub.

The pages (home, a table's), the bots offered, a new table or lesson, a table's
summary, a seat, the downloads (ledger, hand histories, records) and the health
check (docs/server.md, docs/deploy.md). A client address's new tables and seat
requests count against its budget (:class:`~palace_poker.server.model.limits.Budget`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import time
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from palace_poker.bots import LEVELS, offered
from palace_poker.server.live.hub import Hub
from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model import history, projection
from palace_poker.server.model.config import ServerConfig
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.ledger import csv_text
from palace_poker.server.model.limits import Budget
from palace_poker.server.web.auth import bearer_seat, records_allowed, watchable
from palace_poker.server.web.refusals import hub_of, refused

#: The browser client: pages, scripts, styles, fonts and the word catalogues.
STATIC = Path(__file__).parent.parent / "static"
#: The largest request body the REST calls read, in bytes.
MAX_BODY = 16_384
#: The media type of the JSON Lines downloads.
NDJSON = "application/x-ndjson; charset=utf-8"

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


def add_routes(app: FastAPI, config: ServerConfig) -> None:
    """The routes, and the budgets of each client address (``config``'s)."""

    @app.get("/")
    async def home() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}")
    async def table_page(table_id: str, request: Request) -> Response:
        return _table_page(hub_of(request), table_id)

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        # the levels first (the bots a player picks by strength), then the bots by name
        return {"bots": offered(), "levels": list(LEVELS)}

    @app.post("/api/tables")
    async def create(request: Request) -> dict[str, Any]:
        _limited(request, "tables")
        return await hub_of(request).create(await _body(request))

    @app.get("/api/tables/{table_id}")
    async def summary(table_id: str, request: Request) -> dict[str, Any]:
        table = hub_of(request).get(table_id).table
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
        return _ledger_download(hub_of(request).get(table_id), request)

    _history_routes(app)
    _lesson_route(app)
    _health_route(app)
    app.state.limits = {
        "tables": (Budget(config.tables_per_hour, 3600.0), "new tables"),
        "seats": (Budget(config.seats_per_minute, 60.0), "seat requests"),
    }

    @app.post("/api/tables/{table_id}/seats")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        _limited(request, "seats")
        return await hub_of(request).join(table_id, await _body(request))


def _table_page(hub: Hub, table_id: str) -> Response:
    """A table's page; "no such table" (404), or, with the store away, 503 and
    ``storage_unavailable`` (the table may well exist: try again soon)."""
    try:
        hub.get(table_id)
    except TableError as err:
        if err.code == "storage_unavailable":
            return refused(err, 503)
        return HTMLResponse(NO_TABLE, status_code=404)
    return FileResponse(STATIC / "table.html")


def _lesson_route(app: FastAPI) -> None:
    """A lesson table of one's own (docs/server.md, "Learn to play")."""

    @app.post("/api/lessons")
    async def lesson(request: Request) -> dict[str, Any]:
        _limited(request, "tables")
        return await hub_of(request).lesson(await _body(request))


def _history_routes(app: FastAPI) -> None:
    """The downloads of hand histories and records (docs/server.md, "Hand histories")."""

    @app.get("/api/tables/{table_id}/history.jsonl")
    async def history_jsonl(table_id: str, request: Request) -> Response:
        return _history_download(hub_of(request).get(table_id), request, "jsonl")

    @app.get("/api/tables/{table_id}/history.txt")
    async def history_txt(table_id: str, request: Request) -> Response:
        return _history_download(hub_of(request).get(table_id), request, "txt")

    @app.get("/api/tables/{table_id}/records.jsonl")
    async def records_jsonl(table_id: str, request: Request) -> Response:
        return _history_download(hub_of(request).get(table_id), request, "records")


def _history_download(runner: TableRunner, request: Request, what: str) -> Response:
    """A viewer's history (``jsonl`` or ``txt``: what the projection sent them) or
    the full records (``records``), read from the runner's table as it is now (as
    the ledger is); a refused token or request answers 403."""
    try:
        viewer = bearer_seat(runner, request)
        watchable(runner, viewer)
        if what == "records":
            records_allowed(runner, viewer)
    except TableError as err:
        return refused(err, 403)
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


def _ledger_download(runner: TableRunner, request: Request) -> Response:
    """The table's ledger as CSV (public, as the ledger in every view is, unless
    watching is off: then for its seats only)."""
    if not runner.table.settings.spectators:  # (a public ledger reads no token)
        try:
            watchable(runner, bearer_seat(runner, request))
        except TableError as err:
            return refused(err, 403)
    table = runner.table
    return Response(
        csv_text(projection.table_ledger(table)),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="ledger-{table.id}.csv"'},
    )


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


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:  # not an address (a test client's name): counted as given
        return False


def _limited(request: Request, which: str) -> None:
    """Refuse the request with ``rate_limited`` (HTTP 429 and ``Retry-After``)
    when its address has used its budget of ``which`` (docs/deploy.md). The
    address is the one uvicorn gives: behind a proxy it trusts
    (``--forwarded-allow-ips``), the client's as the proxy forwards it. The
    machine itself (a loopback address: a script on the server, a proxy that
    forwards no address) is never limited."""
    limit: Budget
    limit, what = request.app.state.limits[which]
    address = request.client.host if request.client is not None else ""
    if _loopback(address):
        return
    waited = limit.take(time.monotonic(), address)
    if waited:
        wait = max(1, math.ceil(waited))  # whole seconds, for Retry-After
        minutes = f"{math.ceil(wait / 60)} min" if wait >= 60 else f"{wait} s"
        raise TableError(
            "rate_limited",
            f"too many {what} from this address: {limit.burst} every "
            f"{limit.seconds / 60:g} min; try again in {minutes}",
            details={"retry_after": wait},
        )


def _health_route(app: FastAPI) -> None:
    """``GET /api/health`` (docs/deploy.md, "Running it for others")."""

    @app.get("/api/health")
    async def health(request: Request) -> JSONResponse:
        body = await _health(hub_of(request))
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
