"""The ``palace-poker serve`` subcommand: the table server on uvicorn.

Registered in :data:`palace_poker.cli.COMMAND_MODULES`. Building the parser needs
only the standard library; running the server needs the ``server`` extra
(FastAPI, uvicorn, SQLAlchemy, Alembic), imported only then.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
from typing import Any

from palace_poker.checks import short
from palace_poker.errors import ConfigError
from palace_poker.server.model.config import (
    ServerConfig,
    add_arguments,
    check_pace,
    config_of,
)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the command's subparsers (its options: model/config.py)."""
    serve: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the table server: play with friends in the browser",
        description="Run the Palace Poker table server (docs/server.md).",
    )
    add_arguments(serve)
    serve.set_defaults(run=run)
    return serve


def run(args: argparse.Namespace) -> int:
    """Start the server; returns when it is stopped (Ctrl-C)."""
    check_pace(args)  # (before the extra is looked for)
    try:
        import uvicorn  # noqa: PLC0415 - the server extra, needed only here

        from palace_poker.server.storage.store import default_url  # noqa: PLC0415
        from palace_poker.server.web.app import create_app  # noqa: PLC0415
    except ImportError as err:  # pragma: no cover - the extra is installed in tests
        raise ConfigError(
            "backend_unavailable",
            f"the server needs the 'server' extra: pip install 'palace-poker[server]' ({err.name})",
        ) from None
    config = _with_export_folder(config_of(args, default_url))
    if config.redis_url is not None:
        _check_cluster(config.database_url, config.redis_url)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    print(
        f"Palace Poker table server: open http://{shown}:{args.port}/ in your browser", flush=True
    )
    print(f"(database: {_safe(config.database_url)}; stop with Ctrl-C)", flush=True)
    app = create_app(config)
    _settle_memory()
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=16_384,
        ws=_socket_protocol(),
        ws_per_message_deflate=False,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    return 0


def _with_export_folder(config: ServerConfig) -> ServerConfig:
    """``--export-dir`` must be a folder that exists (the retention's exports go
    there): checked before the server starts, and kept as an absolute path."""
    folder = config.export_dir
    if folder is None:
        return config
    if not os.path.isdir(folder):
        raise ConfigError("invalid_settings", f"--export-dir {folder}: not a folder (create it)")
    return dataclasses.replace(config, export_dir=os.path.abspath(folder))


#: Seconds a connection closed as too far behind keeps its socket for the client to
#: read the close (a frozen tab that thaws); then the socket is dropped.
CLOSE_GRACE = 60.0


def _socket_protocol() -> type[Any]:
    """uvicorn's WebSocket protocol (websockets, sans-I/O) with the table's rule for a
    client that stops reading (docs/server.md, "Too far behind").

    uvicorn pings every 20 s and, with no pong 20 s later, closes with 1011 behind
    whatever its buffers hold, never telling the application: the table kept the
    client as present, and the page read a drop. Here a ping left unanswered closes
    with the table's 4002 "too far behind: reconnect", the table is told at once
    (it counts the client gone), a send still waiting fails instead of waiting for
    buffers that will not drain, and the socket is dropped :data:`CLOSE_GRACE`
    seconds later if the client has not read its way to the close by then."""
    from uvicorn.protocols.websockets.websockets_sansio_impl import (  # noqa: PLC0415
        WebSocketsSansIOProtocol,
    )

    from palace_poker.server.live.outbox import BEHIND  # noqa: PLC0415 - the server extra

    class TableSocket(WebSocketsSansIOProtocol):
        def keepalive_timeout(self) -> None:
            self.pong_timer = None
            self.pending_ping_payload = None
            if self.close_sent or self.transport.is_closing():
                return
            self.conn.send_close(*BEHIND)
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
            self.queue.put_nowait({"type": "websocket.disconnect", "code": BEHIND[0]})
            self.writable.set()  # a send waiting on the full buffers fails now
            self.close_timer = self.loop.call_later(CLOSE_GRACE, self.transport.abort)

    return TableSocket


def _check_cluster(database_url: str, redis_url: str) -> None:
    """Several processes share one log in PostgreSQL and hear each other through
    Redis: a SQLite file, another URL or a missing driver is refused before the
    server starts."""
    if not database_url.startswith(("postgresql://", "postgresql+")):
        raise ConfigError(
            "invalid_settings",
            f"--redis-url makes this process one of several, which share a PostgreSQL "
            f"database: --database-url must be postgresql+psycopg://..., got {_safe(database_url)}",
        )
    if not redis_url.startswith(("redis://", "rediss://", "unix://")):
        raise ConfigError(
            "invalid_settings", f"--redis-url must be redis://host:port/db, got {short(redis_url)}"
        )
    try:
        import psycopg  # noqa: F401, PLC0415 - the cluster extra
        import redis  # noqa: F401, PLC0415
    except ImportError as err:
        raise ConfigError(
            "backend_unavailable",
            f"several processes need the 'cluster' extra: pip install 'palace-poker[cluster]' "
            f"({err.name})",
        ) from None


def _safe(url: str) -> str:
    """A database URL with its password hidden.

    >>> _safe("postgresql+psycopg://ann:secret@db.example/poker")
    'postgresql+psycopg://ann:***@db.example/poker'
    >>> _safe("sqlite:///palace-poker.sqlite3")
    'sqlite:///palace-poker.sqlite3'
    """
    head, at, tail = url.rpartition("@")
    if not at or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, user_pass = head.partition("//")
    return f"{scheme}//{user_pass.split(':', 1)[0]}:***@{tail}"


def _settle_memory() -> None:
    """Move what start-up made (the imported libraries, the app: some hundred
    thousand objects that live as long as the process) out of the cyclic
    collector's sight, so its full collections under load walk the tables only:
    measured with benchmarks/load.py, the longest pause fell from about 160 ms to
    about 65 ms at 100 tables."""
    gc.collect()
    gc.freeze()
