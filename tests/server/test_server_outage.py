"""The store unreachable in the middle of play (docs/deploy.md, "What happens on a
failure"): PostgreSQL stopped, and SQLite on a full disk.

While the store is away every message that needs it is refused at once with
``storage_unavailable`` (never silence), every HTTP call that needs it answers
HTTP 503 with the usual error JSON (never a bare 500), the turn clocks wait, the
log says once that the store is away and once that it is back (no traceback, no
flood), and play resumes by itself when it is back: a ``storage_back`` entry gives
the clocks the outage's time, so the player whose turn it was still has it.

Each test measures what docs/deploy.md reports (the refusals' latency, the log's
lines a second during the outage, the time from the store's return to the first
entry a client receives) and prints it; none is asserted (the machine's speed
varies), only what must hold whatever the speed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from cluster_helpers import PrivatePostgres, RedisServer
from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import Store
from server_helpers import Player, ServerProcess, pure_table, run_closing

pytestmark = pytest.mark.rule("R-GAME-1")
#: The turn clock of the tables played here, and how long the store stays away:
#: longer than a turn, so that a clock that kept running would run out meanwhile
#: (the refusals are measured after it would have: its automatic change refused
#: first, on a full disk the first write to fail).
TURN = 6
AWAY = TURN + 5.0
#: The refusals measured during an outage.
TRIES = 5


def test_storage_back_gives_the_clocks_the_outage_once() -> None:
    """The pure table: the turn clock and the pause between hands move on by the
    outage's length; the same outage given back again (another process's entry)
    moves nothing; a paused table's clocks stand still already."""
    table = pure_table(seats=2, bots=0, turn_seconds=TURN)
    table.submit("started", {}, at=10.0)
    table.submit("hand_started", {}, at=10.0)
    assert table.clock.deadline == 10.0 + TURN
    (entry,) = table.submit("storage_back", {"since": 12.0}, at=30.0)
    assert entry.data == {"since": 12.0, "seconds": 18.0}
    assert table.clock.deadline == 30.0 + (TURN - 2.0)  # what was left at 12.0
    (again,) = table.submit("storage_back", {"since": 11.0}, at=31.0)
    assert again.data["seconds"] == 0.0  # the clocks ran, rightly, from 30.0 on
    assert table.clock.deadline == 30.0 + (TURN - 2.0)
    (later,) = table.submit("storage_back", {"since": 32.0}, at=33.0)  # another outage
    assert later.data["seconds"] == 1.0
    assert table.clock.deadline == 31.0 + (TURN - 2.0)
    rebuilt = Table.rebuild(
        "t", table.settings, [(e.seq, e.kind, e.at, e.data) for e in table.log], []
    )
    assert rebuilt.clock.deadline == table.clock.deadline  # a rebuild agrees
    with pytest.raises(Exception, match="storage_back"):
        table.submit("storage_back", {"since": "soon"}, at=32.0)


class QuietCluster:
    """A cluster's name without its news: the two processes below are in one test
    process, and the lease is handed by the test (the hub's rounds do it in a
    server; between real processes, test_postgres_stopped_under_a_cluster_...)."""

    owner = "p-test"

    async def publish(self, table_id: str, seq: int) -> None:
        return None


def _storage_backs(store: Store) -> list[dict[str, Any]]:
    stored = store.load("t1")
    assert stored is not None
    return [data for _, kind, _, data in stored.entries if kind == "storage_back"]


