"""The host's tools and the players' controls over real WebSockets to a real server
process: each message reaches the table's referee, which answers with the table's
error codes, and every change is in everyone's view and log."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from server_helpers import Player, ServerProcess, run_closing


@pytest.fixture
def server(serve: Callable[..., ServerProcess]) -> ServerProcess:
    return serve(between=30)


async def _until(player: Player, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Receive until the player's view passes ``check``."""
    while player.view is None or not check(player.view):
        await player.receive()
    return player.view


async def _hello_refused(player: Player, code: str) -> None:
    """A hello the server refuses with ``code``."""
    player.socket = await websockets.connect(player.server.ws_url(player.table))
    await player.send({"type": "hello", "token": player.token, "last_seq": None})
    answer = await player.until("error")
    assert answer["code"] == code, answer


async def _refused(player: Player, message: dict[str, Any], code: str) -> None:
    await player.send(message)
    answer = await player.until("error")
    assert answer["code"] == code, answer


def test_a_request_for_a_seat_waits_for_the_host_who_approves_it(server: ServerProcess) -> None:
    created = server.create(seats=3, approval=True)
    table = created["table"]
    joined = server.join(table, "Bob")
    assert joined["pending"] is True

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann")
        bob = Player(server, table, joined["token"], "Bob")
        await ann.connect()
        await bob.connect()
        await _until(ann, lambda v: v["table"]["requests"] == [1])
        await _refused(bob, {"type": "approve", "seat": 1}, "not_host")
        await _refused(ann, {"type": "start"}, "too_few_players")
        await ann.send({"type": "approve", "seat": 1})
        view = await _until(bob, lambda v: not v["seats"][1]["pending"])
        assert view["table"]["requests"] == []
        assert [row["name"] for row in view["ledger"]] == ["Ann", "Bob"]
        await ann.send({"type": "add_bot", "seat": 2, "bot": "random"})
        view = await _until(bob, lambda v: v["seats"][2]["bot"] == "random")
        assert view["seats"][2]["name"] == "Ada"

    run_closing(play())


def test_the_host_pauses_and_resumes_and_the_clock_takes_up_where_it_stopped(
    server: ServerProcess,
) -> None:
    created = server.create(seats=2, turn_seconds=60)
    table = created["table"]
    joined = server.join(table, "Bob")

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann")
        bob = Player(server, table, joined["token"], "Bob")
        await ann.connect()
        await bob.connect()
        await ann.send({"type": "start"})
        view = await _until(ann, lambda v: v["deadline"] is not None)
        left = view["deadline"] - view["now"]
        await _refused(bob, {"type": "pause"}, "not_host")
        await ann.send({"type": "pause"})
        view = await _until(bob, lambda v: v["table"]["paused"])
        assert view["deadline"] is None
        if bob.my_turn() or ann.my_turn():
            actor = bob if bob.my_turn() else ann
            version = view["hand"]["observation"]["version"]
            await _refused(
                actor,
                {
                    "type": "act",
                    "action": "stay",
                    "hand": view["table"]["hand_number"],
                    "version": version,
                },
                "game_paused",
            )
        await asyncio.sleep(1.5)
        await ann.send({"type": "resume"})
        view = await _until(bob, lambda v: not v["table"]["paused"])
        assert view["deadline"] - view["now"] == pytest.approx(left, abs=1.0)
        kinds = [e["kind"] for p in bob.received for e in p.get("log", [])]
        assert kinds.count("paused") == kinds.count("resumed") == 1

    run_closing(play())


def test_players_sit_out_stand_up_and_a_freed_token_no_longer_opens_the_seat(
    server: ServerProcess,
) -> None:
    created = server.create(seats=3)
    table = created["table"]
    joined = server.join(table, "Bob")

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann")
        bob = Player(server, table, joined["token"], "Bob")
        await ann.connect()
        await bob.connect()
        await bob.send({"type": "sit_out"})
        await _until(ann, lambda v: v["seats"][1]["sitting_out"])
        await _refused(bob, {"type": "sit_out"}, "sitting_out")
        await bob.send({"type": "sit_in"})
        await _until(ann, lambda v: not v["seats"][1]["sitting_out"])
        await _refused(bob, {"type": "rebuy", "chips": 10}, "no_rebuys")
        await bob.send({"type": "stand_up"})
        view = await _until(ann, lambda v: v["seats"][1]["name"] is None)
        assert [(r["name"], r["left"]) for r in view["ledger"]] == [("Ann", False), ("Bob", True)]
        await _until(bob, lambda v: v["you"] is None)  # the socket watches now
        await bob.close()
        await _hello_refused(Player(server, table, joined["token"], "Bob"), "invalid_token")

    run_closing(play())


def test_with_watching_turned_off_spectators_are_sent_away(server: ServerProcess) -> None:
    created = server.create(seats=2)
    table = created["table"]

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann")
        watcher = Player(server, table, None, "watcher")
        await ann.connect()
        await watcher.connect()
        await ann.send({"type": "settings", "changes": {"spectators": False}})
        answer = await watcher.until("error")
        assert answer["code"] == "no_spectators"
        with pytest.raises(ConnectionClosed) as closed:
            await watcher.receive()
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4005
        await _hello_refused(Player(server, table, None, "late"), "no_spectators")
        await _refused(ann, {"type": "settings", "changes": {"seats": 5}}, "invalid_settings")

    run_closing(play())


