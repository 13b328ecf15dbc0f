"""A refused socket in a real Chromium: the page says why, in the player's language,
and stops reconnecting (docs/server.md, close codes).

The server refuses a socket after accepting it, with close 4003 (a page of another
site) or 4004 (no such table); refused at the handshake with HTTP 403 instead, the
browser saw 1006, a drop like any other, and the page tried again for ever.

- **Another site.** The table page is loaded from 127.0.0.1 with its connection
  module rewritten on the way to open the socket at ``localhost`` (another site for
  the server: Origin ``http://127.0.0.1:…``, Host ``localhost:…``), Chromium
  ignoring the page's Content-Security-Policy (it would stop the socket before the
  server could refuse it: a page of another site has its own policy). The page is
  in Welsh.
- **No such table.** A page open at a table whose server comes back on an empty
  database (a table pruned, a database reset): its reconnect is refused with 4004.
  The page is in Slovak.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page, Route

from browser_helpers import new_page
from server_helpers import ServerProcess

#: Longer than the page's first two retry delays (0.5 s and 1 s): a page that
#: reconnects after a refusal has opened another socket by then.
RETRIES_WAIT_MS = 2500


def _words(page: Page, expression: str) -> str:
    """A text of the page's own catalogue (``m`` the module of its language)."""
    text: str = page.evaluate(
        "async () => { const l = document.documentElement.lang;"
        f" const m = await (await import('/static/words/catalogue.js')).load(l);"
        f" return {expression}; }}"
    )
    return text


def _status(page: Page) -> str:
    return page.locator("#status-text").inner_text()


def _stopped(page: Page, sockets: list[str], code: int, errors: list[str]) -> None:
    """The page says the catalogue's sentence for ``code``, and opens no other
    socket, even when told the network is back (``online``)."""
    expected = _words(page, f"m.UI.status.replaced(m.UI.closed[{code}])")
    page.wait_for_function(  # (the server may be starting again: its retries wait)
        "t => document.querySelector('#status-text').textContent === t",
        arg=expected,
        timeout=60_000,
    )
    opened = len(sockets)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_timeout(RETRIES_WAIT_MS)
    assert len(sockets) == opened, sockets
    assert _status(page) == expected
    assert not re.search(r"\b(origin_refused|unknown_table|4003|4004)\b", expected)
    assert not [e for e in errors if "pageerror" in e], errors


def test_a_page_of_another_site_is_told_so_and_stops(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve()
    table = server.create()["table"]
    errors: list[str] = []
    # the page's policy would stop the socket before the server could refuse it (a
    # page of another site has a policy of its own): Chromium is told to ignore it
    page = browser.new_context(bypass_csp=True).new_page()
    page.on("pageerror", lambda err: errors.append(f"pageerror: {err}"))
    elsewhere = f"localhost:{server.port}"

    def connection(route: Route) -> None:
        source = route.fetch().text()
        assert "${location.host}" in source
        route.fulfill(
            body=source.replace("${location.host}", elsewhere),
            content_type="text/javascript",
        )

    page.route("**/static/connection.js", connection)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{server.base}/t/{table}?lang=cy")
    _stopped(page, sockets, 4003, errors)
    assert sockets == [f"ws://{elsewhere}/ws/{table}"]  # one try, refused


def test_a_page_whose_table_is_gone_is_told_so_and_stops(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve()
    table = server.create()["table"]
    errors: list[str] = []
    page = new_page(browser, errors)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(f"{server.base}/t/{table}?lang=sk")
    page.wait_for_function(  # welcomed: the status line says more than "connecting"
        "t => document.querySelector('#status-text').textContent !== t",
        arg=_words(page, "m.UI.status.connecting"),
    )
    assert len(sockets) == 1
    server.stop()
    for stored in server.database.parent.glob(server.database.name + "*"):
        stored.unlink()  # the table is gone: the server comes back without it
    server.start()
    _stopped(page, sockets, 4004, errors)
    assert len(sockets) >= 2  # it reconnected, and was refused
