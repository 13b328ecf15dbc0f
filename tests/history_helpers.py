"""Helpers for the hand-history tests: the downloads over HTTP, and the check that a
viewer's history holds no card hidden from that viewer.

The hidden cards of a hand are worked out from its full ``palace-hand/1`` record,
replayed by the engine (independently of the server's projection), with the
leak test's own logic (``leaks.hidden_cards``): the other players' palace
cards the viewer was never shown (no battle comparison the viewer fought, no
showdown) and the stock's cards never face up.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from leaks import cards_in, hidden_cards
from palace_poker.record import replay
from server_helpers import ServerProcess

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def get(server: ServerProcess, table: str, what: str, token: str | None = None) -> httpx.Response:
    """``GET /api/tables/{table}/{what}``, with the seat's token as a bearer token."""
    headers = {"Authorization": f"Bearer {token}"} if token is not None else {}
    return httpx.get(f"{server.base}/api/tables/{table}/{what}", headers=headers, timeout=10)


def lines(text: str) -> list[dict[str, Any]]:
    """A JSON Lines text, read."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def own_palaces(hand: dict[str, Any]) -> list[list[str]]:
    """The palace cards the viewer was dealt in a history hand (as sent)."""
    you = hand["you"]
    return [
        event["cards"]
        for item in hand["entries"]
        for event in item.get("events", [])
        if event["type"] == "palace_dealt" and event["seat"] == you and event["cards"]
    ]


def leaks(
    hands: list[dict[str, Any]], records: list[dict[str, Any]], viewer: int | None
) -> list[tuple[int, set[str]]]:
    """For each finished hand of a viewer's history, the cards it shows that were
    hidden from the viewer (by the hand's full record); empty when nothing leaks.
    Also checks that the viewer's own palace is in the history when dealt in."""
    finished = [h for h in hands if h["finished"]]
    assert len(finished) == len(records), (len(finished), len(records))
    found = []
    for hand, record in zip(finished, records, strict=True):
        played = replay(record)
        seats = tuple(hand["table_seats"])
        assert [p["name"] for p in record["players"]] == hand["seats"]
        hidden, own, _shown = hidden_cards(played, seats, [viewer])
        cards = set(cards_in(hand["entries"]))
        if viewer in seats:
            palaces = own_palaces(hand)
            assert len(palaces) == 1, (hand["hand"], palaces)
            assert set(palaces[0]) == own[viewer], (hand["hand"], palaces, own[viewer])
        if cards & hidden[viewer]:
            found.append((hand["hand"], cards & hidden[viewer]))
    return found
