"""Helpers for the table server's tests: the real server as a process, and players
that connect to it over real WebSockets and choose among the options they are sent.

:class:`ServerProcess` runs ``palace-poker serve`` (uvicorn) on a free 127.0.0.1 port
with its own SQLite file, and can stop it, or kill it with SIGKILL and start it
again on the same database. :class:`Player` is one WebSocket client; every payload
it receives is kept in ``received`` (for the leak test), with the seq it carried.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from hypothesis import strategies as st
from serve_process import ServeProcess
from websockets.asyncio.client import ClientConnection
from websockets.typing import Origin

from palace_poker.cards import Card
from palace_poker.options import Option
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table
from palace_poker.wire import from_wire, to_wire
from paths import ROOT
from ports import free_port

#: Any JSON value, small: what a hostile client may send where a field is expected.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
#: Every player made and not yet closed (see :func:`run_closing`).
OPEN: list[Player] = []


class Address:
    """Where clients reach the table server over HTTP and WebSocket (a server
    process, or a proxy in front of several); its REST calls."""

    port: int

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def create(self, **form: Any) -> dict[str, Any]:
        body = {"name": "Test", "host_name": "Ann", "small_bet": 10, "seats": 3, "stack": 60}
        body.update(form)
        answer = httpx.post(f"{self.base}/api/tables", json=body, timeout=10)
        assert answer.status_code == 200, answer.text
        created: dict[str, Any] = answer.json()
        return created

    def join(self, table: str, name: str, **form: Any) -> dict[str, Any]:
        answer = httpx.post(
            f"{self.base}/api/tables/{table}/seats", json={"name": name, **form}, timeout=10
        )
        assert answer.status_code == 200, answer.text
        joined: dict[str, Any] = answer.json()
        return joined


class ServerProcess(ServeProcess, Address):
    """``palace-poker serve`` in a child process, on 127.0.0.1."""

    def __init__(
        self,
        database: Path,
        *,
        bot_pause: float = 0.0,
        between: float = 0.0,
        database_url: str | None = None,
        redis_url: str | None = None,
    ) -> None:
        """``database``: the SQLite file (or, with ``database_url``, where the log
        goes); with ``redis_url`` the process is one of several (docs/deploy.md)."""
        self.database = database
        super().__init__(
            database_url or f"sqlite:///{database}",
            database.with_suffix(".log"),
            redis_url=redis_url,
            bot_pause=bot_pause,
            between=between,
            cwd=ROOT,
            port=free_port(),
        )

    def start(self, timeout: float = 30.0) -> ServerProcess:
        """Start the server and wait until it answers."""
        super().start(timeout)
        return self


async def ann_and_bob(
    first: Address,
    second: Address,
    *,
    stack: int,
    pace: float,
    seeds: tuple[int, int],
) -> tuple[str, str, Player, Player]:
    """A table of three seats made on ``first`` (Ann its host, a random bot), Bob
    seated through ``second``, both connected and the game started: the table,
    Ann's token, Ann and Bob."""
    created = first.create(seats=3, stack=stack, bots=["random"])
    table = created["table"]
    joined = second.join(table, "Bob")
    ann = Player(first, table, created["token"], "Ann", random.Random(seeds[0]), pace=pace)
    bob = Player(second, table, joined["token"], "Bob", random.Random(seeds[1]), pace=pace)
    await ann.connect()
    await bob.connect()
    await ann.send({"type": "start"})
    return table, created["token"], ann, bob


def run_closing(coroutine: Coroutine[Any, Any, None], timeout: float = 120) -> None:
    """Run a test's coroutine, then close every player's socket it left open."""

    async def main() -> None:
        try:
            await asyncio.wait_for(coroutine, timeout)
        finally:
            while OPEN:
                await OPEN.pop().close()

    asyncio.run(main())


def option_text(option: dict[str, Any], rng: random.Random) -> str:
    """A legal choice for an option as sent (the action's text without its seat)."""
    parsed = from_wire(option)
    assert isinstance(parsed, Option)
    amount = None
    cards: tuple[Card, ...] = ()
    if parsed.min_amount is not None and parsed.max_amount is not None:
        amount = (
            rng.choice([parsed.min_amount, parsed.max_amount])
            if rng.random() < 0.3
            else (parsed.min_amount)
        )
    if parsed.cards:
        size = rng.randint(parsed.min_cards, parsed.max_cards)
        cards = tuple(rng.sample(list(parsed.cards), size))
    return str(parsed.action(amount=amount, cards=cards)).split(" ", 1)[1]


