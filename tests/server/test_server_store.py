"""The table server's database: Alembic migrations, the append-only log written in
one transaction, and a table that a failed write leaves as the database has it."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from cluster_helpers import fresh_database, needs_postgres
from palace_poker.cards import Card
from palace_poker.errors import PalaceError
from palace_poker.server.live.outbox import Client
from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model.messages import build
from palace_poker.server.model.protocol import token_hash
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Entry, Table
from palace_poker.server.storage.group_commit import GroupCommit
from palace_poker.server.storage.group_read import GroupRead
from palace_poker.server.storage.store import (
    ENTRIES,
    MIGRATIONS,
    SEAT_TOKENS,
    SECRETS,
    SHUFFLES,
    TABLES,
    WRITERS,
    After,
    Append,
    ConflictError,
    Store,
)

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
    with pytest.raises(ConflictError):  # seq 1 is taken: nothing of it is written
        store.append("t1", [again], token=(1, token_hash("other")))
    stored = store.load("t1")
    assert stored is not None
    assert stored.entries == [(1, "seated", 1.0, {"bot": None, "name": "Ann", "seat": 0})]
    assert stored.tokens == {0: token_hash("secret")}
    assert store.load("nope") is None
    store.close()


class FailingStore(Store):
    """A store whose next write fails (a full disk, a lost database connection),
    and, with ``unreadable``, as many reads after it (the database away a while)."""

    fail = False
    unreadable = 0

    def append_all(self, writes: Any) -> None:
        if self.fail:
            self.fail = False
            raise OSError("disk full")
        super().append_all(writes)

    def load(self, table_id: str) -> Any:
        if self.unreadable:
            self.unreadable -= 1
            raise OSError("connection refused")
        return super().load(table_id)


def _failing_store(tmp_path: Path) -> FailingStore:
    """A SQLite store whose writes and reads fail when told to, holding table t1."""
    store = FailingStore(sa.create_engine(_url(tmp_path / "db.sqlite3")))
    store.migrate()
    store.create("t1", SETTINGS)
    return store


def _recording_client() -> tuple[Client, list[dict[str, Any]]]:
    """A connection whose frames are kept, decoded, in the list returned with it."""
    sent: list[dict[str, Any]] = []

    async def send(text: str) -> None:
        sent.append(json.loads(text))

    async def close(_code: int, _reason: str) -> None:
        return None

    return Client(send, close), sent


def test_a_change_the_store_refuses_is_undone_and_nobody_hears_of_it(tmp_path: Path) -> None:
    store = _failing_store(tmp_path)

    async def scene() -> list[dict[str, Any]]:
        client, sent = _recording_client()
        # the process's group commit, as the server has it (a failed batch is
        # written again one change at a time: this one fails alone)
        writes = GroupCommit(store)
        runner = TableRunner(Table("t1", SETTINGS), store, {}, shuffles_stored=0, writes=writes)
        runner.start()
        await runner.call("seated", {"seat": 0, "name": "Ann", "bot": None}, token="a")
        await runner.call("seated", {"seat": 1, "name": "Bob", "bot": None}, token="b")
        pump = asyncio.get_running_loop().create_task(client.pump())
        runner.submit(client, build({"type": "hello", "token": "a", "last_seq": None}))
        runner.submit(client, build({"type": "start"}))
        while runner.table.hand is None:
            await asyncio.sleep(0.01)
        seq = runner.table.seq
        hand = runner.table.hand
        seat = runner.table.to_act()
        assert hand is not None
        # The hand is in memory before it is durable: the store fails only once
        # its entries are stored (else the deal's own write would be the refused one)
        while len(store.load("t1").entries) < seq:
            await asyncio.sleep(0.01)
        runner.submit(client, build({"type": "hello", "token": "ab"[seat or 0], "last_seq": seq}))
        while client.seat != seat:
            await asyncio.sleep(0.01)
        store.fail = True
        act = {"type": "act", "action": "stay", "hand": 1, "version": hand.version}
        runner.submit(client, build(act))
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
    assert error["code"] == "storage_unavailable"
    assert all(p.get("seq", 0) <= error["seq"] for p in sent)


def test_a_group_commit_writes_many_tables_at_once_and_a_bad_change_fails_alone(
    database: str,
) -> None:
    """On PostgreSQL the group commit is written from the event loop in one
    statement (storage/postgres.py), on SQLite by the store on a thread: the same rows,
    the same refusals."""
    store = Store.open(database)
    for table in ("t1", "t2", "t3"):
        store.create(table, SETTINGS)
    seated = {"seat": 0, "name": "Ann", "bot": None}
    order = tuple(Card(i) for i in range(52))

    async def scene() -> list[BaseException | None]:
        writes = GroupCommit(store)
        assert (writes.link is not None) == store.shared
        first = Append("t1", (Entry(1, "seated", 1.0, seated),), token=(0, token_hash("a")))
        await writes.append(first)
        batch = [
            writes.append(Append("t2", (Entry(1, "seated", 2.0, seated),), (order,), 0)),
            writes.append(first),  # seq 1 of t1 again: refused by the database
            writes.append(Append("t3", (Entry(1, "seated", 3.0, seated),))),
            writes.append(Append("t1", (Entry(2, "left", 4.0, {"seat": 0}),), forget=(0,))),
        ]
        results = await asyncio.gather(*batch, return_exceptions=True)
        await writes.close()
        assert writes.rounds >= 1
        return results

    results = asyncio.run(scene())
    assert results[0] is None
    assert isinstance(results[1], ConflictError)
    assert results[2:] == [None, None]
    one, two, three = (store.load(table) for table in ("t1", "t2", "t3"))
    assert one is not None
    assert two is not None
    assert three is not None
    assert [e[:2] for e in one.entries] == [(1, "seated"), (2, "left")]
    assert one.tokens == {}
    assert two.entries == [(1, "seated", 2.0, seated)]
    assert two.shuffles == [order]
    assert [e[0] for e in three.entries] == [1]
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


def test_two_writers_of_one_table_cannot_fork_its_log(database: str) -> None:
    """Two processes that both believe they write t1 (a lease that ran out during
    a pause): the second to store seq 2 is refused, and a batch holding its change
    writes nothing."""
    first, second = Store.open(database), Store.open(database)
    first.create("t1", SETTINGS)
    first.create("t2", SETTINGS)
    seated = {"seat": 0, "name": "Ann", "bot": None}
    first.append_all([Append("t1", (Entry(1, "seated", 1.0, seated),))])
    first.append_all([Append("t1", (Entry(2, "chat", 2.0, {"text": "a"}),))])
    with pytest.raises(ConflictError, match="t1, t2"):
        second.append_all(
            [
                Append("t2", (Entry(1, "seated", 2.0, seated),)),
                Append("t1", (Entry(2, "chat", 2.5, {"text": "b"}),)),
            ]
        )
    one, two = first.load("t1"), first.load("t2")
    assert one is not None
    assert two is not None
    assert [(seq, data) for seq, _, _, data in one.entries] == [(1, seated), (2, {"text": "a"})]
    assert two.entries == []
    first.close()
    second.close()


@needs_postgres
def test_one_transaction_at_a_time_writes_a_table() -> None:
    """A store's transaction locks the tables' writer rows first: while another
    session holds t1's, a write of t1 waits (t2 is free)."""
    with fresh_database() as url:
        first, second = Store.open(url), Store.open(url)
        for table in ("t1", "t2"):
            first.create(table, SETTINGS)
            assert first.claim(table, "a", now=100.0, ttl=5.0)
        seated = {"seat": 0, "name": "Ann", "bot": None}
        with first.engine.connect() as db:
            db.execute(
                sa.select(WRITERS.c.table_id).where(WRITERS.c.table_id == "t1").with_for_update()
            )
            second.append_all([Append("t2", (Entry(1, "seated", 1.0, seated),))])  # free
            writing = threading.Thread(
                target=second.append_all, args=([Append("t1", (Entry(1, "seated", 1.0, seated),))],)
            )
            writing.start()
            writing.join(0.5)
            assert writing.is_alive()  # waits for the row
            stored = first.load("t1")
            assert stored is not None
            assert stored.entries == []
            db.commit()
        writing.join(10)
        assert not writing.is_alive()
        stored = first.load("t1")
        assert stored is not None
        assert [seq for seq, *_ in stored.entries] == [1]
        first.close()
        second.close()


