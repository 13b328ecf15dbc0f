"""Who a download is for: a seat's bearer token, and what watching off or an
unfinished game withholds (docs/server.md, "Hand histories")."""

from __future__ import annotations

import hmac

from fastapi import Request

from palace_poker.server.live.runner import TableRunner
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.protocol import MAX_TOKEN, token_hash


def bearer_seat(runner: TableRunner, request: Request) -> int | None:
    """The seat whose token the request carries as ``Authorization: Bearer <token>``,
    or None (a spectator) when it carries none; ``TableError('invalid_token')`` for
    a token of no seat of this table (never another seat's view instead)."""
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN or not token.isascii():
        raise TableError("invalid_token", "send a seat's token as 'Authorization: Bearer <token>'")
    digest = token_hash(token)
    seat = None
    for candidate, stored in runner.tokens.items():  # every one compared, in constant time
        if hmac.compare_digest(stored, digest):
            seat = candidate
    if seat is None:
        raise TableError(
            "invalid_token", "this token is not a seat's at this table: watch or take a seat"
        )
    return seat


def watchable(runner: TableRunner, seat: int | None) -> None:
    """With watching off (``spectators`` false) what the table's play shows — its
    log, hand histories, ledger — is for its seats only, as the WebSocket is: a
    request without a seat's token is refused with ``no_spectators``. The table
    page and its summary (name, seats, settings: what one needs to take a seat)
    stay open, as a private game's link does at PokerNow."""
    if seat is None and not runner.table.settings.spectators:
        raise TableError("no_spectators", "the host has turned watching off: send a seat's token")


def records_allowed(runner: TableRunner, seat: int | None) -> None:
    """The full records (every hidden card and shuffle) are given once the game is
    over, to the host, or to every player when the table was created with
    ``records_for_all``; a ``TableError`` says why not."""
    table = runner.table
    if table.status != "over":
        raise TableError(
            "game_not_over", "the full records of the hands are given when the game is over"
        )
    if seat is None:
        raise TableError("not_seated", "the full records are for the table's players")
    if seat != table.host and not table.settings.records_for_all:
        raise TableError("not_host", "only the host may download the full records of this table")
