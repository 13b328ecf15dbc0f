"""The WebSocket loop: one table's socket for one client (docs/server.md).

It checks the page's origin, finds the table, then reads the client's messages:
each within the connection's budget (:data:`BURST` at once, :data:`RATE` a
second), parsed and checked once (:func:`~palace_poker.server.model.protocol.read`),
and handed to the table's runner; what the table says comes back through the
connection's outbox (:mod:`~palace_poker.server.live.outbox`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import time
from urllib.parse import urlsplit

from fastapi import WebSocket, WebSocketDisconnect

from palace_poker.server.live.hub import Hub
from palace_poker.server.live.outbox import Client
from palace_poker.server.model import projection
from palace_poker.server.model.config import ServerConfig
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.limits import Budget
from palace_poker.server.model.protocol import read

#: A connection's message budget: a burst of this many, refilled at RATE a second.
BURST, RATE = 30, 10.0


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


async def serve_socket(websocket: WebSocket, table_id: str, config: ServerConfig) -> None:
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
    budget = Budget(BURST, BURST / RATE)  # the connection's messages (a token bucket)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            if budget.take(time.monotonic()):
                client.post(
                    projection.error(
                        TableError("rate_limited", "too many messages: slow down"),
                        seq=runner.table.seq,
                    )
                )
                continue
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
