"""A decision answers one state of the table, and only that one (issue 30, part 1).

A hand's ``version`` starts again at 0 every hand, so an ``act`` naming only the
version could land on a later hand at the same version with the same seat to act.
An ``act`` names the hand too (``view.table.hand_number``), and the table refuses a
decision chosen on another hand with ``stale_version``, storing nothing.

Checked on the pure table (a decision naming another hand, the server's own
decisions, a stored log without hands replayed) and over a real server process
(SQLite): a player's decision, kept from one hand and delivered again on a later
hand at the same version with the same seat to act, is refused. The same over a
cluster with a frozen process is in ``test_cluster_stale.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from palace_poker.server.model.errors import TableError
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import Store
from server_helpers import Player, ServerProcess, pure_table, run_closing

pytestmark = pytest.mark.rule("R-GAME-1")


def _to_first_decision(table: Table) -> tuple[int, int]:
    """Start the table's game and deal its first hand; the seat to act and the version."""
    table.submit("started", {}, at=10.0)
    table.submit("hand_started", {}, at=11.0)
    seat, hand = table.to_act(), table.hand
    assert seat is not None
    assert hand is not None
    return seat, hand.version


def test_a_decision_naming_another_hand_is_refused_and_changes_nothing() -> None:
    table = pure_table(seats=2, bots=0)
    seat, version = _to_first_decision(table)
    assert table.hand_number == 1
    before = table.seq
    for hand in (0, 2, 7):
        with pytest.raises(TableError) as refused:
            table.submit(
                "action",
                {"seat": seat, "action": "stay", "hand": hand, "version": version, "by": "player"},
                at=12.0,
            )
        assert refused.value.code == "stale_version"
        assert refused.value.details["current_hand"] == 1
        assert refused.value.details["current"] == version
        assert refused.value.details["hand"] == str(hand)
        assert table.seq == before
    made = table.submit(
        "action",
        {"seat": seat, "action": "stay", "hand": 1, "version": version, "by": "player"},
        at=12.0,
    )
    assert made[0].kind == "action"
    # the stored entry keeps what it always kept: the hand is its context
    assert "hand" not in made[0].data


def test_a_stored_log_whose_decisions_name_no_hand_is_replayed() -> None:
    table = pure_table(seats=2, bots=0)
    seat, version = _to_first_decision(table)
    table.submit(
        "action",
        {"seat": seat, "action": "stay", "hand": 1, "version": version, "by": "player"},
        at=12.0,
    )
    stored = [(e.seq, e.kind, e.at, e.data) for e in table.log]
    again = Table.rebuild(table.id, table.settings, stored, table.shuffle.take_fresh())
    assert again.seq == table.seq
    assert again.hand is not None
    assert table.hand is not None
    assert again.hand.version == table.hand.version


def _stay(view: dict[str, Any]) -> bool:
    return any(o.get("verb") == "stay" for o in view["options"])


def test_a_decision_kept_from_one_hand_is_refused_on_a_later_hand(
    serve: Callable[..., ServerProcess],
) -> None:
    """Ann heads-up against a bot: her first stay at version 0 of a hand is kept,
    and sent again when a later hand is at version 0 with Ann to act and staying
    legal there (the message a stalled network delivers late). It is refused with
    ``stale_version`` and nothing is stored; without the hand in the message, that
    stay was carried out on the later hand (issue 30: hand 2's stay stored in hand 4).
    """
    server = serve()
    created = server.create(seats=2, stack=2000, bots=["random"])
    table = created["table"]

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann", random.Random(30), pace=0.01)
        await ann.connect()
        await ann.send({"type": "start"})
        kept: dict[str, Any] | None = None
        while True:
            view = await _my_turn(ann)
            hand, version = view["table"]["hand_number"], view["hand"]["observation"]["version"]
            if kept is None and version == 0 and _stay(view):
                kept = {"type": "act", "action": "stay", "hand": hand, "version": 0, "ref": "k"}
                await _answered(ann, kept, "update")  # carried out on its own hand
                continue
            if kept is not None and hand > kept["hand"] and version == 0 and _stay(view):
                break
            await ann.act_randomly()
            await ann.until("update")
        assert kept is not None
        seq = ann.last_seq
        assert seq is not None
        error = await _answered(ann, kept, "error")
        assert error["code"] == "stale_version", error
        assert error["ref"] == "k"
        assert error["seq"] == seq
        assert "Traceback" not in json.dumps(error)
        # nothing stored: the bot waits for Ann, so the log ends where it did
        store = Store.open(f"sqlite:///{server.database}")
        try:
            stored = store.load(table)
        finally:
            store.close()
        assert stored is not None
        assert len(stored.entries) == seq
        # and Ann's decision of this hand, sent as the page sends it, is carried out
        fresh = {**kept, "hand": ann.view["table"]["hand_number"] if ann.view else None}
        update = await _answered(ann, fresh, "update")
        assert [e["kind"] for e in update["log"]][:1] == ["action"]
        assert update["log"][0]["seq"] == seq + 1

    run_closing(play(), timeout=240)


async def _my_turn(player: Player) -> dict[str, Any]:
    """Receive until the player has a decision to make; its view."""
    while not player.my_turn():
        await player.receive(timeout=60)
    assert player.view is not None
    return player.view


async def _answered(player: Player, message: dict[str, Any], kind: str) -> dict[str, Any]:
    """Send a message and receive until an update or an error answers it, which
    must be of ``kind``."""
    await player.send(message)
    while True:
        payload = await player.receive()
        if payload["type"] in ("update", "error"):
            assert payload["type"] == kind, payload
            return payload


def test_the_server_s_own_decisions_name_the_hand(
    serve: Callable[..., ServerProcess],
) -> None:
    """Ann and two bots play several hands: the bots' decisions, made by the server
    itself, name the hand in play and are carried out (one naming another hand
    would be refused, and the table would stall), stored without the hand."""
    server = serve()
    created = server.create(seats=3, stack=60, bots=["random", "random"])
    table = created["table"]

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann", random.Random(3), pace=0.01)
        await ann.connect()
        await ann.send({"type": "start"})
        await ann.play(until_over=False, stop_at=60)

    run_closing(play(), timeout=120)
    store = Store.open(f"sqlite:///{server.database}")
    try:
        stored = store.load(table)
    finally:
        store.close()
    assert stored is not None
    bots = [e for e in stored.entries if e[1] == "action" and e[3]["by"] == "bot"]
    assert sum(1 for e in stored.entries if e[1] == "hand_started") >= 2
    assert bots
    assert all("hand" not in e[3] for e in bots)
