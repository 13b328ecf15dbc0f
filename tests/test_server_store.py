"""The table server's database: Alembic migrations, the append-only log written in
one transaction, and a table that a failed write leaves as the database has it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from cluster_helpers import fresh_database, needs_postgres
from palace_poker.server.protocol import token_hash
from palace_poker.server.runner import Client, TableRunner
from palace_poker.server.settings import TableSettings
from palace_poker.server.store import (
    ENTRIES,
    MIGRATIONS,
    SEAT_TOKENS,
    SECRETS,
    SHUFFLES,
    TABLES,
    WRITERS,
    Append,
    Store,
)
from palace_poker.server.store import _lock_key as store_lock_key
from palace_poker.server.table import Entry, Table
from palace_poker.server.writer import GroupCommit

SETTINGS = TableSettings.from_form({"name": "T", "small_bet": 10, "seats": 2, "stack": 50})
SETTINGS_JSON = json.dumps(SETTINGS.to_dict())


def _url(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=needs_postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind the server runs on: a SQLite file, and a
    PostgreSQL database of the test's own (when one is configured: CI)."""
    if request.param == "sqlite":
        yield _url(tmp_path / "db.sqlite3")
        return
    with fresh_database() as url:
        yield url


def test_the_migrations_make_the_schema_the_store_uses(database: str) -> None:
    store = Store.open(database)
    inspector = sa.inspect(store.engine)
    for table in (TABLES, ENTRIES, SEAT_TOKENS, SHUFFLES, SECRETS, WRITERS):
        columns = {c["name"] for c in inspector.get_columns(table.name)}
        assert columns == {c.name for c in table.columns}, table.name
        keys = set(inspector.get_pk_constraint(table.name)["constrained_columns"])
        assert keys == {c.name for c in table.primary_key.columns}, table.name
    with store.engine.connect() as db:
        assert db.execute(sa.text("select version_num from alembic_version")).scalar() == "0003"
    store.close()
    again = Store.open(database)  # applying them again changes nothing
    assert again.table_ids() == []
    again.close()


def test_a_database_of_the_first_schema_is_upgraded_and_its_tables_load(tmp_path: Path) -> None:
    url = _url(tmp_path / "old.sqlite3")
    engine = sa.create_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")  # a database made before fair shuffles
    engine.dispose()
    old = Store(sa.create_engine(url))
    with old.engine.begin() as db:
        db.execute(TABLES.insert().values(id="t0", created_at=1.0, settings=SETTINGS_JSON))
    old.close()
    store = Store.open(url)
    stored = store.load("t0")
    assert stored is not None
    assert stored.secret is None  # a table of before: secure shuffles, no proofs
    store.create("t1", SETTINGS, bytes(range(32)))
    again = store.load("t1")
    assert again is not None
    assert again.secret == bytes(range(32))
    store.close()


def test_the_log_is_written_whole_or_not_at_all(database: str) -> None:
    store = Store.open(database)
    store.create("t1", SETTINGS)
    first = Entry(1, "seated", 1.0, {"seat": 0, "name": "Ann", "bot": None})
    store.append("t1", [first], token=(0, token_hash("secret")))
    again = Entry(1, "seated", 2.0, {"seat": 1, "name": "Bob", "bot": None})
    with pytest.raises(sa.exc.IntegrityError):  # seq 1 is taken: nothing of it is written
        store.append("t1", [again], token=(1, token_hash("other")))
    stored = store.load("t1")
    assert stored is not None
    assert stored.entries == [(1, "seated", 1.0, {"bot": None, "name": "Ann", "seat": 0})]
    assert stored.tokens == {0: token_hash("secret")}
    assert store.load("nope") is None
    store.close()


class FailingStore(Store):
    """A store whose next write fails (a full disk, a lost database connection)."""

    fail = False

    def append_all(self, writes: Any) -> None:
        if self.fail:
            self.fail = False
            raise OSError("disk full")
        super().append_all(writes)


