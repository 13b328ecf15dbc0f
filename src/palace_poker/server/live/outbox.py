"""A connection's outbox: what the table sends one WebSocket client, in order.

Each client has its own queue, so a slow client never holds up the table: the
table posts a payload and goes on; the connection's pump sends it. Updates still
waiting are merged (a client that reads slowly misses nothing, its queue stays
short), a payload is encoded once however many clients receive it, and a client
that stops reading is closed after :data:`SLOW_SEND` seconds (the slow-reader
rule). :func:`broadcast` and :func:`presence` give every greeted client the
table as its own viewer sees it (:mod:`~palace_poker.server.model.projection`).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
from collections import deque
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from palace_poker.server.model import projection
from palace_poker.server.model.limits import Budget
from palace_poker.server.model.table import Table

log = logging.getLogger("palace_poker.server")

#: The chat's budget: CHAT_BURST lines a connection in any CHAT_WINDOW seconds.
CHAT_BURST, CHAT_WINDOW = 5, 10.0

#: Outgoing payloads a client may have waiting (updates merge, so only a client
#: that floods the server with bad messages gets this far behind).
MAX_BACKLOG = 256

#: Seconds one payload may take to leave for its client. A client that stops
#: reading (a frozen tab, a stalled link) fills the socket's buffers, and the send
#: waits; after this long it is closed with 4002 ("too far behind: reconnect"), by
#: the server's own rule, well before the keep-alive ping would drop it (20 s
#: without a pong after a ping every 20 s: a bare 1006 after 20 to 40 s).
SLOW_SEND = 10.0

#: The close a client too far behind gets (docs/server.md, close codes).
BEHIND = (4002, "too far behind: reconnect")


@dataclass(eq=False)
class Frame:
    """A payload on its way to one or more clients, encoded to JSON once however
    many of them receive it (the spectators of a table all get the same one)."""

    payload: dict[str, Any]
    _text: str | None = None

    def text(self) -> str:
        if self._text is None:
            self._text = json.dumps(self.payload, separators=(",", ":"))
        return self._text


@dataclass(eq=False)
class Client:
    """One WebSocket connection at a table: who it is and what it was last sent."""

    #: Sends one JSON text over the connection.
    send: Callable[[str], Any]
    close: Callable[[int, str], Any]
    seat: int | None = None
    greeted: bool = False
    last: int = 0
    #: The close code and reason sent when the connection is ended by the server.
    ending: tuple[int, str] = (1000, "closed")
    outbox: deque[Frame | None] = field(default_factory=deque)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    #: A spectator's number in the chat (given on hello, in the order they came).
    watcher: int = 0
    #: The chat's own budget: CHAT_BURST lines in any CHAT_WINDOW seconds.
    chats: Budget = field(default_factory=lambda: Budget(CHAT_BURST, CHAT_WINDOW, window=True))
    #: The connection is being closed: nothing more is queued.
    closing: bool = False
    #: Called when the client is closed for being too far behind: the table counts
    #: it gone at once (a frozen tab is not a player present, nor a spectator).
    behind: Callable[[], Any] | None = None

    def post(self, payload: dict[str, Any] | Frame) -> None:
        """Queue a payload for this client (never blocks the table).

        A client that reads more slowly than the table changes (bots playing each
        other without a pause) is not left behind: an update or presence notice
        still waiting is merged with the next one (the entries joined, the newer
        view kept), so the queue stays short and nothing is skipped. A merge makes
        a new frame: a frame may be shared with other clients.
        """
        if self.closing:  # ending: nothing more is sent
            return
        frame = payload if isinstance(payload, Frame) else Frame(payload)
        waiting = self.outbox[-1] if self.outbox else None
        if waiting is not None and _mergeable(waiting.payload, frame.payload):
            self.outbox[-1] = Frame(_merged(waiting.payload, frame.payload))
        elif len(self.outbox) < MAX_BACKLOG:
            self.outbox.append(frame)
        else:  # only errors pile up like this: a client flooding, dropped
            self.end(4002, "too many messages waiting: reconnect")
        self.ready.set()

    def end(self, code: int, reason: str) -> None:
        """Close the connection after the payloads queued so far."""
        if self.closing:
            return
        self.closing = True
        self.ending = (code, reason)
        self.outbox.append(None)
        self.ready.set()

    async def pump(self) -> None:
        """Send the queued payloads in order until the connection ends.

        A payload that has not left within :data:`SLOW_SEND` seconds means the
        client stopped reading: the rest is dropped and the connection closed with
        :data:`BEHIND` (4002), which reaches the client after what its buffers
        hold; it reconnects with its last seq and misses nothing."""
        try:
            while True:
                while not self.outbox:
                    self.ready.clear()
                    await self.ready.wait()
                frame = self.outbox.popleft()
                if frame is None:
                    break
                try:
                    await asyncio.wait_for(self.send(frame.text()), SLOW_SEND)
                except TimeoutError:
                    self.closing, self.ending = True, BEHIND
                    self.outbox.clear()
                    log.info("a client too far behind was closed (%s)", BEHIND[0])
                    if self.behind is not None:
                        self.behind()
                    break
            await self.close(*self.ending)
        except Exception:  # the peer went away: nothing more to send
            log.debug("a connection ended while sending", exc_info=True)


def _mergeable(waiting: dict[str, Any], payload: dict[str, Any]) -> bool:
    kinds = ("update", "presence")
    return waiting["type"] in kinds and payload["type"] in kinds


def _merged(waiting: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
    """One update for two: the entries of both, the newer view."""
    log_ = [*waiting.get("log", []), *payload.get("log", [])]
    return {**waiting, **payload, "log": log_, "type": "update" if log_ else payload["type"]}


def views_of(
    table: Table, clients: Collection[Client], now: float
) -> Callable[[int | None], dict[str, Any]]:
    """The table as each viewer sees it now, each viewer's made once."""
    present, watchers = connected(clients), watching(clients)

    @functools.cache
    def view(seat: int | None) -> dict[str, Any]:
        return projection.view(table, seat, connected=present, now=now, watching=watchers)

    return view


def connected(clients: Collection[Client]) -> set[int]:
    """The seats with a connection."""
    return {c.seat for c in clients if c.seat is not None}


def watching(clients: Collection[Client]) -> int:
    """How many greeted connections watch (hold no seat)."""
    return sum(1 for c in clients if c.greeted and c.seat is None)


def broadcast(
    table: Table, clients: Collection[Client], views: Callable[[int | None], dict[str, Any]]
) -> None:
    """Every greeted client gets the new entries and its view. One frame is
    made for each viewer and starting point: the spectators share one."""
    frames: dict[tuple[int | None, int], Frame] = {}
    for client in clients:
        if not client.greeted:
            continue
        key = (client.seat, client.last)
        if key not in frames:
            frames[key] = Frame(
                {
                    "type": "update",
                    "seq": table.seq,
                    "view": views(client.seat),
                    "log": projection.entries(table, client.seat, client.last),
                }
            )
        client.post(frames[key])
        client.last = table.seq


def presence(
    table: Table, clients: Collection[Client], views: Callable[[int | None], dict[str, Any]]
) -> None:
    """Every greeted client gets its view (who is connected, how many watch),
    one frame a viewer."""
    frames: dict[int | None, Frame] = {}
    for client in clients:
        if client.greeted:
            if client.seat not in frames:
                frames[client.seat] = Frame(
                    {"type": "presence", "seq": table.seq, "view": views(client.seat)}
                )
            client.post(frames[client.seat])
