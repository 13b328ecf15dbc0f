"""Helpers for the browser tests.

Pages in a fresh context that record script errors, and the languages offered (the
fixtures ``browser`` and ``server`` are in tests/browser/conftest.py); a table
played over WebSockets to a battle the viewer must answer, and a page opened on
that viewer's seat (:func:`a_defence`, :func:`open_seat`); the accessibility check
of a page by axe-core (:func:`axe_violations`); the home page's create form filled
(:func:`fill_table_form`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from threading import Event
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Page

from paths import ROOT
from server_helpers import Player, ServerProcess, run_closing

CHROMIUM = Path("/usr/bin/chromium")
#: The languages the page is offered in, English first.
LANGS = ("en", "cy", "si", "sk", "ps")


def new_page(
    browser: Browser,
    errors: list[str],
    *,
    width: int = 1280,
    height: int = 800,
    locale: str | None = None,
    reduced_motion: str | None = None,
) -> Page:
    """A page in a fresh context (its own localStorage) that records script errors.

    Uncaught errors, and console warnings or errors (language.js warns of a
    data-words key the catalogue lacks), go to ``errors``.
    """
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if locale is not None:
        options["locale"] = locale
    if reduced_motion is not None:  # "reduce": the browser asks for no movement
        options["reduced_motion"] = reduced_motion
    context = browser.new_context(**options)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(f"pageerror: {err}"))

    def console(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            errors.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    return page


#: Chromium's autoplay policy, warned of when the turn's sound would play before
#: any click on the page (a page opened at one's turn): not a script error.
AUTOPLAY = "AudioContext was not allowed to start"
#: The players of :func:`a_defence`, at seats 0 to 3.
NAMES = ("Ann", "Bob", "Cyril", "Dilani")


@dataclass(frozen=True)
class Position:
    """A table on a server, and the token of a seat at it."""

    base: str
    table: str
    token: str


async def _play_to_the_defence(
    server: ServerProcess, table: str, tokens: list[str], reached: Event, stop: Event
) -> None:
    """Ann buys (two soldiers at most), Bob buys once and then attacks Ann, Cyril
    and Dilani stay; when Ann is asked to answer the attack, her socket closes (her
    page takes the seat) and ``reached`` is set; the others stay connected (not
    shown as offline) until ``stop`` is set."""
    players = [
        Player(server, table, token, name, random.Random(i), pace=0.02)
        for i, (name, token) in enumerate(zip(NAMES, tokens, strict=True))
    ]
    for player in players:
        await player.connect()
    await players[0].send({"type": "start"})
    turns = dict.fromkeys(NAMES, 0)

    def choose(player: Player) -> str | None:
        """The action text of this player's next move, None when Ann is attacked."""
        assert player.view is not None
        options = player.view["options"]
        verbs = {o["verb"] for o in options}
        hand_seats = player.view["hand"]["seats"]
        ann = hand_seats.index(0)
        if player.name == "Ann" and "call" in verbs:
            return None
        if "trim" in verbs:
            return "trim"  # keep every soldier
        turns[player.name] += 1
        if player.name == "Ann" and "buy" in verbs and turns["Ann"] <= 2:
            return "buy"
        if player.name == "Bob":
            if turns["Bob"] == 1 and "buy" in verbs:
                return "buy"
            for option in options:
                if option["verb"] == "bet" and option["target"] == ann:
                    return f"bet {ann}"
        return "stay"

    async def seat(player: Player, done: asyncio.Event) -> None:
        while not done.is_set():
            if player.my_turn():
                text = choose(player)
                if text is None:
                    done.set()
                    return
                assert player.view is not None
                version = player.view["hand"]["observation"]["version"]
                await asyncio.sleep(player.pace)
                hand = player.view["table"]["hand_number"]
                await player.send({"type": "act", "action": text, "hand": hand, "version": version})
                while (await player.receive())["type"] not in ("update", "error"):
                    pass
                assert not player.errors, player.errors
                continue
            await player.receive()

    done = asyncio.Event()
    tasks = [asyncio.create_task(seat(p, done)) for p in players]
    await tasks[0]
    for task in tasks[1:]:
        task.cancel()
    await asyncio.gather(*tasks[1:], return_exceptions=True)
    await players[0].close()
    reached.set()
    while not stop.is_set():  # read what the others are sent, so that nothing waits
        for player in players[1:]:
            with contextlib.suppress(TimeoutError):
                await player.receive(timeout=0.05)


