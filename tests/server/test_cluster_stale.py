"""A late decision held in a frozen process never lands on a later hand (issue 30,
part 1), over a cluster: two ``palace-poker serve`` processes on one PostgreSQL
database and one Redis.

Bob's page is connected to the process that does not write the table. That
process is frozen (SIGSTOP) just when Bob is to act at some version of a hand; his
page sends its decision, which waits in the kernel's buffers. Meanwhile Bob plays
on through the writer (another tab), until a later hand is at the same version
with Bob to act and the same decision legal: the frozen process is thawed
(SIGCONT), reads the old decision, and must refuse it with ``stale_version``,
storing nothing of it. Before the ``act`` named its hand, it was stored in the
later hand (issue 30: queued in a frozen process, stored in hand 5 on thaw).

Skipped without ``PALACE_TEST_POSTGRES_URL`` (CI sets it: ``.ci/run``).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cluster_helpers import needs_postgres, stored_table, two_processes
from palace_poker.server.model.settings import MAX_TURN
from server_helpers import Player, ServerProcess, run_closing

pytestmark = [needs_postgres, pytest.mark.rule("R-GAME-1")]


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    """Two server processes on one fresh PostgreSQL database and one Redis."""
    with two_processes(tmp_path, between=0.2) as (first, second, _redis, url):
        try:
            yield first, second, url
        finally:
            _thaw(second)  # (a frozen process cannot be stopped)


def _freeze(process: ServerProcess) -> None:
    assert process.process is not None
    os.kill(process.process.pid, signal.SIGSTOP)


def _thaw(process: ServerProcess) -> None:
    if process.process is not None and process.process.poll() is None:
        os.kill(process.process.pid, signal.SIGCONT)


def _stay_at_zero(view: dict[str, Any] | None) -> bool:
    """The viewer is to act at version 0 of a hand, and may stay."""
    return bool(
        view
        and view["options"]
        and view["hand"]["observation"]["version"] == 0
        and any(o.get("verb") == "stay" for o in view["options"])
    )


async def _play_until(
    player: Player,
    other: Player,
    done: Callable[[dict[str, Any] | None], bool],
    *,
    after_hand: int = 0,
) -> dict[str, Any]:
    """Both players answer their decisions at random until ``player`` is to act at
    version 0 of a hand after ``after_hand``, and may stay; the view then."""
    while True:
        for someone in (player, other):
            view = someone.view
            if (
                someone is player
                and view is not None
                and done(view)
                and view["table"]["hand_number"] > after_hand
            ):
                return view
            if someone.my_turn():
                await someone.act_randomly()
                while (await someone.receive(timeout=60))["type"] not in ("update", "error"):
                    pass
        # one payload from whoever speaks first
        waits = {asyncio.ensure_future(p.receive(timeout=60)): p for p in (player, other)}
        finished, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, TimeoutError):
                await task
        for task in finished:
            task.result()


def test_a_decision_held_in_a_frozen_process_is_refused_on_a_later_hand(
    cluster: tuple[ServerProcess, ServerProcess, str],
) -> None:
    writer, other, url = cluster

    async def play() -> None:
        # the table is made on the writer, which takes its lease; Bob joins through
        # the other process, and his page is connected there
        created = writer.create(seats=2, stack=3000, turn_seconds=MAX_TURN)
        table = created["table"]
        joined = other.join(table, "Bob")
        ann = Player(writer, table, created["token"], "Ann", random.Random(1), pace=0.01)
        bob = Player(other, table, joined["token"], "Bob", random.Random(2), pace=0.01)
        await ann.connect()
        await bob.connect()
        await ann.send({"type": "start"})
        view = await _play_until(bob, ann, _stay_at_zero)
        hand = view["table"]["hand_number"]
        late = {"type": "act", "action": "stay", "hand": hand, "version": 0, "ref": "late"}
        _freeze(other)
        await bob.send(late)  # into the frozen process's socket buffer
        # Bob plays on in another tab, on the writer, to a later hand at version 0
        tab = Player(writer, table, joined["token"], "Bob", random.Random(3), pace=0.01)
        await tab.connect()
        await _play_until(tab, ann, _stay_at_zero, after_hand=hand)
        seq = stored_table(url, table).seq
        _thaw(other)
        answer: dict[str, Any] | None = None
        while answer is None:
            payload = await bob.receive(timeout=60)
            if payload["type"] == "error" and payload.get("ref") == "late":
                answer = payload
            assert payload["type"] != "update" or all(e["seq"] <= seq for e in payload["log"]), (
                payload
            )  # nothing new: the late stay was not stored
        assert answer["code"] == "stale_version", answer
        # Bob's process has the table as the log has it: a ping answered after the
        # refusal comes after everything that process could have stored
        await bob.send({"type": "ping"})
        while (await bob.receive())["type"] != "pong":
            pass
        stored = stored_table(url, table)
        assert stored.seq == seq, "nothing stored from the late decision"
        assert stored.hand_number > hand
        hands = [e for e in stored.log if e.kind == "hand_started"]
        assert len(hands) == stored.hand_number

    run_closing(play(), timeout=300)
