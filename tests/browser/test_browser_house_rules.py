"""House rules at the browser table (docs/server.md, *House rules*): the host picks a
preset and sets house rules on the create form; a variant the deck cannot deal is
refused in words, naming the field; the table shows a house-rules line to every seat
and spectator, and deals the hands in the variant (two palace cards in the quick
game). The host's view goes to ``test-artifacts/house-rules.png``
(``docs/images/house-rules.png`` holds a copy)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page

from browser_helpers import LANGS, fill_table_form, new_page
from paths import ARTIFACTS
from server_helpers import ServerProcess


def _house_rules(page: Page) -> str:
    line = page.get_by_test_id("house-rules")
    line.wait_for()
    return line.inner_text()


@pytest.mark.rule("V-PALACE-1")
def test_a_table_with_house_rules_is_made_on_the_form_and_shown(
    browser: Browser, server: str
) -> None:
    errors: list[str] = []
    ann = new_page(browser, errors, width=1280, height=800)
    ann.goto(f"{server}/")
    fill_table_form(ann, "House rules", seats=7, turn_seconds=None, bots={"random": 1})
    ann.get_by_test_id("create-preset").select_option("quick")
    ann.locator("[data-testid=create-house-rules] summary").click()
    ann.get_by_test_id("create-deck").select_option("5")  # 20 cards, 10 to A
    ann.get_by_test_id("create-struck").select_option("rank")

    # 20 cards deal a banner and two palace cards to six players, not to seven
    # (R-PALACE-1): the server refuses the seats, and the form says so in words
    ann.get_by_test_id("create-submit").click()
    refusal = ann.get_by_test_id("create-error")
    refusal.filter(has_text="variant").wait_for()
    assert "Seats" in refusal.inner_text()
    assert ann.get_by_test_id("create-seats").get_attribute("aria-invalid") == "true"
    assert re.search(r"/$", ann.url)  # still the form: nothing was made

    ann.get_by_test_id("create-seats").fill("3")
    ann.get_by_test_id("create-deck").select_option("9")  # 36 cards, 6 to A
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    said = _house_rules(ann)
    for words in (
        "House rules",
        "Quick game",
        "36 cards, 6 to A",
        "2 palace cards",
        "at most 3 soldiers",
        "a banner strikes its rank",
        "1 raise a battle",
    ):
        assert words in said, (words, said)

    watcher = new_page(browser, errors, width=390, height=844)
    watcher.goto(ann.url)
    watcher.get_by_test_id("spectate").click()
    assert _house_rules(watcher) == said  # public: a spectator sees the same line

    ann.get_by_test_id("start-button").click()
    ann.get_by_test_id("my-palace").wait_for()
    assert ann.locator("[data-testid=my-palace] .card.face").count() == 2
    # every other seat in the hand shows two face-down palace cards (V-PALACE-1)
    backs = ann.locator(".seat:not(.you) .palace").first
    backs.wait_for()
    assert backs.locator(".card.back").count() == 2
    against = ann.get_by_test_id("hand-against").inner_text()
    assert re.match(r"against \w+ \(no [a-z]+s\)", against), against  # a rank (V-CMP-1)
    ann.wait_for_timeout(300)  # the deal drawn
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "house-rules.png"))

    # a table of the standard game has no line
    ann.goto(f"{server}/")
    ann.get_by_test_id("create-host-name").fill("Ann")
    ann.get_by_test_id("create-submit").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"))
    ann.get_by_test_id("start-button").wait_for()
    assert ann.get_by_test_id("house-rules").is_hidden()
    # the refused form's answer (400) is the one message of the console
    assert [e for e in errors if "status of 400" not in e] == [], errors
    assert len(errors) == 1, errors


def test_the_house_rules_line_is_in_the_players_language(browser: Browser, server: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/?lang=cy")
    page.locator("html[data-words-ready]").wait_for(state="attached")
    page.get_by_test_id("create-host-name").fill("Ann")
    page.get_by_test_id("create-preset").select_option("short-deck")
    page.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    said = _house_rules(page)
    assert "Rheolau'r tŷ" in said, said
    assert "36 cerdyn, 6 i A" in said, said
    assert not errors, errors


#: The English plural of each rank, as the your-hands panel names a rank struck.
RANKS_MANY = {
    "2": "twos",
    "3": "threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "T": "tens",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
    "A": "aces",
}


def _seat_page(
    browser: Browser, errors: list[str], base: str, table: str, seat: dict[str, Any]
) -> Page:
    """The table's page as the seat whose token ``seat`` holds (kept where the page
    keeps it), in English."""
    page = new_page(browser, errors, width=1280, height=800)
    saved = json.dumps({"token": seat["token"], "seat": seat["seat"]})
    page.add_init_script(f"localStorage.setItem('palace:{table}', {json.dumps(saved)});")
    page.goto(f"{base}/t/{table}?lang=en")
    return page


def _enabled(page: Page, verb: str) -> Locator:
    return page.locator(f"#actions [data-testid=option-{verb}]:enabled")


def _buy_until_a_trim_must_discard(ann: Page, bob: Page) -> str:
    """Ann buys at each of her turns and keeps every soldier while she may; Bob stays.
    The title (legend) of the first trim that must discard."""
    limit = time.monotonic() + 60
    while time.monotonic() < limit:
        picker = ann.get_by_test_id("picker-trim")
        if picker.count():
            title = picker.locator("legend").inner_text()
            if not ann.get_by_test_id("pick-submit").is_enabled():
                return title
            ann.get_by_test_id("pick-submit").click()  # none discarded: keep them all
            ann.get_by_test_id("picker-trim").wait_for(state="detached")
        elif _enabled(ann, "buy").count():
            _enabled(ann, "buy").click()
        elif _enabled(bob, "stay").count():
            _enabled(bob, "stay").click()
        else:
            time.sleep(0.1)
    raise AssertionError("Ann never had to discard at a trim")


@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("V-BUY-3")
def test_the_table_words_follow_the_variant(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    """At a table where a banner strikes its rank and a trim keeps three soldiers, the
    your-hands panel names the rank struck ("against Bob (no queens)", not a suit),
    and the trim that must discard says three soldiers, not five."""
    server = serve(bot_pause=0.2, between=30)
    variant = {"soldiers": 3, "struck": "rank"}
    made = server.create(name="Ranks", seats=2, small_bet=2, stack=400, variant=variant)
    table = made["table"]
    errors: list[str] = []
    seats = [made, server.join(table, "Bob")]
    ann, bob = (_seat_page(browser, errors, server.base, table, seat) for seat in seats)
    ann.get_by_test_id("start-button").click()

    against = ann.get_by_test_id("hand-against")
    against.wait_for()
    banner = bob.locator(".my-army .card.banner")
    banner.wait_for()
    rank = str(banner.get_attribute("data-card"))[0]
    said = against.inner_text()
    assert said.startswith(f"against Bob (no {RANKS_MANY[rank]}): "), said
    assert not set(said) & set("♠♥♦♣"), said  # no suit: the banner strikes its rank

    title = _buy_until_a_trim_must_discard(ann, bob)
    assert title == "You may keep at most 3 soldiers: discard 1 to 4", title
    assert not errors, errors


# Runs in the page, in its language: the reason a rank-reading battle gives for a
# struck card (V-CMP-1: Bob's banner 4c strikes Ann's 4d) and a suit-reading one's,
# the refusal of a trim that keeps too many and the trim's title, at three soldiers,
# at one and in the standard game.
RANK_WORDS = """async () => {
  const explain = await import("/static/explain.js");
  const { errorText, UI } = await import("/static/words.js");
  const side = (seat, banner, palace, struck, counted) => ({
    seat, banner, palace, soldiers: [], struck, counted, own_suit: 1,
    hand: { value: 0, category: "high_card", ranks: ["A"] },
  });
  const said = {
    type: "explanation", event: 0, seats: [0, 1], kind: "battle", winners: [1],
    decided_by: "rank", suit_decided: false,
    sides: [side(0, "Qs", ["Kc", "4d", "2h"], ["4d"], ["Kc", "Qs", "2h"]),
            side(1, "4c", ["Ad", "9h", "3d"], [], ["Ad", "9h", "4c", "3d"])],
  };
  const reason = (byRank) => {
    const ctx = { who: (h) => ["Ann", "Bob"][h], mine: (h) => h === 0, byRank };
    const node = explain.explainedSide(said, said.sides[0], ctx, "attacker");
    return node.querySelector("[data-testid=struck-reason]").textContent;
  };
  return {
    byRank: reason(true),
    bySuit: reason(false),
    most3: errorText("too_many_soldiers", { most: 3 }),
    most1: errorText("too_many_soldiers", { most: 1 }),
    standard: errorText("too_many_soldiers"),
    trim3: UI.trimTitle(1, 4, 3),
    trim5: UI.trimTitle(1, 6, 5),
  };
}"""

#: A word of each language's rank-reading reason: the rank of Bob's banner, a four.
FOUR = {"en": "four banner", "cy": "pedwarau", "si": "හතර", "sk": "štvorka", "ps": "څلور"}
#: The standard game's refusal, word for word as it was before variants.
FIVE = {
    "en": "You may keep at most five soldiers.",
    "cy": "Cei di gadw pum milwr ar y mwyaf.",
    "si": "ඔබට තබා ගත හැක්කේ සොල්දාදුවන් පස් දෙනෙකු පමණි.",
    "sk": "Môžeš si nechať najviac päť vojakov.",
    "ps": "تاسو تر ټولو ډیر پنځه سرتیري ساتلی شئ.",
}


@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("V-BUY-3")
@pytest.mark.parametrize("lang", LANGS)
def test_the_variants_words_in_each_language(browser: Browser, server: str, lang: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/?lang={lang}")
    page.locator("html[data-words-ready]").wait_for(state="attached")
    got = page.evaluate(RANK_WORDS)
    assert FOUR[lang] in got["byRank"], got
    assert "♣" not in got["byRank"], got  # the rank, not the suit
    assert "♣" in got["bySuit"], got
    assert got["standard"] == FIVE[lang], got
    assert got["trim5"].startswith(FIVE[lang][:-1]), got  # "…five soldiers: discard 1"
    for said in (got["most3"], got["most1"], got["trim3"]):
        assert said not in (got["standard"], got["trim5"]), got
        assert not re.search("undefined|NaN", said), got
    assert "3" in got["most3"], got
    assert "3" in got["trim3"], got
    if lang == "en":
        assert got["byRank"] == "Fours do not count against Bob\u2019s four banner", got
        assert got["most3"] == "You may keep at most 3 soldiers.", got
        assert got["most1"] == "You may keep at most 1 soldier.", got
    assert not errors, errors
