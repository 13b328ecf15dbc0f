"""The network bot at the table, in a real browser: a host seats ``fast`` from the
create form's other bots, named in the page's language, and plays it heads-up."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser

from browser_helpers import fill_table_form, new_page
from paths import ARTIFACTS, PACKAGE


def _fast_name(lang: str) -> str:
    """The fast bot's name in ``lang``'s word catalogue."""
    words = json.loads((PACKAGE / "server" / "static" / "words" / f"{lang}.json").read_text())
    name: str = words["UI"]["home"]["levels"]["fast"]
    return name


@pytest.mark.parametrize("lang", ["en", "ps"])
def test_a_host_seats_the_fast_bot_and_plays_it_heads_up(
    browser: Browser, server: str, lang: str
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors, width=1280, height=800)
    page.goto(f"{server}/?lang={lang}")
    fill_table_form(page, "Heads-up", seats=2, turn_seconds=None)
    page.locator("[data-testid=other-bots] summary").click()
    field = page.get_by_test_id("bots-fast")
    label = page.locator("label", has=field)
    assert label.inner_text().strip() == _fast_name(lang)  # named, not "fast"
    field.fill("1")
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/t/[^/?]+$"))
    bot_seat = page.get_by_test_id("seat-1")
    bot_seat.filter(has_text=_fast_name(lang)).wait_for()  # its badge names it
    page.get_by_test_id("start-button").click()
    page.get_by_test_id("my-palace").wait_for()
    # Ann's decision comes after the bot's, or first: either way the hand is under way
    page.locator("#actions button:enabled").first.wait_for(timeout=20_000)
    if lang == "en":
        page.wait_for_timeout(300)  # let the page settle before the screenshot
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "fast-bot-seat.png"))
    assert not errors, errors
