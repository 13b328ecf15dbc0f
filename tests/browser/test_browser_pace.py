"""The table's pace and movement in a real browser (Chromium through Playwright, the
real server in a child process): issue 29, parts 3 and 4.

Ann, the host, sets the pause between hands from her tools (a pause out of bounds
is refused in words before anything is sent) and the next deal waits for it; she
then makes the table deal when everyone is ready: after the next hand both Ann and
Bob get a "Ready" button, the hand is not dealt while Bob has not pressed his, and
it is dealt once he has. Cards and chips move (a captured card slides across, a
deal comes from the stock) and nothing moves for a browser that asks for reduced
motion; the switch for the table's sounds (a player's, and a spectator's) is kept by
the browser.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Browser, Page

from browser_helpers import new_page
from server_helpers import ServerProcess

#: Options a test player takes, in this order: the free ones first (no fold that
#: gives up a free stay, which asks to be confirmed).
PLAIN = ("stay", "call", "fold", "buy")


def _open(browser: Browser, errors: list[str], base: str, seat: dict[str, Any], **kw: Any) -> Page:
    """A page of the table as the holder of ``seat`` (its token put where the page
    keeps it, as if they had taken the seat there)."""
    page = new_page(browser, errors, **kw)
    key = f"palace:{seat['table']}"
    value = json.dumps({"token": seat["token"], "seat": seat["seat"]})
    page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)});")
    page.goto(f"{base}/t/{seat['table']}")
    page.locator("html[data-words-ready]").wait_for(state="attached")
    page.get_by_test_id("my-controls").wait_for()
    return page


def _step(page: Page) -> bool:
    """Take the first plain option offered (or keep every soldier); whether one was."""
    sure = page.locator("[data-testid=fold-yes]")  # a fold that gives up a free stay
    if sure.count():
        sure.click()
        return True
    for verb in PLAIN:
        button = page.locator(f"#actions [data-testid=option-{verb}]:enabled")
        if button.count():
            button.first.click()
            return True
    submit = page.locator("[data-testid=pick-submit]")
    if submit.count():  # a trim: the first soldiers until the discard is enough
        picks = page.locator("[data-testid^=pick-]:not([data-testid=pick-submit])")
        for i in range(picks.count()):
            if submit.is_enabled():
                break
            picks.nth(i).click()
        submit.click()
        return True
    return False


def _play_until(pages: list[Page], done: Callable[[], bool], limit: int = 600) -> None:
    for _ in range(limit):
        if done():
            return
        if not any(_step(page) for page in pages):
            pages[0].wait_for_timeout(100)
    seen = [
        (p.get_by_test_id("status").inner_text(), p.locator("#actions").inner_html()) for p in pages
    ]
    raise AssertionError(f"the hands did not come to an end: {seen}")


def _count(page: Page, kind: str) -> int:
    return page.locator(f"#log li[data-kind={kind}]").count()


def _history(base: str, seat: dict[str, Any]) -> list[dict[str, Any]]:
    answer = httpx.get(
        f"{base}/api/tables/{seat['table']}/history.jsonl",
        headers={"Authorization": f"Bearer {seat['token']}"},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text
    return [json.loads(line) for line in answer.text.splitlines() if line.strip()]


def test_the_host_sets_the_pause_and_the_next_hand_waits_until_everyone_is_ready(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(bot_pause=0.1, between=0.5)
    ann_seat = server.create(seats=3, bots=["random"], turn_seconds=120, stack=500)
    bob_seat = {**server.join(ann_seat["table"], "Bob"), "table": ann_seat["table"]}
    errors: list[str] = []
    ann = _open(browser, errors, server.base, ann_seat)
    bob = _open(browser, errors, server.base, bob_seat, width=390, height=844)

    # A pause of 61 s is refused in words, before anything is sent; 2 s is taken.
    ann.locator("[data-testid=host-tools] summary").click()
    ann.get_by_test_id("setting-between_hands").fill("61")
    ann.get_by_test_id("settings-save").click()
    assert "0 to 60" in ann.get_by_test_id("pace-error").inner_text()
    assert not ann.locator("#log li[data-kind=settings_changed]").count()
    ann.get_by_test_id("setting-between_hands").fill("2")
    ann.get_by_test_id("settings-save").click()
    ann.locator("#log li[data-kind=settings_changed]").wait_for()
    assert "Pause between hands (s) 2" in ann.get_by_test_id("log").inner_text()

    ann.get_by_test_id("start-button").click()
    _play_until([ann, bob], lambda: _count(ann, "hand_started") >= 2)
    hands = _history(server.base, ann_seat)
    ended = next(e["at"] for e in hands[0]["entries"] if e["kind"] == "hand_finished")
    dealt = next(e["at"] for e in hands[1]["entries"] if e["kind"] == "hand_started")
    assert dealt - ended >= 2.0  # the host's pause, not the command line's 0.5 s

    # From the next pause on, the table waits for everyone to be ready.
    if ann.locator("[data-testid=host-tools][open]").count() == 0:
        ann.locator("[data-testid=host-tools] summary").click()
    ann.get_by_test_id("setting-wait_for_ready").check()
    ann.get_by_test_id("settings-save").click()
    ann.locator("#log li[data-kind=settings_changed]").nth(1).wait_for()
    _play_until([ann, bob], lambda: _count(ann, "hand_finished") >= 2)
    ann.get_by_test_id("ready").click()
    ann.get_by_test_id("ready-done").wait_for()
    bob.get_by_test_id("ready-waiting").filter(has_text="Bob").wait_for()
    assert "Bob" in ann.get_by_test_id("status").inner_text()
    assert "Ann" not in bob.get_by_test_id("ready-waiting").inner_text()
    ann.wait_for_timeout(3_000)  # longer than the 2 s pause: still no deal
    assert _count(ann, "hand_started") == 2
    assert _count(bob, "hand_started") == 2
    for page in (ann, bob):  # the hand's result stays until the next deal
        assert page.get_by_test_id("result").is_visible()
    bob.get_by_test_id("ready").click()
    ann.locator("#log li[data-kind=hand_started]").nth(2).wait_for()
    bob.get_by_test_id("ready-block").wait_for(state="detached")
    log = ann.get_by_test_id("log").inner_text()
    assert "Ann is ready for the next hand." in log
    assert "Bob is ready for the next hand." in log
    assert not errors, errors


#: A captured card in a synthetic table: measured in one seat's army, moved to the
#: other's, then played (motion.js's FLIP): what it did to the card.
CAPTURE = """async () => {
  const motion = await import("/static/motion.js");
  const counted = Number(document.body.dataset.motionCapture || 0);
  const root = document.createElement("div");
  root.innerHTML = '<div class="seat" data-seat="0"><div class="army">'
    + '<span class="card" data-card="Td"></span></div></div>'
    + '<div class="seat" data-seat="1"><div class="army"></div></div>';
  // styled through the DOM: the page's policy refuses style attributes
  Object.assign(root.querySelector("[data-card=Td]").style,
    { display: "inline-block", width: "20px", height: "30px" });
  root.querySelector('[data-seat="1"]').style.margin = "200px 0 0 300px";
  document.body.append(root);
  const before = motion.measure(root);
  root.querySelector('[data-seat="1"] .army').append(root.querySelector("[data-card=Td]"));
  motion.play(root, before, [{ kind: "action", events: [], hand_seats: [] }]);
  const card = root.querySelector("[data-card=Td]");
  const result = { animations: card.getAnimations().length,
    moving: card.classList.contains("moving"),
    captures: Number(document.body.dataset.motionCapture || 0) - counted };
  root.remove();
  return result;
}"""


def _deal_with_bots(browser: Browser, server: ServerProcess, errors: list[str], **kw: Any) -> Page:
    created = server.create(seats=3, bots=["random", "random"], turn_seconds=120, stack=500)
    page = _open(browser, errors, server.base, created, **kw)
    page.get_by_test_id("start-button").click()
    page.get_by_test_id("my-palace").wait_for()
    _play_until([page], lambda: _count(page, "hand_started") >= 2)
    return page


def test_cards_and_chips_move_and_nothing_moves_with_reduced_motion(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(bot_pause=0.3, between=1.0)
    errors: list[str] = []
    page = _deal_with_bots(browser, server, errors)
    page.wait_for_function("() => Number(document.body.dataset.motionDeal || 0) > 0")
    page.wait_for_function("() => Number(document.body.dataset.motionChips || 0) > 0")
    page.wait_for_function("() => Number(document.body.dataset.motionPot || 0) > 0")
    moved = page.evaluate(CAPTURE)
    assert moved == {"animations": 1, "moving": True, "captures": 1}
    page.context.close()

    still = _deal_with_bots(browser, server, errors, reduced_motion="reduce")
    moved = still.evaluate(CAPTURE)
    assert moved == {"animations": 0, "moving": False, "captures": 0}
    motions = still.evaluate(
        "() => Object.keys(document.body.dataset).filter(k => k.startsWith('motion'))"
    )
    assert motions == []
    assert still.locator(".chip-fly").count() == 0
    assert not errors, errors


def test_the_switch_for_the_tables_sounds_is_kept(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(bot_pause=0.2, between=1.0)
    created = server.create(seats=2, bots=["random"], turn_seconds=120, stack=500)
    errors: list[str] = []
    page = _open(browser, errors, server.base, created)
    toggle = page.get_by_test_id("sound-toggle")
    assert toggle.is_checked()
    page.get_by_test_id("start-button").click()  # a click: the page may make sound
    page.wait_for_function("() => Number(document.body.dataset.sounds || 0) > 0")
    toggle.uncheck()
    assert page.evaluate("localStorage.getItem('palace:sounds')") == "off"
    page.reload()
    page.get_by_test_id("my-controls").wait_for()
    assert not page.get_by_test_id("sound-toggle").is_checked()
    page.get_by_test_id("log").click()  # used again: sound would be allowed
    played = page.evaluate("() => Number(document.body.dataset.sounds || 0)")
    _play_until([page], lambda: _count(page, "hand_started") >= 2)
    assert page.evaluate("() => Number(document.body.dataset.sounds || 0)") == played
    # A spectator hears the table too, and has the switch as well (kept apart).
    watcher = new_page(browser, errors)
    watcher.goto(f"{server.base}/t/{created['table']}")
    watcher.get_by_test_id("spectate").click()
    assert watcher.get_by_test_id("sound-toggle").is_checked()
    assert not errors, errors
