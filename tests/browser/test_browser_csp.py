"""The pages work under the server's Content-Security-Policy (docs/server.md,
"Privacy"), in a real Chromium: the home page, a table (its WebSocket), the hand
history and a lesson, with no violation reported, neither as a console message
nor as a ``securitypolicyviolation`` event; and a seat of a table that cannot be
watched still downloads its ledger and history with its token.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page

from browser_helpers import AUTOPLAY, Position, axe_violations, new_page, open_seat
from server_helpers import ServerProcess

#: Every violation of the policy, kept by the page itself (an init script runs
#: outside the page's policy, as a browser extension would).
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


def _watched(page: Page) -> Page:
    page.context.add_init_script(WATCH)
    return page


def _violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__violations || []")
    return found


def _csp_errors(errors: list[str]) -> list[str]:
    return [e for e in errors if AUTOPLAY not in e]


def test_the_pages_run_under_the_policy(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(bot_pause=0.2, between=5)
    errors: list[str] = []
    seen: list[str] = []

    # the home page: its scripts, its fetch of the bots, the form opening a table
    home = _watched(new_page(browser, errors))
    home.goto(f"{server.base}/?lang=en")
    home.locator("[data-testid=create-bots] input").first.wait_for()
    home.get_by_test_id("create-name").fill("CSP")
    home.get_by_test_id("create-host-name").fill("Ann")
    home.get_by_test_id("create-approval").check()  # styled by the sheet now
    assert home.get_by_test_id("create-approval").bounding_box()["width"] < 60  # type: ignore[index]
    seen += _violations(home)
    home.get_by_test_id("create-submit").click()

    # the table page: its socket (connect-src) brings the log
    home.wait_for_url(re.compile(r"/t/[^/]+$"))
    home.locator("#log li").first.wait_for(timeout=20_000)
    seen += _violations(home)
    # the accessibility check injects axe-core under the same policy
    assert isinstance(axe_violations(home), list)
    seen += _violations(home)

    # a lesson: the home page's "Learn to play"
    learner = _watched(new_page(browser, errors, width=1366, height=768))
    learner.goto(f"{server.base}/?lang=en")
    learner.get_by_test_id("learn").click()
    learner.wait_for_url(re.compile(r"/t/"))
    learner.get_by_test_id("lesson").wait_for(timeout=20_000)
    seen += _violations(learner)

    assert seen == []
    assert _csp_errors(errors) == []

    # the policy is in force, and a violation would have been seen: a script
    # written into the page is refused, and reported
    ran = learner.evaluate(
        """() => {
          const s = document.createElement("script");
          s.textContent = "window.__inline = 1";
          document.head.appendChild(s);
          return window.__inline === 1;
        }"""
    )
    assert ran is False
    learner.wait_for_function("window.__violations.length > 0")
    assert _violations(learner)[0].startswith("script-src")


def test_a_seat_of_a_table_without_spectators_reads_its_ledger_and_history(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(bot_pause=0.2, between=5)
    created = server.create(spectators=False, bots=["random", "random"], start=True)
    seat = Position(server.base, created["table"], created["token"])
    errors: list[str] = []
    page = open_seat(browser, errors, seat)
    _watched(page)
    page.reload()  # the watch is there from the page's start
    link = page.locator("[data-testid=ledger] ~ a.csv, a.csv").first
    link.wait_for(timeout=20_000)
    with page.expect_download() as started:
        link.click()
    saved = started.value.path()
    assert saved is not None
    csv = saved.read_text(encoding="utf-8")
    assert csv.splitlines()[0] == "player,buy_in,rebuys,stack,net"
    assert "Ann" in csv
    assert page.get_by_test_id("ledger-csv-status").inner_text() == ""
    seen = _violations(page)

    page.goto(f"{server.base}/static/history.html?table={seat.table}")
    page.get_by_test_id("hand-1").wait_for(timeout=20_000)
    seen += _violations(page)
    assert seen == []
    assert _csp_errors(errors) == []
