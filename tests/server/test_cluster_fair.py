"""Provably fair shuffles on several server processes (docs/server.md, "Provably
fair shuffles"; docs/deploy.md).

A contribution to the next hand's fair seed is a ``contributed`` entry of the
table's log, stored like any change, so it reaches the deal whichever process
received it. Before, it stayed in the memory of the process its player was
connected to: a process showed only its own clients' contributions, and only
the writer's were used in the deal (another player's value was silently dropped).

Two ``palace-poker serve`` processes share a PostgreSQL database and a Redis. Ann
(the host) plays through the first, Bob through the second, and a spectator
watches on each. Both contribute before the deal, Bob twice (the latest value of
a seat counts): every viewer, on either process, sees both seats in
``view.fair.contributed``; the deal's entry that every viewer receives carries
both values; after the game, the released records (``records.jsonl``, from either
process) prove the hand with each player's value, and ``palace-poker replay``
accepts them.

Skipped without ``PALACE_TEST_POSTGRES_URL`` (CI sets it: ``.ci/run``).
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cluster_helpers import RedisServer, fresh_database, needs_postgres
from history_helpers import get, lines
from paths import ROOT
from server_helpers import Player, ServerProcess, run_closing

pytestmark = [needs_postgres, pytest.mark.rule("R-DEAL-1")]


def _contributed(viewer: Player) -> set[int]:
    """The seqs of the ``contributed`` entries the viewer was sent."""
    return {
        item["seq"]
        for payload in viewer.received
        for item in payload.get("log", [])
        if item["kind"] == "contributed"
    }


async def _until_contributed(viewers: list[Player], seats: list[int], entries: int) -> None:
    """Every viewer was sent ``entries`` contributions and its view lists exactly
    ``seats`` as contributors (news from the other process comes through Redis and
    the log)."""
    for viewer in viewers:
        while (
            viewer.view is None
            or viewer.view["fair"]["contributed"] != seats
            or len(_contributed(viewer)) < entries
        ):
            await viewer.receive()


def _dealt(viewer: Player) -> dict[str, Any]:
    """The first ``hand_started`` entry the viewer received."""
    for payload in viewer.received:
        for item in payload.get("log", []):
            if item["kind"] == "hand_started":
                return dict(item)
    raise AssertionError(f"{viewer.name} was sent no deal")


def test_contributions_on_two_processes_reach_every_viewer_the_deal_and_the_proof(
    tmp_path: Path,
) -> None:
    redis = RedisServer().start()
    try:
        with fresh_database() as url:
            servers = [
                ServerProcess(
                    tmp_path / f"{name}.db", bot_pause=0.05, database_url=url, redis_url=redis.url
                )
                for name in ("a", "b")
            ]
            try:
                for server in servers:
                    server.start()
                _play(servers, tmp_path)
            finally:
                for server in servers:
                    server.stop()
    finally:
        redis.stop()


def _play(servers: list[ServerProcess], tmp_path: Path) -> None:
    first, second = servers
    created = first.create(bots=["random"], seats=3, stack=40)
    table = created["table"]
    joined = second.join(table, "Bob")
    values = {"Ann": "a1" * 16, "Bob": "b2" * 16}
    viewers: list[Player] = []

    async def game() -> None:
        ann = Player(first, table, created["token"], "Ann", random.Random(1), pace=0.02)
        bob = Player(second, table, joined["token"], "Bob", random.Random(2), pace=0.02)
        watchers = [Player(s, table, None, f"watcher {i}") for i, s in enumerate(servers)]
        viewers.extend([ann, bob, *watchers])
        for viewer in viewers:
            await viewer.connect()
        seats = sorted({ann.view["you"], bob.view["you"]})  # type: ignore[index]
        await ann.send({"type": "contribute", "value": values["Ann"]})
        await bob.send({"type": "contribute", "value": "c3" * 16})  # replaced below
        await bob.send({"type": "contribute", "value": values["Bob"]})
        await _until_contributed(viewers, seats, 3)  # Bob's second value is the last
        await ann.send({"type": "start"})
        while ann.view is None or ann.view["hand"] is None:
            await ann.receive()
        await ann.send({"type": "end"})  # one hand, then the records
        watching = [_watch(w) for w in watchers]
        await asyncio.gather(ann.play(), bob.play(), *watching)

    run_closing(game(), timeout=180)
    # The deal every viewer was sent carries both values, by table seat.
    by_seat = {str(v.view["you"]): values[v.name] for v in viewers[:2]}  # type: ignore[index]
    for viewer in viewers:
        assert _dealt(viewer)["contributions"] == by_seat, viewer.name
        # no contributed entry carried a value before the deal
        for payload in viewer.received:
            for item in payload.get("log", []):
                if item["kind"] == "contributed":
                    assert "value" not in item, (viewer.name, item)
    # The released proof, from either process, holds each player's value.
    for server in servers:
        answer = get(server, table, "records.jsonl", created["token"])
        assert answer.status_code == 200, answer.text
        (record,) = lines(answer.text)
        names = [p["name"] for p in record["players"]]
        given = {names[seat]: value for seat, value in record["fair"]["contributions"]}
        assert given == values
        path = tmp_path / f"records-{server.port}.jsonl"
        path.write_text(answer.text, encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-m", "palace_poker", "replay", str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert record["fair"]["commitment"] in done.stdout


async def _watch(watcher: Player) -> None:
    while watcher.view is None or watcher.view["table"]["status"] != "over":
        await watcher.receive()
