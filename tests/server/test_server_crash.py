"""A killed server carries on exactly where it was (R-GAME-1 over a crash).

Two people and a bot play on the real ``palace-poker serve`` process. The server is
killed with SIGKILL twice in the middle of a hand: once while a person is to answer
a battle, once while a person is to trim their soldiers. Each time it is started
again on the same database, every client reconnects with the last seq it saw, and
the hand must be exactly the one that was: the same seq (nothing missed, nothing
new), the same observation field for field (version, cards, chips, battle, who is
to act), the same options and the same deadline. Every chip is accounted for at
each kill and when the game is over, and the records of the finished hands, rebuilt
from the database, replay with ``palace-poker replay``. Counts: 2 kills, 3 starts,
at least one finished hand; the entries the spectator saw are exactly the log's.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import pytest

from palace_poker.record import dumps
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import Store
from paths import ROOT
from server_helpers import Player, ServerProcess, option_text, run_closing

SMALL_BET = 10
STACK = 200
PLAYERS = 3
TOTAL = PLAYERS * STACK
#: The observation's fields checked one by one after a restart (then the whole of it).
FIELDS = (
    "version",
    "phase",
    "palace",
    "banners",
    "soldiers",
    "stacks",
    "contributions",
    "pot",
    "battle",
    "turn",
    "to_act",
    "options",
    "known_palaces",
)
#: Hands after the second restart before the host ends the game if nobody has won it
#: (no-limit, so that all-ins end most games sooner).
MORE_HANDS = 40
#: Seconds a person waits before each decision (the server allows 10 messages a second).
PACE = 0.11

Snapshot = dict[str, tuple[int, dict[str, Any]]]


def _observation(player: Player) -> dict[str, Any]:
    assert player.view is not None
    assert player.view["hand"] is not None, f"{player.name}: no hand in play"
    observation: dict[str, Any] = player.view["hand"]["observation"]
    return observation


def _over(player: Player) -> bool:
    return player.view is not None and player.view["table"]["status"] == "over"


async def _act(player: Player, prefer: tuple[str, ...], *, bold: bool) -> None:
    """Answer the decision due with a legal choice, a verb of ``prefer`` most often;
    the least amount unless ``bold`` (so nobody goes all-in before the kills)."""
    assert player.view is not None
    options = player.view["options"]
    preferred = [o for o in options if o["verb"] in prefer]
    option = player.rng.choice(preferred if preferred and player.rng.random() < 0.8 else options)
    if not bold:
        option = {**option, "max_amount": option["min_amount"]}
    version, seat = _observation(player)["version"], player.view["you"]
    await asyncio.sleep(PACE)  # a person's pace, well within the server's rate limit
    await player.send(
        {
            "type": "act",
            "action": option_text(option, player.rng),
            "hand": player.view["table"]["hand_number"],
            "version": version,
        }
    )
    while True:  # until the answer: the action's entry (a refusal fails the test)
        payload = await player.receive()
        assert payload["type"] != "error", f"{player.name} was refused: {payload}"
        if any(
            e["kind"] == "action" and e["seat"] == seat and e["version"] == version
            for e in payload.get("log", [])
        ):
            return


async def _catch_up(players: list[Player], seq: int) -> None:
    """Receive until every player has seen ``seq``."""
    for player in players:
        while (player.last_seq or 0) < seq:
            await player.receive()


async def _play(
    humans: list[Player],
    watcher: Player,
    *,
    prefer: tuple[str, ...],
    bold: bool = False,
    stop: Callable[[Player], bool],
) -> tuple[Player, int]:
    """Play the people's decisions until one of them is to act and ``stop`` holds for
    them (or the game is over, ``stop`` not asked); return who and the seq, once every
    client has seen it."""
    found: asyncio.Future[tuple[Player, int]] = asyncio.get_running_loop().create_future()

    async def run(player: Player) -> None:
        while not found.done():
            if _over(player) or (player.my_turn() and stop(player)):
                found.set_result((player, player.last_seq or 0))
                return
            if player.my_turn():
                await _act(player, prefer, bold=bold)
                continue
            with contextlib.suppress(TimeoutError):  # a cancelled recv loses nothing
                await player.receive(timeout=0.2)

    await asyncio.gather(*(run(p) for p in [*humans, watcher]))
    who, seq = found.result()
    await _catch_up([*humans, watcher], seq)
    return who, seq


def _in_phase(phase: str) -> Callable[[Player], bool]:
    return lambda player: _observation(player)["phase"] == phase


def _chips(player: Player) -> int:
    """The chips at the table as ``player`` sees them: stacks plus the pot."""
    assert player.view is not None
    pot: int = player.view["hand"]["observation"]["pot"] if player.view["hand"] else 0
    stacks: int = sum(seat["stack"] for seat in player.view["seats"])
    return stacks + pot


async def _crash_and_check(
    server: ServerProcess, clients: list[Player], mover: Player, phase: str, kills: int
) -> None:
    """Kill the server, start it again, reconnect everyone and check nothing changed."""
    noted: Snapshot = {}
    for client in clients:
        assert client.view is not None
        assert client.last_seq is not None
        noted[client.name] = (client.last_seq, copy.deepcopy(client.view))
        assert _chips(client) == TOTAL, f"kill {kills}: {client.name} sees chips lost"
    seen = _observation(mover)
    assert seen["phase"] == phase
    assert mover.view is not None
    assert mover.view["deadline_seat"] == mover.view["you"]
    server.kill()
    for client in clients:
        await asyncio.wait_for(client.close(), 5)
    server.start()
    for client in clients:
        seq, before = noted[client.name]
        welcome = await client.connect(last_seq=seq)
        where = f"kill {kills} ({phase}), {client.name}"
        assert welcome["seq"] == seq, f"{where}: seq {welcome['seq']} after {seq}"
        assert welcome["log"] == [], f"{where}: the welcome's log is {welcome['log']}"
        after = welcome["view"]
        assert after["table"]["status"] == before["table"]["status"] == "playing", where
        assert after["table"]["hand_number"] == before["table"]["hand_number"], where
        assert after["hand"]["seats"] == before["hand"]["seats"], where
        old, new = before["hand"]["observation"], after["hand"]["observation"]
        for name in FIELDS:
            assert new[name] == old[name], f"{where}: {name} {new[name]!r} != {old[name]!r}"
        assert new == old, f"{where}: the observation changed"
        assert after["options"] == before["options"], f"{where}: the options changed"
        assert after["deadline_seat"] == before["deadline_seat"], where
        assert after["deadline"] is not None, where
        assert abs(after["deadline"] - before["deadline"]) < 1.0, f"{where}: the clock moved"
        assert [s["stack"] for s in after["seats"]] == [s["stack"] for s in before["seats"]]
        assert _chips(client) == TOTAL, f"{where}: chips lost"
    assert mover.my_turn(), f"kill {kills}: {mover.name} is no longer to act"
    # a spectator new to the table gets the same hand, and its entries from its start
    seq, before = noted[clients[-1].name]
    fresh = Player(server, clients[-1].table, None, f"fresh after kill {kills}")
    welcome = await fresh.connect()
    await fresh.close()
    assert welcome["seq"] == seq
    assert welcome["view"]["hand"] == before["hand"], f"kill {kills}: a new spectator's hand"
    assert welcome["log"][0]["kind"] == "hand_started", welcome["log"][0]
    assert welcome["log"][-1]["seq"] == seq


@pytest.mark.rule("R-GAME-1")
def test_a_killed_server_carries_on_the_hand_exactly_and_its_records_replay(
    tmp_path: Path,
) -> None:
    """Kills: 2 (a battle, a trim); hands: all finished ones replay; entries: all seen."""
    database = tmp_path / "t.sqlite3"
    server = ServerProcess(database, bot_pause=0.0, between=0.0).start()
    try:
        created = server.create(
            bots=["random"],
            seats=PLAYERS,
            small_bet=SMALL_BET,
            stack=STACK,
            turn_seconds=60,
            betting="no-limit",
        )
        table_id = created["table"]
        joined = server.join(table_id, "Bob")
        ann = Player(server, table_id, created["token"], "Ann", Random(11))
        bob = Player(server, table_id, joined["token"], "Bob", Random(12))
        watcher = Player(server, table_id, None, "watcher")
        humans = [ann, bob]
        clients = [ann, bob, watcher]

        async def game() -> None:
            for client in clients:
                await client.connect()
            await ann.send({"type": "start"})
            # 1. a person is to answer a battle (favour attacking)
            mover, _ = await _play(humans, watcher, prefer=("bet",), stop=_in_phase("battle"))
            assert not _over(mover), "the game ended before a person was in a battle"
            assert _observation(mover)["battle"] is not None
            await _crash_and_check(server, clients, mover, "battle", 1)
            # 2. a person is to trim (favour buying)
            mover, _ = await _play(humans, watcher, prefer=("buy",), stop=_in_phase("trim"))
            assert not _over(mover), "the game ended before a person was to trim"
            await _crash_and_check(server, clients, mover, "trim", 2)
            # 3. the game to its end: by chips, else the host ends it MORE_HANDS hands on
            assert ann.view is not None
            last_hand = ann.view["table"]["hand_number"] + MORE_HANDS
            mover, _ = await _play(
                humans,
                watcher,
                prefer=("bet", "call", "raise"),
                bold=True,
                stop=lambda p: p.view is not None and p.view["table"]["hand_number"] >= last_hand,
            )
            if not _over(mover):
                await ann.send({"type": "end"})
                while not any(e["kind"] == "ended" for e in (await ann.until("update"))["log"]):
                    pass
                await _play(humans, watcher, prefer=(), bold=True, stop=lambda _: False)
            for client in clients:
                assert _over(client), f"{client.name}: the game is not over"
                assert client.view is not None
                assert sum(s["stack"] for s in client.view["seats"]) == TOTAL, client.name
                assert not client.errors, f"{client.name}: {client.errors}"

        run_closing(game(), timeout=90)
    finally:
        server.stop()

    seen = [(e["seq"], e["kind"]) for m in watcher.received for e in m.get("log", [])]
    finished = sum(kind == "hand_finished" for _, kind in seen)
    store = Store.open(f"sqlite:///{database}")
    try:
        stored = store.load(table_id)
    finally:
        store.close()
    assert stored is not None
    table = Table.rebuild(stored.id, stored.settings, stored.entries, stored.shuffles)
    assert table.status == "over"
    assert [(e.seq, e.kind) for e in table.log] == seen, (
        f"the spectator saw {len(seen)} entries, the log has {table.seq}"
    )
    assert table.game is not None
    assert sum(table.game.stacks) == TOTAL
    records = table.game.records
    assert finished >= 1
    assert len(records) == finished, f"{len(records)} records for {finished} hands finished"
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(dumps(record) + "\n" for record in records), encoding="utf-8")
    replayed = subprocess.run(
        [sys.executable, "-m", "palace_poker", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr
    lines = replayed.stdout.splitlines()
    assert len(lines) == finished, f"{finished} hands replayed as {lines}"
    assert all(": ok " in line for line in lines), lines
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    summary = {"kills": 2, "where": ["battle", "trim"], "hands": finished, "entries": table.seq}
    (artifacts / "crash-test.json").write_text(json.dumps(summary), encoding="utf-8")
