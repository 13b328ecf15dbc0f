"""Privacy and side channels (docs/server.md, "Privacy").

Over the real server process: with watching off, nothing of a table's play is
readable without a seat's token (the page and the summary one needs to take a seat
stay open); every HTTP response carries the security headers, and the pages hold no
inline script or style for the Content-Security-Policy to refuse; every time in a
payload or a download is a whole second while the store keeps the exact time.
In the process: a bot's search begins when its turn does, so its decision is
announced when its thinking pause ends, not a search's time after it.
"""

from __future__ import annotations

import asyncio
import json
import math
import sqlite3
import threading
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from history_helpers import get, lines
from palace_poker.bots import RandomBot
from palace_poker.observation import Observation
from palace_poker.server.live import automatic, runner
from palace_poker.server.model import projection
from palace_poker.server.model.settings import TableSettings
from palace_poker.server.model.table import Table
from palace_poker.server.storage.store import Store
from server_helpers import Player, ServerProcess, pure_table, run_closing

#: What a table's summary holds: what one needs to take a seat, nothing of play.
SUMMARY_KEYS = {"table", "name", "status", "seats", "free", "settings"}


def _refused(answer: httpx.Response, code: str) -> None:
    assert answer.status_code == 403, answer.text
    assert answer.json()["error"]["code"] == code, answer.text


# ------------------------------------------------------------------ watching off


