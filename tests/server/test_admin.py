"""``palace-poker admin``: the operator's list, export and prune of a server's
tables (docs/deploy.md, "Running it for others"), run as the command it is (a
child process) on a SQLite file and on a PostgreSQL database.

The database holds three tables stored as the server stores them (a pure table
played by random legal choices, its log, shuffles, secret and a seat token
appended through :class:`Store`): a finished game and a game in play whose last
entries are 40 days old, and a game in play of today. Checked: the list names
each with its status, players and last activity; the export holds every stored
entry and records that ``palace-poker replay`` passes, and refuses to overwrite a
file; a prune with a retention of 30 days, dry, changes nothing, and otherwise
exports the two old tables first and then leaves no row of them in any of the
store's tables, the new one untouched; a table whose writer lease is held is
never pruned.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa

from cluster_helpers import fresh_database, needs_postgres
from palace_poker.fair import new_server_secret
from palace_poker.server.model.protocol import token_hash
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import (
    ENTRIES,
    SEAT_TOKENS,
    SECRETS,
    SHUFFLES,
    TABLES,
    WRITERS,
    Store,
)
from paths import ROOT
from server_helpers import play_randomly

DAY = 86_400.0
#: Every table of the store that holds rows of a table, and its id column.
ROWS = (
    (TABLES, TABLES.c.id),
    (ENTRIES, ENTRIES.c.table_id),
    (SEAT_TOKENS, SEAT_TOKENS.c.table_id),
    (SHUFFLES, SHUFFLES.c.table_id),
    (SECRETS, SECRETS.c.table_id),
    (WRITERS, WRITERS.c.table_id),
)


@dataclass(frozen=True)
class Stored:
    """The three tables of the test's database, by id."""

    url: str
    old_over: str
    old_playing: str
    new_playing: str


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=needs_postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Stored]:
    """A database of each kind the server runs on, holding the three tables."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'server.sqlite3'}"
        yield _fill(url)
        return
    with fresh_database() as url:
        yield _fill(url)


def _fill(url: str) -> Stored:
    store = Store.open(url)
    now = time.time()
    try:
        old_over = _store_table(store, "oldOver", now - 45 * DAY, over=True, seed=1)
        old_playing = _store_table(store, "oldPlaying", now - 41 * DAY, over=False, seed=2)
        new_playing = _store_table(store, "newPlaying", now - 3600, over=False, seed=3)
        # the table made in the past (its creation is when its first entry came)
        with store.engine.begin() as db:
            for table_id, at in (("oldOver", 45), ("oldPlaying", 41)):
                db.execute(
                    TABLES.update().where(TABLES.c.id == table_id).values(created_at=now - at * DAY)
                )
    finally:
        store.close()
    return Stored(url, old_over, old_playing, new_playing)


def _store_table(store: Store, table_id: str, start: float, *, over: bool, seed: int) -> str:
    """A table of Ann and Bob played by random legal choices from the time ``start``
    (a second a command) to its game's end, or for a few commands only (deep
    stacks: the game goes on), stored as the server stores it."""
    settings = TableSettings.from_form(
        {"name": f"Table {table_id}", "small_bet": 10, "seats": 2, "stack": 40 if over else 400}
    )
    secret = new_server_secret()
    store.create(table_id, settings, secret)
    table = Table(table_id, settings, secret=secret)
    table.submit("seated", {"seat": 0, "name": "Ann", "bot": None}, at=start)
    table.submit("seated", {"seat": 1, "name": "Bob", "bot": None}, at=start)
    shuffles = play_randomly(table, random.Random(seed), 5000 if over else 8, [start])
    store.append(table_id, table.log, shuffles=shuffles, token=(0, token_hash(f"t-{table_id}")))
    assert table.status == ("over" if over else "playing")
    return table_id


def admin(*args: str, url: str | None = None) -> subprocess.CompletedProcess[str]:
    """``palace-poker admin ARGS --database-url URL``, as an operator runs it."""
    command = [sys.executable, "-m", "palace_poker", "admin", *args]
    if url is not None:
        command += ["--database-url", url]
    return subprocess.run(
        command, check=False, capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def _rows(url: str, table_id: str) -> dict[str, int]:
    """How many rows of ``table_id`` each table of the store holds."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as db:
            return {
                rows.name: int(
                    db.execute(
                        sa.select(sa.func.count()).select_from(rows).where(column == table_id)
                    ).scalar_one()
                )
                for rows, column in ROWS
            }
    finally:
        engine.dispose()


def test_list_names_every_table_with_its_status_players_and_last_activity(
    database: Stored,
) -> None:
    done = admin("list", url=database.url)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split()[:4] == ["TABLE", "NAME", "STATUS", "PLAYERS"]
    # oldest first, one line each
    ids = [line.split()[0] for line in lines[1:]]
    assert ids == [database.old_over, database.old_playing, database.new_playing]
    assert " over " in lines[1]
    assert " playing " in lines[3]
    assert "Ann, Bob" in lines[2]
    assert "3 tables." in done.stderr
    as_json = admin("list", "--json", url=database.url)
    rows = [json.loads(line) for line in as_json.stdout.splitlines()]
    by_id = {row["table"]: row for row in rows}
    assert by_id[database.old_over]["status"] == "over"
    assert by_id[database.new_playing]["status"] == "playing"
    assert [p["name"] for p in by_id[database.old_playing]["players"]] == ["Ann", "Bob"]
    assert by_id[database.old_playing]["idle_days"] >= 40
    assert by_id[database.new_playing]["idle_days"] < 1
    assert by_id[database.new_playing]["name"] == f"Table {database.new_playing}"


