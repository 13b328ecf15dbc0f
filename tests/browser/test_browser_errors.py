"""Players' words only, in a real browser served by the real server (issue 29, part 6).

- The home form checks its values in words before sending (a number out of range,
  not whole, missing; a big bet below the small bet; a stack that cannot pay the
  ante and a small bet), in English and in Slovak, and shows the server's own
  refusals in words too (the field named, never the server's English message).
- The form's bounds are the server's (index.html's min and max against settings.py),
  and the server refuses a stack too small for its stakes as the form does.
- The home form lists the levels alone; the other bots wait under a disclosure.
- Alone at a new table, the host's Start button is disabled and says why.
- While the host has paused the game, the options are disabled and say why.
- A fold that gives up a free stay asks once, inline, from the keyboard too; the
  setting in the player's tools turns the question off.
- The chat has a tab of its own beside the game's log; its placeholder fits.
- In each of the five languages, no text shown to a player holds an error code or
  the server's English message: the form's refusals, a refused join, a refused
  host setting (a notice), the Start button's reason.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import LANGS, fill_table_form, new_page
from palace_poker.bots import BOTS, LEVELS
from palace_poker.checks import MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS
from palace_poker.errors import ERROR_CODES
from palace_poker.server.model.errors import TableError
from palace_poker.server.model.settings import MAX_TURN, MIN_TURN, TableSettings
from paths import ARTIFACTS, STATIC
from server_helpers import ServerProcess

#: A code of the server's, as it would appear in a text (the ones with an underscore
#: cannot be taken for a word of a sentence).
CODE = re.compile(
    r"\b(" + "|".join(sorted((c for c in ERROR_CODES if "_" in c), key=len, reverse=True)) + r")\b"
)
#: Fragments of the server's English messages (checks.py, settings.py, table.py).
SERVER_ENGLISH = ("must be an integer", ", got ", "must be 1 to", "a game needs", "is paused")


def _ready(page: Page) -> None:
    page.locator("html[data-words-ready]").wait_for(state="attached")


def _words(page: Page, expression: str, *args: object) -> Any:
    """A value of the page's catalogue: ``expression`` over ``m`` (the module)."""
    lang = page.evaluate("document.documentElement.lang")
    return page.evaluate(
        "async ([l, args]) => {"
        f" const m = await (await import('/static/words/catalogue.js')).load(l);"
        f" return {expression}; }}",
        [lang, list(args)],
    )


def _no_program_words(text: str, where: object) -> None:
    assert not CODE.search(text), (where, CODE.search(text), text)
    for english in SERVER_ENGLISH:
        assert english not in text, (where, english, text)


def _unexpected(errors: list[str]) -> list[str]:
    """The script errors, less the console's report of a refusal's HTTP status (the
    browser logs every 4xx answer; the page shows it in words)."""
    return [e for e in errors if not re.search(r"status of (400|409)", e)]


def _create(
    page: Page, server: str, *, lang: str = "en", bots: dict[str, int] | None = None
) -> None:
    page.goto(f"{server}/?lang={lang}")
    _ready(page)
    fill_table_form(page, "Words", seats=3 if not bots else sum(bots.values()) + 1, bots=bots)
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/t/[^/?]+$"))
    page.get_by_test_id("start-button").wait_for()


# ------------------------------------------------------------------ the home form


def _refused(page: Page, field: str) -> str:
    """Submit the form, and the refusal it shows (the page stays, the field marked)."""
    url = page.url
    page.get_by_test_id("create-submit").click()
    error = page.get_by_test_id("create-error")
    page.wait_for_function("() => document.getElementById('create-error').textContent !== ''")
    assert page.url == url  # nothing was sent: the page did not go to a table
    assert page.locator(f"[name={field}]").get_attribute("aria-invalid") == "true", field
    return error.inner_text()