@dataclass
class Player:
    """One WebSocket client of a table (a seat with its token, or a spectator)."""

    server: Address
    table: str
    token: str | None
    name: str = "?"
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    received: list[dict[str, Any]] = field(default_factory=list)
    #: Every message this client sent (a refusal may quote its own words back).
    sent: list[dict[str, Any]] = field(default_factory=list)
    socket: ClientConnection | None = None
    last_seq: int | None = None
    view: dict[str, Any] | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    #: Seconds to think before each decision: a person sends far fewer messages than
    #: the server's budget (10 a second), and so must a test playing against bots
    #: that answer at once.
    pace: float = 0.1
    #: The Origin header sent, as a browser sends it (None: none, as a script).
    origin: str | None = None

    def __post_init__(self) -> None:
        OPEN.append(self)

    async def connect(self, *, last_seq: int | None = None) -> dict[str, Any]:
        """Open the socket, say hello, and return the welcome."""
        self.socket = await websockets.connect(
            self.server.ws_url(self.table),
            max_size=2**24,
            origin=None if self.origin is None else Origin(self.origin),
        )
        await self.send({"type": "hello", "token": self.token, "last_seq": last_seq})
        return await self.until("welcome")

    async def send(self, message: dict[str, Any]) -> None:
        assert self.socket is not None
        self.sent.append(message)
        await self.socket.send(json.dumps(message))

    async def receive(self, timeout: float = 20.0) -> dict[str, Any]:
        assert self.socket is not None
        payload: dict[str, Any] = json.loads(await asyncio.wait_for(self.socket.recv(), timeout))
        self.received.append(payload)
        if "seq" in payload and payload["type"] != "error":
            self.last_seq = payload["seq"]
        if "view" in payload:
            self.view = payload["view"]
        if payload["type"] == "error":
            self.errors.append(payload)
        return payload

    async def until(self, kind: str, timeout: float = 20.0) -> dict[str, Any]:
        """Receive until a payload of ``kind`` comes."""
        while True:
            payload = await self.receive(timeout)
            if payload["type"] == kind:
                return payload

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
            self.socket = None

    def my_turn(self) -> bool:
        return bool(self.view and self.view["options"])

    async def act_randomly(self) -> None:
        """Answer the decision due with a random legal choice."""
        await asyncio.sleep(self.pace)
        assert self.view is not None
        option = self.rng.choice(self.view["options"])
        version = self.view["hand"]["observation"]["version"]
        await self.send(
            {
                "type": "act",
                "action": option_text(option, self.rng),
                "hand": self.view["table"]["hand_number"],
                "version": version,
            }
        )

    async def play(self, *, until_over: bool = True, stop_at: int | None = None) -> None:
        """Play random legal choices until the game is over, or until ``stop_at``
        seq (``until_over`` False: return there, the game going on; a game that is
        over has nothing more to wait for)."""
        while True:
            view = self.view
            if view is not None and view["table"]["status"] == "over":
                return
            if stop_at is not None and (self.last_seq or 0) >= stop_at:
                return
            if self.my_turn():
                await self.act_randomly()
                # wait for the answer (an update or an error) before deciding again
                while True:
                    payload = await self.receive()
                    if payload["type"] in ("update", "error"):
                        break
                continue
            await self.receive()


def pure_table(seats: int = 3, bots: int = 1, **form: Any) -> Table:
    settings = TableSettings.from_form(
        {"name": "T", "small_bet": 10, "seats": seats, "stack": 60, **form}
    )
    table = Table("t", settings)
    for seat in range(seats):
        bot = "random" if seat >= seats - bots else None
        table.submit("seated", {"seat": seat, "name": f"P{seat}", "bot": bot}, at=float(seat))
    return table


def play_randomly(table: Table, rng: random.Random, steps: int, clock: list[float]) -> list[Any]:
    """Random commands as a server would take them; returns the shuffles made."""
    shuffles: list[Any] = []
    for _ in range(steps):
        clock[0] += 1.0
        if table.status == "waiting":
            table.submit("started", {}, at=clock[0])
        elif table.status == "over":
            break
        elif table.clock.next_hand_at is not None:
            table.submit("hand_started", {}, at=clock[0])
        else:
            seat = table.to_act()
            assert seat is not None
            hand = table.hand
            assert hand is not None
            at = table.hand_seat(seat)
            options = [to_wire(o) for o in hand.observe(at).options]
            by = rng.choice(["player", "player", "clock"])
            text = (
                option_text(rng.choice(options), rng)
                if by == "player"
                else str(hand.default_action()).split(" ", 1)[1]
            )
            data = {"seat": seat, "action": text, "version": hand.version, "by": by}
            table.submit("action", data, at=clock[0])
        shuffles += table.shuffle.take_fresh()
    return shuffles
