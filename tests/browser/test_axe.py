"""No accessibility violation that axe-core finds, on each page a player meets.

axe-core (from the npm registry, pinned in package.json) is injected into the
page in Chromium and run with its default rules (WCAG 2 A and AA, and its best
practices) by :func:`browser_helpers.axe_violations`, which the lesson's test uses
too. The pages: the home page in each language; the table before the game (the
host's, with the host's tools open, and a visitor's join dialog); the table in
play, at a battle the viewer must answer (the live battle panel, the options, the
viewer's cards, the log), on a laptop and on a phone (the options' sheet) and in
Pashto (right to left); the hand-history viewer at a step of a finished hand; the
lesson's table at its first two steps.
Skipped when ``/usr/bin/chromium`` is absent."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from playwright.sync_api import Browser

from browser_helpers import (
    AUTOPLAY,
    Position,
    a_defence,
    axe_violations,
    new_page,
    open_seat,
)
from server_helpers import Player, ServerProcess, run_closing


def _no_violations(violations: list[str]) -> None:
    assert not violations, "\n".join(violations)


def _no_errors(errors: list[str]) -> None:
    assert not [e for e in errors if AUTOPLAY not in e], errors


@pytest.mark.parametrize("lang", ["en", "cy", "si", "sk", "ps"])
def test_the_home_page(browser: Browser, server: str, lang: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/?lang={lang}")
    page.locator(f"html[data-words-ready={lang}]").wait_for(state="attached")
    _no_violations(axe_violations(page))
    _no_errors(errors)


@pytest.mark.parametrize(
    ("lang", "width", "height"), [("en", 1366, 768), ("en", 390, 844), ("ps", 1280, 720)]
)
def test_the_table_in_play(
    browser: Browser,
    serve: Callable[..., ServerProcess],
    lang: str,
    width: int,
    height: int,
) -> None:
    server = serve(between=5)
    errors: list[str] = []
    with a_defence(server) as seat:
        page = open_seat(
            browser,
            errors,
            seat,
            path=f"/t/{seat.table}?lang={lang}",
            width=width,
            height=height,
        )
        page.locator("#actions [data-testid=option-call]:enabled").wait_for()
        page.get_by_test_id("battle").wait_for()
        page.get_by_test_id("my-palace").wait_for()
        _no_violations(axe_violations(page))
        _no_errors(errors)


def test_the_table_before_the_game(browser: Browser, serve: Callable[..., ServerProcess]) -> None:
    """The host's waiting table with the host's tools open, and a visitor's join
    dialog."""
    server = serve()
    created = server.create(name="Palace", seats=3, bots=["easy"])
    seat = Position(server.base, created["table"], created["token"])
    errors: list[str] = []
    host = open_seat(browser, errors, seat)
    host.get_by_test_id("start-button").wait_for()
    host.locator("#tools details summary").first.click()
    _no_violations(axe_violations(host))
    visitor = new_page(browser, errors, width=390, height=844)
    visitor.goto(f"{server.base}/t/{seat.table}")
    visitor.get_by_test_id("join-panel").wait_for()
    _no_violations(axe_violations(visitor))
    _no_errors(errors)


def _finished_game(server: ServerProcess) -> Position:
    """A table of Ann, Bob and a bot whose game Ann ended after its first hand, in
    which she folded at her first decision (her seat is out: the history page once
    greyed her *you* tag to 2.83:1 there)."""
    created = server.create(seats=3, stack=200, bots=["random"])
    table = created["table"]
    joined = server.join(table, "Bob")

    async def game() -> None:
        ann = Player(server, table, created["token"], "Ann", random.Random(3), pace=0.02)
        bob = Player(server, table, joined["token"], "Bob", random.Random(4), pace=0.02)
        await ann.connect()
        await bob.connect()
        await ann.send({"type": "start"})
        while ann.view is None or ann.view["hand"] is None:
            await ann.receive()
        await ann.send({"type": "end"})  # the hand in play is played out, then the end

        async def fold_then_play() -> None:
            while not ann.my_turn():
                await ann.receive()
            assert ann.view is not None
            version = ann.view["hand"]["observation"]["version"]
            hand = ann.view["table"]["hand_number"]
            await ann.send({"type": "act", "action": "fold", "hand": hand, "version": version})
            await ann.play()

        await asyncio.gather(fold_then_play(), bob.play())

    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        pool.submit(run_closing, game(), 120).result()
    return Position(server.base, table, created["token"])


def test_the_history_page(browser: Browser, serve: Callable[..., ServerProcess]) -> None:
    seat = _finished_game(serve(between=0.5))
    errors: list[str] = []
    page = open_seat(browser, errors, seat, path=f"/static/history.html?table={seat.table}")
    page.get_by_test_id("hand-1").click()
    page.get_by_test_id("step-count").wait_for()
    page.get_by_test_id("step-forward").click()
    page.get_by_test_id("step-forward").click()
    assert re.match(r"^Step 3 of \d+$", page.get_by_test_id("step-count").inner_text().strip())
    _no_violations(axe_violations(page))
    page.keyboard.press("End")  # the hand's end: Ann's seat is out
    page.locator("[data-testid=hist-my-palace]").locator(
        "xpath=ancestor::*[contains(@class,'out')]"
    ).wait_for()
    _no_violations(axe_violations(page))
    _no_errors(errors)


def test_the_lesson(browser: Browser, serve: Callable[..., ServerProcess]) -> None:
    """The guided hand's table at its first step (the lesson's panel, one option
    enabled and the others disabled with the reason) and at its second (the trim
    picker after the buy)."""
    server = serve()
    made = httpx.post(f"{server.base}/api/lessons", json={"name": "Ann"}, timeout=10)
    assert made.status_code == 200, made.text
    seat = Position(server.base, made.json()["table"], made.json()["token"])
    errors: list[str] = []
    page = open_seat(browser, errors, seat)
    buy = page.locator("#actions [data-testid=option-buy]:enabled")
    buy.wait_for(timeout=20_000)
    _no_violations(axe_violations(page))
    buy.click()
    page.get_by_test_id("picker-trim").wait_for()
    _no_violations(axe_violations(page))
    _no_errors(errors)
