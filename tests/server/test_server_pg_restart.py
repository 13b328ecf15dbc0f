"""PostgreSQL restarted in the middle of play (docs/deploy.md, "What happens on a
failure"): a change made while the database is away is refused with
``storage_failed`` and told to no one; when it is back, play resumes, and every
entry the clients were told of is in the log, gapless and in order.

The database is a PostgreSQL server of the test's own (:class:`PrivatePostgres`),
stopped (a fast shutdown, which cuts every open connection) and started again on
its port while a server process, a bot and two people play on it.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest

from cluster_helpers import PrivatePostgres, stored_table
from server_helpers import Player, ServerProcess, ann_and_bob, run_closing

pytestmark = pytest.mark.rule("R-GAME-1")
#: The refusals of a decision sent on a view that had moved on (a bot acted, the hand
#: ended) before the server read it: part of any quick play, not of the restart.
RACES = {"stale_version", "no_hand_in_play", "not_your_turn"}
#: Seconds the database stays away while the people go on playing.
AWAY = 4.0


def _entries(player: Player) -> dict[int, dict[str, Any]]:
    seen: dict[int, dict[str, Any]] = {}
    for payload in player.received:
        for item in payload.get("log", []):
            seen.setdefault(item["seq"], item)
    return seen


async def _until_a_person_is_to_act(*players: Player) -> None:
    """Receive until one of the people is to act (so that a change is made, and
    refused, while the database is away: a bot's would be retried unseen)."""
    while not any(p.my_turn() for p in players):
        for player in players:
            with contextlib.suppress(TimeoutError):  # a cancelled recv loses nothing
                await player.receive(timeout=0.1)


def test_a_postgres_restart_in_the_middle_of_play_loses_nothing(
    tmp_path: Path, database: PrivatePostgres
) -> None:
    server = ServerProcess(
        tmp_path / "a.db", bot_pause=0.05, between=0.5, database_url=database.url
    ).start()
    away: dict[str, int] = {}

    async def play() -> None:
        table, _, ann, bob = await ann_and_bob(server, server, stack=200, pace=0.2, seeds=(3, 4))
        await asyncio.gather(
            ann.play(until_over=False, stop_at=8), bob.play(until_over=False, stop_at=8)
        )
        await _until_a_person_is_to_act(ann, bob)
        await asyncio.to_thread(database.stop)
        away["seq"] = max(ann.last_seq or 0, bob.last_seq or 0)
        errors_before = len(ann.errors) + len(bob.errors)
        with contextlib.suppress(TimeoutError):  # they go on trying while it is away
            await asyncio.wait_for(
                asyncio.gather(
                    ann.play(until_over=False, stop_at=10**6),
                    bob.play(until_over=False, stop_at=10**6),
                ),
                AWAY,
            )
        away["told"] = max(ann.last_seq or 0, bob.last_seq or 0)
        away["refused"] = len(ann.errors) + len(bob.errors) - errors_before
        await asyncio.to_thread(database.start)
        after = away["told"] + 12
        await asyncio.gather(
            ann.play(until_over=False, stop_at=after), bob.play(until_over=False, stop_at=after)
        )
        await ann.send({"type": "end"})
        await asyncio.gather(ann.play(), bob.play())
        stored = stored_table(database.url, table)
        kinds = {e.seq: e.kind for e in stored.log}
        for player in (ann, bob):
            seen = _entries(player)
            assert sorted(seen) == list(range(1, stored.seq + 1)), player.name  # gapless
            assert {s: e["kind"] for s, e in seen.items()} == kinds  # each one stored
            # refused while it was away; or, as in any quick play, a decision sent
            # on a view that had moved on meanwhile
            codes = {e["code"] for e in player.errors}
            assert codes <= {"storage_unavailable", "storage_failed", *RACES}, (
                player.name,
                player.errors,
            )

    try:
        run_closing(play(), timeout=120)
    except BaseException:
        # (shown by pytest with the failure: what the server said, and where play stood)
        print("the server's log, to the end:", server.log.read_text(errors="replace")[-6000:])
        print("seq told before, while and after the outage:", away)
        raise
    finally:
        server.stop()
    # While it was away nothing was told, and the people's changes were refused.
    assert away["told"] == away["seq"], away
    assert away["refused"] >= 1, away
