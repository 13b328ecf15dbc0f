"""Keeping the database small: a table's export, and the tables that expire.

A self-hoster sets a retention (``--retention-days``, docs/deploy.md "Running it
for others"); a table **expires** when its last entry (its creation, when it has
none) is older than that: a finished table that many days after its game ended,
an abandoned one after that many days without anything happening. No table is
pruned while a process holds its writer lease (a table in play in a cluster), nor,
in the server, while someone is connected to it (the app's own check).

Before a table goes, its records can be kept: :func:`table_export` is everything
of it a person may want later, as one JSON object (``palace-table/1``):

* ``table``, ``name``, ``created_at``, ``last_at``, ``status``, ``settings``;
* ``players``: the seats as they are now (``seat``, ``name``, ``bot``);
* ``log``: every stored entry, ``{"seq", "kind", "at", "data"}``, as stored (the
  public log: what every spectator was sent, no hidden card);
* ``records``: the ``palace-hand/1`` record of every finished hand, hidden cards,
  shuffles and fair proofs included (what the host may download at the end);
  ``jq -c '.records[]'`` makes of them the file ``palace-poker replay`` checks.

No seat token is exported (only their hashes are stored, and they open nothing
once the table is gone). The export holds no time of its own making, so the same
table exports to the same bytes: an export written by an earlier prune that was
stopped half-way is recognised, not refused.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from palace_poker.outputs import Mode, check_output, write_text
from palace_poker.server.model.history import hand_records
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import Store, TableActivity

#: The export's format name.
EXPORT_FORMAT: Final = "palace-table/1"
#: Seconds in a day (the retention is given in days).
DAY: Final = 86_400.0


def table_export(store: Store, table_id: str) -> dict[str, Any] | None:
    """Everything stored of a table, as the module's text says (None: no such
    table). The table is rebuilt from its log, so the records are those the host
    would download."""
    stored = store.load(table_id)
    found = store.activity([table_id])
    if stored is None or not found:
        return None
    activity = found[0]
    table = Table.rebuild(
        stored.id, stored.settings, stored.entries, stored.shuffles, stored.secret
    )
    return {
        "format": EXPORT_FORMAT,
        "table": table.id,
        "name": table.settings.name,
        "created_at": activity.created_at,
        "last_at": activity.last_at,
        "status": table.status,
        "settings": table.settings.to_dict(),
        "players": players(table),
        "log": [
            {"seq": seq, "kind": kind, "at": at, "data": data}
            for seq, kind, at, data in stored.entries
        ],
        "records": hand_records(table),
    }


def export_text(export: dict[str, Any]) -> str:
    """An export as the file holds it: JSON, keys in order, one line."""
    return json.dumps(export, ensure_ascii=False, sort_keys=True) + "\n"


def export_name(table_id: str) -> str:
    """The file an export of ``table_id`` is written to in an export folder."""
    return f"table-{table_id}.json"


def players(table: Table) -> list[dict[str, Any]]:
    """The table's seated players now: seat, name, bot kind (None: a person)."""
    return [
        {"seat": seat, "name": player.name, "bot": player.bot}
        for seat, player in enumerate(table.seats)
        if player is not None
    ]


def due(
    store: Store, *, days: float, now: float, busy: Collection[str] = ()
) -> list[TableActivity]:
    """The tables that expire at ``now`` with a retention of ``days``: last
    activity before ``now - days`` and no writer lease held; ``busy`` names
    tables the caller keeps (the server's connected ones)."""
    before = now - days * DAY
    return [
        t
        for t in store.activity()
        if t.last_at < before
        and (t.lease_until is None or t.lease_until < now)
        and t.id not in busy
    ]


@dataclass
class Pruned:
    """What a prune did (or, dry, would do)."""

    #: The tables deleted (or that would be), with their activity.
    gone: list[TableActivity] = field(default_factory=list)
    #: Each export written: the table and the file.
    exported: list[tuple[str, Path]] = field(default_factory=list)
    #: Tables kept although due, and why (an export that could not be written, a
    #: change that came meanwhile).
    kept: list[tuple[str, str]] = field(default_factory=list)


def prune(
    store: Store,
    *,
    days: float,
    now: float,
    export_dir: Path | None = None,
    dry_run: bool = False,
    busy: Collection[str] = (),
) -> Pruned:
    """Delete the tables :func:`due` names, each in a transaction of its own
    (:meth:`Store.prune`, which checks again), each exported first to
    ``export_dir`` when one is given: a table whose export cannot be written is
    kept. ``dry_run``: nothing is written or deleted, the tables that would go
    are listed."""
    done = Pruned()
    before = now - days * DAY
    for activity in due(store, days=days, now=now, busy=busy):
        if dry_run:
            done.gone.append(activity)
            continue
        if export_dir is not None:
            try:
                path = write_export(store, activity.id, export_dir / export_name(activity.id))
            except Exception as err:  # any failure keeps the table
                done.kept.append((activity.id, f"its export could not be written: {err}"))
                continue
            if path is not None:
                done.exported.append((activity.id, path))
        if store.prune(activity.id, before=before, now=now):
            done.gone.append(activity)
        else:
            done.kept.append((activity.id, "something happened at the table meanwhile"))
    return done


def write_export(store: Store, table_id: str, path: Path, *, force: bool = False) -> Path | None:
    """Write the table's export to ``path`` (None: no such table). An existing
    file is replaced only with ``force``, or kept when it holds this very export;
    otherwise ``OutputError('output_exists')``."""
    export = table_export(store, table_id)
    if export is None:
        return None
    text = export_text(export)
    if not force and path.is_file() and _holds(path, text):
        return path
    mode: Mode = "replace" if force else "new"
    write_text(check_output(path, mode, option="export"), text, mode, option="export")
    return path


def _holds(path: Path, text: str) -> bool:
    try:
        return path.read_text(encoding="utf-8") == text
    except (OSError, UnicodeDecodeError):
        return False


def describe(activity: TableActivity, table: Table | None, now: float) -> dict[str, Any]:
    """One table as ``palace-poker admin list`` shows it (``table`` rebuilt, or None
    when its log could not be read back)."""
    status = "unreadable" if table is None else table.status
    return {
        "table": activity.id,
        "name": activity.name,
        "status": status,
        "players": [] if table is None else players(table),
        "entries": activity.entries,
        "created_at": activity.created_at,
        "last_at": activity.last_at,
        "idle_days": round(max(0.0, now - activity.last_at) / DAY, 1),
        "writer": activity.lease_until is not None and activity.lease_until >= now,
    }


def rebuilt(store: Store, table_id: str) -> Table | None:
    """The table rebuilt from its log, or None when it cannot be (gone meanwhile,
    or a log this version cannot read back)."""
    try:
        stored = store.load(table_id)
        if stored is None:
            return None
        return Table.rebuild(
            stored.id, stored.settings, stored.entries, stored.shuffles, stored.secret
        )
    except Exception:  # listed as unreadable, never a traceback
        return None


__all__: Sequence[str] = [
    "DAY",
    "EXPORT_FORMAT",
    "Pruned",
    "describe",
    "due",
    "export_name",
    "export_text",
    "players",
    "prune",
    "rebuilt",
    "table_export",
    "write_export",
]