def test_with_watching_off_nothing_of_play_is_read_without_a_seat_token(
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve()
    hidden = server.create(spectators=False, bots=["random"], start=True)
    open_ = server.create(bots=["random"], start=True)
    table, token = hidden["table"], hidden["token"]

    # the page and the summary stay: a person with the link can still take a seat
    page = httpx.get(f"{server.base}/t/{table}", timeout=10)
    assert page.status_code == 200
    assert 'id="join' in page.text or "table.js" in page.text
    summary = httpx.get(f"{server.base}/api/tables/{table}", timeout=10)
    assert summary.status_code == 200
    assert set(summary.json()) == SUMMARY_KEYS
    assert all(set(seat) == {"seat", "name", "bot"} for seat in summary.json()["seats"])

    # the log, the histories and the ledger: not without a seat's token
    for what in ("history.jsonl", "history.txt", "ledger.csv", "records.jsonl"):
        _refused(get(server, table, what), "no_spectators")
        _refused(get(server, table, what, "not-a-token"), "invalid_token")
    for what in ("history.jsonl", "history.txt", "ledger.csv"):
        assert get(server, table, what, token).status_code == 200, what
        # a table that may be watched gives them to anyone, as before
        assert get(server, open_["table"], what).status_code == 200, what
    assert lines(get(server, table, "history.jsonl", token).text)[0]["you"] is not None

    # and the socket without a token is refused with the same code
    async def watch() -> tuple[dict[str, Any], int | None]:
        url = server.ws_url(table)
        async with websockets.connect(url) as socket:
            await socket.send(json.dumps({"type": "hello", "token": None}))
            said = json.loads(await asyncio.wait_for(socket.recv(), 20))
            with pytest.raises(websockets.ConnectionClosed):
                await asyncio.wait_for(socket.recv(), 20)
            return said, socket.close_code

    said, code = asyncio.run(watch())
    assert said["code"] == "no_spectators"
    assert code == 4005

    # a host who turns watching off later closes the downloads as well
    host = Player(server, open_["table"], open_["token"], "Ann")

    async def turn_off() -> None:
        await host.connect()
        await host.send({"type": "settings", "changes": {"spectators": False}})
        while not host.view or host.view["table"]["settings"]["spectators"]:
            await host.receive()

    run_closing(turn_off())
    for what in ("history.jsonl", "history.txt", "ledger.csv"):
        _refused(get(server, open_["table"], what), "no_spectators")
        assert get(server, open_["table"], what, open_["token"]).status_code == 200, what


# ------------------------------------------------------------------ headers


def _directives(policy: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def _check_headers(answer: httpx.Response, base: str) -> None:
    where = f"{answer.request.method} {answer.request.url.path} ({answer.status_code})"
    headers = answer.headers
    assert headers.get("x-content-type-options") == "nosniff", where
    assert headers.get("x-frame-options") == "DENY", where
    assert headers.get("referrer-policy") in ("no-referrer", "same-origin"), where
    policy = headers.get("content-security-policy")
    assert policy is not None, where
    assert "unsafe-inline" not in policy, where
    assert "unsafe-eval" not in policy, where
    assert "*" not in policy, where
    csp = _directives(policy)
    assert csp["default-src"] == ["'self'"], where
    assert csp["script-src"] == ["'self'"], where
    assert csp["style-src"] == ["'self'"], where
    assert csp["frame-ancestors"] == ["'none'"], where
    assert csp["object-src"] == ["'none'"], where
    host = base.removeprefix("http://")
    assert csp["connect-src"] == ["'self'", f"ws://{host}", f"wss://{host}"], where


def test_every_response_carries_the_security_headers(
    serve: Callable[..., ServerProcess],
) -> None:
    server = serve()
    created = server.create(bots=["random"])
    table, token = created["table"], created["token"]
    base = server.base
    auth = {"Authorization": f"Bearer {token}"}
    answers: list[httpx.Response] = []
    with httpx.Client(base_url=base, timeout=10) as client:
        pages = ["/", f"/t/{table}", "/t/no-such-table", "/static/history.html"]
        for path in pages:
            answers.append(client.get(path))
        for path in (
            "/static/table.js",
            "/static/style.css",
            "/static/words/cy.json",
            "/static/favicon.svg",
            "/static/fonts.css",
            "/static/no-such-file.js",
            "/api/bots",
            f"/api/tables/{table}",
            "/api/tables/no-such-table",
            f"/api/tables/{table}/ledger.csv",
            f"/api/tables/{table}/records.jsonl",
            "/no/such/route",
        ):
            answers.append(client.get(path))
        answers.append(client.get(f"/api/tables/{table}/history.jsonl", headers=auth))
        answers.append(client.get(f"/api/tables/{table}/history.txt", headers=auth))
        answers.append(client.post("/api/tables", json={"name": "T", "small_bet": 10}))
        answers.append(client.post("/api/tables", content=b"{"))  # refused: 400
        answers.append(client.post(f"/api/tables/{table}/seats", json={"name": "Bob"}))
        answers.append(client.post("/api/lessons", json={"name": "Ann"}))
        answers.append(client.head("/"))
        answers.append(client.delete("/api/bots"))  # 405
    statuses = {a.status_code for a in answers}
    assert {200, 400, 403, 404, 405} <= statuses, statuses
    for answer in answers:
        _check_headers(answer, base)
    # the pages: no inline script, event handler or style for the policy to refuse
    for answer in answers[: len(pages)]:
        assert "text/html" in answer.headers["content-type"]
        _no_inline_code(answer.text, answer.request.url.path)


class _InlineCode(HTMLParser):
    """What in a page a ``script-src 'self'; style-src 'self'`` policy refuses."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script":
            self._script = True
            if "src" not in names:
                self.found.append("a <script> without src")
        if tag == "style":
            self.found.append("a <style> element")
        self.found.extend(f"<{tag} {n}=...>" for n in names if n.startswith("on") or n == "style")
        for name, value in attrs:
            if name == "href" and (value or "").strip().lower().startswith("javascript:"):
                self.found.append(f"<{tag} href=javascript:...>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script = False

    def handle_data(self, data: str) -> None:
        if self._script and data.strip():
            self.found.append("code inside a <script>")


def _no_inline_code(html: str, where: str) -> None:
    parser = _InlineCode()
    parser.feed(html)
    assert parser.found == [], f"{where}: {parser.found}"


# ------------------------------------------------------------------ times


def _times(payload: object) -> Iterator[tuple[str, object]]:
    """Every time a payload holds: entries' ``at``, a view's ``now``."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("at", "now"):
                yield key, value
            yield from _times(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _times(value)


def test_times_in_payloads_and_downloads_are_whole_seconds(
    serve: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = serve(bot_pause=0.05)
    # stacks deep enough that the game outlasts the 40 entries looked at (with 40
    # chips, random play had ended it after 30 once)
    created = server.create(bots=["random", "random"], start=True, stack=400)
    table, token = created["table"], created["token"]
    ann = Player(server, table, token, "Ann", pace=0.02)
    watcher = Player(server, table, None, "Watcher")

    async def scene() -> None:
        await ann.connect()
        await watcher.connect()
        await ann.play(until_over=False, stop_at=40)
        await watcher.close()
        await watcher.connect(last_seq=0)  # a catch-up from the start

    run_closing(scene())
    sent = [*ann.received, *watcher.received]
    times = [t for payload in sent for t in _times(payload)]
    assert sum(1 for key, _ in times if key == "at") >= 40
    assert all(isinstance(value, int) for _, value in times), times[:10]
    downloads = [
        get(server, table, "history.jsonl", token).text,
        get(server, table, "history.jsonl").text,
    ]
    stamps = [e["at"] for text in downloads for h in lines(text) for e in h["entries"]]
    assert stamps
    assert all(isinstance(at, int) for at in stamps)
    # the store keeps the exact times: a replay, a rebuilt clock needs them
    with sqlite3.connect(tmp_path / "server-0.sqlite3") as db:
        stored = [at for (at,) in db.execute("SELECT at FROM entries WHERE table_id = ?", (table,))]
    assert len(stored) >= 40
    assert any(at != math.floor(at) for at in stored)
    assert sorted(math.floor(at) for at in stored)[-1] >= max(stamps)


def test_a_view_gives_whole_seconds_and_the_exact_time_left() -> None:
    table = pure_table(seats=3, bots=0, turn_seconds=30)
    table.submit("started", {}, at=100.25)
    table.submit("hand_started", {}, at=101.5)
    assert table.clock.deadline is not None
    for now in (101.5, 107.03, 118.999, 130.0):
        view = projection.view(table, 0, connected={0}, now=now)
        assert view["now"] == math.floor(now)
        assert isinstance(view["now"], int)
        assert view["deadline"] - view["now"] == pytest.approx(table.clock.deadline - now, abs=1e-6)
        entries = projection.entries(table, 0, 0)
        assert [e["at"] for e in entries] == [math.floor(e.at) for e in table.log]


# ------------------------------------------------------------------ a bot's pause


class WatchedBot:
    """A bot that says when its search began, and answers at random."""

    name = "watched"

    def __init__(self, began: threading.Event) -> None:
        self.began = began
        self.inner = RandomBot(seed=1)

    def act(self, observation: Observation) -> Any:
        self.began.set()
        return self.inner.act(observation)


def test_a_bot_thinks_during_its_pause_not_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots' pause is a minute: the search must begin when the turn does (so
    its decision can be announced when the pause ends, whatever it took), long
    before the decision is due. Before, it began when the pause had run out, and
    its time was added to it."""
    began = threading.Event()
    monkeypatch.setattr(automatic, "_bot", lambda _kind: WatchedBot(began))
    form = {"name": "T", "small_bet": 10, "seats": 2, "stack": 100}
    settings = TableSettings.from_form(form, bot_pause=60.0, between_hands=0.0)
    store = Store.open(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    store.create("t1", settings, None)

    async def scene() -> tuple[bool, list[str]]:
        table_runner = runner.TableRunner(Table("t1", settings), store, {}, shuffles_stored=0)
        table_runner.start()
        try:
            for seat in (0, 1):
                data = {"seat": seat, "name": f"B{seat}", "bot": "medium"}
                await table_runner.call("seated", data)
            await table_runner.call("started", {})
            thought = await asyncio.to_thread(began.wait, 30.0)
            return thought, [e.kind for e in table_runner.table.log]
        finally:
            await table_runner.stop()

    thought, kinds = asyncio.run(scene())
    store.close()
    assert "hand_started" in kinds
    assert thought, "the bot's search had not begun 30 s into its turn"
    assert "action" not in kinds  # announced only when its pause ends
