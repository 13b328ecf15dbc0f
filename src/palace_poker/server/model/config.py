"""The server's own settings, read in one place: ``serve``'s arguments, whose
defaults come from the environment (``PALACE_DATABASE_URL``, ``PALACE_REDIS_URL``),
checked and gathered into one :class:`ServerConfig` that every part is handed.

``palace-poker admin`` reads the database's URL the same way
(:func:`add_database_url`). A new setting is added here: its option (and its
variable, if it has one), its check in :func:`config_of`, its field. (A table's
own settings, chosen by its host, are :mod:`~palace_poker.server.model.settings`.)
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass

from palace_poker.arguments import number
from palace_poker.errors import ConfigError
from palace_poker.server.model.settings import (
    DEFAULT_BETWEEN_HANDS,
    MAX_BETWEEN_HANDS,
    MAX_BOT_PAUSE,
)

#: Where the server listens unless told otherwise: this machine only.
HOST, PORT = "127.0.0.1", 8000
#: The limits per client address unless told otherwise (docs/deploy.md).
TABLES_PER_HOUR, SEATS_PER_MINUTE = 20, 30
#: The environment's variables for the database and Redis.
DATABASE_VARIABLE, REDIS_VARIABLE = "PALACE_DATABASE_URL", "PALACE_REDIS_URL"


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


def add_arguments(serve: argparse.ArgumentParser) -> None:
    """``serve``'s options (docs/server.md, docs/deploy.md)."""
    serve.add_argument("--host", default=HOST, help=f"address to listen on (default {HOST})")
    serve.add_argument("--port", type=int, default=PORT, help=f"port (default {PORT})")
    add_database_url(serve, "SQLAlchemy database URL")
    serve.add_argument(
        "--redis-url",
        default=os.environ.get(REDIS_VARIABLE),
        metavar="URL",
        help="Redis, for several processes serving one PostgreSQL database's tables "
        f"(default ${REDIS_VARIABLE}; none: this process alone; docs/deploy.md)",
    )
    serve.add_argument(
        "--bot-pause",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="the bots' thinking pause before each decision (default 1.0)",
    )
    serve.add_argument(
        "--between-hands",
        type=float,
        default=DEFAULT_BETWEEN_HANDS,
        metavar="SECONDS",
        help="pause between a hand's end and the next deal, unless the table's host "
        f"chooses another (default {DEFAULT_BETWEEN_HANDS})",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another site whose pages may open the table's WebSocket, e.g. "
        "https://poker.example.org behind a proxy (repeatable)",
    )
    _operator_flags(serve)


def add_database_url(parser: argparse.ArgumentParser, what: str) -> None:
    """``--database-url`` (its help beginning with ``what``), by default the
    environment's ``PALACE_DATABASE_URL``."""
    parser.add_argument(
        "--database-url",
        default=os.environ.get(DATABASE_VARIABLE),
        metavar="URL",
        help=f"{what} (default ${DATABASE_VARIABLE}, else "
        "sqlite:///palace-poker.sqlite3 in the working folder)",
    )


def _operator_flags(serve: argparse.ArgumentParser) -> None:
    """The options of a server run for others: limits per address, retention, the
    proxies trusted to name a client's address (docs/deploy.md, "Running it for
    others")."""
    serve.add_argument(
        "--tables-per-hour",
        type=count,
        default=TABLES_PER_HOUR,
        metavar="N",
        help="new tables (and lessons) one address may make in an hour, N at once at most "
        f"(default {TABLES_PER_HOUR}; 0: no limit)",
    )
    serve.add_argument(
        "--seats-per-minute",
        type=count,
        default=SEATS_PER_MINUTE,
        metavar="N",
        help=f"seat requests one address may make in a minute (default {SEATS_PER_MINUTE}; "
        "0: no limit)",
    )
    serve.add_argument(
        "--retention-days",
        type=days,
        default=None,
        metavar="DAYS",
        help="prune, once a day, the tables idle (finished or abandoned) for longer than "
        "DAYS days (default: keep every table)",
    )
    serve.add_argument(
        "--export-dir",
        default=None,
        metavar="DIR",
        help="with --retention-days: export each table to DIR/table-ID.json before it goes",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="the proxies whose X-Forwarded-For names the client's address, comma-separated, "
        "as uvicorn reads it (default $FORWARDED_ALLOW_IPS, else 127.0.0.1)",
    )


#: An argparse type: a whole number from 0 to 1,000,000.
count = number(int, "a whole number", lambda n: 0 <= n <= 1_000_000, "0 to 1000000")
#: An argparse type: a number of days above 0.
days = number(float, "a number of days", lambda d: 0 < d <= 100_000, "more than 0 days")


def check_pace(args: argparse.Namespace) -> None:
    """The bots' pause and the pause between hands, held to their ranges."""
    if not 0 <= args.bot_pause <= MAX_BOT_PAUSE:
        raise ConfigError("invalid_settings", f"--bot-pause must be 0 to {MAX_BOT_PAUSE} seconds")
    if not 0 <= args.between_hands <= MAX_BETWEEN_HANDS:
        raise ConfigError(
            "invalid_settings", f"--between-hands must be 0 to {MAX_BETWEEN_HANDS} seconds"
        )


def config_of(args: argparse.Namespace, default_database: Callable[[], str]) -> ServerConfig:
    """The configuration ``serve``'s arguments give, checked (``ConfigError``
    otherwise); ``default_database`` names the database when neither the option
    nor the environment does."""
    check_pace(args)
    return ServerConfig(
        database_url=args.database_url or default_database(),
        bot_pause=args.bot_pause,
        between_hands=args.between_hands,
        allowed_origins=tuple(args.allow_origin),
        redis_url=args.redis_url or None,
        tables_per_hour=args.tables_per_hour,
        seats_per_minute=args.seats_per_minute,
        retention_days=args.retention_days,
        export_dir=_export_dir(args.export_dir, args.retention_days),
    )


def _export_dir(folder: str | None, days: float | None) -> str | None:
    """``--export-dir`` checked before the server starts: only with a retention
    (alone it would do nothing). That the folder exists is the ``serve`` command's
    check (:func:`palace_poker.server.command.run`): this module reads no file."""
    if folder is None:
        return None
    if days is None:
        raise ConfigError("invalid_settings", "--export-dir needs --retention-days")
    return folder