def test_a_change_the_store_refuses_is_undone_and_nobody_hears_of_it(tmp_path: Path) -> None:
    store = FailingStore(sa.create_engine(_url(tmp_path / "db.sqlite3")))
    store.migrate()
    store.create("t1", SETTINGS)

    async def scene() -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []

        async def send(payload: dict[str, Any]) -> None:
            sent.append(payload)

        async def close(_code: int, _reason: str) -> None:
            return None

        # the process's group commit, as the server has it (a failed batch is
        # written again one change at a time: this one fails alone)
        writes = GroupCommit(store)
        runner = TableRunner(Table("t1", SETTINGS), store, {}, shuffles_stored=0, writes=writes)
        runner.start()
        await runner.call("seated", {"seat": 0, "name": "Ann", "bot": None}, token="a")
        await runner.call("seated", {"seat": 1, "name": "Bob", "bot": None}, token="b")
        client = Client(send, close)
        pump = asyncio.get_running_loop().create_task(client.pump())
        runner.submit(client, {"type": "hello", "token": "a", "last_seq": None})
        runner.submit(client, {"type": "start"})
        while runner.table.hand is None:
            await asyncio.sleep(0.01)
        seq = runner.table.seq
        hand = runner.table.hand
        seat = runner.table.to_act()
        assert hand is not None
        runner.submit(client, {"type": "hello", "token": "ab"[seat or 0], "last_seq": seq})
        while client.seat != seat:
            await asyncio.sleep(0.01)
        store.fail = True
        runner.submit(client, {"type": "act", "action": "stay", "version": hand.version})
        while not any(p["type"] == "error" for p in sent):
            await asyncio.sleep(0.01)
        assert runner.table.seq == seq  # rebuilt from the store: the stay is not there
        stored = store.load("t1")
        assert stored is not None
        assert len(stored.entries) == seq
        runner.dropped(client)
        await pump
        await runner.stop()
        await writes.close()
        return sent

    sent = asyncio.run(scene())
    error = next(p for p in sent if p["type"] == "error")
    assert error["code"] == "storage_failed"
    assert all(p.get("seq", 0) <= error["seq"] for p in sent)


def test_a_group_commit_writes_many_tables_at_once_and_a_bad_change_fails_alone(
    tmp_path: Path,
) -> None:
    store = Store.open(_url(tmp_path / "db.sqlite3"))
    for table in ("t1", "t2", "t3"):
        store.create(table, SETTINGS)
    seated = {"seat": 0, "name": "Ann", "bot": None}

    async def scene() -> list[BaseException | None]:
        writes = GroupCommit(store)
        first = Append("t1", (Entry(1, "seated", 1.0, seated),))
        await writes.append(first)
        batch = [
            writes.append(Append("t2", (Entry(1, "seated", 2.0, seated),))),
            writes.append(first),  # seq 1 of t1 again: refused by the database
            writes.append(Append("t3", (Entry(1, "seated", 3.0, seated),))),
        ]
        results = await asyncio.gather(*batch, return_exceptions=True)
        await writes.close()
        assert writes.batches >= 1
        return results

    results = asyncio.run(scene())
    assert results[0] is None
    assert isinstance(results[1], sa.exc.IntegrityError)
    assert results[2] is None
    for table in ("t1", "t2", "t3"):
        stored = store.load(table)
        assert stored is not None
        assert [e[0] for e in stored.entries] == [1]
    store.close()


def test_a_writer_lease_goes_to_one_process_until_it_expires(database: str) -> None:
    store = Store.open(database)
    store.create("t1", SETTINGS)
    assert store.claim("t1", "a", now=100.0, ttl=5.0)
    assert not store.claim("t1", "b", now=101.0, ttl=5.0)  # a holds it
    assert store.claim("t1", "a", now=104.0, ttl=5.0)  # a renews it: good until 109
    assert store.orphans(108.0) == []
    assert store.orphans(110.0) == ["t1"]  # a stopped renewing
    assert store.claim("t1", "b", now=110.0, ttl=5.0)  # b takes it over
    assert not store.claim("t1", "a", now=111.0, ttl=5.0)
    store.release("t1", "a")  # not a's any more: nothing happens
    assert not store.claim("t1", "a", now=112.0, ttl=5.0)
    store.release("t1", "b")
    assert store.claim("t1", "a", now=113.0, ttl=5.0)
    store.close()


@needs_postgres
def test_the_table_lock_admits_one_process_at_a_time() -> None:
    with fresh_database() as url:
        first, second = Store.open(url), Store.open(url)
        held = first.lock("t1")
        assert held is not None
        with second.engine.connect() as db:  # another session cannot take it meanwhile
            key = db.execute(sa.text("SELECT pg_try_advisory_lock(hashtext('x'))")).scalar()
            assert key is True  # (another key is free)
            taken = db.execute(
                sa.text("SELECT pg_try_advisory_lock(:k)"), {"k": store_lock_key("t1")}
            ).scalar()
            assert taken is False
        first.unlock(held, "t1")
        again = second.lock("t1")  # free again
        second.unlock(again, "t1")
        first.close()
        second.close()


@pytest.mark.parametrize(
    ("database", "redis", "said"),
    [
        ("sqlite:///x.sqlite3", "redis://127.0.0.1:1/0", "must be postgresql"),
        ("postgresql+psycopg://u@127.0.0.1/db", "http://127.0.0.1/", "must be redis://"),
    ],
)
def test_serve_refuses_a_cluster_without_postgresql_or_redis(
    tmp_path: Path, database: str, redis: str, said: str
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "palace_poker",
            "serve",
            "--database-url",
            database,
            "--redis-url",
            redis,
            "--port",
            "1",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr
    assert "Traceback" not in done.stderr
