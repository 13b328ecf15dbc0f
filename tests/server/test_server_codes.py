"""Every refusal as docs/server.md lists it ("Every refusal, by situation"): each
situation of that table is provoked over a real server process (real HTTP requests,
real WebSocket clients), and the code and the HTTP status or close code it gets
are the table's. The table in the docs is read back and must list exactly the
situations provoked here, so the two cannot drift apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.typing import Origin

from paths import DOCS
from server_helpers import Player, ServerProcess, run_closing

#: situation (as the docs word it) -> (code, answer): what each refusal must be.
TABLE: dict[str, tuple[str, str]] = {
    # HTTP
    "a body that is not JSON": ("malformed_message", "HTTP 400"),
    "a body over 16 KiB": ("message_too_large", "HTTP 413"),
    'a setting of the wrong type (`"small_bet": "10"`, `"approval": "yes"`)': (
        "invalid_settings",
        "HTTP 400",
    ),
    "a name of 41 characters, or of white space or joiners only": (
        "invalid_settings",
        "HTTP 400",
    ),
    "a name someone at the table has (in any case)": ("name_taken", "HTTP 409"),
    "a seat taken already": ("seat_taken", "HTTP 409"),
    "no seat free": ("table_full", "HTTP 409"),
    "no table at this id": ("unknown_table", "HTTP 404"),
    "a download with a token of no seat of this table": ("invalid_token", "HTTP 403"),
    "the full records before the game is over": ("game_not_over", "HTTP 403"),
    "the full records asked by a player who is not the host": ("not_host", "HTTP 403"),
    "the full records asked without a token": ("not_seated", "HTTP 403"),
    "a history or ledger download without a token at a table without spectators": (
        "no_spectators",
        "HTTP 403",
    ),
    # the socket closed
    "a socket opened by a page of another site": ("origin_refused", "close 4003"),
    "a socket for no table": ("unknown_table", "close 4004"),
    "a hello without a token at a table without spectators": ("no_spectators", "close 4005"),
    "a second connection with the same token (the first one's close)": ("replaced", "close 4001"),
    # messages refused, the socket open
    "a message before the hello": ("hello_first", "error"),
    "a hello with a token of no seat": ("invalid_token", "error"),
    "a binary frame": ("malformed_message", "error"),
    "a key named twice in one object": ("malformed_message", "error"),
    "an unknown type, or a field of the wrong type": ("malformed_message", "error"),
    "a message over 4096 bytes": ("message_too_large", "error"),
    "more than 30 messages at once (10 a second after)": ("rate_limited", "error"),
    "a chat line empty, of white space only, over 300 characters, or not text": (
        "invalid_chat",
        "error",
    ),
    "a sixth chat line within 10 seconds": ("rate_limited", "error"),
    'a settings change of the wrong type (`{"small_bet": "20"}`) or unknown name': (
        "invalid_settings",
        "error",
    ),
    "a host's tool, `start` or `end` from a seat that is not the host's, in any state": (
        "not_host",
        "error",
    ),
    "the host's `start` once the game has started": ("game_started", "error"),
    "a spectator's decision or player's control": ("not_seated", "error"),
    "a decision when another seat's is due": ("not_your_turn", "error"),
    "a decision on another version than the one in play": ("stale_version", "error"),
    "a decision naming another hand than the one in play (a late message)": (
        "stale_version",
        "error",
    ),
    "a contribution to the fair seed that is not 2 to 128 lowercase hex digits": (
        "invalid_contribution",
        "error",
    ),
    "a seat's fifth contribution between two deals": ("rate_limited", "error"),
}

#: The situations that need more than one server with its defaults (a limit set, a
#: database stopped): situation -> (code, answer, the test that provokes it).
ELSEWHERE: dict[str, tuple[str, str, str]] = {
    "a new table, lesson or seat request beyond its address's budget": (
        "rate_limited",
        "HTTP 429",
        "test_server_ops.py::test_tables_and_seats_are_limited_per_address",
    ),
    "a change while the database cannot be reached": (
        "storage_unavailable",
        "error",
        "test_server_outage.py::test_postgres_stopped_mid_game_is_refused_clearly_and_play_resumes",
    ),
    "a new table, a seat, or a table not loaded while the database cannot be reached": (
        "storage_unavailable",
        "HTTP 503",
        "test_server_outage.py::test_postgres_stopped_mid_game_is_refused_clearly_and_play_resumes",
    ),
    "a socket or a hello that needs the log while the database cannot be reached": (
        "storage_unavailable",
        "close 1013",
        "test_server_outage.py::test_postgres_stopped_mid_game_is_refused_clearly_and_play_resumes",
    ),
}


@pytest.fixture
def server(serve: Callable[..., ServerProcess]) -> ServerProcess:
    return serve()


def _http(answer: httpx.Response, situation: str) -> None:
    code, status = TABLE[situation]
    assert f"HTTP {answer.status_code}" == status, (situation, answer.text)
    assert answer.json()["error"]["code"] == code, (situation, answer.text)


def test_the_docs_list_every_situation_provoked_here() -> None:
    text = (DOCS / "server.md").read_text(encoding="utf-8")
    section = text.split("### Every refusal, by situation", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| (.+?) \| `(\w+)` \| (.+?) \|$", section, flags=re.MULTILINE)
    documented = {situation: (code, answer) for situation, code, answer in rows}
    elsewhere = {situation: (code, answer) for situation, (code, answer, _) in ELSEWHERE.items()}
    assert documented == {**TABLE, **elsewhere}


def test_the_situations_provoked_elsewhere_are_checked_there() -> None:
    """Each test named for a situation of ELSEWHERE exists and checks its code and
    its answer (the status or close code it expects)."""
    folder = Path(__file__).parent
    for situation, (code, answer, test) in ELSEWHERE.items():
        name, function = test.split("::")
        source = (folder / name).read_text(encoding="utf-8")
        assert f"def {function}(" in source, situation
        assert code in source, situation
        assert answer.split()[-1] in source, situation


def test_the_http_refusals(server: ServerProcess) -> None:
    api = f"{server.base}/api/tables"
    _http(httpx.post(api, content=b"{nope"), "a body that is not JSON")
    _http(httpx.post(api, content=b" " * 17_000), "a body over 16 KiB")
    wrong_type = 'a setting of the wrong type (`"small_bet": "10"`, `"approval": "yes"`)'
    for field in ({"small_bet": "10"}, {"approval": "yes"}):
        body = {"name": "T", "host_name": "Ann", "small_bet": 10, "seats": 2, "stack": 60}
        _http(httpx.post(api, json={**body, **field}), wrong_type)
    created = server.create(seats=3)
    table = created["table"]
    seats = f"{api}/{table}/seats"
    bad_name = "a name of 41 characters, or of white space or joiners only"
    for name in ("x" * 41, "   ", "\u200d\u200c"):
        _http(httpx.post(seats, json={"name": name}), bad_name)
    _http(httpx.post(seats, json={"name": "aNN"}), "a name someone at the table has (in any case)")
    # a name's runs of white space are one space, and 40 characters are a name
    bob = httpx.post(seats, json={"name": "  Bob \n  Jones "}).json()
    assert httpx.get(f"{api}/{table}").json()["seats"][1]["name"] == "Bob Jones"
    _http(httpx.post(seats, json={"name": "Cy", "seat": 1}), "a seat taken already")
    assert httpx.post(seats, json={"name": "y" * 40}).status_code == 200
    _http(httpx.post(seats, json={"name": "Di"}), "no seat free")
    _http(httpx.get(f"{api}/nosuchtable"), "no table at this id")
    records = f"{api}/{table}/records.jsonl"

    def bearer(token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    _http(
        httpx.get(records, headers=bearer("x" * 22)),
        "a download with a token of no seat of this table",
    )
    host = bearer(created["token"])
    _http(httpx.get(records, headers=host), "the full records before the game is over")

    async def end() -> None:
        ann = Player(server, table, created["token"], "Ann")
        await ann.connect()
        await ann.send({"type": "end"})
        while ann.view is None or ann.view["table"]["status"] != "over":
            await ann.receive()

    run_closing(end())
    assert httpx.get(records, headers=host).status_code == 200
    _http(
        httpx.get(records, headers=bearer(bob["token"])),
        "the full records asked by a player who is not the host",
    )
    _http(httpx.get(records), "the full records asked without a token")
    private = server.create(seats=3, spectators=False)
    closed = "a history or ledger download without a token at a table without spectators"
    for download in ("history.jsonl", "history.txt", "ledger.csv"):
        _http(httpx.get(f"{api}/{private['table']}/{download}"), closed)
    own = httpx.get(f"{api}/{private['table']}/history.jsonl", headers=bearer(private["token"]))
    assert own.status_code == 200  # the seat's own token still reads it


async def _closed(socket: ClientConnection, situation: str) -> None:
    """The socket gets an error with the situation's code (or the ``replaced``
    payload), then its close code, with a reason."""
    code, answer = TABLE[situation]
    said = []
    with contextlib.suppress(websockets.ConnectionClosedOK, websockets.ConnectionClosedError):
        async for text in socket:
            payload = json.loads(text)
            said.append(payload.get("code") if payload["type"] == "error" else payload["type"])
    assert said[-1] == code, (situation, said)
    assert f"close {socket.close_code}" == answer, situation
    assert socket.close_reason  # a reason in words as well as the code


def test_the_sockets_closed_with_their_codes(server: ServerProcess) -> None:
    created = server.create(seats=3)
    table = created["table"]
    private = server.create(seats=3, spectators=False)["table"]

    async def closes() -> None:
        evil = Origin("https://evil.example")
        async with websockets.connect(server.ws_url(table), origin=evil) as socket:
            await _closed(socket, "a socket opened by a page of another site")
        assert socket.close_reason is not None
        assert socket.close_reason.startswith("origin_refused")
        async with websockets.connect(server.ws_url("nosuchtable")) as socket:
            await _closed(socket, "a socket for no table")
        assert socket.close_reason is not None
        assert socket.close_reason.startswith("unknown_table")
        async with websockets.connect(server.ws_url(private)) as socket:
            await socket.send(json.dumps({"type": "hello", "token": None}))
            await _closed(socket, "a hello without a token at a table without spectators")
        first = Player(server, table, created["token"], "Ann")
        await first.connect()
        second = Player(server, table, created["token"], "Ann")
        await second.connect()
        assert first.socket is not None
        await _closed(
            first.socket, "a second connection with the same token (the first one's close)"
        )

    run_closing(closes())


async def _refused(player: Player, message: dict[str, Any] | str | bytes, situation: str) -> None:
    """A message the server answers with the situation's error; the socket stays open."""
    assert player.socket is not None
    if isinstance(message, dict):
        await player.send(message)
    else:
        await player.socket.send(message)
    answer = await player.until("error")
    assert answer["code"] == TABLE[situation][0], (situation, message, answer)
    assert TABLE[situation][1] == "error"


