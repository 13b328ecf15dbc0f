"""The host's tools and a player's own controls in a real browser (Chromium through
Playwright, the real server in a child process).

Ann creates a table that asks her before anyone sits and allows rebuys; Bob asks
for a seat and waits (his page says so) until Ann lets him in from her host tools;
Ann adds a bot in the empty seat, starts, pauses (Bob's status line says the host
paused) and resumes; Bob sits out and comes back; every page shows the fair-shuffle
commitments; Ann's page marks her turn (the alert counter, the title). A screenshot
of the open host tools goes to ``test-artifacts/host-tools.png``.
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page

from browser_helpers import ARTIFACTS, browser_fixture, new_page, server_fixture

__all__ = ["browser_fixture", "server_fixture"]


def _ready(page: Page) -> None:
    page.locator("html[data-words-ready]").wait_for(state="attached")


def test_the_host_lets_a_player_in_adds_a_bot_and_pauses_the_game(
    browser: Browser, server: str
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    ann = new_page(browser, errors)
    bob = new_page(browser, errors, width=390, height=844)

    ann.goto(f"{server}/")
    _ready(ann)
    ann.get_by_test_id("create-name").fill("Tools test")
    ann.get_by_test_id("create-host-name").fill("Ann")
    ann.get_by_test_id("create-seats").fill("3")
    ann.get_by_test_id("create-turn-seconds").fill("120")
    ann.get_by_test_id("create-approval").check()
    ann.get_by_test_id("create-rebuys").check()
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    invite = ann.url
    ann.get_by_test_id("host-tools").wait_for()

    bob.goto(invite)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-submit").click()
    bob.get_by_test_id("pending").wait_for()
    assert "host" in bob.get_by_test_id("status").inner_text().lower()

    ann.locator("[data-testid=host-tools] summary").click()
    ann.get_by_test_id("approve-1").click()
    bob.get_by_test_id("pending").wait_for(state="detached")
    bob.get_by_test_id("sit-out").wait_for()

    ann.get_by_test_id("add-bot-2").click()
    ann.get_by_test_id("seat-2").filter(has_text="Ada").wait_for()
    assert ann.locator("[data-testid=host-tools]").get_attribute("open") is not None
    ann.screenshot(path=str(ARTIFACTS / "host-tools.png"), full_page=True)

    ann.get_by_test_id("start-button").click()
    ann.get_by_test_id("my-palace").wait_for()
    ann.get_by_test_id("fair").filter(has_text="commitment").wait_for()
    bob.get_by_test_id("fair").filter(has_text="commitment").wait_for()

    ann.get_by_test_id("pause").click()
    bob.get_by_test_id("status").filter(has_text="paused").wait_for()
    ann.get_by_test_id("resume").click()
    bob.get_by_test_id("status").filter(has_text="paused").wait_for(state="detached")

    bob.get_by_test_id("sit-out").click()
    bob.get_by_test_id("sit-in").wait_for()
    bob.get_by_test_id("sit-in").click()
    bob.get_by_test_id("sit-out").wait_for()

    log = ann.get_by_test_id("log").inner_text()
    for line in ("let in", "paused", "resumed", "sits out", "dealt in again"):
        assert line in log, (line, log)
    # Whoever's turn came up, their page counted an alert for it.
    ann.wait_for_function(
        "() => Number(document.body.dataset.turnAlerted || 0) > 0"
        " || document.querySelectorAll('#actions button:enabled').length === 0"
    )
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors, errors


def test_the_tools_are_worded_in_every_language(browser: Browser, server: str) -> None:
    errors: list[str] = []
    for lang in ("cy", "si", "sk", "ps"):
        page = new_page(browser, errors)
        page.goto(f"{server}/?lang={lang}")
        _ready(page)
        page.get_by_test_id("create-host-name").fill("Ann")
        page.get_by_test_id("create-submit").click()
        page.wait_for_url(re.compile(r"/t/[^/]+$"))
        tools = page.get_by_test_id("host-tools")
        tools.wait_for()
        english = page.evaluate(
            "async () => (await import('/static/words/en.js')).UI.tools.hostTitle"
        )
        assert english not in tools.inner_text(), lang
        page.context.close()
    assert not errors, errors
