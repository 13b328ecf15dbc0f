"""Battles explained in a real browser, to whom may know (R-CMP-1..3, R-INFO-3, R-END-3).

Ann and Bob sit at a table of two (made and joined over HTTP, their seats' tokens put
where the page keeps them), Cy watches. In the first hand Ann attacks Bob and Bob
calls: each battler's battle panel shows both hands as they were compared (the cards
that fought, struck cards marked, both hands named, what decided), and their log says
it too; Cy's shows who fought and who won, with no hand named and no explanation in
the log. In the second hand both stay: the quiet round's comparison of the last two
(R-END-3) is titled and announced as such, to the battlers with both hands. Each
player's own hand is in view all along ("Your hand"), and each attack option says
what they hold against that opponent.

The explanation's sentences in the five languages are checked by drawing the panel
from explanations of every kind in the page itself (struck cards announced as not
counting, the own-suit count, a tie, a showdown). Screenshots go to test-artifacts/
(docs/images/ holds copies: the pages of the docs do not change with each run).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import LANGS, new_page
from paths import ARTIFACTS
from server_helpers import ServerProcess

pytestmark = [pytest.mark.rule("R-INFO-3"), pytest.mark.rule("R-CMP-1")]

IMAGES = ARTIFACTS


def _seat_page(
    browser: Browser, errors: list[str], base: str, table: str, seat: dict[str, Any]
) -> Page:
    """A page of the table (on a 1366x768 laptop) as the seat whose token is
    ``seat["token"]``, kept where the page keeps it."""
    page = new_page(browser, errors, width=1366, height=768)
    saved = json.dumps({"token": seat["token"], "seat": seat["seat"]})
    page.add_init_script(f"localStorage.setItem('palace:{table}', {json.dumps(saved)});")
    page.goto(f"{base}/t/{table}?lang=en")
    return page


def _wait(what: Callable[[], bool], seconds: float = 20.0) -> None:
    limit = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < limit, "waited too long"
        time.sleep(0.1)


def _click_when_offered(pages: list[Page], verbs: tuple[str, ...]) -> bool:
    """Whoever has a decision clicks the first of ``verbs`` offered."""
    for page in pages:
        for verb in verbs:
            button = page.locator(f"#actions [data-testid=option-{verb}]:enabled")
            if button.count():
                button.first.click()
                return True
    return False


def _decide_until(pages: list[Page], verbs: tuple[str, ...], done: Callable[[], bool]) -> None:
    limit = time.monotonic() + 30
    while not done():
        assert time.monotonic() < limit, "the hand did not get there"
        submit = [p for p in pages if p.get_by_test_id("pick-submit").count()]
        for page in submit:  # a trim after a capture: keep as many as allowed
            page.get_by_test_id("pick-submit").click()
        if not _click_when_offered(pages, verbs):
            time.sleep(0.1)


def _explained(page: Page) -> int:
    return page.locator("[data-testid=battle] [data-testid=explained-side]").count()


def _game(
    browser: Browser, server: ServerProcess, errors: list[str], names: tuple[str, ...]
) -> tuple[list[Page], Page]:
    """A table of ``names`` (Ann the host, each on their own page) and a watcher's page,
    the game started."""
    made = server.create(name="Explained", seats=len(names), small_bet=2, stack=200)
    table = made["table"]
    seats = [made, *(server.join(table, name) for name in names[1:])]
    pages = [_seat_page(browser, errors, server.base, table, seat) for seat in seats]
    watcher = new_page(browser, errors, width=1366, height=768)
    watcher.goto(f"{server.base}/t/{table}?lang=en")
    watcher.get_by_test_id("spectate").click()
    pages[0].get_by_test_id("start-button").click()
    return pages, watcher


def test_a_battle_is_explained_to_its_battlers_and_not_to_others(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    errors: list[str] = []
    (ann, bob), cy = _game(browser, serve(bot_pause=0.2, between=30), errors, ("Ann", "Bob"))
    for page in (ann, bob):
        page.get_by_test_id("my-strength").wait_for()
        assert page.get_by_test_id("my-best").inner_text().strip()
    # The one who acts first attacks; beside the attack, what they hold against them.
    players = [ann, bob]
    _wait(lambda: any(p.locator("#actions [data-testid=option-bet]").count() for p in players))
    first = next(p for p in players if p.locator("#actions [data-testid=option-bet]").count())
    holds = first.locator("#actions [data-testid=option-bet] [data-testid=holds]")
    assert holds.count() >= 1
    assert "against them" in holds.first.inner_text()
    first.locator("#actions [data-testid=option-bet]").first.click()
    _decide_until(players, ("call",), lambda: _explained(ann) == 2 and _explained(bob) == 2)

    for page in (ann, bob):
        panel = page.get_by_test_id("battle")
        names = panel.get_by_test_id("hand-name")
        assert names.count() == 2
        assert all(names.nth(i).inner_text().strip() for i in range(2))
        why = " ".join(panel.locator("[data-testid=why]").all_inner_texts())
        assert any(word in why for word in ("beats", "decide", "Equal hands")), why
        struck = panel.locator(".card.struck")
        for i in range(struck.count()):  # a struck card is announced as not counting
            assert "does not count" in str(struck.nth(i).get_attribute("aria-label"))
        if struck.count():
            assert panel.get_by_test_id("struck-reason").count() >= 1
        log = page.get_by_test_id("log")
        assert log.locator("[data-kind=explained]").count() >= 3  # two hands and why
    # The spectator learns who fought and who won, and nothing about the hands.
    _wait(lambda: cy.get_by_test_id("battle").count() == 1)
    assert _explained(cy) == 0
    assert cy.locator("[data-testid=hand-name], [data-testid=my-strength]").count() == 0
    assert cy.locator("[data-testid=log] [data-kind=explained]").count() == 0
    assert "wins the battle" in cy.get_by_test_id("battle").inner_text()

    IMAGES.mkdir(exist_ok=True)
    for page, name in ((ann, "ann"), (bob, "bob"), (cy, "spectator")):
        page.get_by_test_id("battle").scroll_into_view_if_needed()
        page.screenshot(path=str(IMAGES / f"battle-explained-{name}.png"))
    assert not errors, errors


def test_a_quiet_round_of_the_last_two_is_announced_as_one(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    errors: list[str] = []
    players, _ = _game(browser, serve(bot_pause=0.2, between=30), errors, ("Ann", "Bob"))
    ann = players[0]

    def compared() -> bool:
        return all(p.locator("[data-testid=battle].quiet").count() for p in players)

    _decide_until(players, ("stay",), compared)
    for page in players:
        panel = page.get_by_test_id("battle")
        text = panel.inner_text()
        assert "last two compared" in text.lower(), text  # (the title is in capitals)
        assert "Quiet round with two left" in text, text
        assert _explained(page) == 2
    ann.get_by_test_id("battle").scroll_into_view_if_needed()
    IMAGES.mkdir(exist_ok=True)
    ann.screenshot(path=str(IMAGES / "quiet-round-compared.png"))
    assert not errors, errors


@pytest.mark.rule("R-END-4")
@pytest.mark.rule("R-INFO-4")
def test_a_showdown_names_every_hand_to_everyone(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    errors: list[str] = []
    server = serve(bot_pause=0.2, between=30)
    pages, watcher = _game(browser, server, errors, ("Ann", "Bob", "Cy"))

    def shown() -> bool:
        return all(p.get_by_test_id("showdown").count() for p in [*pages, watcher])

    _decide_until(pages, ("stay",), shown)
    for page in [*pages, watcher]:
        showdown = page.get_by_test_id("showdown")
        assert showdown.locator("[data-testid=hand-name]").count() == 3
        text = showdown.inner_text()
        assert "Best hand" in text, text
        names = showdown.locator("[data-testid=hand-name]").all_inner_texts()
        winners = showdown.locator(".won [data-testid=hand-name]").all_inner_texts()
        if len(winners) == 1 and names.count(winners[0]) > 1:  # ace high beats ace high
            assert "other cards decide" in text, text
        assert showdown.locator(".card.struck").count() == 0  # every card counts
    watcher.get_by_test_id("showdown").scroll_into_view_if_needed()
    IMAGES.mkdir(exist_ok=True)
    watcher.screenshot(path=str(IMAGES / "showdown-explained.png"))
    assert not errors, errors


#: Explanations of every kind, as the server sends them (hand seats 0 and 1).
SIDES = [
    {
        "seat": 0,
        "banner": "Qs",
        "palace": ["Kc", "Kd", "2h"],
        "soldiers": ["9s"],
        "struck": ["Kc"],
        "counted": ["Kd", "Qs", "9s", "2h"],
        "hand": {"value": 0, "category": "high_card", "ranks": ["K"]},
        "own_suit": 2,
    },
    {
        "seat": 1,
        "banner": "4c",
        "palace": ["Ad", "9h", "3d"],
        "soldiers": [],
        "struck": [],
        "counted": ["Ad", "9h", "4c", "3d"],
        "hand": {"value": 0, "category": "high_card", "ranks": ["A"]},
        "own_suit": 1,
    },
]
KINDS = [
    {"kind": "battle", "winners": [1], "decided_by": "rank", "suit_decided": True},
    {"kind": "battle", "winners": [0], "decided_by": "own_suit", "suit_decided": False},
    {"kind": "quiet_round", "winners": [], "decided_by": "tie", "suit_decided": False},
    {"kind": "battle", "winners": [0], "decided_by": "kickers", "suit_decided": False},
    {"kind": "showdown", "winners": [0, 1], "decided_by": "tie", "suit_decided": False},
    {"kind": "quiet_round", "winners": [1], "decided_by": "unseen", "suit_decided": False},
]

DRAW = """async ([kinds, sides]) => {
  const explain = await import("/static/explain.js");
  const { sentence } = await import("/static/log.js");
  const ctx = { who: (h) => ["Ann", "Bob"][h], mine: (h) => h === 0 };
  const out = [];
  for (const kind of kinds) {
    const said = { type: "explanation", event: 0, seats: [0, 1], ...kind,
                   sides: kind.decided_by === "unseen" ? [] : sides };
    const node = document.createElement("div");
    for (const parts of explain.explanationLines(said, ctx)) {
      const li = document.createElement("p");
      li.append(...sentence(parts));
      node.append(li);
    }
    for (const side of said.sides) node.append(explain.explainedSide(said, side, ctx, "a"));
    document.body.append(node);
    const struck = [...node.querySelectorAll(".struck")];
    out.push({ text: node.innerText, struck: struck.map((n) => n.getAttribute("aria-label")) });
  }
  return out;
}"""


@pytest.mark.rule("R-CMP-2")
@pytest.mark.rule("R-CMP-3")
@pytest.mark.rule("R-END-3")
@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_of_explanation_reads_in_each_language(
    browser: Browser, server: str, lang: str
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/?lang={lang}")
    drawn = page.evaluate(DRAW, [KINDS, SIDES])
    english = None
    if lang != "en":
        page.goto(f"{server}/?lang=en")
        english = page.evaluate(DRAW, [KINDS, SIDES])
    for i, (kind, said) in enumerate(zip(KINDS, drawn, strict=True)):
        text = said["text"]
        for bad in ("undefined", "null", "NaN", "[object", "high_card", "quiet_round"):
            assert bad not in text, (lang, kind, text)
        assert "Ann" in text, (lang, kind, text)
        if kind["decided_by"] == "unseen":
            assert not said["struck"], (lang, said)
            continue
        # The struck K♣ is marked, in the side (and in a battle's line), as not counting.
        assert len(said["struck"]) >= (1 if kind["kind"] == "showdown" else 2), (lang, said)
        assert len({label.split(",")[-1] for label in said["struck"]}) == 1, said
        if english is not None:  # a translation, not the English words
            assert text != english[i]["text"], (lang, kind)
    assert "2" in drawn[1]["text"], drawn[1]  # the own-suit counts are said
    assert not errors, errors
