"""Several server processes started at once on one database all come up.

Each process applies the migrations the database lacks when it starts
(:meth:`palace_poker.server.storage.store.Store.migrate`). Started together on a new
database, they used to race: two of them made ``alembic_version`` (or a table)
at once, and one exited with status 3 (``UniqueViolation``). The migrations are
serialized now (a PostgreSQL advisory lock, SQLite's ``BEGIN IMMEDIATE``), so that
the first process upgrades and the others find the schema up to date.

Checked with three ``palace-poker serve`` processes launched at the same moment:
on a new PostgreSQL database (with Redis: a cluster, docs/deploy.md), on one
migrated only up to an earlier revision that holds a table of before (it loads on
every process, and a player is seated through another), and on a new SQLite file.
Every process answers, makes a table, and the schema is at the head revision.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory

from cluster_helpers import RedisServer, fresh_database, needs_postgres
from palace_poker.server.model.protocol import token_hash
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.storage.store import ENTRIES, MIGRATIONS, SEAT_TOKENS, TABLES, Store, dump
from server_helpers import ServerProcess

#: How many processes start together.
PROCESSES = 3


def _head() -> str:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def _version(url: str) -> str:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as db:
            return str(db.execute(sa.text("select version_num from alembic_version")).scalar())
    finally:
        engine.dispose()


def _start_together(servers: list[ServerProcess]) -> list[str]:
    """Launch every process at the same moment; the failures (a process that
    exited or did not answer), with the end of its log."""
    failures: list[str] = []
    with ThreadPoolExecutor(len(servers)) as pool:
        for started in [pool.submit(server.start, 60.0) for server in servers]:
            try:
                started.result()
            except RuntimeError as err:
                failures.append(str(err))
    return failures


@pytest.fixture
def redis() -> Iterator[RedisServer]:
    server = RedisServer().start()
    try:
        yield server
    finally:
        server.stop()


def _run(servers: list[ServerProcess]) -> None:
    """Start the servers together, check that each serves, stop them all."""
    try:
        failures = _start_together(servers)
        assert not failures, "\n\n".join(failures)
        for server in servers:  # each one makes a table, and the others read it
            created = server.create()
            for other in servers:
                answer = httpx.get(f"{other.base}/api/tables/{created['table']}", timeout=10)
                assert answer.status_code == 200, answer.text
    finally:
        for server in servers:
            server.stop()
    for server in servers:  # nothing was refused on the way (a traceback, a race)
        text = server.log.read_text(encoding="utf-8", errors="replace")
        assert "Traceback" not in text, text[-4000:]


@needs_postgres
def test_three_processes_start_together_on_a_new_postgresql_database(
    tmp_path: Path, redis: RedisServer
) -> None:
    with fresh_database() as url:
        servers = [
            ServerProcess(tmp_path / f"{n}.db", database_url=url, redis_url=redis.url)
            for n in range(PROCESSES)
        ]
        _run(servers)
        assert _version(url) == _head()


@needs_postgres
def test_three_processes_start_together_on_an_older_postgresql_database(
    tmp_path: Path, redis: RedisServer
) -> None:
    """A database of revision 0002 (before the writers' leases), holding a table
    with Ann seated: upgraded once, and the table is served by every process."""
    settings = TableSettings.from_form({"name": "Old", "small_bet": 10, "seats": 3, "stack": 60})
    with fresh_database() as url:
        engine = sa.create_engine(url)
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0002")
        engine.dispose()
        old = Store(sa.create_engine(url))
        old.create("t0", settings, bytes(range(32)))
        seated = {"seat": 0, "name": "Ann", "bot": None, "pending": False}
        with old.engine.begin() as db:  # as the server of then wrote it (no leases)
            db.execute(
                ENTRIES.insert().values(
                    table_id="t0", seq=1, kind="seated", at=1.0, data=dump(seated)
                )
            )
            db.execute(
                SEAT_TOKENS.insert().values(table_id="t0", seat=0, token_hash=token_hash("ann"))
            )
        old.close()
        servers = [
            ServerProcess(tmp_path / f"{n}.db", database_url=url, redis_url=redis.url)
            for n in range(PROCESSES)
        ]
        try:
            failures = _start_together(servers)
            assert not failures, "\n\n".join(failures)
            for server in servers:  # the table of before, on every process
                answer = httpx.get(f"{server.base}/api/tables/t0", timeout=10)
                assert answer.status_code == 200, answer.text
                assert answer.json()["seats"][0]["name"] == "Ann"
            servers[-1].join("t0", "Bob")  # a change, through another process
            for server in servers:
                names = [
                    s["name"] for s in httpx.get(f"{server.base}/api/tables/t0").json()["seats"]
                ]
                assert "Bob" in names, (server.base, names)
        finally:
            for server in servers:
                server.stop()
        assert _version(url) == _head()


def test_three_processes_start_together_on_a_new_sqlite_file(tmp_path: Path) -> None:
    database = tmp_path / "new.sqlite3"
    servers = [
        ServerProcess(database, database_url=f"sqlite:///{database}") for _ in range(PROCESSES)
    ]
    for n, server in enumerate(servers):  # one log each (they share the database)
        server.log = tmp_path / f"{n}.log"
    _run(servers)
    url = f"sqlite:///{database}"
    assert _version(url) == _head()
    engine = sa.create_engine(url)
    with engine.connect() as db:
        settings = [json.loads(s) for s in db.execute(sa.select(TABLES.c.settings)).scalars()]
    engine.dispose()
    assert len(settings) == PROCESSES
