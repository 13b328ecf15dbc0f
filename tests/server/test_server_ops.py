"""What a self-hoster needs (docs/deploy.md, "Running it for others"), over the real
server process:

* new tables (lessons included) and seat requests are limited per client address:
  a burst of the limit, then ``rate_limited`` with HTTP 429 and ``Retry-After``;
  another address is not held back, nor the machine itself (loopback); the
  address is the one a trusted proxy forwards (``X-Forwarded-For`` from
  127.0.0.1, uvicorn's default trusted proxy, as the tests' requests come);
* ``GET /api/health`` answers 200 while the database (and Redis) answer, 503 and
  which one is away while it is not, and 200 again when it is back;
* with ``--retention-days``, a server prunes at start the tables idle for longer
  (a finished game and a table never started), each exported first to
  ``--export-dir``, and keeps the others.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from cluster_helpers import PrivatePostgres, RedisServer, fresh_database, needs_postgres
from palace_poker.server.storage.store import ENTRIES, SEAT_TOKENS, SECRETS, SHUFFLES, TABLES
from server_helpers import Player, ServerProcess, run_closing

DAY = 86_400.0
FORM = {"name": "T", "host_name": "Ann", "small_bet": 10, "seats": 3, "stack": 60}


class OpsServer(ServerProcess):
    """``palace-poker serve`` with the operator's options ``extra`` as well."""

    def __init__(self, database: Path, *extra: str, **options: Any) -> None:
        super().__init__(database, **options)
        self.extra = list(extra)

    def command(self) -> list[str]:
        return [*super().command(), *self.extra]


