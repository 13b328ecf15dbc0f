"""The FastAPI application: the pages, the REST calls and the WebSocket.

``create_app(config)`` builds it; ``palace-poker serve`` runs it on uvicorn. On
start it opens the store (applying the migrations), rebuilds every stored table
whose game is not over and starts its task, so hands in play carry on, with their
clocks and their bots, before the first connection is accepted.

The application only wires the web layer's parts: the security headers
(:mod:`~palace_poker.server.web.headers`), the answer to a refusal
(:mod:`~palace_poker.server.web.refusals`), the HTTP routes
(:mod:`~palace_poker.server.web.routes`) and the WebSocket loop
(:mod:`~palace_poker.server.web.socket`), around the process's table registry
(:class:`~palace_poker.server.live.hub.Hub`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, WebSocket
from fastapi.staticfiles import StaticFiles

from palace_poker.server.live.cluster import cluster_of
from palace_poker.server.live.hub import Hub
from palace_poker.server.live.pruning import start_pruning, stop_pruning
from palace_poker.server.model.config import ServerConfig
from palace_poker.server.storage.store import Store
from palace_poker.server.web import refusals
from palace_poker.server.web.headers import SecurityHeaders
from palace_poker.server.web.routes import STATIC, add_routes
from palace_poker.server.web.socket import serve_socket

#: The threads the database calls run in (asyncio's default is the number of cores
#: plus four: six on a two-core machine, too few for many tables).
DATABASE_THREADS = 32


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
        pruner = start_pruning(hub)
        yield
        await stop_pruning(pruner)
        await hub.close()
        store.close()

    app = FastAPI(title="Palace Poker", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    refusals.install(app)
    add_routes(app, config)

    @app.websocket("/ws/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await serve_socket(websocket, table_id, config)

    return app
