"""A database call of the group commit or read never waits for ever: a server that
takes the connection and never answers (as a socket caught in a restart can) is
given up after the round's limit and said as an outage, so the table retries on a
new connection instead of every later change queueing behind the stuck one."""

from __future__ import annotations

import asyncio
import socket

import pytest

from palace_poker.server.storage import postgres
from palace_poker.server.storage.store import unreachable


def test_a_connection_nobody_answers_is_given_up_as_an_outage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(postgres, "ROUND_LIMIT", 0.5)
    silent = socket.create_server(("127.0.0.1", 0))  # takes connections, says nothing
    port = silent.getsockname()[1]
    link = postgres.Link({"host": "127.0.0.1", "port": port, "user": "u", "dbname": "d"})

    async def attempt() -> BaseException | None:
        task = asyncio.ensure_future(postgres.after(link, [("t", 0, 0)]))
        await asyncio.wait({task}, timeout=5.0)  # ten times the round's limit
        if not task.done():
            task.cancel()
            pytest.fail("the round still waited after ten times its limit")
        return task.exception()

    try:
        err = asyncio.run(attempt())
    finally:
        silent.close()
    assert isinstance(err, TimeoutError), err  # the round's limit, not the test's
    assert unreachable(err)
    assert link._connection is None  # (the next round opens a new one)