async def _open(player: Player) -> None:
    """The socket is open still: a ping is answered."""
    await player.send({"type": "ping"})
    await player.until("pong")


def test_the_messages_refused_on_an_open_socket(server: ServerProcess) -> None:
    created = server.create(seats=3)
    table = created["table"]
    joined = server.join(table, "Bob")

    async def messages() -> None:
        ann = Player(server, table, created["token"], "Ann")
        ann.socket = await websockets.connect(server.ws_url(table))
        await _refused(ann, {"type": "ping"}, "a message before the hello")
        await _refused(ann, {"type": "hello", "token": "x" * 22}, "a hello with a token of no seat")
        await ann.send({"type": "hello", "token": created["token"], "last_seq": None})
        await ann.until("welcome")
        await _protocol(ann)
        bob = Player(server, table, joined["token"], "Bob")
        await bob.connect()
        await _contributions(bob)
        watcher = Player(server, table, None)
        await watcher.connect()
        await _chat(ann, watcher)
        bad_settings = 'a settings change of the wrong type (`{"small_bet": "20"}`) or unknown name'
        wrong: list[object] = [{"small_bet": "20"}, {"colour": 1}, [], {"small_bet": None}]
        for changes in wrong:
            await _refused(ann, {"type": "settings", "changes": changes}, bad_settings)
        not_host = (
            "a host's tool, `start` or `end` from a seat that is not the host's, in any state"
        )
        for tool in ({"type": "start"}, {"type": "end"}, {"type": "pause"}):
            await _refused(bob, tool, not_host)  # the game waiting
        await ann.send({"type": "start"})
        await _refused(ann, {"type": "start"}, "the host's `start` once the game has started")
        for tool in ({"type": "start"}, {"type": "pause"}):
            await _refused(bob, tool, not_host)  # the game started: not game_started
        act = {"type": "act", "action": "stay", "hand": 1, "version": 0}
        for control in ({"type": "sit_out"}, act):
            await _refused(watcher, control, "a spectator's decision or player's control")
        await _decisions(ann, bob)
        await _open(ann)
        await _flood(watcher)

    run_closing(messages())


