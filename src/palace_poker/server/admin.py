"""The ``palace-poker admin`` subcommand: the tables of a server's database, for
the person who runs it (docs/deploy.md, "Running it for others").

* ``admin list``: every table, oldest first: id, name, status, players, last
  activity (``--json``: one JSON object a line, for scripts);
* ``admin export TABLE``: everything stored of a table (``palace-table/1``,
  :mod:`~palace_poker.server.storage.retention`) to ``--output FILE`` or stdout; an
  existing file is replaced only with ``--force``;
* ``admin prune --retention-days N``: delete the tables idle for more than N days
  (finished or abandoned), each exported first to ``--export-dir DIR`` when given;
  ``--dry-run`` lists them and changes nothing.

Each works on the URL ``serve`` takes (``--database-url``, else
``$PALACE_DATABASE_URL``, else the SQLite file in the working folder), SQLite or
PostgreSQL, while servers run on it. Registered in
:data:`palace_poker.cli.COMMAND_MODULES`; like ``serve``, building the parser
needs only the standard library. A database that cannot be reached, or a SQLite
file that does not exist (never created by a command that only reads), is one
line with its code, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from palace_poker.errors import ConfigError, PalaceError
from palace_poker.outputs import OutputError, check_output
from palace_poker.server.command import _safe
from palace_poker.server.model.config import add_database_url, days

if TYPE_CHECKING:
    from palace_poker.server.storage.store import Store


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``admin`` (and its ``list``, ``export`` and ``prune``) to the command."""
    admin: argparse.ArgumentParser = subparsers.add_parser(
        "admin",
        help="list, export and prune the tables of a server's database",
        description="The tables of a table server's database, for its operator "
        "(docs/deploy.md, 'Running it for others').",
    )
    actions = admin.add_subparsers(dest="admin_command", metavar="ACTION")
    listing = actions.add_parser(
        "list", help="every table: id, name, status, players, last activity"
    )
    listing.add_argument("--json", action="store_true", help="one JSON object a line")
    export = actions.add_parser("export", help="everything stored of a table (palace-table/1 JSON)")
    export.add_argument("table", metavar="TABLE", help="the table's id (the end of its link)")
    export.add_argument(
        "--output",
        "-o",
        type=Path,
        default=None,
        metavar="FILE",
        help="write it to FILE (default: stdout); FILE must not exist, see --force",
    )
    export.add_argument("--force", action="store_true", help="replace FILE if it exists")
    prune = actions.add_parser("prune", help="delete the tables idle for longer than the retention")
    prune.add_argument(
        "--retention-days",
        type=days,
        required=True,
        metavar="DAYS",
        help="a table whose last entry is older than DAYS days goes (finished or abandoned)",
    )
    prune.add_argument(
        "--export-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="export each table to DIR/table-ID.json before it goes (kept if that fails)",
    )
    prune.add_argument(
        "--dry-run", action="store_true", help="list the tables that would go; change nothing"
    )
    for parser in (listing, export, prune):
        add_database_url(parser, "the server's database")
    listing.set_defaults(run=_list)
    export.set_defaults(run=_export)
    prune.set_defaults(run=_prune)
    admin.set_defaults(run=lambda _args: _help(admin))
    return admin


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


def when(seconds: float) -> str:
    """A time as the list shows it: UTC, to the minute.

    >>> when(0.0)
    '1970-01-01 00:00 UTC'
    """
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")