def test_export_holds_the_log_and_records_that_replay(database: Stored, tmp_path: Path) -> None:
    done = admin("export", database.old_over, url=database.url)
    assert done.returncode == 0, done.stderr
    export = json.loads(done.stdout)
    assert export["format"] == "palace-table/1"
    assert export["table"] == database.old_over
    assert export["status"] == "over"
    store = Store.open(database.url)
    stored = store.load(database.old_over)
    store.close()
    assert stored is not None
    assert [e["seq"] for e in export["log"]] == [seq for seq, *_ in stored.entries]
    assert [e["kind"] for e in export["log"]] == [kind for _, kind, *_ in stored.entries]
    finished = sum(1 for _, kind, *_ in stored.entries if kind == "hand_finished")
    assert len(export["records"]) == finished > 0
    assert all("fair" in record for record in export["records"])
    records = tmp_path / "records.jsonl"
    records.write_text("".join(json.dumps(r) + "\n" for r in export["records"]))
    replayed = subprocess.run(
        [sys.executable, "-m", "palace_poker", "replay", str(records)],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    # to a file: written once, an existing file kept unless --force
    out = tmp_path / "export.json"
    assert admin("export", database.old_over, "-o", str(out), url=database.url).returncode == 0
    assert json.loads(out.read_text()) == export
    out.write_text("mine\n")
    refused = admin("export", database.new_playing, "-o", str(out), url=database.url)
    assert refused.returncode == 2
    assert "[output_exists]" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert out.read_text() == "mine\n"
    forced = admin("export", database.new_playing, "-o", str(out), "--force", url=database.url)
    assert forced.returncode == 0, forced.stderr
    assert json.loads(out.read_text())["table"] == database.new_playing


def test_an_unknown_table_or_a_missing_database_is_one_line_with_its_code(
    database: Stored, tmp_path: Path
) -> None:
    unknown = admin("export", "noSuchTable", url=database.url)
    assert unknown.returncode == 2
    assert unknown.stderr.startswith("error: [unknown_table]"), unknown.stderr
    missing = tmp_path / "none.sqlite3"
    nothing = admin("list", url=f"sqlite:///{missing}")
    assert nothing.returncode == 2
    assert nothing.stderr.startswith("error: [invalid_settings]"), nothing.stderr
    assert not missing.exists(), "a command that reads never makes a database"
    # nothing listens on port 1: refused at once, in one line
    away = admin("list", url="postgresql+psycopg://palace@127.0.0.1:1/none")
    assert away.returncode == 2
    assert away.stderr.startswith("error: [storage_unavailable]"), away.stderr
    assert "Traceback" not in away.stderr


def test_prune_dry_changes_nothing_then_exports_and_deletes_every_row_of_the_old_tables(
    database: Stored, tmp_path: Path
) -> None:
    old = (database.old_over, database.old_playing)
    before = {t: _rows(database.url, t) for t in (*old, database.new_playing)}
    assert all(before[t]["entries"] and before[t]["shuffles"] for t in before)
    assert all(before[t]["table_secrets"] == 1 == before[t]["seat_tokens"] for t in before)
    dry = admin("prune", "--retention-days", "30", "--dry-run", url=database.url)
    assert dry.returncode == 0, dry.stderr
    assert sorted(line.split()[2] for line in dry.stdout.splitlines()) == sorted(old)
    assert "2 tables would go." in dry.stderr
    assert {t: _rows(database.url, t) for t in before} == before
    folder = tmp_path / "exports"
    folder.mkdir()
    done = admin("prune", "--retention-days", "30", "--export-dir", str(folder), url=database.url)
    assert done.returncode == 0, done.stderr
    assert "2 tables pruned." in done.stderr
    for table_id in old:
        export = json.loads((folder / f"table-{table_id}.json").read_text())
        assert len(export["log"]) == before[table_id]["entries"]
        assert _rows(database.url, table_id) == dict.fromkeys(before[table_id], 0)
    assert _rows(database.url, database.new_playing) == before[database.new_playing]
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"table-{t}.json" for t in old)


def test_a_table_whose_writer_lease_is_held_is_never_pruned(database: Stored) -> None:
    store = Store.open(database.url)
    try:
        now = time.time()
        assert store.claim(database.old_playing, "p-live", now=now, ttl=60.0)
        done = admin("prune", "--retention-days", "30", url=database.url)
        assert done.returncode == 0, done.stderr
        assert _rows(database.url, database.old_playing)["entries"] > 0
        assert _rows(database.url, database.old_over)["entries"] == 0
        # the store's own check, under its lock: held, kept; expired, pruned
        assert not store.prune(database.old_playing, before=now, now=now)
        assert store.prune(database.old_playing, before=now, now=now + 120)
    finally:
        store.close()
    assert _rows(database.url, database.old_playing) == {rows.name: 0 for rows, _ in ROWS}
