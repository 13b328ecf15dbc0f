"""Reconnects never go backwards (issue 30, part 2): the runner's answer to a hello.

A client reconnects with the last ``seq`` it saw. The process it reaches may lag
the log (with several processes, another one wrote and the notice was lost): a
``last_seq`` ahead of the process's table is answered only once the log has been
read, from that ``last_seq``: never an older view, never an entry twice. If the log
cannot be read, the client is refused with ``storage_unavailable`` and the
connection closed with 1013 (try again later). A ``last_seq`` beyond the log's
end (never sent by this server) is answered as a new client is.

Two runners of one table on one SQLite store play the two processes here: one
writes, the other is left behind, deterministically. The same over real
processes (PostgreSQL, Redis down, the writer killed) is in
``test_cluster_reconnect.py``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from palace_poker.server.live.outbox import Client
from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model.messages import build
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import After, Store

SETTINGS = TableSettings.from_form(
    {"name": "T", "small_bet": 10, "seats": 2, "stack": 500, "between_hands": 0}
)


class AwayStore(Store):
    """A store whose reads of entries after a seq fail while ``away`` is set (the
    database unreachable just when a lagging process wants to catch up)."""

    away = False

    def after(self, table_id: str, seq: int, shuffles: int) -> After:
        if self.away:
            raise OSError("connection refused")
        return super().after(table_id, seq, shuffles)


class Recorder:
    """A connection whose frames are kept, decoded, and whose close is noted."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None
        self.client = Client(self._send, self._close)

    async def _send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def _close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    async def hello(self, runner: TableRunner, token: str, last_seq: int | None) -> None:
        """Say hello and wait until the runner has answered it."""
        pump = asyncio.get_running_loop().create_task(self.client.pump())
        runner.submit(self.client, build({"type": "hello", "token": token, "last_seq": last_seq}))
        while not self.sent:
            await asyncio.sleep(0.01)
        if self.sent[0]["type"] == "error":
            await pump  # (a refused hello is closed)
        else:
            runner.dropped(self.client)
            await pump


async def _two_processes(store: Store) -> tuple[TableRunner, TableRunner]:
    """The table's writer with Ann and Bob dealt a hand, and a second runner built
    from the log at that point (a process that loaded the table then)."""
    writer = TableRunner(Table("t1", SETTINGS), store, {}, shuffles_stored=0)
    writer.start()
    await writer.call("seated", {"seat": 0, "name": "Ann", "bot": None}, token="a")
    await writer.call("seated", {"seat": 1, "name": "Bob", "bot": None}, token="b")
    await writer.call("started", {"by": 0})
    stored = store.load("t1")
    while writer.table.hand is None or stored is None or len(stored.entries) < writer.table.seq:
        await asyncio.sleep(0.01)
        stored = store.load("t1")
    table = Table.rebuild(
        stored.id, stored.settings, stored.entries, stored.shuffles, stored.secret
    )
    lagging = TableRunner(table, store, stored.tokens, shuffles_stored=len(stored.shuffles))
    lagging.start()
    return writer, lagging


async def _decisions(writer: TableRunner, count: int) -> None:
    """The writer stores ``count`` decisions (each the seat's default action)."""
    for _ in range(count):
        table = writer.table
        hand, seat = table.hand, table.to_act()
        assert hand is not None
        assert seat is not None
        text = str(hand.default_action()).split(" ", 1)[1]
        data = {"seat": seat, "action": text, "hand": table.hand_number, "by": "player"}
        await writer.call("action", {**data, "version": hand.version})
        while writer.table.hand is None:  # (a hand that ended: the next one is dealt)
            await asyncio.sleep(0.01)


def _store(tmp_path: Path) -> AwayStore:
    store = AwayStore(sa.create_engine(f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    store.migrate()
    store.create("t1", SETTINGS)
    return store


def test_a_hello_ahead_of_a_lagging_process_is_answered_after_reading_the_log(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)

    async def scene() -> None:
        writer, lagging = await _two_processes(store)
        before = lagging.table.seq
        await _decisions(writer, 3)
        last = writer.table.seq  # what Ann saw on the writer's process
        assert last > before  # the other process lags the log
        ann = Recorder()
        await ann.hello(lagging, "a", last)
        welcome = ann.sent[0]
        assert welcome["type"] == "welcome", welcome
        assert welcome["seq"] == last  # not the older seq the lagging process had
        assert welcome["log"] == []  # nothing Ann had, nothing twice
        assert lagging.table.seq == writer.table.seq
        # one seq behind: exactly the entry missed
        bob = Recorder()
        await bob.hello(lagging, "b", last - 1)
        assert [e["seq"] for e in bob.sent[0]["log"]] == [last]
        await writer.stop()
        await lagging.stop()

    asyncio.run(scene())
    store.close()


def test_a_hello_ahead_while_the_log_cannot_be_read_is_told_to_come_back(
    tmp_path: Path,
) -> None:
    store = _store(tmp_path)

    async def scene() -> None:
        writer, lagging = await _two_processes(store)
        await _decisions(writer, 2)
        last = writer.table.seq
        store.away = True
        ann = Recorder()
        await ann.hello(lagging, "a", last)
        assert [p["type"] for p in ann.sent] == ["error"]  # never an older welcome
        assert ann.sent[0]["code"] == "storage_unavailable"
        assert ann.sent[0]["seq"] == last
        assert ann.closed is not None
        assert ann.closed[0] == 1013  # try again later: the browser comes back
        assert ann.client not in lagging.clients
        store.away = False  # the database is back: the same hello is answered
        again = Recorder()
        await again.hello(lagging, "a", last)
        assert again.sent[0]["type"] == "welcome"
        assert again.sent[0]["seq"] == last
        assert again.sent[0]["log"] == []
        await writer.stop()
        await lagging.stop()

    asyncio.run(scene())
    store.close()


def test_a_hello_beyond_the_log_s_end_is_answered_as_a_new_client(tmp_path: Path) -> None:
    store = _store(tmp_path)

    async def scene() -> None:
        writer, lagging = await _two_processes(store)
        await _decisions(writer, 1)
        end = writer.table.seq
        for runner in (writer, lagging):
            ann = Recorder()
            await ann.hello(runner, "a", end + 50)  # never sent: a client lying
            welcome = ann.sent[0]
            assert welcome["type"] == "welcome"
            assert welcome["seq"] == end
            seqs = [e["seq"] for e in welcome["log"]]
            assert seqs == list(range(seqs[0], end + 1))  # the hand in play, from its deal
            assert welcome["log"][0]["kind"] == "hand_started"
        await writer.stop()
        await lagging.stop()

    asyncio.run(scene())
    store.close()
