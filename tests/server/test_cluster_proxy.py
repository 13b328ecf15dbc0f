"""Three server processes behind nginx, configured as docs/deploy.md shows.

Debian's nginx (``.ci/run`` installs it) runs the documentation's own upstream and
server blocks, with the test's ports and without TLS. Through it, and only through
it: a table is made, a player joins, and the players and a spectator (one of them
sending an Origin header, as a browser does) connect; the connections are spread
over the processes. Two of the three processes are killed (SIGKILL) in the middle
of play. Every client reconnects through nginx, which sends it on to the live
process, with the last seq it saw; the game is played to its end. Every entry is
stored once, in order, each client has every entry from where it was, and every
chip is accounted for.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from cluster_helpers import Nginx, RedisServer, fresh_database, needs_postgres, stored_table
from server_helpers import Player, ServerProcess, run_closing

pytestmark = needs_postgres


def _seen(player: Player) -> set[int]:
    return {item["seq"] for payload in player.received for item in payload.get("log", [])}


def test_three_processes_behind_the_documented_nginx_lose_nothing_when_two_die(
    tmp_path: Path,
) -> None:
    redis = RedisServer().start()
    with fresh_database() as url:
        servers = [
            ServerProcess(
                tmp_path / f"s{i}.db",
                bot_pause=0.05,
                between=0.5,
                database_url=url,
                redis_url=redis.url,
            ).start()
            for i in range(3)
        ]
        front = Nginx(tmp_path, [s.port for s in servers]).start()
        try:
            _play_behind(front, servers, url)
        finally:
            front.stop()
            for server in servers:
                server.stop()
            redis.stop()


def _play_behind(front: Nginx, servers: list[ServerProcess], url: str) -> None:
    created = front.create(seats=3, stack=200, bots=["random"])
    table = created["table"]
    joined = front.join(table, "Bob")
    origin = f"http://127.0.0.1:{front.port}"

    async def play() -> None:
        ann = Player(
            front, table, created["token"], "Ann", random.Random(1), pace=0.05, origin=origin
        )
        bob = Player(front, table, joined["token"], "Bob", random.Random(2), pace=0.05)
        cy = Player(front, table, None, "Cy", random.Random(3))
        for player in (ann, bob, cy):
            await player.connect()
        await ann.send({"type": "start"})
        await asyncio.gather(
            ann.play(until_over=False, stop_at=8), bob.play(until_over=False, stop_at=8)
        )
        for player in (ann, bob, cy):
            await player.close()  # (nginx logs a WebSocket when it closes)
        reached = front.upstreams_used(f"/ws/{table}")
        assert len(reached) >= 2, reached  # spread over the processes
        servers[0].kill()
        servers[1].kill()
        again = [
            Player(front, table, p.token, p.name, random.Random(10 + i), pace=0.05, origin=p.origin)
            for i, p in enumerate((ann, bob, cy))
        ]
        for old, new in zip((ann, bob, cy), again, strict=True):
            await new.connect(last_seq=old.last_seq)
        ann2, bob2, cy2 = again
        await asyncio.gather(
            ann2.play(until_over=False, stop_at=(ann.last_seq or 0) + 20),
            bob2.play(until_over=False, stop_at=(ann.last_seq or 0) + 20),
        )
        await ann2.send({"type": "end"})
        await asyncio.gather(ann2.play(), bob2.play(), cy2.play())
        rebuilt = stored_table(url, table)  # each entry once, in order
        seqs = [entry.seq for entry in rebuilt.log]
        assert rebuilt.status == "over"
        for old, new in zip((ann, bob, cy), again, strict=True):
            assert _seen(old) | _seen(new) >= set(range((old.last_seq or 0) + 1, len(seqs) + 1))
            assert not [e for e in old.errors + new.errors if e["code"] == "origin_refused"]
        finished = [e for e in rebuilt.log if e.kind == "hand_finished"]
        assert finished
        assert sum(finished[-1].data["stacks"].values()) == 3 * 200  # every chip

    run_closing(play(), timeout=150)