async def _protocol(ann: Player) -> None:
    """What is not a message of the protocol."""
    await _refused(ann, json.dumps({"type": "ping"}).encode(), "a binary frame")
    twice = "a key named twice in one object"
    await _refused(ann, '{"type": "chat", "text": "hi", "text": "<b>"}', twice)
    await _refused(ann, '{"type": "ping", "ref": {"ref": 1, "ref": 2}}', twice)
    for wrong in ({"type": "dance"}, {"type": "rebuy", "chips": "10"}):
        await _refused(ann, wrong, "an unknown type, or a field of the wrong type")
    big = {"type": "chat", "text": "x" * 5000}
    await _refused(ann, big, "a message over 4096 bytes")
    await _open(ann)


async def _chat(ann: Player, watcher: Player) -> None:
    """A chat line is 1 to 300 characters once its runs of white space are one
    space; a connection sends five lines in any ten seconds."""
    bad_chat = "a chat line empty, of white space only, over 300 characters, or not text"
    for text in ("", " \n ", "x" * 301, 7, None, "bell\x07"):
        await _refused(watcher, {"type": "chat", "text": text}, bad_chat)
    await ann.send({"type": "chat", "text": "y" * 300 + "  "})  # 300 once trimmed
    for _ in range(4):
        await ann.send({"type": "chat", "text": "a\n  b"})  # one line: "a b"
    await _refused(ann, {"type": "chat", "text": "six"}, "a sixth chat line within 10 seconds")
    while len(_chats(ann)) < 5:
        await ann.receive()
    assert _chats(ann) == ["y" * 300, *["a b"] * 4]