@pytest.fixture
def started(tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """The servers a test starts, stopped after it."""
    servers: list[ServerProcess] = []
    yield servers
    for server in servers:
        server.stop()


def _post(
    server: ServerProcess, path: str, body: dict[str, Any], via: str | None
) -> httpx.Response:
    """A POST as a client at address ``via`` behind the proxy (None: the machine
    itself, no proxy)."""
    headers = {} if via is None else {"X-Forwarded-For": via}
    return httpx.post(f"{server.base}{path}", json=body, headers=headers, timeout=10)


def _refused(answer: httpx.Response, most: int) -> int:
    """Check a rate-limit refusal; its Retry-After, in seconds."""
    assert answer.status_code == 429, answer.text
    assert answer.json()["error"]["code"] == "rate_limited"
    wait = int(answer.headers["retry-after"])
    assert 0 < wait <= most
    return wait


def test_tables_and_seats_are_limited_per_address(
    tmp_path: Path, started: list[ServerProcess]
) -> None:
    server = OpsServer(
        tmp_path / "ops.sqlite3", "--tables-per-hour", "3", "--seats-per-minute", "4"
    )
    started.append(server)
    server.start()
    ann, bob = "203.0.113.7", "198.51.100.20"
    # a burst of three tables (a lesson among them: it makes a table too) ...
    for path in ("/api/tables", "/api/lessons", "/api/tables"):
        answer = _post(server, path, FORM, ann)
        assert answer.status_code == 200, answer.text
    # ... then refused, whichever way, with the time to wait (an hour's share)
    _refused(_post(server, "/api/tables", FORM, ann), 3600)
    _refused(_post(server, "/api/lessons", {"name": "Ann"}, ann), 3600)
    # another address, and the machine itself, are not held back
    table = _post(server, "/api/tables", {**FORM, "seats": 10}, bob).json()["table"]
    for _ in range(5):
        assert _post(server, "/api/tables", FORM, None).status_code == 200
    # seat requests: four a minute at once, then refused for a share of a minute
    for n in range(4):
        answer = _post(server, f"/api/tables/{table}/seats", {"name": f"A{n}"}, ann)
        assert answer.status_code == 200, answer.text
    _refused(_post(server, f"/api/tables/{table}/seats", {"name": "A9"}, ann), 60)
    answer = _post(server, f"/api/tables/{table}/seats", {"name": "Bob"}, bob)
    assert answer.status_code == 200, answer.text
    # nothing was made for the refused requests
    seats = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()["seats"]
    assert sorted(s["name"] for s in seats if s["name"]) == ["A0", "A1", "A2", "A3", "Ann", "Bob"]


def _health(server: ServerProcess) -> tuple[int, dict[str, Any]]:
    answer = httpx.get(f"{server.base}/api/health", timeout=10)
    body: dict[str, Any] = answer.json()
    return answer.status_code, body


def _until_health(server: ServerProcess, status: int, timeout: float = 30.0) -> dict[str, Any]:
    """Ask for the health until it answers ``status`` (the server notices an
    outage at its next question); the last body."""
    deadline = time.monotonic() + timeout
    while True:
        code, body = _health(server)
        if code == status or time.monotonic() > deadline:
            assert code == status, body
            return body
        time.sleep(0.2)


def test_health_on_sqlite_is_ok_and_says_there_is_no_redis(
    tmp_path: Path, started: list[ServerProcess]
) -> None:
    server = OpsServer(tmp_path / "health.sqlite3")
    started.append(server)
    server.start()
    code, body = _health(server)
    assert code == 200
    assert body == {"status": "ok", "storage": "ok", "redis": None, "tables": 0}


def test_health_with_the_database_stopped_and_started_again(
    tmp_path: Path, started: list[ServerProcess]
) -> None:
    postgres = PrivatePostgres().start()
    try:
        server = OpsServer(tmp_path / "pg.db", database_url=postgres.url)
        started.append(server)
        server.start()
        assert _health(server) == (
            200,
            {"status": "ok", "storage": "ok", "redis": None, "tables": 0},
        )
        postgres.stop()
        asked = time.monotonic()
        down = _until_health(server, 503)
        print(f"\nhealth: 503 within {time.monotonic() - asked:.2f} s of the database stopping")
        assert down["status"] == "unavailable"
        assert down["storage"] == "unreachable"
        postgres.start()
        assert _until_health(server, 200)["storage"] == "ok"
    finally:
        for each in started:  # before the database goes
            each.stop()
        postgres.remove()


def test_health_on_a_full_disk_says_the_database_takes_no_change(tmp_path: Path) -> None:
    """SQLite on a small tmpfs of the test's own (root mounts it): the file is still
    read when the disk is full, so a ``SELECT 1`` passes, but a change is refused;
    the health says ``unwritable`` (503) from the first refused change until a
    change is stored again."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a full disk needs root to mount a small tmpfs")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m,mode=0755", "tmpfs", str(disk)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"no tmpfs could be mounted: {mounted.stderr.decode()}")
    server = OpsServer(disk / "palace.sqlite3")
    server.log = tmp_path / "server.log"  # (the log on a disk of its own)
    filler = disk / "filler"
    try:
        server.start()
        table = server.create(seats=10)["table"]
        assert _health(server)[0] == 200
        with filler.open("wb", buffering=0) as out, contextlib.suppress(OSError):
            while True:  # until the disk is full (ENOSPC)
                out.write(b"\0" * 65536)
        joined = _post(server, f"/api/tables/{table}/seats", {"name": "Bob"}, None)
        assert joined.status_code == 503, joined.text
        code, body = _health(server)
        assert code == 503
        assert body["storage"] == "unwritable"
        filler.unlink()
        # during an outage a change is tried again at most every half second (the
        # others refused at once, as docs/deploy.md says): asked until one is
        deadline = time.monotonic() + 30
        while True:
            joined = _post(server, f"/api/tables/{table}/seats", {"name": "Cy"}, None)
            if joined.status_code != 503 or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert joined.status_code == 200, joined.text
        assert _until_health(server, 200)["storage"] == "ok"
    finally:
        server.stop()
        subprocess.run(["umount", "-l", str(disk)], check=False, capture_output=True)


@needs_postgres
def test_health_with_redis_stopped_and_started_again(
    tmp_path: Path, started: list[ServerProcess]
) -> None:
    redis = RedisServer().start()
    try:
        with fresh_database() as url:
            server = OpsServer(tmp_path / "c.db", database_url=url, redis_url=redis.url)
            started.append(server)
            server.start()
            assert _health(server)[1]["redis"] == "ok"
            redis.stop()
            down = _until_health(server, 503)
            assert down["redis"] == "unreachable"
            assert down["storage"] == "ok"
            redis.start()
            assert _until_health(server, 200)["redis"] == "ok"
            server.stop()
    finally:
        redis.stop()


def _rows(url: str, table_id: str) -> int:
    """Every row of ``table_id`` in the store's tables, counted together."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as db:
            return sum(
                int(
                    db.execute(
                        sa.select(sa.func.count()).select_from(rows).where(column == table_id)
                    ).scalar_one()
                )
                for rows, column in (
                    (TABLES, TABLES.c.id),
                    (ENTRIES, ENTRIES.c.table_id),
                    (SEAT_TOKENS, SEAT_TOKENS.c.table_id),
                    (SHUFFLES, SHUFFLES.c.table_id),
                    (SECRETS, SECRETS.c.table_id),
                )
            )
    finally:
        engine.dispose()


def _age(url: str, table_id: str, days: float) -> None:
    """Move a table's times ``days`` into the past, as if it had been idle so long."""
    engine = sa.create_engine(url)
    try:
        with engine.begin() as db:
            db.execute(
                ENTRIES.update()
                .where(ENTRIES.c.table_id == table_id)
                .values(at=ENTRIES.c.at - days * DAY)
            )
            db.execute(
                TABLES.update()
                .where(TABLES.c.id == table_id)
                .values(created_at=TABLES.c.created_at - days * DAY)
            )
    finally:
        engine.dispose()


def test_a_server_with_a_retention_exports_and_prunes_the_idle_tables(
    tmp_path: Path, started: list[ServerProcess]
) -> None:
    database = tmp_path / "keep.sqlite3"
    url = f"sqlite:///{database}"
    first = OpsServer(database)
    started.append(first)
    first.start()
    waiting = first.create()["table"]  # never started
    fresh = first.create()["table"]
    finished = first.create(seats=2, stack=20, bots=["random"])

    async def finish() -> None:
        ann = Player(first, finished["table"], finished["token"], "Ann", random.Random(1))
        ann.pace = 0.02
        await ann.connect()
        await ann.send({"type": "start"})
        await ann.send({"type": "end"})  # the hand in play is played out, then game over
        await ann.play()

    run_closing(finish(), timeout=120)
    first.stop()
    for table in (waiting, finished["table"]):
        _age(url, table, 40)
    folder = tmp_path / "exports"
    folder.mkdir()
    second = OpsServer(database, "--retention-days", "30", "--export-dir", str(folder))
    started.append(second)
    second.start()
    deadline = time.monotonic() + 60
    old = (waiting, finished["table"])
    while any(_rows(url, t) for t in old) and time.monotonic() < deadline:
        time.sleep(0.2)
    for table in old:
        assert _rows(url, table) == 0, "every row of an expired table is gone"
        answer = httpx.get(f"{second.base}/api/tables/{table}", timeout=10)
        assert answer.status_code == 404
        export = json.loads((folder / f"table-{table}.json").read_text())
        assert export["table"] == table
    assert json.loads((folder / f"table-{finished['table']}.json").read_text())["status"] == "over"
    assert httpx.get(f"{second.base}/api/tables/{fresh}", timeout=10).status_code == 200
    assert _rows(url, fresh) > 0
    assert sorted(p.name for p in folder.iterdir()) == sorted(f"table-{t}.json" for t in old)
    assert "pruned 2 tables" in second.log.read_text()


def test_an_export_dir_without_a_retention_is_refused_at_start(tmp_path: Path) -> None:
    server = OpsServer(tmp_path / "x.sqlite3", "--export-dir", str(tmp_path))
    try:
        with pytest.raises(RuntimeError, match=r"\[invalid_settings\] --export-dir needs"):
            server.start(timeout=30)
    finally:
        server.stop()


def test_an_export_dir_that_is_no_folder_is_refused_at_start(tmp_path: Path) -> None:
    missing = tmp_path / "exports"
    server = OpsServer(
        tmp_path / "x.sqlite3", "--retention-days", "30", "--export-dir", str(missing)
    )
    try:
        with pytest.raises(RuntimeError, match=r"\[invalid_settings\] --export-dir .*not a folder"):
            server.start(timeout=30)
    finally:
        server.stop()
    assert not missing.exists()  # refused, not made