@pytest.mark.parametrize("lang", ["en", "sk"])
def test_the_home_form_refuses_in_words(browser: Browser, server: str, lang: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/?lang={lang}")
    _ready(page)
    page.get_by_test_id("create-host-name").fill("Ann")

    def label(name: str) -> str:
        return page.locator(f"[name={name}]").locator("xpath=..").locator("span").first.inner_text()

    def refused(field: str, expected: str) -> None:
        page.locator("#create-error").evaluate("node => { node.textContent = ''; }")
        said = _refused(page, field)
        assert said == expected, (lang, field, said, expected)
        _no_program_words(said, (lang, field))

    stack = page.get_by_test_id("create-stack")
    stack.fill("100000000000000000000")  # what a person once typed
    refused(
        "stack",
        _words(page, "m.UI.plain.range(...args)", label("stack"), 1, MAX_CHIPS // MAX_PLAYERS),
    )
    stack.fill("")
    refused("stack", _words(page, "m.UI.plain.missing(...args)", label("stack")))
    stack.fill("100")
    page.get_by_test_id("create-small-bet").fill("1.5")
    refused(
        "small_bet", _words(page, "m.UI.plain.range(...args)", label("small_bet"), 1, MAX_CHIPS)
    )
    # A small bet of 500 with stacks of 100: refused, in words, before sending.
    page.get_by_test_id("create-small-bet").fill("500")
    refused("stack", _words(page, "m.UI.plain.stackTooSmall(...args)", 100, 750))
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#create").screenshot(path=str(ARTIFACTS / f"home-refusal-{lang}.png"))
    page.get_by_test_id("create-small-bet").fill("10")
    page.get_by_test_id("create-big-bet").fill("5")
    refused("big_bet", _words(page, "m.UI.plain.bigBelowSmall(...args)", 10))
    page.get_by_test_id("create-big-bet").fill("")
    page.get_by_test_id("create-seats").fill("11")
    refused(
        "seats", _words(page, "m.UI.plain.range(...args)", label("seats"), MIN_PLAYERS, MAX_PLAYERS)
    )
    page.get_by_test_id("create-seats").fill("3")

    # A short stack is a warning, not a refusal: 60 with a small bet of 10.
    stack.fill("60")
    warning = page.get_by_test_id("create-warning")
    assert warning.inner_text() == _words(page, "m.UI.plain.shortStacks(...args)", 6)

    # The server's refusal, in words: with the form's own check taken away (its
    # max), the server refuses the stack and the page names the field.
    stack.evaluate("node => node.removeAttribute('max')")
    stack.fill(str(MAX_CHIPS))
    said = _refused(page, "stack")
    sentence = _words(page, "m.ERRORS.invalid_settings")
    assert said == _words(page, "m.UI.plain.serverSaid(...args)", label("stack"), sentence)
    _no_program_words(said, lang)
    assert not _unexpected(errors), errors


def test_the_form_bounds_are_the_servers() -> None:
    html = (STATIC / "index.html").read_text(encoding="utf-8")

    def bounds(name: str) -> tuple[int, int]:
        tag = re.search(rf'<input name="{name}"[^>]*>', html)
        assert tag, name
        found = dict(re.findall(r'(min|max)="(\d+)"', tag[0]))
        return int(found["min"]), int(found["max"])

    assert bounds("small_bet") == (1, MAX_CHIPS)
    assert bounds("big_bet") == (1, MAX_CHIPS)
    assert bounds("ante") == (0, MAX_CHIPS)
    assert bounds("stack") == (1, MAX_CHIPS // MAX_PLAYERS)
    assert bounds("seats") == (MIN_PLAYERS, MAX_PLAYERS)
    assert bounds("turn_seconds") == (MIN_TURN, MAX_TURN)
    assert bounds("time_bank") == (0, MAX_TURN)


@pytest.mark.rule("R-ANTE-1", "R-ALLIN-1")
@pytest.mark.parametrize(
    ("form", "refused"),
    [
        ({"small_bet": 500, "stack": 100}, True),
        ({"small_bet": 10, "stack": 14}, True),  # ante 5 + small bet 10
        ({"small_bet": 10, "stack": 15}, False),
        ({"small_bet": 10, "ante": 0, "stack": 10}, False),
        ({"small_bet": 10, "ante": 20, "stack": 29}, True),
    ],
)
def test_the_server_refuses_a_stack_too_small_for_the_stakes(
    form: dict[str, int], *, refused: bool
) -> None:
    if not refused:
        assert TableSettings.from_form({"name": "T", **form}).stack == form["stack"]
        return
    with pytest.raises(TableError) as caught:
        TableSettings.from_form({"name": "T", **form})
    assert caught.value.code == "invalid_settings"
    assert caught.value.details["field"] == "stack"


def test_a_refused_field_is_named_to_the_page(serve: Callable[..., ServerProcess]) -> None:
    import httpx  # noqa: PLC0415

    server = serve()
    answer = httpx.post(
        f"{server.base}/api/tables",
        json={"name": "T", "host_name": "Ann", "small_bet": 10, "stack": 10**20},
        timeout=10,
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_settings"
    assert answer.json()["error"]["field"] == "stack"


def test_the_form_lists_the_levels_and_the_other_bots_apart(browser: Browser, server: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/")
    _ready(page)
    page.locator("#bots input").first.wait_for()
    shown = page.locator("#bots input").evaluate_all("nodes => nodes.map((n) => n.dataset.kind)")
    assert shown == list(LEVELS)
    assert set(LEVELS) == {"easy", "medium", "hard", "expert"}
    others = page.locator("#bots-other input").evaluate_all(
        "nodes => nodes.map((n) => n.dataset.kind)"
    )
    assert sorted(others) == sorted(set(BOTS) - set(LEVELS))
    disclosure = page.get_by_test_id("other-bots")
    assert disclosure.evaluate("node => node.tagName") == "DETAILS"
    assert not page.get_by_test_id("bots-random").is_visible()
    disclosure.locator("summary").click()
    assert page.get_by_test_id("bots-random").is_visible()
    assert not errors, errors


# ------------------------------------------------------------------ the table


def test_start_waits_with_a_reason_while_the_host_is_alone(browser: Browser, server: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    _create(page, server)
    start = page.get_by_test_id("start-button")
    reason = _words(page, "m.UI.plain.startAlone")
    assert start.is_disabled()
    assert start.get_attribute("title") == reason
    assert start.get_attribute("aria-describedby") == "start-reason"
    assert page.locator("#start-reason").inner_text() == reason
    # A bot in the empty seat: the game can start.
    page.locator("[data-testid=host-tools] summary").click()
    page.get_by_test_id("add-bot-1").click()
    page.wait_for_function("() => !document.getElementById('start').disabled")
    assert start.get_attribute("aria-describedby") is None
    assert page.locator("#start-reason").count() == 0
    assert not errors, errors


def _options(page: Page) -> list[str]:
    """The verbs of the enabled option buttons, once some are shown."""
    page.locator("#actions button[data-verb]:enabled").first.wait_for(timeout=30_000)
    verbs: list[str] = page.locator("#actions button[data-verb]:enabled").evaluate_all(
        "nodes => nodes.map((n) => n.dataset.verb)"
    )
    return verbs


def _until_free_stay(page: Page) -> None:
    """Play (call a battle, keep every soldier) until Ann may stay for free."""
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "no free stay came"
        verbs = _options(page)
        if "stay" in verbs and "fold" in verbs:
            cost = page.locator("#actions button[data-verb=stay]").get_attribute("data-cost")
            if cost == "0":
                return
        if page.get_by_test_id("picker-trim").count():
            page.get_by_test_id("picker-trim").locator("button.pick").first.click()
            page.get_by_test_id("pick-submit").click()
        elif "call" in verbs:
            page.locator("#actions button[data-verb=call]").click()
        elif "stay" in verbs:
            page.locator("#actions button[data-verb=stay]").click()
        page.wait_for_timeout(300)


def test_paused_options_wait_with_a_reason(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(bot_pause=0.1, between=1).base
    errors: list[str] = []
    page = new_page(browser, errors)
    _create(page, server, bots={"easy": 1})
    page.get_by_test_id("start-button").click()
    _until_free_stay(page)
    page.locator("[data-testid=host-tools] summary").click()
    page.get_by_test_id("pause").click()
    page.get_by_test_id("actions-reason").wait_for()
    reason = _words(page, "m.UI.plain.paused")
    assert page.get_by_test_id("actions-reason").inner_text() == reason
    buttons = page.locator("#actions button[data-verb]")
    assert buttons.count() >= 2
    for i in range(buttons.count()):
        assert buttons.nth(i).is_disabled()
        assert buttons.nth(i).get_attribute("aria-describedby") == "actions-reason"
    page.get_by_test_id("resume").click()
    page.locator("#actions button[data-verb=stay]:enabled").wait_for()
    assert page.get_by_test_id("actions-reason").count() == 0
    assert not [e for e in errors if "game_paused" in e], errors
    assert not errors, errors


def test_a_fold_that_gives_up_a_free_stay_asks_once(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    server = serve(bot_pause=0.1, between=1).base
    errors: list[str] = []
    page = new_page(browser, errors)
    _create(page, server, bots={"easy": 1})
    page.get_by_test_id("start-button").click()
    _until_free_stay(page)
    page.locator("#actions button[data-verb=fold]").click()
    question = page.get_by_test_id("fold-question")
    question.wait_for()
    assert question.inner_text().startswith(_words(page, "m.UI.plain.foldFree"))
    # The answer that keeps the hand has the focus; Escape goes back to the options.
    assert page.evaluate("document.activeElement.dataset.testid") == "fold-no"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "fold-question.png"))
    page.keyboard.press("Escape")
    question.wait_for(state="detached")
    assert page.evaluate("document.activeElement.dataset.verb") == "fold"
    # Asked once: the question's yes folds, with no second question.
    page.keyboard.press("Enter")
    page.get_by_test_id("fold-yes").wait_for()
    page.get_by_test_id("fold-yes").focus()
    page.keyboard.press("Enter")
    page.locator("#log [data-kind=folded]").first.wait_for()
    assert page.get_by_test_id("fold-question").count() == 0
    folds = page.locator("#log [data-kind=folded]").count()
    # Between hands the status line reads as sentences: one space between them, and
    # each begins with a capital ("Hand over. Next hand in 1 s.").
    page.locator("#status-clock:not(:empty)").wait_for()
    status = page.get_by_test_id("status").evaluate("node => node.textContent")
    assert "  " not in status.strip(), status
    assert not re.search(r"[.:] [a-z]", status), status

    # The setting turns the question off: the next free-stay fold goes at once.
    box = page.get_by_test_id("ask-fold")
    assert box.is_checked()
    box.uncheck()
    assert page.evaluate("localStorage.getItem('palace:askFold')") == "off"
    _until_free_stay(page)
    page.locator("#actions button[data-verb=fold]").click()
    page.wait_for_function(
        f"() => document.querySelectorAll('#log [data-kind=folded]').length > {folds}"
    )
    assert page.get_by_test_id("fold-question").count() == 0
    assert not errors, errors


def test_the_chat_has_a_tab_of_its_own(browser: Browser, server: str) -> None:
    errors: list[str] = []
    ann = new_page(browser, errors)
    _create(ann, server)
    bob = new_page(browser, errors, width=390, height=844)
    bob.goto(ann.url)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("join-submit").click()
    bob.get_by_test_id("join-panel").wait_for(state="hidden")
    # The chat is in its own tab; the game's log is shown first.
    assert not bob.get_by_test_id("chat-text").is_visible()
    bob.get_by_test_id("tab-chat").click()
    assert bob.get_by_test_id("chat-empty").is_visible()
    bob.get_by_test_id("chat-text").fill("hello from Bob")
    bob.get_by_test_id("chat-send").click()
    bob.get_by_test_id("chat-log").filter(has_text="hello from Bob").wait_for()
    assert not bob.get_by_test_id("chat-empty").is_visible()
    # Ann, on the game's tab: the chat tab counts the new line; the game's log
    # does not hold it.
    unread = ann.get_by_test_id("chat-unread")
    unread.wait_for()
    assert unread.inner_text() == _words(ann, "m.UI.plain.unread(...args)", 1)
    assert "hello from Bob" not in ann.get_by_test_id("log").inner_text()
    ann.get_by_test_id("tab-chat").click()
    assert "hello from Bob" in ann.get_by_test_id("chat-log").inner_text()
    assert not unread.is_visible()
    # The arrow keys move between the tabs (the WAI-ARIA tabs pattern).
    ann.get_by_test_id("tab-chat").focus()
    ann.keyboard.press("ArrowLeft")
    assert ann.get_by_test_id("log").is_visible()
    assert ann.get_by_test_id("tab-log").get_attribute("aria-selected") == "true"

    # The game starts: whoever is not to act reads whose turn it is, in place of
    # the options (the server sends options only to the player to act).
    ann.get_by_test_id("start-button").click()
    ann.locator("#actions button[data-verb]:enabled, [data-testid=actions-reason]").first.wait_for()
    waiting, other = (
        (bob, "Ann") if ann.locator("#actions button[data-verb]").count() else (ann, "Bob")
    )
    reason = waiting.get_by_test_id("actions-reason")
    reason.wait_for()
    assert reason.inner_text() == _words(waiting, "m.UI.plain.notYourTurn(...args)", other)
    assert waiting.locator("#actions button[data-verb]").count() == 0
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "cy", "sk"])
def test_bots_are_named_by_their_level_in_the_language(
    browser: Browser, server: str, lang: str
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    _create(page, server, lang=lang, bots={"easy": 1})
    badge = page.locator("[data-testid=seat-1] .badge-bot")
    text = badge.evaluate("node => node.textContent")  # (the style writes it in capitals)
    assert text == _words(page, "m.UI.badges.bot(m.UI.home.levels.easy)")
    assert "easy" not in text.lower() or lang == "en"
    seated = page.locator("#log [data-kind=seated]").nth(1).inner_text()
    if lang == "en":
        assert "(an easy bot)" in seated, seated
    else:
        assert "easy" not in seated, seated
        assert _words(page, "m.UI.home.levels.easy").lower() in seated.lower(), seated
    assert not errors, errors


#: How wide a text is in an element's font, in CSS pixels (a canvas measures it).
MEASURE = """node => {
  const style = getComputedStyle(node);
  const context = document.createElement('canvas').getContext('2d');
  context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const room = node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return [context.measureText(node.placeholder).width, room];
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_chat_placeholder_fits(browser: Browser, server: str, lang: str) -> None:
    errors: list[str] = []
    ann = new_page(browser, errors)
    _create(ann, server, lang=lang)
    for width, height in ((1366, 768), (390, 844), (360, 640)):
        ann.set_viewport_size({"width": width, "height": height})
        ann.get_by_test_id("tab-chat").click()
        text, room = ann.get_by_test_id("chat-text").evaluate(MEASURE)
        assert text <= room, (lang, width, text, room)
    assert not errors, errors


# ------------------------------------------------------------------ no code in any language


@pytest.mark.parametrize("lang", LANGS)
def test_no_page_shows_a_code_or_the_servers_english(
    browser: Browser, server: str, lang: str
) -> None:
    errors: list[str] = []
    home = new_page(browser, errors)
    home.goto(f"{server}/?lang={lang}")
    _ready(home)
    home.get_by_test_id("create-host-name").fill("Ann")
    home.get_by_test_id("create-stack").fill("100000000000000000000")
    _refused(home, "stack")
    _no_program_words(home.locator("body").inner_text(), (lang, "home"))

    ann = new_page(browser, errors)
    _create(ann, server, lang=lang)
    _no_program_words(ann.locator("body").inner_text(), (lang, "alone"))
    assert ann.get_by_test_id("start-button").is_disabled()

    # A refused join: the name is taken.
    bob = new_page(browser, errors)
    bob.goto(f"{ann.url}?lang={lang}")
    _ready(bob)
    bob.get_by_test_id("join-name").fill("Ann")
    bob.get_by_test_id("join-submit").click()
    bob.wait_for_function("() => document.getElementById('join-error').textContent !== ''")
    assert bob.get_by_test_id("join-error").inner_text() == _words(bob, "m.ERRORS.name_taken")
    _no_program_words(bob.locator("body").inner_text(), (lang, "join"))

    # A host setting the server refuses (a big bet below the small bet): a notice.
    ann.locator("[data-testid=host-tools] summary").click()
    ann.get_by_test_id("setting-big_bet").fill("3")
    ann.get_by_test_id("settings-save").click()
    notice = ann.get_by_test_id("notice")
    notice.wait_for()
    assert notice.locator("span").first.inner_text().strip() == _words(
        ann, "m.ERRORS.invalid_settings"
    )
    assert notice.get_attribute("data-code") == "invalid_settings"  # the code stays out of the text
    _no_program_words(ann.locator("body").inner_text(), (lang, "notice"))
    # An unknown code gets the general sentence, never the code or the message.
    said = _words(ann, "m.errorText('no_such_code', 'SERVER MESSAGE')")
    assert said == _words(ann, "m.UI.plain.unknownError")
    assert not _unexpected(errors), errors
