"""Play against bots now: a table created with ``"start": true`` is dealt at once.

The home page's one-click table (static/quick.js) asks for bots and ``start``; the
server seats them and starts the game before it answers, so the player's page opens
on a hand in play. ``start`` must be true or false, and a game started at once needs a
bot: a refusal names the field.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx

from server_helpers import ServerProcess


def test_a_table_made_to_start_at_once_is_dealt(serve: Callable[..., ServerProcess]) -> None:
    server = serve()
    made = server.create(seats=3, bots=["easy", "easy"], start=True)
    table = httpx.get(f"{server.base}/api/tables/{made['table']}", timeout=10).json()
    assert table["status"] == "playing", table
    quiet = server.create(seats=3, bots=["easy"])
    waiting = httpx.get(f"{server.base}/api/tables/{quiet['table']}", timeout=10).json()
    assert waiting["status"] == "waiting", waiting


def test_start_must_be_a_bool_and_needs_a_bot(serve: Callable[..., ServerProcess]) -> None:
    server = serve()
    body = {"name": "T", "host_name": "Ann", "small_bet": 10, "seats": 3, "stack": 60}
    for start, bots, field in (
        ("yes", ["easy"], "start"),
        (1, ["easy"], "start"),
        (True, [], "bots"),
    ):
        answer = httpx.post(
            f"{server.base}/api/tables", json={**body, "bots": bots, "start": start}, timeout=10
        )
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["field"] == field, error
        assert error["code"] in ("invalid_settings", "too_few_players"), error