@contextlib.contextmanager
def a_defence(server: ServerProcess) -> Iterator[Position]:
    """A table of four on ``server`` at the moment Ann (seat 0, the host) must
    answer Bob's attack: Ann has bought two soldiers, Bob one; the live battle is
    in the felt's centre and Ann's options are call, raise and fold. The position
    waits (Ann's clock at ten minutes); the other three stay connected until the
    block ends. Open Ann's page with :func:`open_seat`."""
    created = server.create(name="Palace", seats=4, stack=1000, small_bet=10, turn_seconds=600)
    table = created["table"]
    tokens = [created["token"]] + [server.join(table, n)["token"] for n in NAMES[1:]]
    reached, stop = Event(), Event()
    with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
        game = _play_to_the_defence(server, table, tokens, reached, stop)
        played = pool.submit(run_closing, game, 900)
        try:
            while not reached.wait(0.1):
                if played.done():
                    played.result()  # what went wrong
                    raise AssertionError("the position was not reached")
            yield Position(server.base, table, created["token"])
        finally:
            stop.set()
            played.result()


def open_seat(
    browser: Browser, errors: list[str], seat: Position, *, path: str | None = None, **page: Any
) -> Page:
    """A fresh page that holds the seat's token as the table page keeps it
    (localStorage, before any script runs), opened at ``path`` (the table page by
    default); ``page`` as for :func:`new_page`."""
    opened = new_page(browser, errors, **page)
    saved = json.dumps({"token": seat.token, "seat": 0})
    opened.context.add_init_script(
        f"localStorage.setItem({json.dumps(f'palace:{seat.table}')}, {json.dumps(saved)})"
    )
    opened.goto(seat.base + (path or f"/t/{seat.table}"))
    return opened


#: axe-core from the npm registry (package.json, installed by ``npm ci``).
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page, *, context: str = "document") -> list[str]:
    """What axe-core finds wrong with the page as it is now, one line a rule: the
    rule, its impact, its help text and the first few elements (CSS selectors).
    Every rule axe runs by default (WCAG 2 A and AA, best practices); an empty list
    is a page with no violation. ``context`` is the JavaScript expression of the
    part of the page to check."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # evaluated, not added as a <script>: the pages' Content-Security-Policy
        # refuses inline scripts, and what the test evaluates is not the page's
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(
        f"""async () => {{
          const result = await axe.run({context}, {{ resultTypes: ['violations'] }});
          return result.violations.map((v) => ({{
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + n.failureSummary),
          }}));
        }}"""
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- {len(v['nodes'])} element(s): "
        + " | ".join(v["nodes"][:3])
        for v in found
    ]


def fill_table_form(
    page: Page,
    name: str,
    *,
    seats: int,
    turn_seconds: int | None = 120,
    bots: Mapping[str, int] | None = None,
) -> None:
    """Fill the home page's create form, without sending it: the table's name, Ann
    its host, the seats, the turn clock (None: the form's own), and bots by kind (a
    kind beside the levels after opening the other bots' disclosure)."""
    page.get_by_test_id("create-name").fill(name)
    page.get_by_test_id("create-host-name").fill("Ann")
    page.get_by_test_id("create-seats").fill(str(seats))
    if turn_seconds is not None:
        page.get_by_test_id("create-turn-seconds").fill(str(turn_seconds))
    for kind, count in (bots or {}).items():
        field = page.get_by_test_id(f"bots-{kind}")
        if not field.is_visible():  # a kind beside the levels waits under a disclosure
            page.locator("[data-testid=other-bots] summary").click()
        field.fill(str(count))
