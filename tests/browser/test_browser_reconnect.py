"""The page when the server cannot answer its hello yet (issue 30, part 2), in a
real Chromium against the real server, in each language.

A process that lags the log, and cannot read it just then, refuses a hello with
``storage_unavailable`` and closes the socket with 1013 (try again later;
``test_server_reconnect.py`` makes the server do so). Here the page's socket is
routed by Playwright: the first connection reaches the server; it is then dropped
(4002, too far behind), the next two reconnections are answered as such a process
answers (the error, then 1013), and the one after reaches the server again. The
page must say why in the player's words (never the code), show that it is
reconnecting, come back by itself with the last seq it saw each time, and be
welcomed from there.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute

from browser_helpers import LANGS, new_page

#: Reconnections answered as a process that cannot read the log answers.
REFUSED = 2


def _words(page: Page, expression: str) -> Any:
    """A value of the page's catalogue: ``expression`` over ``m`` (the module)."""
    lang = page.evaluate("document.documentElement.lang")
    script = "const m = await (await import('/static/words/catalogue.js')).load(l);"
    script += f" return {expression};"
    return page.evaluate(f"async (l) => {{ {script} }}", lang)


class Router:
    """The page's table sockets, each recorded: the hellos the page sent and the
    frames the server sent back (through to the server, or refused here)."""

    def __init__(self) -> None:
        self.routes: list[WebSocketRoute] = []
        self.hellos: list[dict[str, Any]] = []
        self.welcomes: list[dict[str, Any]] = []
        #: The highest seq the server sent the page.
        self.top = 0

    def handle(self, route: WebSocketRoute) -> None:
        number = len(self.routes)
        self.routes.append(route)
        if 1 <= number <= REFUSED:
            route.on_message(lambda message: self._refuse(route, message))
            return
        server = route.connect_to_server()

        def to_server(message: str | bytes) -> None:
            self._note_hello(message)
            server.send(message)

        def to_page(message: str | bytes) -> None:
            frame = json.loads(message)
            if frame.get("type") == "welcome":
                self.welcomes.append(frame)
            seqs = [frame.get("seq"), *(e["seq"] for e in frame.get("log", []))]
            self.top = max([self.top, *(s for s in seqs if isinstance(s, int))])
            route.send(message)

        route.on_message(to_server)
        server.on_message(to_page)

    def _note_hello(self, message: str | bytes) -> dict[str, Any] | None:
        frame = json.loads(message)
        if isinstance(frame, dict) and frame.get("type") == "hello":
            self.hellos.append(frame)
            return frame
        return None

    def _refuse(self, route: WebSocketRoute, message: str | bytes) -> None:
        hello = self._note_hello(message)
        if hello is None:
            return
        refusal = {
            "type": "error",
            "code": "storage_unavailable",
            "message": "the server cannot reach its database just now",
            "rule": None,
            "ref": None,
            "seq": hello.get("last_seq") or 0,
        }
        route.send(json.dumps(refusal))
        route.close(code=1013, reason="the table cannot be read just now: reconnect soon")


@pytest.mark.parametrize("lang", LANGS)
def test_a_hello_the_server_cannot_answer_yet_is_said_in_words_and_tried_again(
    browser: Browser, server: str, lang: str
) -> None:
    body = {"name": "Later", "host_name": "Ann", "small_bet": 10, "seats": 2, "stack": 60}
    created = httpx.post(f"{server}/api/tables", json=body, timeout=10).json()
    table = created["table"]
    errors: list[str] = []
    page = new_page(browser, errors)
    saved = json.dumps({"token": created["token"], "seat": 0})
    page.context.add_init_script(
        f"localStorage.setItem({json.dumps(f'palace:{table}')}, {json.dumps(saved)})"
    )
    router = Router()
    page.route_web_socket(re.compile(r"/ws/"), router.handle)
    page.goto(f"{server}/t/{table}?lang={lang}")
    page.get_by_test_id("start-button").wait_for()
    assert len(router.welcomes) == 1
    last = router.welcomes[0]["seq"]
    # someone joins meanwhile: the page has missed an entry when it comes back
    httpx.post(f"{server}/api/tables/{table}/seats", json={"name": "Bob"}, timeout=10)
    page.wait_for_function("() => document.body.innerText.includes('Bob')")
    last = router.top  # what the page has seen
    assert last > router.welcomes[0]["seq"]
    router.routes[0].close(code=4002, reason="too far behind: reconnect")
    sentence = _words(page, "m.errorText('storage_unavailable')")
    notice = page.locator("[data-testid=notice][data-code=storage_unavailable]").first
    notice.wait_for()
    assert notice.inner_text().startswith(sentence)
    assert "storage_unavailable" not in notice.inner_text()
    reconnecting = _words(page, "m.UI.status.reconnecting")
    page.wait_for_function(
        "(text) => document.getElementById('status-text').textContent === text", arg=reconnecting
    )
    # it comes back by itself, past the refusals, and is welcomed where it was
    for _ in range(600):  # (a bound on the wait, not a timing asserted)
        if len(router.welcomes) >= 2:
            break
        page.wait_for_timeout(100)
    assert len(router.hellos) == 2 + REFUSED
    assert [h["last_seq"] for h in router.hellos[1:]] == [last] * (1 + REFUSED)
    welcome = router.welcomes[1]
    assert welcome["seq"] >= last
    assert all(e["seq"] > last for e in welcome["log"])
    page.wait_for_function(
        "(text) => document.getElementById('status-text').textContent !== text", arg=reconnecting
    )
    page.get_by_test_id("start-button").wait_for()
    assert not errors, errors
