"""The table server under load (issue 12): many tables at once, measured.

Starts the server — one process on SQLite, then (with ``--postgres URL``) two
processes sharing a PostgreSQL database and a Redis server — and creates TABLES
tables, each with its host (a WebSocket client who plays at once when it is her
turn), three bots and three spectators (``--bots`` and ``--seats`` change the bots:
``--seats 2 --bots fast`` is a heads-up table against the network bot): four
connected clients a table, spread over the processes. Once every client is welcomed
the hosts start their games, over ``--stagger`` seconds; each table plays for
``--seconds``, then its host ends it (as staggered as they started).

Reported for each run: decisions a second (all tables), and the delay from an
accepted entry (its time in the log) to the moment the *last* client of its table
received it: p50, p99, p99.9; and the server processes' processor time a decision
(host's and bots' alike). Then the database is checked: every table's entries
numbered 1..n once each, in order, the table rebuilt from them, and every finished
hand's record replaying. A table of the run is also followed, after the run, by a
fresh observer from seq 0: it must receive the same entries the clients saw.

    python benchmarks/load.py --tables 25,50,100,200
    python benchmarks/load.py --tables 100 --postgres postgresql+psycopg://u:p@127.0.0.1/db
    python benchmarks/load.py --tables 50 --seats 2 --bots fast --bot-pause 0 --stack 2000

Run from the repository root with the server extra installed (the cluster extra and
``redis-server`` for the second set-up): ``python3 tools/dev.py load ARGS`` syncs the
compiled install (the engine built by mypyc, as the wheel is) and runs it there.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from serve_process import ServeProcess, free_port

from palace_poker.options import Option
from palace_poker.record import replay
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import Store
from palace_poker.wire import from_wire

ROOT = Path(__file__).resolve().parent.parent
SPECTATORS = 3


def serve(url: str, redis_url: str | None, bot_pause: float, log: Path) -> ServeProcess:
    """One ``palace-poker serve`` process (half a second between hands)."""
    return ServeProcess(url, log, redis_url=redis_url, bot_pause=bot_pause, between=0.5, cwd=ROOT)


def option_text(option: dict[str, Any], rng: random.Random) -> str:
    """A legal choice for an option as sent: the smallest amount, the fewest cards."""
    parsed = from_wire(option)
    assert isinstance(parsed, Option)
    cards = tuple(rng.sample(list(parsed.cards), parsed.min_cards)) if parsed.cards else ()
    return str(parsed.action(amount=parsed.min_amount, cards=cards)).split(" ", 1)[1]


@dataclass
class Course:
    """The run's two moments: every client is welcomed (the hosts may start), and
    the run's seconds are over (the hosts end their games)."""

    clients: int
    go: asyncio.Event = field(default_factory=asyncio.Event)
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    welcomed: int = 0

    def arrived(self) -> None:
        self.welcomed += 1
        if self.welcomed >= self.clients:
            self.go.set()


@dataclass
class Client:
    """A WebSocket client of one table: the host (who plays) or a spectator."""

    url: str
    token: str | None
    received: dict[int, float] = field(default_factory=dict)  # seq -> when it arrived
    entries: dict[int, dict[str, Any]] = field(default_factory=dict)
    over: asyncio.Event = field(default_factory=asyncio.Event)
    errors: list[dict[str, Any]] = field(default_factory=list)
    #: The table's last entry when this client was welcomed: what came before it
    #: reached the client late by construction (it connected after).
    welcomed: int = 0
    #: The hand and version the host last answered (a later frame may show the
    #: same decision again before the answer lands: it is answered once).
    answered: tuple[int, int] = (-1, -1)
    #: Seconds the host waits, once connected, before she starts her game.
    start_after: float = 0.0

    async def run(self, course: Course, rng: random.Random) -> None:
        async with websockets.connect(self.url, max_size=2**24) as socket_:
            await socket_.send(json.dumps({"type": "hello", "token": self.token, "last_seq": 0}))
            host = asyncio.create_task(self.host(socket_, course)) if self.token else None
            try:
                await self.listen(socket_, course, rng)
            finally:
                if host is not None:
                    host.cancel()

    async def host(self, socket_: Any, course: Course) -> None:
        """The host's part: once every client of every table is welcomed, she
        starts her game at her own moment; she ends it as long after the run's
        end, so that every table plays for the run's seconds."""
        await course.go.wait()
        await asyncio.sleep(self.start_after)
        await socket_.send(json.dumps({"type": "start"}))
        await course.stop.wait()
        await asyncio.sleep(self.start_after)
        await socket_.send(json.dumps({"type": "end"}))

    async def listen(self, socket_: Any, course: Course, rng: random.Random) -> None:
        """Read frames until the game is over; the host answers her decisions."""
        while not self.over.is_set():
            try:
                raw = await asyncio.wait_for(socket_.recv(), 1.0)
            except TimeoutError:
                continue
            now = time.time()
            frame = json.loads(raw)
            if frame["type"] == "welcome":
                self.welcomed = frame["seq"]
                course.arrived()
            if frame["type"] == "error":
                self.errors.append(frame)
                continue
            for item in frame.get("log", []):
                self.received.setdefault(item["seq"], now)
                self.entries.setdefault(item["seq"], item)
            view = frame.get("view")
            if view is None:
                continue
            if view["table"]["status"] == "over":
                self.over.set()
            elif view["options"] and self.token:
                version = view["hand"]["observation"]["version"]
                if (view["table"]["hand_number"], version) == self.answered:
                    continue
                self.answered = (view["table"]["hand_number"], version)
                text = option_text(rng.choice(view["options"]), rng)
                hand = view["table"]["hand_number"]
                act = {"type": "act", "action": text, "hand": hand, "version": version}
                await socket_.send(json.dumps(act))


