"""A client that stops reading is closed with 4002 by the server's own rule
(docs/server.md, "Too far behind"), not dropped by the keep-alive with a bare 1006.

The slow reader is a real socket with a 4 KiB receive buffer, speaking WebSocket
through the ``websockets`` library's sans-I/O protocol, so that the test decides
when it reads: it says hello as a spectator at a table of bots playing each other
without a pause, then reads nothing. The server's send to it waits on full buffers,
and after ``runner.SLOW_SEND`` seconds the server gives up on it: the table counts
one spectator fewer (what the host's page sees). Then the reader reads what its
buffers hold, answering pings as a browser does, and the last frame is the close
4002 with its reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
from collections.abc import Callable
from typing import Any

import pytest
from websockets.client import ClientProtocol
from websockets.frames import Close
from websockets.http11 import Response
from websockets.uri import parse_uri

from server_helpers import Player, ServerProcess, run_closing

#: The reader's receive buffer: small, so that the server's buffers fill soon.
RECEIVE_BUFFER = 4096


@pytest.fixture
def server(serve: Callable[..., ServerProcess]) -> ServerProcess:
    return serve()


class SlowReader:
    """A WebSocket client over a blocking socket that reads only when told to."""

    def __init__(self, url: str) -> None:
        self.protocol = ClientProtocol(parse_uri(url), max_size=None)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, RECEIVE_BUFFER)
        uri = parse_uri(url)
        self.sock.connect((uri.host, uri.port))
        self.protocol.send_request(self.protocol.connect())
        self._flush()
        self.frames: list[Any] = []
        while not any(isinstance(e, Response) for e in self.frames):
            self._read(timeout=20)
        self.frames.clear()

    def _flush(self) -> None:
        for data in self.protocol.data_to_send():
            if data:
                with contextlib.suppress(OSError):  # the server has closed already
                    self.sock.sendall(data)

    def _read(self, timeout: float) -> bool:
        """Read what has come (answering pings, as a browser does); False at the end."""
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except ConnectionResetError:  # dropped: the end, with or without a close
            data = b""
        if data:
            self.protocol.receive_data(data)
        else:
            self.protocol.receive_eof()
        self.frames.extend(self.protocol.events_received())
        self._flush()  # pongs and the close's answer
        return bool(data)

    def send(self, message: dict[str, Any]) -> None:
        self.protocol.send_text(json.dumps(message).encode())
        self._flush()

    def read_to_the_end(self) -> Close | None:
        """Read until the connection ends: the close frame the server sent, if any."""
        while self._read(timeout=60):
            pass
        return self.protocol.close_rcvd

    def close(self) -> None:
        self.sock.close()


def test_a_client_that_stops_reading_is_closed_with_4002(server: ServerProcess) -> None:
    created = server.create(
        seats=4, bots=["random", "random", "random"], stack=100_000, small_bet=10
    )
    table = created["table"]

    async def play() -> None:
        ann = Player(server, table, created["token"], "Ann", random.Random(3), pace=0.02)
        await ann.connect()
        await ann.send({"type": "start"})
        reader = SlowReader(server.ws_url(table))
        try:
            reader.send({"type": "hello", "token": None, "last_seq": None})
            # the reader reads nothing now; Ann plays, and her page shows the spectator
            # counted until the server gives up on it (its close waits in the buffers)
            await _play_until(ann, lambda view: view["watching"] == 1)
            await _play_until(ann, lambda view: view["watching"] == 0)
            seq = ann.last_seq
            close = await asyncio.to_thread(reader.read_to_the_end)
            assert close is not None, "the connection ended without a close frame"
            assert (close.code, close.reason) == (4002, "too far behind: reconnect")
            # what it was sent before the close is the table as it was, in order
            texts = [json.loads(f.data) for f in reader.frames if getattr(f, "opcode", None) == 1]
            assert texts[0]["type"] == "welcome"
            assert all(t["seq"] <= (seq or 0) for t in texts if "seq" in t)
        finally:
            reader.close()
        # the table played on, and a new connection is welcome (reconnect)
        again = Player(server, table, None)
        welcome = await again.connect()
        assert welcome["view"]["watching"] == 1

    run_closing(play(), timeout=150)


async def _play_until(ann: Player, check: Callable[[dict[str, Any]], bool]) -> None:
    """Ann plays her turns (the bots play theirs at once) until her view passes."""
    while ann.view is None or not check(ann.view):
        assert ann.view is None or ann.view["table"]["status"] != "over"
        if ann.my_turn():
            await ann.act_randomly()
        await ann.receive()


def test_a_client_that_answers_no_ping_is_closed_with_4002_at_a_quiet_table(
    server: ServerProcess,
) -> None:
    """At a table where nothing happens, no send waits: what notices the silent
    client is the WebSocket keep-alive (a ping every 20 s, unanswered 20 s later).
    It closes with the table's 4002 too, and the table counts the client gone."""
    created = server.create(seats=3)
    table = created["table"]

    async def wait() -> None:
        ann = Player(server, table, created["token"], "Ann")
        await ann.connect()
        reader = SlowReader(server.ws_url(table))
        try:
            reader.send({"type": "hello", "token": None, "last_seq": None})
            while ann.view is None or ann.view["watching"] != 1:
                await ann.receive()
            while ann.view["watching"] != 0:  # no timing asserted: the ping's rule
                await ann.receive(timeout=120)
            close = await asyncio.to_thread(reader.read_to_the_end)
            assert close is not None, "the connection ended without a close frame"
            assert (close.code, close.reason) == (4002, "too far behind: reconnect")
        finally:
            reader.close()

    run_closing(wait(), timeout=150)