def open_store(url: str | None) -> Store:
    """The store at ``url`` (the default as ``serve`` has it), its migrations
    applied; a SQLite file that does not exist is refused rather than made, and a
    database that cannot be reached is a ``storage_unavailable`` refusal."""
    try:
        import sqlalchemy as sa  # noqa: PLC0415 - the server extra, needed only here
        from alembic.util import CommandError  # noqa: PLC0415

        from palace_poker.server.storage.store import Store, default_url  # noqa: PLC0415
    except ImportError as err:  # pragma: no cover - the extra is installed in tests
        raise ConfigError(
            "backend_unavailable",
            f"admin needs the 'server' extra: pip install 'palace-poker[server]' ({err.name})",
        ) from None
    target = url or default_url()
    try:
        parsed = sa.make_url(target)
    except sa.exc.ArgumentError:
        raise ConfigError("invalid_settings", f"not a database URL: {_safe(target)}") from None
    if parsed.get_backend_name() == "sqlite":
        file = parsed.database
        if not file or file == ":memory:" or not Path(file).is_file():
            raise ConfigError(
                "invalid_settings", f"no database at {_safe(target)} (give --database-url)"
            )
    try:
        return Store.open(target)
    except (sa.exc.SQLAlchemyError, CommandError) as err:  # CommandError: a newer schema
        reason = str(getattr(err, "orig", None) or err).splitlines()[0]
        raise PalaceError(
            "storage_unavailable", f"cannot open the database {_safe(target)}: {reason}"
        ) from None


def _list(args: argparse.Namespace) -> int:
    from palace_poker.server.storage.retention import describe, rebuilt  # noqa: PLC0415

    out: TextIO = sys.stdout
    store = open_store(args.database_url)
    try:
        now = time.time()
        rows = [describe(t, rebuilt(store, t.id), now) for t in store.activity()]
    finally:
        store.close()
    if args.json:
        for row in rows:
            print(json.dumps(row, ensure_ascii=False), file=out)
        return 0
    lines = [("TABLE", "NAME", "STATUS", "PLAYERS", "LAST ACTIVITY")]
    for row in rows:
        names = ", ".join(p["name"] + (" (bot)" if p["bot"] else "") for p in row["players"])
        lines.append((row["table"], row["name"], row["status"], names, when(row["last_at"])))
    widths = [max(len(line[i]) for line in lines) for i in range(4)]
    for line in lines:
        head = "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=False))
        print(_printable(f"{head}  {line[4]}"), file=out)
    print(f"{len(rows)} table{'' if len(rows) == 1 else 's'}.", file=sys.stderr)
    return 0


def _export(args: argparse.Namespace) -> int:
    from palace_poker.server.storage.retention import (  # noqa: PLC0415
        export_text,
        table_export,
        write_export,
    )

    if args.output is not None:  # before the database is opened: nothing done for nothing
        check_output(args.output, "replace" if args.force else "new", option="--output")
    store = open_store(args.database_url)
    try:
        if args.output is None:
            export = table_export(store, args.table)
            found = export is not None
            if export is not None:
                sys.stdout.write(export_text(export))
        else:
            found = write_export(store, args.table, args.output, force=args.force) is not None
    finally:
        store.close()
    if not found:
        raise PalaceError("unknown_table", f"no table {args.table!r} in this database")
    if args.output is not None:
        print(f"Exported table {args.table} to {args.output}.", file=sys.stderr)
    return 0


def _prune(args: argparse.Namespace) -> int:
    from palace_poker.server.storage.retention import prune  # noqa: PLC0415

    out: TextIO = sys.stdout
    if args.export_dir is not None and not args.export_dir.is_dir():
        raise OutputError(
            "output_folder_missing", f"--export-dir {args.export_dir}: not a folder (create it)"
        )
    store = open_store(args.database_url)
    try:
        done = prune(
            store,
            days=args.retention_days,
            now=time.time(),
            export_dir=args.export_dir,
            dry_run=args.dry_run,
        )
    finally:
        store.close()
    verb = "would go" if args.dry_run else "pruned"
    for table in done.gone:
        idle = f"last activity {when(table.last_at)}"
        state = "finished" if table.over else "not finished"
        print(_printable(f"{verb}: {table.id} {table.name!r} ({state}, {idle})"), file=out)
    for table_id, path in done.exported:
        print(_printable(f"exported: {table_id} to {path}"), file=out)
    for table_id, why in done.kept:
        print(_printable(f"kept: {table_id}: {why}"), file=out)
    count = len(done.gone)
    summary = f"{count} table{'' if count == 1 else 's'} {verb}"
    print(summary + (f", {len(done.kept)} kept." if done.kept else "."), file=sys.stderr)
    return 1 if done.kept else 0


def _printable(line: str) -> str:
    return line.encode("utf-8", "backslashreplace").decode("utf-8")