@dataclass
class Run:
    setup: str
    tables: int
    seconds: float
    decisions: int
    delays: list[float]
    errors: int
    checked_hands: int
    #: The machine's speed around the run (:func:`gauge`, seconds: less is faster).
    speed: float = 0.0
    #: The server processes' processor seconds during the run (None: not measured).
    server_cpu: float | None = None

    def row(self) -> str:
        q = statistics.quantiles(self.delays, n=1000, method="inclusive") if self.delays else [0]
        p50, p99, p999 = (q[499], q[989], q[998]) if len(q) > 998 else (0, 0, 0)
        cpu = (
            "—"
            if self.server_cpu is None or not self.decisions
            else f"{self.server_cpu * 1000 / self.decisions:.2f}"
        )
        return (
            f"| {self.setup} | {self.tables} | {self.decisions / self.seconds:,.0f} | "
            f"{p50 * 1000:.1f} | {p99 * 1000:.1f} | {p999 * 1000:.1f} | {self.errors} | "
            f"{self.checked_hands} | {self.speed:.2f} | {cpu} |"
        )


def processor_seconds(servers: list[ServeProcess]) -> float | None:
    """The processor seconds (user and system) the server processes have used so
    far, read from ``/proc`` (None where there is none)."""
    total = 0.0
    for server in servers:
        assert server.process is not None
        try:
            fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1]
        except OSError:
            return None
        utime, stime = fields.split()[11:13]  # the stat file's fields 14 and 15
        total += (int(utime) + int(stime)) / os.sysconf("SC_CLK_TCK")
    return total


async def _play(
    servers: list[ServeProcess], tables: int, args: argparse.Namespace
) -> tuple[list[str], list[list[Client]]]:
    ids: list[str] = []
    groups: list[list[Client]] = []
    async with httpx.AsyncClient(timeout=30) as http:
        for i in range(tables):
            home = servers[i % len(servers)]
            body = {
                "name": f"Load {i}",
                "host_name": "Host",
                "small_bet": 10,
                "seats": args.seats,
                "stack": args.stack,
                "turn_seconds": 60,
                "bots": [args.bots] * (args.seats - 1),
            }
            created = (await http.post(f"{home.base}/api/tables", json=body)).json()
            ids.append(created["table"])
            ws = [f"ws://127.0.0.1:{s.port}/ws/{created['table']}" for s in servers]
            start_after = args.stagger * i / tables
            clients = [Client(ws[i % len(ws)], created["token"], start_after=start_after)]
            clients += [Client(ws[(i + k) % len(ws)], None) for k in range(1, SPECTATORS + 1)]
            groups.append(clients)
    course = Course(sum(len(g) for g in groups))
    rng = random.Random(0)
    tasks = [
        asyncio.create_task(c.run(course, random.Random(rng.random()))) for g in groups for c in g
    ]
    gc.disable()  # (the load's own pauses are not the server's delays)
    try:
        await asyncio.wait_for(course.go.wait(), 120)
        await asyncio.sleep(args.seconds)
        course.stop.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 120)
    finally:
        gc.enable()
    return ids, groups


def _check(database_url: str, ids: list[str], groups: list[list[Client]]) -> int:
    """Every table's log: each entry once, in order; rebuilt; every hand replayed;
    and what the clients received is what is stored. Returns the hands replayed."""
    store = Store.open(database_url)
    hands = 0
    try:
        for table_id, clients in zip(ids, groups, strict=True):
            stored = store.load(table_id)
            assert stored is not None
            seqs = [seq for seq, *_ in stored.entries]
            assert seqs == list(range(1, len(seqs) + 1)), f"{table_id}: entries lost or repeated"
            table = Table.rebuild(
                stored.id, stored.settings, stored.entries, stored.shuffles, stored.secret
            )
            for hand, _seats in table.history.finished:
                assert replay(hand.to_record()).result is not None
                hands += 1
            kinds = [kind for _, kind, _, _ in stored.entries]
            exact = {seq: at for seq, _, at, _ in stored.entries}
            for client in clients:
                got = sorted(client.entries)
                assert got == seqs, f"{table_id}: a client missed entries"
                assert [client.entries[s]["kind"] for s in got] == kinds
                for seq, item in client.entries.items():
                    # a payload gives the whole second (docs/server.md, "Privacy"):
                    # the delay is measured from the time stored
                    item["at"] = exact[seq]
    finally:
        store.close()
    return hands