@needs_postgres
def test_the_group_commit_from_the_loop_waits_for_the_tables_writer_row() -> None:
    """The group commit's one statement (storage/postgres.py) locks the writer rows before
    it writes: while another session holds t1's, a change of t1 waits, one of t2
    does not, and the entries of t1 appear only once the row is free."""
    with fresh_database() as url:
        store = Store.open(url)
        for table in ("t1", "t2"):
            store.create(table, SETTINGS)
            assert store.claim(table, "a", now=100.0, ttl=5.0)
        seated = {"seat": 0, "name": "Ann", "bot": None}

        async def scene() -> None:
            writes = GroupCommit(store)
            with store.engine.connect() as db:
                db.execute(
                    sa.select(WRITERS.c.table_id)
                    .where(WRITERS.c.table_id == "t1")
                    .with_for_update()
                )
                await writes.append(Append("t2", (Entry(1, "seated", 1.0, seated),)))
                waiting = asyncio.ensure_future(
                    writes.append(Append("t1", (Entry(1, "seated", 1.0, seated),)))
                )
                await asyncio.sleep(0.5)
                assert not waiting.done()
                held = store.load("t1")
                assert held is not None
                assert held.entries == []
                db.commit()
            await asyncio.wait_for(waiting, 10)
            await writes.close()

        asyncio.run(scene())
        stored = store.load("t1")
        assert stored is not None
        assert [seq for seq, *_ in stored.entries] == [1]
        store.close()


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


