"""Several server processes on one set of tables: PostgreSQL and Redis, for real.

Two ``palace-poker serve`` processes share a PostgreSQL database of the test's own
and a Redis server the test starts (and restarts). Checked:

* a player connected to one process sees, in order and without a gap, every entry
  of a table played by a player connected to the other (and a bot);
* the writer of a table is killed (SIGKILL) in the middle of a hand: the other
  process takes the table over (its lease), the player of the dead process
  reconnects to the live one with the last seq it saw, and the hand and the game
  finish there, every entry stored once, in order, and every chip accounted for;
* Redis is killed and started again in the middle of play: nothing is lost (the
  processes look at the log themselves, and subscribe again).

Skipped without ``PALACE_TEST_POSTGRES_URL`` (CI sets it: ``.ci/run``).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cluster_helpers import RedisServer, needs_postgres, stored_table, two_processes
from server_helpers import Player, ServerProcess, ann_and_bob, run_closing

pytestmark = [needs_postgres, pytest.mark.rule("R-GAME-1")]


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess, RedisServer, str]]:
    """Two server processes on one fresh PostgreSQL database and one Redis."""
    with two_processes(tmp_path, between=0.5) as processes:
        yield processes


def _entries(player: Player) -> list[dict[str, Any]]:
    """The log entries the player received, in the order received (one per seq)."""
    seen: dict[int, dict[str, Any]] = {}
    for payload in player.received:
        for item in payload.get("log", []):
            seen.setdefault(item["seq"], item)
    return [seen[s] for s in sorted(seen)]


def _gapless(player: Player, first: int) -> list[int]:
    seqs = [e["seq"] for e in _entries(player) if e["seq"] >= first]
    assert seqs == list(range(first, first + len(seqs))), seqs
    return seqs


async def _until_over(*players: Player) -> None:
    await asyncio.gather(*(p.play() for p in players))


def test_a_player_on_one_process_sees_every_entry_of_another_in_order(
    cluster: tuple[ServerProcess, ServerProcess, RedisServer, str],
) -> None:
    first, second, _redis, url = cluster

    async def play() -> None:
        # Bob's seat taken through the other process
        table, _, ann, bob = await ann_and_bob(first, second, stack=40, pace=0.02, seeds=(1, 2))
        await _until_over(ann, bob)
        stored = stored_table(url, table)
        mine = {e["seq"]: e["kind"] for e in _entries(bob)}
        assert [e.kind for e in stored.log][: len(mine)] == [mine[s] for s in sorted(mine)]
        seqs = _gapless(bob, 1)
        assert seqs[-1] == stored.seq  # Bob saw the whole game, to its last entry
        anns = [e for e in _entries(bob) if e["kind"] == "action" and e["seat"] == 0]
        assert anns, "Ann's decisions reached Bob's process"

    run_closing(play(), timeout=120)


def test_the_writer_dies_mid_hand_and_the_other_process_finishes_the_game(
    cluster: tuple[ServerProcess, ServerProcess, RedisServer, str],
) -> None:
    first, second, _redis, url = cluster
    timings: dict[str, float] = {}

    async def play() -> None:
        # the table made on the first process, which writes it
        table, token, ann, bob = await ann_and_bob(
            first, second, stack=200, pace=0.05, seeds=(3, 4)
        )
        # a few decisions of the first hand, then the writer dies
        await asyncio.gather(
            ann.play(until_over=False, stop_at=8), bob.play(until_over=False, stop_at=8)
        )
        before = max(e["seq"] for e in _entries(bob))
        first.kill()
        killed = time.time()
        await ann.close()
        # Ann reconnects to the live process with the last seq she saw, and both play
        # on: the bot's turns and the deals now come from the new writer.
        again = Player(second, table, token, "Ann", random.Random(5), pace=0.05)
        await again.connect(last_seq=ann.last_seq)
        await asyncio.gather(
            again.play(until_over=False, stop_at=before + 25),
            bob.play(until_over=False, stop_at=before + 25),
        )
        await again.send({"type": "end"})
        await _until_over(again, bob)
        stored = stored_table(url, table)
        assert stored.status == "over"
        _gapless(bob, 1)
        assert max(e["seq"] for e in _entries(bob)) == stored.seq
        resumed = (ann.last_seq or 0) + 1  # Ann had seen the log up to there
        assert {e["seq"] for e in _entries(again)} >= set(range(resumed, stored.seq + 1))
        finished = [e for e in stored.log if e.kind == "hand_finished"]
        assert finished
        assert sum(finished[-1].data["stacks"].values()) == 3 * 200  # every chip
        later = [e for e in stored.log if e.seq > before]
        timings["first_entry"] = later[0].at - killed
        automatic = [
            e for e in later if e.kind == "hand_started" or e.data.get("by") in ("bot", "clock")
        ]
        assert automatic, "the new writer dealt or played the bot"
        timings["new_writer"] = automatic[0].at - killed

    run_closing(play(), timeout=120)
    print(
        f"\nfailover: first entry accepted {timings['first_entry']:.2f} s after the kill; "
        f"first by the new writer (a deal or the bot) {timings['new_writer']:.2f} s after it"
    )
    assert timings["new_writer"] < 15


def test_a_redis_restart_in_the_middle_of_play_loses_nothing(
    cluster: tuple[ServerProcess, ServerProcess, RedisServer, str],
) -> None:
    first, second, redis, url = cluster

    async def play() -> None:
        table, _, ann, bob = await ann_and_bob(first, second, stack=200, pace=0.03, seeds=(6, 7))
        await asyncio.gather(
            ann.play(until_over=False, stop_at=6), bob.play(until_over=False, stop_at=6)
        )
        redis.stop()  # notices are lost from now on...
        await asyncio.gather(
            ann.play(until_over=False, stop_at=14), bob.play(until_over=False, stop_at=14)
        )
        await asyncio.to_thread(redis.start)  # ...and Redis comes back on its port
        await ann.send({"type": "end"})
        await _until_over(ann, bob)
        stored = stored_table(url, table)
        for player in (ann, bob):  # each saw every entry, in order
            seqs = _gapless(player, 1)
            assert seqs[-1] == stored.seq

    run_closing(play(), timeout=120)
