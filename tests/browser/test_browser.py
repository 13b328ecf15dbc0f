"""The table in a real browser: two people and a bot play a whole hand.

The real server (``palace-poker serve`` on uvicorn, a fresh SQLite file) runs as a
subprocess; Playwright drives the system's Chromium. Ann creates a table of three
seats with one bot on the home page; Bob opens the invite link on a phone-sized
screen and joins; Ann starts the game; both play by clicking the option buttons
the page offers (stay, call, fold, keep soldiers) until the hand ends. Ann reloads
the page while her decision is due and carries on after the reload.

Checked: each player sees their own three palace cards, face up, and the other
player's face down; the same cards after the reload; the hand ends (a
``hand_finished`` line in each log); the phone page has no horizontal scroll; no
script error on either page; the chip ledger lists the three players. Screenshots
of the table, desktop (1280x800) and phone (390x844), and of the filled-in home
page go to ``test-artifacts/``. Skipped when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from browser_helpers import fill_table_form
from paths import ARTIFACTS

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
#: The verbs clicked, best first: they end a hand soon (a quiet round, a battle
#: called). After a few decisions a player folds, so the hand ends in bounded time.
PREFERRED = ("stay", "call", "fold")
FOLD_AFTER = 3
HAND_SECONDS = 40.0


def _page(browser: Browser, width: int, height: int, errors: list[str]) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(f"{width}px: {err}"))
    return page


def _my_palace(page: Page) -> list[str]:
    """The face-up cards of the viewer's own palace panel."""
    cards = page.locator("[data-testid=my-palace] .card.face")
    return [str(cards.nth(i).get_attribute("data-card")) for i in range(cards.count())]


def _decision_due(page: Page) -> bool:
    return page.locator("#actions button:enabled").count() > 0


def _decide(page: Page, decisions: int) -> bool:
    """Click one of the offered options; False when none could be clicked."""
    submit = page.get_by_test_id("pick-submit")
    if submit.count():  # keep the soldiers (trim), picking as few as the rule asks
        toggles = page.locator("button.pick[aria-pressed=false]")
        while not submit.is_enabled() and toggles.count():
            toggles.first.click()
        submit.click()
        return True
    sure = page.get_by_test_id("fold-yes")
    if sure.count():  # folding gives up a free stay: the page asks once, and we mean it
        sure.click(timeout=3000)
        return True
    verbs = ("fold",) if decisions >= FOLD_AFTER else PREFERRED
    for verb in verbs:
        button = page.locator(f"[data-testid=option-{verb}]:enabled")
        if button.count():
            button.first.click(timeout=3000)
            return True
    return False


def _hand_finished(page: Page) -> bool:
    return page.locator("[data-testid=log] [data-kind=hand_finished]").count() > 0


def test_two_players_and_a_bot_play_a_hand(browser: Browser, server: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    ann = _page(browser, 1280, 800, errors)
    bob = _page(browser, 390, 844, errors)

    ann.goto(f"{server}/")
    fill_table_form(ann, "Browser test", seats=3, bots={"random": 1})
    ann.screenshot(path=str(ARTIFACTS / "home.png"))
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    invite = ann.url
    ann.get_by_test_id("start-button").wait_for()

    bob.goto(invite)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-submit").click()
    bob.get_by_test_id("join-panel").wait_for(state="hidden")
    seats = ann.locator("[data-testid^=seat-]")
    ann.get_by_test_id("seat-2").filter(has_text="Bob").wait_for()
    assert seats.count() == 3

    ann.get_by_test_id("start-button").click()
    ann.get_by_test_id("my-palace").wait_for()
    bob.get_by_test_id("my-palace").wait_for()
    palaces = {"Ann": _my_palace(ann), "Bob": _my_palace(bob)}
    for name, cards in palaces.items():
        assert len(cards) == 3, (name, cards)
        assert all(CARD.match(c) for c in cards), (name, cards)
    # Each sees the other's palace face down (nothing has been shown yet).
    assert ann.locator("[data-testid=seat-2] .palace .card.back").count() == 3
    assert bob.locator("[data-testid=seat-0] .palace .card.back").count() == 3
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390

    players = {"Ann": ann, "Bob": bob}
    decisions = {"Ann": 0, "Bob": 0}
    reloaded = False
    shots: set[str] = set()
    limit = time.monotonic() + HAND_SECONDS
    while not (_hand_finished(ann) and _hand_finished(bob)):
        assert time.monotonic() < limit, "the hand did not end in time"
        acted = False
        for name, page in players.items():
            if _hand_finished(page) or not _decision_due(page):
                continue
            if name == "Ann" and not reloaded:
                ann.reload()  # mid-hand, with her decision due
                reloaded = True
                ann.locator("#actions button:enabled").first.wait_for()
                assert _my_palace(ann) == palaces["Ann"]
            if name not in shots:
                shot = "table-desktop.png" if name == "Ann" else "table-phone.png"
                page.screenshot(path=str(ARTIFACTS / shot))
                shots.add(name)
            try:
                acted = _decide(page, decisions[name]) or acted
            except PlaywrightError:  # the options changed under the click: look again
                continue
            decisions[name] += 1
        if not acted:
            time.sleep(0.1)

    assert reloaded, "Ann had no decision to make before the hand ended"
    for page in (ann, bob):  # the chip ledger: a line for each player
        ledger = page.get_by_test_id("ledger").inner_text()
        assert all(name in ledger for name in ("Ann", "Bob", "Ada")), ledger
    assert decisions["Ann"] >= 1
    assert decisions["Bob"] >= 1
    for page in (ann, bob):
        assert "Hand over" in page.get_by_test_id("log").inner_text()
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    assert not errors, errors