def test_another_processes_entries_are_read_for_many_tables_at_once(database: str) -> None:
    """The group read: for each table, the entries after its seq, the shuffles
    from its count on, and its seats' tokens; the last seqs; and the leases of
    several tables taken in one statement."""
    store = Store.open(database)
    order = tuple(Card(i) for i in range(52))
    for table in ("t1", "t2", "t3"):
        store.create(table, SETTINGS)
    seated = {"seat": 0, "name": "Ann", "bot": None}
    store.append("t1", [Entry(1, "seated", 1.0, seated)], token=(0, token_hash("a")))
    store.append(
        "t1",
        [Entry(2, "started", 2.0, {}), Entry(3, "hand_started", 2.5, {"contributions": {}})],
        shuffles=[order, order[::-1]],
    )
    store.append("t2", [Entry(1, "seated", 1.5, seated)], token=(0, token_hash("b")))
    found = store.after_all([("t1", 1, 1), ("t2", 0, 0), ("t3", 0, 0)])
    one, two, three = found["t1"], found["t2"], found["t3"]
    assert [(seq, kind) for seq, kind, _, _ in one[0]] == [(2, "started"), (3, "hand_started")]
    assert one[0][1][2:] == (2.5, {"contributions": {}})
    assert one[1] == [order[::-1]]  # from the second on
    assert one[2] == {0: token_hash("a")}
    assert two == ([(1, "seated", 1.5, seated)], [], {0: token_hash("b")})
    assert three == ([], [], {})
    assert store.after("t1", 3, 2) == ([], [], {0: token_hash("a")})
    assert store.last_seqs(["t1", "t2", "t3"]) == {"t1": 3, "t2": 1, "t3": 0}
    assert store.claim_all(["t1", "t2"], "a", now=100.0, ttl=5.0) == {"t1", "t2"}
    assert store.claim_all(["t2", "t3"], "b", now=101.0, ttl=5.0) == {"t3"}  # t2 is a's
    assert store.claim_all(["t1", "t2", "t3"], "a", now=107.0, ttl=5.0) == {"t1", "t2", "t3"}

    async def read_together() -> list[After]:  # the group read: from the loop on PostgreSQL
        reads = GroupRead(store)
        assert (reads.link is not None) == store.shared
        got = await asyncio.gather(reads.after("t1", 1, 1), reads.after("t2", 0, 0))
        await reads.close()
        return list(got)

    assert asyncio.run(read_together()) == [one, two]
    store.close()