def _chats(player: Player) -> list[str]:
    return [e["text"] for p in player.received for e in p.get("log", []) if e["kind"] == "chat"]


async def _contributions(bob: Player) -> None:
    """A contribution to the fair seed must be hex; each is a stored entry, and a
    seat makes at most four between two deals (a page makes one)."""
    bad = "a contribution to the fair seed that is not 2 to 128 lowercase hex digits"
    for value in ("abc", "AB", "zz", "00" * 65):
        await _refused(bob, {"type": "contribute", "value": value}, bad)
    for n in range(4):
        await bob.send({"type": "contribute", "value": f"{n:02x}"})
    await _refused(
        bob, {"type": "contribute", "value": "ff"}, "a seat's fifth contribution between two deals"
    )


async def _decisions(ann: Player, bob: Player) -> None:
    """Once a hand is dealt, the seat not to act is refused with not_your_turn, and
    the one to act, answering another version, with stale_version."""
    view = ann.view
    while view is None or view["hand"] is None or view["hand"]["observation"]["to_act"] is None:
        await ann.receive()
        view = ann.view
    hand = view["hand"]
    mover, other = (ann, bob) if hand["seats"][hand["observation"]["to_act"]] == 0 else (bob, ann)
    version = hand["observation"]["version"]
    act = {"type": "act", "action": "stay", "hand": view["table"]["hand_number"]}
    await _refused(other, {**act, "version": version}, "a decision when another seat's is due")
    stale = "a decision on another version than the one in play"
    await _refused(mover, {**act, "version": version + 5}, stale)
    late = "a decision naming another hand than the one in play (a late message)"
    for hand_number in (act["hand"] - 1, act["hand"] + 1):
        await _refused(mover, {**act, "hand": hand_number, "version": version}, late)


async def _flood(watcher: Player) -> None:
    """A burst over the budget is answered with rate_limited, the socket open."""
    for _ in range(40):
        await watcher.send({"type": "ping"})
    answer = await watcher.until("error")
    assert answer["code"] == TABLE["more than 30 messages at once (10 a second after)"][0]
    await asyncio.sleep(1.0)  # the budget refills (10 a second)
    await _open(watcher)