def test_the_outage_is_given_back_when_the_lease_changed_hands_during_it(
    tmp_path: Path,
) -> None:
    """The lease (5 s) runs out during a longer outage and the other process takes
    it when the store is back. That process had not written the table when the
    outage ended; it gives the clocks their time back when it becomes the writer.
    (Before, each process dropped the outage when it was not the writer at that
    moment: nobody gave it back, and the turn clock could run out at once.) A
    process that hears another's entry for the outage gives nothing more."""
    url = f"sqlite:///{tmp_path / 't.db'}"
    settings = TableSettings.from_form(
        {"name": "T", "small_bet": 10, "seats": 2, "stack": 50, "turn_seconds": TURN}
    )

    async def scene() -> None:
        first, second = Store.open(url), Store.open(url)
        first.create("t1", settings)
        cluster: Any = QuietCluster()
        a, b = (
            TableRunner(Table("t1", settings), store, {}, shuffles_stored=0, cluster=cluster)
            for store in (first, second)
        )
        a.held(True)
        for seat, name in enumerate(("Ann", "Bob")):
            await a._commit("seated", {"seat": seat, "name": name}, token=f"token-{seat}")
        await a._commit("started", {})
        await a._commit("hand_started", {})
        await b._catch_up()
        assert b.table.seq == a.table.seq
        since = a.table.log[-1].at  # the outage began after the deal
        await asyncio.sleep(0.05)  # and lasted
        # the outage ends; the lease ran out meanwhile: neither writes the table yet
        for runner in (a, b):
            runner.held(False)
            runner.storage_changed(since)
            await runner._rebuild_or_wait()
        assert _storage_backs(first) == []
        assert a._held == b._held == since  # kept by both, for whoever writes next
        b.held(True)  # the second process takes the lease first
        await b._rebuild_or_wait()
        (given,) = _storage_backs(first)
        assert given["since"] == since
        assert given["seconds"] > 0
        assert b._held is None
        await a._catch_up()  # the first hears of it: nothing more to give back
        await a._rebuild_or_wait()
        assert a._held is None
        assert len(_storage_backs(first)) == 1
        first.close()
        second.close()

    asyncio.run(scene())


# ---------------------------------------------------------------- helpers


def _lines(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8", errors="replace").splitlines() if log.exists() else []


async def _said(log: Path, words: str, *, within: float) -> None:
    """Wait until ``log`` holds ``words``, for at most ``within`` seconds."""
    deadline = time.monotonic() + within
    while words not in "\n".join(_lines(log)) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)


