"""The table server as its users meet it: a real ``palace-poker serve`` process on a
free 127.0.0.1 port, real HTTP requests and real WebSocket clients.

The flow (create, invite, join, start, hand after hand until one player holds
every chip, with a bot), the referee (stale, out-of-turn, malformed, unauthorised,
oversized and flooding messages are answered with an error code and change
nothing; a token works for its own seat only; a second connection with a token
replaces the first; another site's page is refused), reconnecting with the last
seq seen, and the clock (a timeout takes the default action; two in a row make a
player away).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable, Iterator

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker import ERROR_CODES
from server_helpers import Player, ServerProcess, json_values, run_closing

pytestmark = pytest.mark.rule("R-GAME-1")


@pytest.fixture
def server(serve: Callable[..., ServerProcess]) -> ServerProcess:
    return serve()


_run = run_closing


def test_the_home_page_the_table_page_and_the_bots_are_served(server: ServerProcess) -> None:
    assert "<form" in httpx.get(server.base + "/").text
    created = server.create()
    page = httpx.get(server.base + created["url"])
    assert page.status_code == 200
    missing = httpx.get(server.base + "/t/nosuchtable")
    assert missing.status_code == 404
    assert "No table at this link" in missing.text
    offered = httpx.get(server.base + "/api/bots").json()
    assert offered["levels"] == ["easy", "medium", "hard", "expert"]  # by strength, weakest first
    others = ["fast", "heuristic", "ismcts", "montecarlo", "random"]
    assert offered["bots"] == [*offered["levels"], *others]


def test_a_table_id_is_random_and_a_token_is_stored_only_as_a_hash(
    server: ServerProcess,
) -> None:
    one, two = server.create(), server.create()
    assert one["table"] != two["table"]
    assert len(one["table"]) >= 16
    assert len(one["token"]) >= 22
    raw = server.database.read_bytes() + server.database.with_suffix(".sqlite3-wal").read_bytes()
    assert one["token"].encode() not in raw
    assert two["token"].encode() not in raw


@pytest.mark.rule("R-DEAL-1")
@pytest.mark.rule("R-DEAL-2")
def test_two_people_and_a_bot_play_a_whole_game(server: ServerProcess) -> None:
    created = server.create(bots=["random"], stack=40)
    table = created["table"]
    joined = server.join(table, "Bob")
    summary = httpx.get(f"{server.base}/api/tables/{table}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Ada", "Bob"]
    assert summary["seats"][1]["bot"] == "random"

    async def game() -> None:
        ann = Player(server, table, created["token"], "Ann", random.Random(1))
        bob = Player(server, table, joined["token"], "Bob", random.Random(2))
        watcher = Player(server, table, None, "watcher")
        welcome = await ann.connect()
        assert welcome["you"] == 0
        assert welcome["host"] is True
        assert (await bob.connect())["host"] is False
        assert (await watcher.connect())["you"] is None
        await bob.send({"type": "start"})
        assert (await bob.until("error"))["code"] == "not_host"
        await ann.send({"type": "start"})
        await asyncio.gather(ann.play(), bob.play(), _watch(watcher))
        for player in (ann, bob):
            assert player.view is not None
            assert player.view["table"]["status"] == "over"
            assert sum(s["stack"] for s in player.view["seats"]) == 120
            assert not [e for e in player.errors if e["code"] != "not_host"], player.errors
        assert watcher.view is not None
        ledger = watcher.view["ledger"]
        assert [r["name"] for r in ledger] == ["Ann", "Ada", "Bob"]
        assert sum(r["net"] for r in ledger) == 0
        owed = {r["name"]: r["net"] for r in ledger}
        for transfer in watcher.view["settle"]:  # the settle-up leaves everyone square
            owed[transfer["payer"]] += transfer["chips"]
            owed[transfer["payee"]] -= transfer["chips"]
        assert set(owed.values()) == {0}
        sheet = httpx.get(f"{server.base}/api/tables/{table}/ledger.csv")
        assert sheet.headers["content-type"].startswith("text/csv")
        assert sheet.text.splitlines()[0] == "player,buy_in,rebuys,stack,net"
        assert len(sheet.text.splitlines()) == 4
        kinds = [entry["kind"] for m in watcher.received for entry in m.get("log", [])]
        assert "hand_finished" in kinds
        assert kinds[-1] == "game_over"

    _run(game())


def test_a_player_meets_the_network_bot_heads_up(server: ServerProcess) -> None:
    """The fast bot (a network, NumPy in the server extra) sits at a table as any
    bot: heads-up it decides by its network, and the game plays to its end."""
    created = server.create(bots=["fast"], seats=2, stack=60)
    table = created["table"]
    summary = httpx.get(f"{server.base}/api/tables/{table}").json()
    assert [(s["name"], s["bot"]) for s in summary["seats"]] == [("Ann", None), ("Ada", "fast")]

    async def game() -> None:
        ann = Player(server, table, created["token"], "Ann", random.Random(3))
        await ann.connect()
        await ann.send({"type": "start"})
        await ann.play()
        assert ann.view is not None
        assert sum(s["stack"] for s in ann.view["seats"]) == 120
        assert not ann.errors, ann.errors
        acted = {
            entry.get("seat")
            for m in ann.received
            for entry in m.get("log", [])
            if entry["kind"] == "action"
        }
        assert 1 in acted, "the bot made no move"

    _run(game())


async def _watch(watcher: Player) -> None:
    while watcher.view is None or watcher.view["table"]["status"] != "over":
        await watcher.receive()


def test_the_referee_refuses_bad_messages_and_nothing_changes(server: ServerProcess) -> None:
    created = server.create(bots=[], seats=2)
    table = created["table"]
    joined = server.join(table, "Bob")

    async def refusals() -> None:
        ann = Player(server, table, created["token"], "Ann")
        bob = Player(server, table, joined["token"], "Bob")
        await ann.connect()
        await bob.connect()
        await ann.send({"type": "start"})
        while ann.view is None or ann.view["hand"] is None:
            await ann.receive()
        while bob.view is None or bob.view["hand"] is None:
            await bob.receive()
        mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
        assert mover.view is not None
        version = mover.view["hand"]["observation"]["version"]
        hand = mover.view["table"]["hand_number"]
        seq = mover.last_seq
        act = {"type": "act", "hand": hand}
        cases = [
            ({**act, "action": "stay", "version": version + 1}, "stale_version", mover),
            (
                {**act, "action": "stay", "hand": hand + 1, "version": version},
                "stale_version",
                mover,
            ),
            (
                {**act, "action": "stay", "hand": hand - 1, "version": version},
                "stale_version",
                mover,
            ),
            (
                {**act, "action": "stay", "hand": None, "version": version},
                "malformed_message",
                mover,
            ),
            ({**act, "action": "stay", "version": version}, "not_your_turn", other),
            ({**act, "action": "fly away", "version": version}, "unknown_verb", mover),
            ({**act, "action": "stay", "version": True}, "malformed_message", mover),
            ({**act, "action": 7, "version": version}, "malformed_message", mover),
            ({"type": "dance"}, "malformed_message", mover),
            ({**act, "action": "bet 9", "version": version}, "bad_target", mover),
            ({**act, "action": "x" * 5000, "version": version}, "message_too_large", mover),
        ]
        for message, code, player in cases:
            await player.send(message)
            error = await player.until("error")
            assert error["code"] == code, (message, error)
            assert error["seq"] == seq
            assert "Traceback" not in json.dumps(error)
        await mover.send({"type": "ping"})
        assert (await mover.until("pong"))["type"] == "pong"
        assert mover.socket is not None
        await mover.socket.send("not json")
        assert (await mover.until("error"))["code"] == "malformed_message"
        await mover.socket.send(b"\x00\x01")
        assert (await mover.until("error"))["code"] == "malformed_message"
        # nothing changed: the same decision is still due, at the same version
        await mover.act_randomly()
        update = await mover.until("update")
        assert seq is not None
        assert update["log"][0]["seq"] == seq + 1
        assert update["log"][0]["kind"] == "action"
        assert update["log"][0]["by"] == "player"

    _run(refusals())


def test_tokens_spectators_and_replaced_connections(server: ServerProcess) -> None:
    created = server.create(bots=["random"], seats=3)
    table = created["table"]
    other_table = server.create()

    async def tokens() -> None:
        stranger = Player(server, table, other_table["token"])
        assert stranger.socket is None
        stranger.socket = await websockets.connect(server.ws_url(table))
        await stranger.send({"type": "hello", "token": other_table["token"]})
        assert (await stranger.until("error"))["code"] == "invalid_token"
        await stranger.send({"type": "start"})
        assert (await stranger.until("error"))["code"] == "hello_first"
        watcher = Player(server, table, None)
        await watcher.connect()
        await watcher.send({"type": "start"})
        assert (await watcher.until("error"))["code"] == "not_seated"
        first = Player(server, table, created["token"])
        await first.connect()
        second = Player(server, table, created["token"])
        await second.connect()
        replaced = await first.until("replaced")
        assert "another" in replaced["message"]
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await first.receive()
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 4001
        await second.send({"type": "ping"})
        await second.until("pong")

    _run(tokens())


def test_a_page_from_another_site_cannot_open_a_table(server: ServerProcess) -> None:
    table = server.create()["table"]

    async def origin() -> None:
        async with websockets.connect(
            server.ws_url(table),
            origin="https://evil.example",  # type: ignore[arg-type]
        ) as socket:
            # accepted, then refused with the documented close (test_server_codes.py)
            assert json.loads(await socket.recv())["code"] == "origin_refused"
            with pytest.raises(websockets.ConnectionClosed):
                await socket.recv()
        assert socket.close_code == 4003
        async with websockets.connect(
            server.ws_url(table),
            origin=server.base,  # type: ignore[arg-type]
        ) as socket:
            await socket.send(json.dumps({"type": "hello"}))
            assert json.loads(await socket.recv())["type"] == "welcome"

    _run(origin())


def test_a_flood_of_messages_is_rate_limited(server: ServerProcess) -> None:
    table = server.create()["table"]

    async def flood() -> None:
        watcher = Player(server, table, None)
        await watcher.connect()
        assert watcher.socket is not None
        for _ in range(80):
            await watcher.socket.send(json.dumps({"type": "ping"}))
        kinds = [(await watcher.receive())["type"] for _ in range(80)]
        assert "pong" in kinds
        limited = [m for m in watcher.received if m.get("code") == "rate_limited"]
        assert limited

    _run(flood())


def test_http_refusals_carry_a_code(server: ServerProcess) -> None:
    answer = httpx.post(server.base + "/api/tables", json={"name": "x", "small_bet": 0})
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_settings"
    answer = httpx.post(server.base + "/api/tables", content=b"{" * 20000)
    assert answer.status_code == 413
    created = server.create(seats=2)
    table = created["table"]
    answer = httpx.post(f"{server.base}/api/tables/{table}/seats", json={"name": "ann"})
    assert answer.json()["error"]["code"] == "name_taken"
    server.join(table, "Bob")
    answer = httpx.post(f"{server.base}/api/tables/{table}/seats", json={"name": "Cy"})
    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "table_full"
    answer = httpx.post(f"{server.base}/api/tables/nope/seats", json={"name": "Cy"})
    assert answer.status_code == 404


def test_a_client_that_reconnects_gets_exactly_what_it_missed(server: ServerProcess) -> None:
    created = server.create(bots=["random", "random"], seats=3, stack=200)
    table = created["table"]

    async def reconnect() -> None:
        ann = Player(server, table, created["token"], rng=random.Random(3))
        watcher = Player(server, table, None)
        await ann.connect()
        await watcher.connect()
        await ann.send({"type": "start"})
        await ann.play(until_over=False, stop_at=12)
        seen = ann.last_seq
        assert seen is not None
        await ann.close()
        while (watcher.last_seq or 0) < seen + 6:  # the bots play on without Ann
            await watcher.receive()
            if watcher.view and watcher.view["deadline_seat"] == 0:
                break
        back = Player(server, table, created["token"])
        welcome = await back.connect(last_seq=seen)
        while (watcher.last_seq or 0) < welcome["seq"]:
            await watcher.receive()
        assert [e["seq"] for e in welcome["log"]] == list(range(seen + 1, welcome["seq"] + 1))
        watched = {
            e["seq"]: e for m in watcher.received for e in m.get("log", []) if e["seq"] > seen
        }
        for entry in welcome["log"]:  # what Ann missed, as she (not a spectator) may see it
            public = watched[entry["seq"]]
            assert entry["kind"] == public["kind"]

    _run(reconnect())


def test_a_turn_that_times_out_takes_the_default_and_two_make_a_player_away(
    server: ServerProcess,
) -> None:
    # No time bank: the turn's 5 s alone (with the default bank of 30 s, a wait of
    # the receive's own 30 s came between two frames, and a slow machine missed it)
    created = server.create(bots=["random"], seats=2, turn_seconds=5, time_bank=0, stack=500)
    table = created["table"]

    async def clock() -> None:
        ann = Player(server, table, created["token"])
        await ann.connect()
        await ann.send({"type": "start"})
        timeouts: list[dict[str, object]] = []
        while len(timeouts) < 2:
            payload = await ann.receive(timeout=30)
            timeouts += [
                e for e in payload.get("log", []) if e["kind"] == "action" and e["by"] == "clock"
            ]
        assert timeouts[0]["seat"] == 0
        away = [e for m in ann.received for e in m.get("log", []) if e["kind"] == "away"]
        while not away:
            payload = await ann.receive(timeout=30)
            away += [e for e in payload.get("log", []) if e["kind"] == "away"]
        assert ann.view is not None
        assert ann.view["seats"][0]["away"] is True
        await ann.send({"type": "back"})
        while ann.view["seats"][0]["away"] is not False:
            await ann.receive()
        assert not ann.errors

    _run(clock())


def test_serve_refuses_bad_options_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from palace_poker.cli import main  # noqa: PLC0415

    assert main(["serve", "--bot-pause", "-1"]) == 2
    assert main(["serve", "--between-hands", "100"]) == 2
    err = capsys.readouterr().err
    assert err.count("[invalid_settings]") == 2
    assert "Traceback" not in err


form_keys = ("name", "host_name", "small_bet", "seats", "stack", "bots", "betting", "seat")


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path_factory.mktemp("hostile") / "table.sqlite3").start()
    yield process
    process.stop()


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    body=st.one_of(
        json_values,
        st.fixed_dictionaries({}, optional={key: json_values for key in form_keys}),
    ),
    path=st.sampled_from(["/api/tables", "/api/tables/{table}/seats", "/api/tables/x/seats"]),
)
def test_any_json_to_the_rest_calls_gets_an_answer_with_a_code(
    shared_server: ServerProcess, body: object, path: str
) -> None:
    if "{table}" in path:
        path = path.format(table=shared_server.create(seats=10)["table"])
    # json.dumps writes NaN and Infinity as Python's reader (the server's) takes them
    answer = httpx.post(shared_server.base + path, content=json.dumps(body), timeout=10)
    assert answer.status_code in (200, 400, 404, 409, 413), answer.text
    if answer.status_code != 200:
        assert answer.json()["error"]["code"] in ERROR_CODES
