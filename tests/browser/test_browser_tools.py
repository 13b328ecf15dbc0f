"""The host's tools and a player's own controls in a real browser (Chromium through
Playwright, the real server in a child process).

Ann creates a table that asks her before anyone sits and allows rebuys; Bob asks
for a seat and waits (his page says so) until Ann lets him in from her host tools;
Ann adds a bot in the empty seat and raises the rebuy limit from the settings form;
Bob sits out of the first hand; after it Ann pauses (Bob's status line says so), Bob
tops up (the ledger shows the rebuy), comes back, Ann resumes; every page shows the
fair-shuffle commitments; a chat line full of markup is shown as text and runs
nothing. A screenshot of the open host tools goes to
``test-artifacts/host-tools.png``; the history viewer and the table in Pashto have
their own browser tests (test_browser_history.py, test_browser_words.py).
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Dialog, Page

from browser_helpers import fill_table_form, new_page
from paths import ARTIFACTS


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
    fill_table_form(ann, "Tools test", seats=3)
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

    # Ann lets stacks be bought up to 1,500; Bob sits out of the first hand.
    ann.get_by_test_id("setting-rebuy_limit").fill("1500")
    ann.get_by_test_id("settings-save").click()
    ann.get_by_test_id("log").filter(has_text="changed the settings").wait_for()
    bob.get_by_test_id("sit-out").click()
    bob.get_by_test_id("sit-in").wait_for()

    ann.get_by_test_id("start-button").click()
    ann.get_by_test_id("my-palace").wait_for()
    ann.get_by_test_id("fair").filter(has_text="commitment").wait_for()
    bob.get_by_test_id("fair").filter(has_text="commitment").wait_for()
    while not ann.locator("[data-testid=log] [data-kind=hand_finished]").count():
        # Fold (and say yes when folding gives up a free stay: the page asks once).
        fold = ann.locator("[data-testid=fold-yes], [data-testid=option-fold]:enabled")
        if fold.count():
            fold.first.click()
        ann.wait_for_timeout(200)

    # Between hands: Ann pauses (no hand is dealt), Bob tops up, Ann resumes.
    ann.get_by_test_id("pause").click()
    bob.get_by_test_id("status").filter(has_text="paused").wait_for()
    bob.get_by_test_id("rebuy").click()
    bob.get_by_test_id("ledger").filter(has_text="500").wait_for()
    rows = bob.get_by_test_id("ledger").inner_text()
    assert re.search(r"Bob\s+1000\s+500\s+1500\s+0", rows), rows
    bob.get_by_test_id("sit-in").click()
    bob.get_by_test_id("sit-out").wait_for()
    ann.get_by_test_id("resume").click()
    bob.get_by_test_id("status").filter(has_text="paused").wait_for(state="detached")

    # A chat line with markup in it is shown as text, and runs nothing.
    dialogs: list[str] = []

    def dialog(opened: Dialog) -> None:
        dialogs.append(opened.message)
        opened.dismiss()

    for page in (ann, bob):
        page.on("dialog", dialog)
    hostile = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'
    bob.get_by_test_id("tab-chat").click()  # the chat has a tab of its own
    ann.get_by_test_id("tab-chat").click()
    bob.get_by_test_id("chat-text").fill(hostile)
    bob.get_by_test_id("chat-send").click()
    ann.get_by_test_id("chat-log").filter(has_text="<script>").wait_for()
    assert hostile in ann.get_by_test_id("chat-log").inner_text()
    assert ann.locator("[data-testid=chat-log] img, [data-testid=chat-log] script").count() == 0
    ann.get_by_test_id("tab-log").click()
    assert ann.evaluate("window.__xss") is None
    assert bob.evaluate("window.__xss") is None
    assert not dialogs

    log = ann.get_by_test_id("log").inner_text()
    for line in ("let in", "paused", "resumed", "sits out", "dealt in again", "buys 500"):
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
        page.get_by_test_id("create-host-name").fill("")
        page.get_by_test_id("create-submit").click()  # no name: the form says so
        said = page.locator("#create-error").inner_text()
        words = page.evaluate(
            "async (l) => { const { load } = await import('/static/words/catalogue.js');"
            " return [(await load(l)).UI.home.needHost, (await load('en')).UI.home.needHost]; }",
            lang,
        )
        assert said == words[0] != words[1], (lang, said)
        page.get_by_test_id("create-host-name").fill("Ann")
        page.get_by_test_id("create-submit").click()
        page.wait_for_url(re.compile(r"/t/[^/]+$"))
        tools = page.get_by_test_id("host-tools")
        tools.wait_for()
        english = page.evaluate(
            "async () => (await (await import('/static/words/catalogue.js')).load('en'))"
            ".UI.tools.hostTitle"
        )
        assert english not in tools.inner_text(), lang
        page.goto(f"{server}/t/no-such-table?lang={lang}")  # the server's own 404 page
        _ready(page)
        missing = page.evaluate(
            "async (l) => (await (await import('/static/words/catalogue.js')).load(l))"
            ".UI.html.noTable",
            lang,
        )
        assert page.locator("h1").inner_text() == missing, lang
        page.context.close()
    # the console reports the 404 page's own status, as it should; nothing else
    assert not [e for e in errors if "status of 404" not in e], errors