async def _until(player: Player, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Receive until a payload passes ``test``."""
    while True:
        payload = await player.receive(timeout=30)
        if test(payload):
            return payload


async def _until_a_person_is_to_act(*players: Player) -> Player:
    while not any(p.my_turn() for p in players):
        for player in players:
            with contextlib.suppress(TimeoutError):
                await player.receive(timeout=0.1)
    return next(p for p in players if p.my_turn())


def _entries(player: Player, after: int = 0) -> list[dict[str, Any]]:
    seen: dict[int, dict[str, Any]] = {}
    for payload in player.received:
        for item in payload.get("log", []):
            if item["seq"] > after:
                seen.setdefault(item["seq"], item)
    return [seen[s] for s in sorted(seen)]


async def _refusals(other: Player, mover: Player) -> list[float]:
    """While the store is away: chat lines and a decision, each refused at once
    with storage_unavailable (the seconds each refusal took to arrive)."""
    latencies = []
    for i in range(TRIES):
        sent = time.monotonic()
        if i == TRIES - 1:
            await mover.act_randomly()  # (its own pace first)
            sent = time.monotonic()
            answered = mover
        else:
            await other.send({"type": "chat", "text": f"still there? {i}"})
            answered = other
        refusal = await _until(answered, lambda p: p["type"] == "error")
        latencies.append(time.monotonic() - sent)
        assert refusal["code"] == "storage_unavailable", refusal
        await asyncio.sleep(0.3)
    return latencies


def _http_refusals(server: ServerProcess, table: str) -> dict[str, int]:
    """The HTTP calls that need the store, while it is away: each answers 503 with
    the usual error JSON (``storage_unavailable``)."""
    unknown = "notloadedhere"  # a table this process has not loaded: read from the store
    calls: dict[str, Callable[[], httpx.Response]] = {
        "POST /api/tables": lambda: httpx.post(
            f"{server.base}/api/tables",
            json={"name": "T", "host_name": "Cy", "small_bet": 10, "seats": 2, "stack": 60},
            timeout=30,
        ),
        "POST /api/tables/{id}/seats": lambda: httpx.post(
            f"{server.base}/api/tables/{table}/seats", json={"name": "Dee"}, timeout=30
        ),
        "GET /api/tables/{id}": lambda: httpx.get(
            f"{server.base}/api/tables/{unknown}", timeout=30
        ),
        "GET /t/{id}": lambda: httpx.get(f"{server.base}/t/{unknown}", timeout=30),
    }
    statuses = {}
    for name, call in calls.items():
        answer = call()
        statuses[name] = answer.status_code
        assert answer.status_code == 503, (name, answer.text)
        assert answer.json()["error"]["code"] == "storage_unavailable", (name, answer.text)
    return statuses


async def _socket_refusal(server: ServerProcess, table: str) -> int:
    """The WebSocket of a table this process has not loaded, and a hello at a table
    whose memory holds a refused change, while the store is away: one error
    payload (storage_unavailable), then the close code 1013 (try again later)."""
    await _closed_unavailable(server.ws_url("notloadedhere"), None)
    return await _closed_unavailable(server.ws_url(table), {"type": "hello", "token": None})


async def _closed_unavailable(url: str, hello: dict[str, Any] | None) -> int:
    async with websockets.connect(url) as socket:
        if hello is not None:
            await socket.send(json.dumps(hello))
        payload = json.loads(await asyncio.wait_for(socket.recv(), 30))
        assert payload["type"] == "error", payload
        assert payload["code"] == "storage_unavailable", payload
        with contextlib.suppress(websockets.ConnectionClosed):
            await asyncio.wait_for(socket.recv(), 30)
        assert socket.close_code == 1013, socket.close_code
        return socket.close_code


async def _outage(
    servers: tuple[ServerProcess, ServerProcess],
    stop: Callable[[], object],
    start: Callable[[], object],
    *,
    http: bool,
) -> dict[str, Any]:
    """Two people play, Ann through the first server, Bob through the second (the
    same one, or another process of a cluster); while one of them is to act the
    store goes away for AWAY seconds (``stop``, then ``start``). Returns the
    figures measured."""
    server, second = servers
    created = server.create(seats=3, stack=200, turn_seconds=TURN, time_bank=0)
    table = created["table"]
    joined = second.join(table, "Bob")
    ann = Player(server, table, created["token"], "Ann", pace=0.2)
    bob = Player(second, table, joined["token"], "Bob", pace=0.2)
    await ann.connect()
    await bob.connect()
    await ann.send({"type": "start"})
    mover = await _until_a_person_is_to_act(ann, bob)
    other = bob if mover is ann else ann
    seat = mover.received[0]["you"]
    logs = sorted({s.log for s in servers})
    before = [len(_lines(log)) for log in logs]
    await asyncio.to_thread(stop)
    stopped = time.monotonic()
    await asyncio.sleep(TURN + 1.0)
    figures: dict[str, Any] = {"latencies": await _refusals(other, mover)}
    if http:
        figures["http"] = await asyncio.to_thread(_http_refusals, server, table)
        figures["socket"] = await _socket_refusal(server, table)
    await asyncio.sleep(max(0.0, AWAY - (time.monotonic() - stopped)))
    during = [line for log, n in zip(logs, before, strict=True) for line in _lines(log)[n:]]
    starting = time.monotonic()
    await asyncio.to_thread(start)
    figures["away"] = starting - stopped
    figures["lines"] = len(during)
    figures["lines_per_second"] = len(during) / figures["away"]
    # Play resumes by itself: the clocks' time is given back first, told to all.
    told = await _until(mover, lambda p: any(e["kind"] == "storage_back" for e in p.get("log", [])))
    figures["resume"] = time.monotonic() - starting
    # (in a cluster both processes may give it back; the later entry moves nothing)
    back, *again = [e for e in told["log"] if e["kind"] == "storage_back"]
    assert all(e["seconds"] == 0.0 for e in again), again
    figures["given_back"] = back["seconds"]
    # whatever the outage's start the server saw, no later than the stop it is
    assert back["seconds"] >= figures["away"], (back, figures)
    # The turn is still the mover's, with the time it had: the decision is taken.
    assert mover.my_turn(), mover.view
    await mover.act_randomly()
    taken = await _until(
        mover,
        lambda p: p["type"] == "error" or any(e["kind"] == "action" for e in p.get("log", [])),
    )
    assert taken["type"] == "update", taken
    decided = [e for e in _entries(mover, back["seq"]) if e["kind"] == "action"]
    assert decided[0]["seat"] == seat, decided
    assert decided[0]["by"] == "player", decided
    # Nothing timed out while the store was away or just after.
    assert not [e for e in _entries(mover) if e["kind"] == "action" and e["by"] == "clock"]
    for log in logs:  # each process says it once each way
        # (a process that writes nothing of the table learns that the store is back
        # from its own look at it, once a second: under load, after the writer's
        # decision above; it is waited for here, a bounded wait, then counted)
        await _said(log, "storage is back", within=15.0)
        text = "\n".join(_lines(log))
        assert text.count("storage is unreachable") == 1, text[-3000:]
        assert text.count("storage is back") == 1, text[-3000:]
        assert "Traceback" not in text, text[-3000:]
    figures["log"] = during
    return figures


def _report(name: str, figures: dict[str, Any]) -> None:
    shown = {k: v for k, v in figures.items() if k != "log"}
    latencies = figures["latencies"]
    print(
        f"\n{name}: refusals in {min(latencies) * 1000:.1f}-{max(latencies) * 1000:.1f} ms, "
        f"{figures['lines']} log lines in {figures['away']:.1f} s "
        f"({figures['lines_per_second']:.2f}/s), play resumed {figures['resume']:.2f} s "
        f"after the store's return; {shown}"
    )
    for line in figures["log"]:
        print(f"    | {line}")


# ---------------------------------------------------------------- PostgreSQL


def test_postgres_stopped_mid_game_is_refused_clearly_and_play_resumes(
    tmp_path: Path, database: PrivatePostgres
) -> None:
    server = ServerProcess(
        tmp_path / "a.db", bot_pause=0.05, between=0.5, database_url=database.url
    ).start()
    figures: dict[str, Any] = {}

    async def play() -> None:
        figures.update(await _outage((server, server), database.stop, database.start, http=True))

    try:
        run_closing(play(), timeout=180)
    finally:
        server.stop()
    _report("PostgreSQL stopped", figures)


def test_postgres_stopped_under_a_cluster_is_refused_clearly_and_play_resumes(
    tmp_path: Path, database: PrivatePostgres
) -> None:
    """Two processes on one PostgreSQL and Redis (docs/deploy.md), a player on
    each: the same answers on both, each process says it once each way, and the
    table's writer gives the clocks their time back when the database is back."""
    redis = RedisServer().start()
    servers = tuple(
        ServerProcess(
            tmp_path / f"{name}.db",
            bot_pause=0.05,
            between=0.5,
            database_url=database.url,
            redis_url=redis.url,
        )
        for name in ("a", "b")
    )
    figures: dict[str, Any] = {}

    async def play() -> None:
        pair = (servers[0], servers[1])
        figures.update(await _outage(pair, database.stop, database.start, http=True))

    try:
        for server in servers:
            server.start()
        run_closing(play(), timeout=180)
    finally:
        for server in servers:
            server.stop()
        redis.stop()
    _report("PostgreSQL stopped under two processes", figures)


# ---------------------------------------------------------------- a full disk


class SmallDisk:
    """A small tmpfs of the test's own (mounted as root), which a file fills."""

    def __init__(self, where: Path, size: str = "8m") -> None:
        self.where = where
        where.mkdir()
        if os.geteuid() != 0 or shutil.which("mount") is None:
            pytest.skip("a full disk needs root to mount a small tmpfs")
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(where)],
            capture_output=True,
            check=False,
        )
        if mounted.returncode != 0:
            pytest.skip(f"no tmpfs could be mounted: {mounted.stderr.decode()}")
        self.filler = where / "filler"

    def fill(self) -> None:
        """Write until the disk is full (ENOSPC)."""
        block = b"\0" * 65536
        with self.filler.open("wb", buffering=0) as out, contextlib.suppress(OSError):
            while True:
                out.write(block)

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def remove(self) -> None:
        subprocess.run(["umount", "-l", str(self.where)], check=False, capture_output=True)


def test_sqlite_on_a_full_disk_is_refused_clearly_and_play_resumes(tmp_path: Path) -> None:
    disk = SmallDisk(tmp_path / "disk")
    server = ServerProcess(disk.where / "palace.sqlite3", bot_pause=0.05, between=0.5)
    server.log = tmp_path / "server.log"  # (the log on a disk of its own)
    figures: dict[str, Any] = {}

    async def play() -> None:
        figures.update(await _outage((server, server), disk.fill, disk.free, http=False))

    try:
        server.start()
        run_closing(play(), timeout=180)
    finally:
        server.stop()
        disk.remove()
    _report("SQLite on a full disk", figures)
