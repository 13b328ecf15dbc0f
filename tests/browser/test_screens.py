"""The table fits every screen people use, in every language.

A table of four people is played over WebSockets to the moment the issue found
broken: Ann (the viewer) has bought two soldiers, Bob has bought one and attacks
her, and Ann must answer (call, raise or fold) with the live battle panel in the
felt's centre. Ann's page is then opened in Chromium at each screen size and in
each language, and its elements' boxes are checked:

* **the options in view**: every button of ``#actions`` lies wholly inside the
  viewport as the page opens, without scrolling;
* **no panel covers a seat**: no seat's box meets the battle panel's, the pot's,
  the other seats', or the options' (a bar fixed to the bottom of a phone may lie
  over a seat only if the page scrolls far enough to lift the seat above it);
* **no text cut**: no button, label, name or heading whose text is wider than its
  box (``scrollWidth > clientWidth``, or an ellipsis), and no horizontal scroll.

The English screenshot of each size (the viewport only) goes to
``test-artifacts/screens/<size>.png``; ``docs/images/screens/`` holds a copy of
each, reduced to 256 colours. Skipped when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from browser_helpers import AUTOPLAY, LANGS, Position, a_defence, open_seat
from paths import ARTIFACTS
from server_helpers import ServerProcess

#: The screens of the issue: laptops, a desktop, a tablet, two phones.
SIZES = ((1366, 768), (1280, 720), (1920, 1080), (768, 1024), (390, 844), (360, 640))
SHOTS = ARTIFACTS / "screens"


@pytest.fixture(scope="module")
def position(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Position]:
    """The real server with a table at Ann's answer to an attack (made once for the
    module: the position waits, Ann's clock at ten minutes)."""
    folder = tmp_path_factory.mktemp("screens")
    server = ServerProcess(folder / "screens.sqlite3", bot_pause=0.0, between=5.0).start()
    try:
        with a_defence(server) as reached:
            yield reached
    finally:
        server.stop()


def _open(browser: Browser, position: Position, size: tuple[int, int], lang: str) -> Page:
    errors: list[str] = []
    width, height = size
    page = open_seat(
        browser,
        errors,
        position,
        path=f"/t/{position.table}?lang={lang}",
        width=width,
        height=height,
        locale="en-GB",
    )
    try:
        page.locator("#actions [data-testid=option-call]:enabled").wait_for()
        page.get_by_test_id("battle").wait_for()
    except PlaywrightError as error:
        raise AssertionError(f"no options or no battle panel: {errors}") from error
    page.evaluate("document.fonts.ready")
    page.wait_for_timeout(150)  # the last frame drawn
    # Chromium's autoplay policy: the turn's sound waits for a click on the page
    assert not [e for e in errors if AUTOPLAY not in e], errors
    return page


