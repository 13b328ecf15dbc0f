"""Play against bots now, in a real browser: one click from the home page to a hand.

On the home page the "Play against bots now" panel offers the bots' levels (the
levels only, in the page's language) and how many; one click makes a table of one's
own with those bots and the game already started: the player's palace cards are on
screen without a form or a Start button.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from browser_helpers import new_page


@pytest.mark.parametrize("lang", ["en", "sk"])
def test_one_click_from_the_home_page_to_a_hand_against_bots(
    browser: Browser, server: str, lang: str
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors, width=1366, height=768)
    page.goto(f"{server}/?lang={lang}")
    panel = page.get_by_test_id("quick-form")
    panel.wait_for()
    levels = page.locator("[data-testid=quick-level] option")
    values = [levels.nth(i).get_attribute("value") for i in range(levels.count())]
    assert values == ["easy", "medium", "hard", "expert"], values
    if lang == "sk":
        assert "Stredný" in page.get_by_test_id("quick-level").inner_text()
    page.get_by_test_id("quick-level").select_option("easy")
    page.get_by_test_id("quick-count").select_option("2")
    page.get_by_test_id("quick-submit").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.get_by_test_id("my-palace").wait_for()
    assert page.locator("[data-testid=my-palace] .card.face").count() == 3
    assert page.locator("[data-testid^=seat-]").count() == 3
    assert not page.get_by_test_id("start-button").is_visible()
    assert not errors, errors