def _observe(servers: list[ServeProcess], table_id: str) -> dict[int, str]:
    """A fresh observer of a finished table, from seq 0: the kinds it receives."""

    async def watch() -> dict[int, str]:
        url = f"ws://127.0.0.1:{servers[-1].port}/ws/{table_id}"
        async with websockets.connect(url, max_size=2**24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None, "last_seq": 0}))
            frame = json.loads(await ws.recv())
            return {e["seq"]: e["kind"] for e in frame.get("log", [])}

    return asyncio.run(watch())


def gauge() -> float:
    """Seconds this process takes for a fixed piece of pure Python work (3 million
    additions), on an idle machine just before and just after a run. The machine
    the figures were measured on is a virtual one whose speed changed by almost
    twofold within an hour (0.29 s to 0.50 s), and the delays with it: a row is
    read with its gauge."""
    started = time.perf_counter()
    total = 0
    for i in range(3_000_000):
        total += i * i
    return time.perf_counter() - started


def measure(
    setup: str,
    servers: list[ServeProcess],
    database_url: str,
    tables: int,
    args: argparse.Namespace,
) -> Run:
    before = gauge()
    cpu_before = processor_seconds(servers)
    ids, groups = asyncio.run(_play(servers, tables, args))
    cpu_after = processor_seconds(servers)
    speed = (before + gauge()) / 2
    hands = _check(database_url, ids, groups)  # (and the entries' exact times)
    delays: list[float] = []
    decisions = 0
    for clients in groups:
        entries = clients[0].entries
        since = max(c.welcomed for c in clients)
        for seq, item in entries.items():
            if item["kind"] == "action":
                decisions += 1
            if seq > since:  # every client of the table was connected by then
                last = max(c.received.get(seq, 0.0) for c in clients)
                delays.append(max(0.0, last - item["at"]))
    seen = _observe(servers, ids[0])
    assert seen == {s: e["kind"] for s, e in groups[0][0].entries.items()}, (
        "an observer's stream differs"
    )
    errors = [e["code"] for g in groups for c in g for e in c.errors]
    if errors:
        print(f"  ({setup}, {tables} tables) errors: {sorted(set(errors))}", file=sys.stderr)
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return Run(setup, tables, args.seconds, decisions, delays, len(errors), hands, speed, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="25,50,100,200")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bot-pause", type=float, default=0.5)
    parser.add_argument("--bots", default="random", help="the bots' kind (every bot of a table)")
    parser.add_argument(
        "--seats", type=int, default=4, help="a table's seats: the host and seats - 1 bots"
    )
    parser.add_argument("--stack", type=int, default=200, help="each player's chips")
    parser.add_argument(
        "--stagger",
        type=float,
        default=2.0,
        help="seconds over which the hosts start their games (0: all in the same instant)",
    )
    parser.add_argument(
        "--postgres", help="a PostgreSQL URL whose server the run may make a database in"
    )
    parser.add_argument(
        "--skip-sqlite", action="store_true", help="only the PostgreSQL + Redis set-up"
    )
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    print(
        "| set-up | tables | decisions/s | p50 ms | p99 ms | p99.9 ms | errors | hands replayed "
        "| gauge s | server CPU ms a decision |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as folder:
        for n in [] if args.skip_sqlite else counts:
            url = f"sqlite:///{folder}/load-{n}.sqlite3"
            server = serve(url, None, args.bot_pause, Path(folder) / f"serve-{n}.log").start()
            try:
                print(measure("1 process, SQLite", [server], url, n, args).row(), flush=True)
            finally:
                server.stop()
        if args.postgres:
            for n in counts:
                print(_cluster_row(args, Path(folder), n), flush=True)


def _cluster_row(args: argparse.Namespace, folder: Path, n: int) -> str:
    import sqlalchemy as sa  # noqa: PLC0415

    name = f"palace_load_{n}_{int(time.time())}"
    admin = sa.create_engine(args.postgres, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(args.postgres).set(database=name).render_as_string(hide_password=False)
    redis_port = free_port()
    redis = subprocess.Popen(
        [
            shutil.which("redis-server") or "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(redis_port),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
    )
    time.sleep(0.5)
    redis_url = f"redis://127.0.0.1:{redis_port}/0"
    servers = [
        serve(url, redis_url, args.bot_pause, folder / f"cluster-{n}-{i}.log") for i in range(2)
    ]
    try:
        for server in servers:
            server.start()
        return measure("2 processes, PostgreSQL + Redis", servers, url, n, args).row()
    finally:
        for server in servers:
            server.stop()
        redis.kill()
        with admin.connect() as db:
            db.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


if __name__ == "__main__":
    main()