class QuietCluster:
    """A cluster's name, without its news (this test is about the log's fence; the
    news between real processes is tests/server/test_cluster.py's)."""

    owner = "p-test"

    async def publish(self, table_id: str, seq: int) -> None:
        return None


def test_a_process_that_lost_the_race_catches_up_and_carries_its_command_out(
    database: str,
) -> None:
    """Two processes serve t1; the second has not heard of the first's seat yet.
    Its seat request is numbered like the first's, refused by the database, and
    carried out again on the table rebuilt from the log: both are seated, in the
    log's order, and each process holds the same table."""

    async def scene() -> tuple[TableRunner, TableRunner]:
        first_store, second_store = Store.open(database), Store.open(database)
        first_store.create("t1", SETTINGS)
        cluster: Any = QuietCluster()
        runners = [
            TableRunner(Table("t1", SETTINGS), store, {}, shuffles_stored=0, cluster=cluster)
            for store in (first_store, second_store)
        ]
        for runner in runners:
            runner.start()
        first, second = runners
        # each takes the lease (one owner here) and then catches up with the empty
        # log once: a refused command queued after that is answered after it, so
        # the first's seat below is news to neither
        while not all(r.writer for r in runners):
            await asyncio.sleep(0.01)
        for runner in runners:
            with pytest.raises(PalaceError):
                await runner.call("action", {"seat": 0, "action": "stay", "by": "player"})
        assert await first.call("seated", {"seat": 0, "name": "Ann", "bot": None}, token="a") == 1
        assert second.table.seq == 0  # no news reached it
        seq = await second.call("seated", {"seat": 1, "name": "Bob", "bot": None}, token="b")
        assert seq == 2
        for runner in runners:
            await runner.stop()
        first_store.close()
        second_store.close()
        return first, second

    _, second = asyncio.run(scene())
    assert [p.name if p else None for p in second.table.seats] == ["Ann", "Bob"]
    assert set(second.tokens) == {0, 1}  # the other's seat token read from the log
    store = Store.open(database)
    stored = store.load("t1")
    store.close()
    assert stored is not None
    assert [(seq, kind, data["name"]) for seq, kind, _, data in stored.entries] == [
        (1, "seated", "Ann"),
        (2, "seated", "Bob"),
    ]


class ForeverBeaten(Store):
    """A store where another process always writes first: each write of t1
    refused, and the other's entry under the same number stored instead."""

    def append_all(self, writes: Any) -> None:
        for write in writes:
            beaten = Append(write.table_id, (Entry(write.entries[0].seq, "chat", 9.0, CHAT),))
            super().append_all([beaten])
        raise ConflictError("entries stored already by another writer")


CHAT = {"seat": None, "watcher": 1, "text": "first"}


def test_a_change_refused_on_every_try_leaves_the_table_as_the_log_has_it(
    tmp_path: Path,
) -> None:
    """A process that loses every race for a change gives up with storage_failed,
    and its table in memory is the log's, with the other process's entries in it:
    not its own refused change, under whose number the news of the other's entry
    would never be heard (the game had stalled on the process that was not the
    writer)."""
    store = ForeverBeaten(sa.create_engine(_url(tmp_path / "db.sqlite3")))
    store.migrate()
    store.create("t1", SETTINGS)

    async def scene() -> TableRunner:
        cluster: Any = QuietCluster()
        runner = TableRunner(Table("t1", SETTINGS), store, {}, shuffles_stored=0, cluster=cluster)
        runner.start()
        with pytest.raises(PalaceError) as refused:
            await runner.call("seated", {"seat": 0, "name": "Ann", "bot": None}, token="a")
        assert refused.value.code == "storage_failed"
        await runner.stop()
        return runner

    runner = asyncio.run(scene())
    stored = store.load("t1")
    assert stored is not None
    assert [kind for _, kind, _, _ in stored.entries] == ["chat"] * 3  # one each try
    assert runner.table.seq == 3  # the log's three, nothing of its own
    assert runner.table.seats[0] is None


