"""The hand-history viewer in a real browser.

The real server runs as a subprocess; Playwright drives the system's Chromium.
Ann creates a table on the home page (one bot, the "records for every player"
box ticked); Bob takes the free seat; both play over WebSockets until the host
ends the game after its first hand. Then Ann opens her table page, follows its
history link to the viewer, picks the hand and steps through it with the buttons
and the arrow keys.

Checked: the option reached the table's settings; the table page links to the
viewer; the step count follows every step (forward, back, the arrow keys, Home
and End) and the buttons are disabled at the ends; the log grows with the steps;
Ann's own palace cards are shown face up from the deal on, and are the cards of
her downloaded history; the text download is named after the table; no script
error. The screenshot goes to ``test-artifacts/history.png``. Skipped when
``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import fill_table_form
from history_helpers import get, lines, own_palaces
from paths import ARTIFACTS
from server_helpers import Player, ServerProcess, run_closing

STEP = re.compile(r"^Step (\d+) of (\d+)$")


@pytest.fixture
def server(serve: Callable[..., ServerProcess]) -> ServerProcess:
    """The table server, the next hand half a second after the last."""
    return serve(between=0.5)


def _page(browser: Browser, errors: list[str]) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 860}, accept_downloads=True)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    return page


def _step(page: Page) -> tuple[int, int]:
    text = page.get_by_test_id("step-count").inner_text().strip()
    match = STEP.match(text)
    assert match, text
    return int(match[1]), int(match[2])


def _my_palace(page: Page) -> list[str]:
    cards = page.locator("[data-testid=hist-my-palace] .card.face")
    return [str(cards.nth(i).get_attribute("data-card")) for i in range(cards.count())]


def _play_to_the_end(server: ServerProcess, table: str, ann_token: str, bob_token: str) -> None:
    async def game() -> None:
        ann = Player(server, table, ann_token, "Ann", random.Random(3), pace=0.02)
        bob = Player(server, table, bob_token, "Bob", random.Random(4), pace=0.02)
        await ann.connect()
        await bob.connect()
        await ann.send({"type": "start"})
        while ann.view is None or ann.view["hand"] is None:
            await ann.receive()
        await ann.send({"type": "end"})  # the hand in play is played out, then the end
        await asyncio.gather(ann.play(), bob.play())

    # Playwright's sync API runs an event loop in this thread: the game gets its own.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(run_closing, game(), 120).result()


def test_a_player_steps_through_a_finished_hand(browser: Browser, server: ServerProcess) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    ann = _page(browser, errors)

    ann.goto(f"{server.base}/")
    fill_table_form(ann, "History test", seats=3, bots={"random": 1})
    ann.get_by_test_id("create-stack").fill("200")
    ann.get_by_test_id("create-records-for-all").check()
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    table = ann.url.rsplit("/", 1)[1]
    saved = ann.evaluate(f"JSON.parse(localStorage.getItem('palace:{table}'))")
    token = saved["token"]
    summary = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()
    assert summary["settings"]["records_for_all"] is True
    link = ann.get_by_test_id("history-viewer-link")
    assert link.get_attribute("href") == f"/static/history.html?table={table}"
    ann.goto("about:blank")  # the game is played by Ann's script below, on her token

    bob = server.join(table, "Bob")
    _play_to_the_end(server, table, token, bob["token"])
    hands = lines(get(server, table, "history.jsonl", token).text)
    assert hands
    assert all(h["finished"] for h in hands)
    own = own_palaces(hands[0])[0]
    total = len(hands[0]["entries"])
    assert total >= 3

    ann.goto(f"{server.base}/t/{table}")
    ann.get_by_test_id("history-viewer-link").wait_for()
    ann.get_by_test_id("history-links").screenshot(path=str(ARTIFACTS / "history-links.png"))
    with ann.context.expect_page() as opened:
        ann.get_by_test_id("history-viewer-link").click()
    viewer = opened.value
    viewer.on("pageerror", lambda err: errors.append(str(err)))
    viewer.set_default_timeout(10_000)
    viewer.get_by_test_id("hand-1").click()
    viewer.get_by_test_id("step-count").wait_for()

    assert _step(viewer) == (1, total)
    assert viewer.get_by_test_id("step-back").is_disabled()
    assert sorted(_my_palace(viewer)) == sorted(own)  # dealt at the first step
    log = viewer.locator("[data-testid=hist-log] li")
    at_start = log.count()
    assert at_start > 0
    viewer.get_by_test_id("step-forward").click()
    viewer.get_by_test_id("step-forward").click()
    assert _step(viewer) == (min(3, total), total)
    assert log.count() >= at_start
    viewer.keyboard.press("ArrowRight")
    assert _step(viewer) == (min(4, total), total)
    viewer.keyboard.press("ArrowLeft")
    assert _step(viewer) == (min(3, total), total)
    viewer.get_by_test_id("step-back").click()
    assert _step(viewer) == (2, total)
    viewer.keyboard.press("Home")
    assert _step(viewer) == (1, total)
    assert log.count() == at_start
    viewer.keyboard.press("End")
    assert _step(viewer) == (total, total)
    assert viewer.get_by_test_id("step-forward").is_disabled()
    assert log.count() > at_start
    assert sorted(_my_palace(viewer)) == sorted(own)  # still hers at the end
    assert viewer.locator("[data-testid=hist-log] li.now").count() >= 1
    for _ in range(min(3, total - 1)):
        viewer.keyboard.press("ArrowLeft")
    assert _step(viewer) == (total - min(3, total - 1), total)
    viewer.screenshot(path=str(ARTIFACTS / "history.png"), full_page=True)

    with viewer.expect_download() as download:
        viewer.get_by_test_id("download-history-txt").click()
    assert table in download.value.suggested_filename
    assert download.value.suggested_filename.endswith(".txt")
    assert not errors, errors