# The boxes, measured in the page. Each list holds what is wrong, in words.
MEASURE = """() => {
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => {
    const r = box(el);
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
  };
  const name = (el) => el.dataset.testid || el.id || el.className || el.tagName;
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const W = innerWidth, H = innerHeight;
  const out = { offscreen: [], covered: [], cut: [], wide: 0, options: 0 };
  // the options, wholly in the viewport
  for (const b of document.querySelectorAll('#actions button, #actions input')) {
    if (!shown(b)) continue;
    out.options += 1;
    const r = box(b);
    if (r.left < 0 || r.top < 0 || r.right > W + 0.5 || r.bottom > H + 0.5)
      out.offscreen.push(`${name(b)} ${b.textContent.trim()} at ${r.left | 0},${r.top | 0}`
        + `-${r.right | 0},${r.bottom | 0} of ${W}x${H}`);
  }
  // no panel over a seat
  const seats = [...document.querySelectorAll('[data-testid^=seat-]')].filter(shown);
  const panels = [...document.querySelectorAll('#centre > *, #actions.has-options')].filter(shown);
  const scrollH = document.documentElement.scrollHeight;
  for (const s of seats) {
    const r = box(s);
    for (const p of panels) {
      if (!meet(r, box(p))) continue;
      if (getComputedStyle(p).position === 'fixed') {
        // a bar fixed to the screen's bottom: the page must scroll the seat above it
        const lifted = r.bottom + scrollY <= scrollH - box(p).height + 1;
        if (lifted && box(p).bottom >= H - 1) continue;
      }
      out.covered.push(`${name(p)} covers ${name(s)}`);
    }
    for (const t of seats) {
      const after = s.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (t !== s && after && meet(r, box(t)))
        out.covered.push(`${name(s)} meets ${name(t)}`);
    }
  }
  // no text cut
  const texts = document.querySelectorAll(
    'button, label, legend, summary, h1, h2, h3, .badge, .seat-name, .stack, .in-pot,'
    + ' .battler-name, .pot, .label, .status span, a, .hand-number, .centre-note, .amount-caption,'
    + ' .seat-head, .seat-lower, .battlers, .option-buttons, .pot-line, .my-group');
  for (const el of texts) {
    if (!shown(el) || el.closest('.visually-hidden')) continue;
    const style = getComputedStyle(el);
    const cut = el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
      || (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth);
    const text = el.textContent.trim().slice(0, 40);
    if (cut) out.cut.push(`${name(el)} "${text}" ${el.scrollWidth}>${el.clientWidth}`);
  }
  out.wide = document.documentElement.scrollWidth - W;
  return out;
}"""


def _check(page: Page) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(MEASURE)
    return measured


def _size_name(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


#: Every size in English and in Pashto (right to left); the other languages (their
#: longer words) on the smaller laptop and the smaller phone.
CASES = [(size, lang) for lang in ("en", "ps") for size in SIZES] + [
    (size, lang) for lang in LANGS if lang not in ("en", "ps") for size in (SIZES[1], SIZES[5])
]


@pytest.mark.parametrize(
    ("size", "lang"), CASES, ids=[f"{_size_name(s)}-{lang}" for s, lang in CASES]
)
def test_the_table_fits(
    browser: Browser, position: Position, size: tuple[int, int], lang: str
) -> None:
    page = _open(browser, position, size, lang)
    if lang == "en":
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{_size_name(size)}.png"))
    measured = _check(page)
    assert measured["options"] >= 3, measured  # call, raise, fold at least
    assert not measured["offscreen"], measured["offscreen"]
    assert not measured["covered"], measured["covered"]
    assert not measured["cut"], measured["cut"]
    assert measured["wide"] <= 0, f"{measured['wide']} px of horizontal scroll"


@pytest.mark.parametrize("size", [SIZES[0], SIZES[1], SIZES[5]], ids=_size_name)
def test_a_full_table_fits(
    browser: Browser, serve: Callable[..., ServerProcess], size: tuple[int, int]
) -> None:
    """Ten seats (nine bots), at the viewer's first decision: the most seats round
    the felt and the most attack options (one a bot)."""
    server = serve(between=5)
    created = server.create(
        name="Palace", seats=10, stack=1000, turn_seconds=600, bots=["random"] * 9
    )
    seat = Position(server.base, created["table"], created["token"])
    errors: list[str] = []
    width, height = size
    page = open_seat(browser, errors, seat, width=width, height=height)
    page.get_by_test_id("start-button").click()
    page.locator("#actions button:enabled").first.wait_for(timeout=30_000)
    page.wait_for_timeout(300)  # the last frame drawn
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"ten-seats-{_size_name(size)}.png"))
    measured = _check(page)
    assert measured["options"] >= 2, measured
    assert not measured["offscreen"], measured["offscreen"]
    assert not measured["covered"], measured["covered"]
    assert not measured["cut"], measured["cut"]
    assert measured["wide"] <= 0, f"{measured['wide']} px of horizontal scroll"
    assert not [e for e in errors if AUTOPLAY not in e], errors