def test_a_table_whose_log_cannot_be_read_after_a_refused_change_waits_for_it(
    tmp_path: Path,
) -> None:
    """The write fails and so does reading the log back: memory is ahead of the log
    and cannot be mended yet, so the table carries out nothing until it has read
    the log (not the next decision on the hand the store never saw): a decision
    meanwhile is refused at once with storage_unavailable (docs/server.md, "When
    the database is away"), and the same decision sent once the store is back is
    carried out on the table as the log has it, stored once."""
    store = _failing_store(tmp_path)

    async def scene() -> list[dict[str, Any]]:
        client, sent = _recording_client()
        runner = TableRunner(Table("t1", SETTINGS), store, {}, shuffles_stored=0)
        runner.start()
        await runner.call("seated", {"seat": 0, "name": "Ann", "bot": None}, token="a")
        await runner.call("seated", {"seat": 1, "name": "Bob", "bot": None}, token="b")
        await runner.call("started", {"by": 0})
        while runner.table.hand is None:
            await asyncio.sleep(0.01)
        seq, hand = runner.table.seq, runner.table.hand
        seat = runner.table.to_act()
        assert seat is not None
        assert hand is not None
        version = hand.version  # (the hand in memory takes the refused stay)
        stay = {"type": "act", "action": "stay", "hand": 1, "version": version}
        pump = asyncio.get_running_loop().create_task(client.pump())
        runner.submit(client, build({"type": "hello", "token": "ab"[seat], "last_seq": seq}))
        while not sent:  # welcomed: the deal before it is stored (jobs go one by one)
            await asyncio.sleep(0.01)
        store.fail, store.unreadable = True, 2  # the write, then two reads, fail
        runner.submit(client, build(stay))
        while sum(p["type"] == "error" for p in sent) < 1:
            await asyncio.sleep(0.01)
        # the same decision again, at once: refused, not held, not carried out on
        # the hand in memory the store never saw
        runner.submit(client, build(stay))
        while sum(p["type"] == "error" for p in sent) < 2:
            await asyncio.sleep(0.01)
        while store.unreadable or not any(
            p["type"] == "update" and p["seq"] > seq for p in sent
        ):  # the log read again (the loop tries with a growing pause), play resumed
            await asyncio.sleep(0.05)
        runner.submit(client, build(stay))  # the same decision, once the store is back
        while not any(
            p["type"] == "update" and any(e["kind"] == "action" for e in p["log"]) for p in sent
        ):
            await asyncio.sleep(0.05)  # (told only once stored)
        stored = store.load("t1")
        assert stored is not None
        assert [e[0] for e in stored.entries] == list(range(1, runner.table.seq + 1))
        stays = [e for e in stored.entries[seq:] if e[1] == "action" and e[3]["by"] == "player"]
        assert len(stays) == 1  # the third stay, stored once
        runner.dropped(client)
        await pump
        await runner.stop()
        return sent

    sent = asyncio.run(scene())
    errors = [p for p in sent if p["type"] == "error"]
    assert [e["code"] for e in errors] == ["storage_unavailable"] * 2
    assert errors[0]["seq"] == 4  # the last entry the client was told of, none unstored
    assert errors[1]["seq"] == 4
    updates = [p for p in sent if p["type"] == "update"]
    assert updates
    assert updates[-1]["seq"] > errors[0]["seq"]
