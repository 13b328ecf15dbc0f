"""Reconnects never go backwards, over a cluster with Redis down and the writer
killed (issue 30, part 2): two ``palace-poker serve`` processes on one PostgreSQL
database.

With Redis down, a process that does not write a table hears of the writer's
entries only from its own look at the log, once a second: it lags the log. Ann
plays on the writer's process, then reconnects to the other one with the last seq
she saw, again and again, and at last after the writer is killed (SIGKILL). Every
welcome must be at or after her last seq and hold only entries after it, and over
all her connections no entry may come twice or be missing. Before the hello read
the log first, a welcome came at the lagging process's older seq with entries she
had, then those entries again (issue 30: last seq 34, welcome at 32 holding 20-32,
then 33-34 again).

Skipped without ``PALACE_TEST_POSTGRES_URL`` (CI sets it: ``.ci/run``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cluster_helpers import RedisServer, needs_postgres, stored_table, two_processes
from server_helpers import Player, ServerProcess, run_closing

pytestmark = [needs_postgres, pytest.mark.rule("R-GAME-1")]

#: How many times Ann moves from the writer's process to the lagging one.
MOVES = 5


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess, RedisServer, str]]:
    """Two server processes on one fresh PostgreSQL database and one Redis."""
    with two_processes(tmp_path, between=0.2) as processes:
        yield processes


def _logged(payloads: list[dict[str, Any]]) -> list[int]:
    """The seqs of the log entries in the payloads, in the order received."""
    return [e["seq"] for p in payloads for e in p.get("log", [])]


def test_a_reconnect_to_a_lagging_process_never_goes_backwards(
    cluster: tuple[ServerProcess, ServerProcess, RedisServer, str],
) -> None:
    writer, other, redis, url = cluster
    backwards: list[str] = []
    sessions: list[Player] = []

    async def connect(server: ServerProcess, table: str, token: str, last: int | None) -> Player:
        ann = Player(server, table, token, "Ann", random.Random(len(sessions)), pace=0.01)
        welcome = await ann.connect(last_seq=last)
        if last is not None and (
            welcome["seq"] < last or any(s <= last for s in _logged([welcome]))
        ):
            backwards.append(
                f"last seq {last}: welcome at {welcome['seq']} holding {_logged([welcome])}"
            )
        sessions.append(ann)
        return ann

    async def play() -> None:
        created = writer.create(seats=3, stack=5000, bots=["random", "random"])
        table, token = created["table"], created["token"]
        ann = await connect(writer, table, token, None)
        await ann.send({"type": "start"})
        await ann.play(until_over=False, stop_at=5)
        redis.stop()  # no notices from now on: the other process looks once a second
        for move in range(MOVES):
            # on the writer's process, entries come at once ...
            await ann.play(until_over=False, stop_at=(ann.last_seq or 0) + 4)
            await ann.close()
            # ... and Ann comes back on the other process, which lags
            ann = await connect(other, table, token, ann.last_seq)
            await ann.play(until_over=False, stop_at=(ann.last_seq or 0) + 2)
            await ann.close()
            if move < MOVES - 1:
                ann = await connect(writer, table, token, ann.last_seq)
        # the last time, the writer is killed as Ann leaves it
        ann = await connect(writer, table, token, ann.last_seq)
        await ann.play(until_over=False, stop_at=(ann.last_seq or 0) + 4)
        writer.kill()
        await ann.close()
        ann = await connect(other, table, token, ann.last_seq)
        # the other process takes the table over when the lease runs out, and plays on
        await ann.play(until_over=False, stop_at=(ann.last_seq or 0) + 6)
        await ann.close()

    run_closing(play(), timeout=300)
    assert not backwards, (
        f"{len(backwards)} of {MOVES + 1} reconnects to the lagging process went backwards: "
        f"{backwards}"
    )
    seqs = [s for ann in sessions for s in _logged(ann.received)]
    twice = sorted({s for s in seqs if seqs.count(s) > 1})
    assert not twice, f"entries sent twice: {twice}"
    assert seqs == list(range(1, len(seqs) + 1))  # in order, none missing
    stored = stored_table(url, sessions[0].table)
    assert stored.seq >= seqs[-1]