def test_the_time_bank_runs_after_the_turn_clock_before_the_default_action(
    server: ServerProcess,
) -> None:
    created = server.create(seats=2, turn_seconds=5, time_bank=2)
    table = created["table"]
    joined = server.join(table, "Bob")

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann")
        bob = Player(server, table, joined["token"], "Bob")
        await ann.connect()
        await bob.connect()
        await ann.send({"type": "start"})
        started = time.monotonic()
        while True:
            payload = await ann.receive(timeout=30)
            kinds = [e["kind"] for e in payload.get("log", [])]
            if "bank_used" in kinds:
                banked = time.monotonic()
            if any(e["kind"] == "action" and e["by"] == "clock" for e in payload.get("log", [])):
                break
        assert banked - started >= 4.5  # the turn's 5 seconds ran first
        assert time.monotonic() - banked >= 1.5  # then the 2 seconds of the bank
        seat = next(
            e["seat"] for p in ann.received for e in p.get("log", []) if e["kind"] == "bank_used"
        )
        assert ann.view is not None
        assert ann.view["seats"][seat]["bank"] == 0

    run_closing(play(), timeout=60)


def test_players_and_spectators_chat_the_count_of_watchers_shows_and_mutes_hold(
    server: ServerProcess,
) -> None:
    created = server.create(seats=2)
    table = created["table"]
    joined = server.join(table, "Bob")

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann")
        bob = Player(server, table, joined["token"], "Bob")
        watcher = Player(server, table, None, "watcher")
        await ann.connect()
        await bob.connect()
        await watcher.connect()
        await _until(ann, lambda v: v["watching"] == 1)
        await bob.send({"type": "chat", "text": "<script>alert(1)</script> hi"})
        await watcher.send({"type": "chat", "text": "good luck"})
        lines: list[dict[str, Any]] = []
        while len(lines) < 2:
            payload = await ann.receive()
            lines += [e for e in payload.get("log", []) if e["kind"] == "chat"]
        assert lines[0]["name"] == "Bob"
        assert lines[0]["text"] == "<script>alert(1)</script> hi"  # text: the page escapes it
        assert lines[1]["seat"] is None
        assert lines[1]["watcher"] == 1
        await ann.send({"type": "mute", "seat": 1})
        await _until(bob, lambda v: v["seats"][1]["muted"])
        await _refused(bob, {"type": "chat", "text": "hello?"}, "muted")
        await _refused(watcher, {"type": "mute", "seat": 1}, "not_seated")
        for _ in range(5):  # the chat's budget: five lines in ten seconds
            await watcher.send({"type": "chat", "text": "spam"})
        await _refused(watcher, {"type": "chat", "text": "spam"}, "rate_limited")
        await watcher.close()
        await _until(ann, lambda v: v["watching"] == 0)

    run_closing(play())


@pytest.mark.rule("R-GAME-1")
def test_rebuys_over_a_whole_game_keep_every_chip_and_the_ledger_nets_to_zero(
    serve: Callable[..., ServerProcess],
) -> None:
    quick = serve(between=1.5)
    created = quick.create(seats=3, stack=50, bots=["random"], rebuys=True, rebuy_to=200)
    table = created["table"]
    joined = quick.join(table, "Bob")
    bought: list[int] = []

    async def play() -> None:
        ann = Player(quick, table, created["token"], "Ann", pace=0.02)
        bob = Player(quick, table, joined["token"], "Bob", pace=0.02)
        await ann.connect()
        await bob.connect()
        await ann.send({"type": "start"})
        finished = 0
        deadline = time.monotonic() + 90

        async def bob_plays() -> None:
            seen = 0
            while bob.view is None or bob.view["table"]["status"] != "over":
                if bob.my_turn():
                    await bob.act_randomly()
                payload = await bob.receive()
                ended = [e for e in payload.get("log", []) if e["kind"] == "hand_finished"]
                if ended and seen < 3 and bob.view is not None:
                    seen += 1
                    stack = bob.view["seats"][1]["stack"]
                    chips = min(30, 200 - stack)
                    if chips > 0:  # between hands: top up (or rebuy when busted)
                        bought.append(chips)
                        await bob.send({"type": "rebuy", "chips": chips})

        async def ann_plays() -> None:
            nonlocal finished
            ending = False
            while ann.view is None or ann.view["table"]["status"] != "over":
                assert time.monotonic() < deadline, "the game did not end in time"
                if ann.my_turn():
                    await ann.act_randomly()
                payload = await ann.receive()
                finished += sum(e["kind"] == "hand_finished" for e in payload.get("log", []))
                view = ann.view
                stalled = view is not None and view["hand"] is None and view["next_hand_at"] is None
                if not ending and (finished >= 4 or (stalled and finished > 0)):
                    ending = True
                    await ann.send({"type": "end"})

        await asyncio.gather(ann_plays(), bob_plays())
        view = ann.view
        assert view is not None
        rows = view["ledger"]
        assert sum(r["net"] for r in rows) == 0
        assert sum(r["stack"] for r in rows) == sum(r["buy_in"] + r["rebuys"] for r in rows)
        bob_row = next(r for r in rows if r["name"] == "Bob")
        made = [e for p in ann.received for e in p.get("log", []) if e["kind"] == "rebought"]
        assert bob_row["rebuys"] == sum(e["chips"] for e in made) > 0
        owed = {r["name"]: r["net"] for r in rows}
        for transfer in view["settle"]:
            owed[transfer["payer"]] += transfer["chips"]
            owed[transfer["payee"]] -= transfer["chips"]
        assert set(owed.values()) == {0}  # the settle-up squares everyone

    run_closing(play(), timeout=120)
    assert bought
