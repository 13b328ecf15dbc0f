"""The browser's contributions to the fair seed, in a real Chromium (docs/server.md,
"Provably fair shuffles").

Ann makes a table and Bob joins it from another page. Each page, once it sees the
next hand's server commitment, sends a random value of its own (tools.js); each is
a ``contributed`` entry of the table's log. A spectator's socket sees both seats
listed in ``view.fair.contributed``; then Ann starts the game, and the deal that
Ann's history download holds carries both pages' values. Neither page's log shows
a line for a contribution (nor any code), and no page reports a script error.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
from playwright.sync_api import Browser, Page
from websockets.sync.client import connect

from browser_helpers import fill_table_form, new_page


def _ready(page: Page) -> None:
    page.locator("html[data-words-ready]").wait_for(state="attached")


def _watch_until_contributed(server: str, table: str, seats: list[int]) -> dict[str, Any]:
    """A spectator's socket, read until its view lists ``seats`` as contributors;
    returns that view's ``fair``."""
    url = server.replace("http://", "ws://") + f"/ws/{table}"
    with connect(url) as socket:
        socket.send(json.dumps({"type": "hello", "token": None, "last_seq": None}))
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            payload = json.loads(socket.recv(timeout=30))
            fair: dict[str, Any] = (payload.get("view") or {}).get("fair") or {}
            if fair.get("contributed") == seats:
                return fair
    raise AssertionError(f"the contributions of {seats} were never listed")


def test_each_page_contributes_and_the_deal_carries_both_values(
    browser: Browser, server: str
) -> None:
    errors: list[str] = []
    ann = new_page(browser, errors)
    bob = new_page(browser, errors)
    ann.goto(f"{server}/")
    _ready(ann)
    fill_table_form(ann, "Fair test", seats=3)
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    table = ann.url.rsplit("/", 1)[1]
    bob.goto(ann.url)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-submit").click()
    bob.get_by_test_id("sit-out").wait_for()

    fair = _watch_until_contributed(server, table, [0, 1])
    assert fair["hand"] == 1
    ann.get_by_test_id("start-button").click()
    ann.get_by_test_id("my-palace").wait_for()

    saved = ann.evaluate(f"localStorage.getItem('palace:{table}')")
    token = json.loads(saved)["token"]
    answer = httpx.get(
        f"{server}/api/tables/{table}/history.jsonl",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text
    first = json.loads(answer.text.splitlines()[0])
    dealt = first["entries"][0]
    assert dealt["kind"] == "hand_started"
    values = dealt["contributions"]
    assert sorted(values) == ["0", "1"], values
    assert all(re.fullmatch(r"[0-9a-f]{32}", v) for v in values.values()), values
    assert values["0"] != values["1"]  # each page's own random value

    for page in (ann, bob):
        page.get_by_test_id("log").filter(has_text="begins").wait_for()
        assert not page.locator("[data-testid=log] [data-kind=contributed]").count()
        assert "contribut" not in page.get_by_test_id("log").inner_text().lower()
    assert not errors, errors
