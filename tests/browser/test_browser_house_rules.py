"""House rules at the browser table (docs/server.md, *House rules*): the host picks a
preset and sets house rules on the create form; a variant the deck cannot deal is
refused in words, naming the field; the table shows a house-rules line to every seat
and spectator, and deals the hands in the variant (two palace cards in the quick
game). The host's view goes to ``test-artifacts/house-rules.png``
(``docs/images/house-rules.png`` holds a copy)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import new_page
from paths import ARTIFACTS


def _house_rules(page: Page) -> str:
    line = page.get_by_test_id("house-rules")
    line.wait_for()
    return line.inner_text()


@pytest.mark.rule("V-PALACE-1")
def test_a_table_with_house_rules_is_made_on_the_form_and_shown(
    browser: Browser, server: str
) -> None:
    errors: list[str] = []
    ann = new_page(browser, errors, width=1280, height=800)
    ann.goto(f"{server}/")
    ann.get_by_test_id("create-name").fill("House rules")
    ann.get_by_test_id("create-host-name").fill("Ann")
    ann.get_by_test_id("create-seats").fill("7")
    ann.get_by_test_id("create-preset").select_option("quick")
    ann.locator("[data-testid=create-house-rules] summary").click()
    ann.get_by_test_id("create-deck").select_option("5")  # 20 cards, 10 to A
    ann.get_by_test_id("create-struck").select_option("rank")
    ann.locator("[data-testid=other-bots] summary").click()
    ann.get_by_test_id("bots-random").fill("1")

    # 20 cards deal a banner and two palace cards to six players, not to seven
    # (R-PALACE-1): the server refuses the seats, and the form says so in words
    ann.get_by_test_id("create-submit").click()
    refusal = ann.get_by_test_id("create-error")
    refusal.filter(has_text="variant").wait_for()
    assert "Seats" in refusal.inner_text()
    assert ann.get_by_test_id("create-seats").get_attribute("aria-invalid") == "true"
    assert re.search(r"/$", ann.url)  # still the form: nothing was made

    ann.get_by_test_id("create-seats").fill("3")
    ann.get_by_test_id("create-deck").select_option("9")  # 36 cards, 6 to A
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    said = _house_rules(ann)
    for words in (
        "House rules",
        "Quick game",
        "36 cards, 6 to A",
        "2 palace cards",
        "at most 3 soldiers",
        "a banner strikes its rank",
        "1 raise a battle",
    ):
        assert words in said, (words, said)

    watcher = new_page(browser, errors, width=390, height=844)
    watcher.goto(ann.url)
    watcher.get_by_test_id("spectate").click()
    assert _house_rules(watcher) == said  # public: a spectator sees the same line

    ann.get_by_test_id("start-button").click()
    ann.get_by_test_id("my-palace").wait_for()
    assert ann.locator("[data-testid=my-palace] .card.face").count() == 2
    ann.wait_for_timeout(300)  # the deal drawn
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "house-rules.png"))

    # a table of the standard game has no line
    ann.goto(f"{server}/")
    ann.get_by_test_id("create-host-name").fill("Ann")
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    ann.get_by_test_id("start-button").wait_for()
    assert ann.get_by_test_id("house-rules").is_hidden()
    # the refused form's answer (400) is the one message of the console
    assert [e for e in errors if "status of 400" not in e] == [], errors
    assert len(errors) == 1, errors


def test_the_house_rules_line_is_in_the_players_language(browser: Browser, server: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/?lang=cy")
    page.locator("html[data-words-ready]").wait_for(state="attached")
    page.get_by_test_id("create-host-name").fill("Ann")
    page.get_by_test_id("create-preset").select_option("short-deck")
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    said = _house_rules(page)
    assert "Rheolau'r tŷ" in said, said
    assert "36 cerdyn, 6 i A" in said, said
    assert not errors, errors
