"""The table for a keyboard and a screen reader, in Chromium.

* The trim picker that follows a buy made with a number key takes the focus, even
  when the focus was elsewhere on the page (the log): the player is at the keys
  of their own turn.
* Every card is an image named by the card, in the page's language: the large
  faces, the backs, the cards inside the log's sentences; a card struck through
  (``struck: true`` of cards.js, a card of the opponent's banner suit) is named as
  not counting, in each language.

Skipped when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page

from browser_helpers import AUTOPLAY, LANGS, Position, new_page, open_seat
from server_helpers import ServerProcess

#: A card's name in English ("Ten of hearts"), as words.js's cardName says it.
NAME = re.compile(
    r"^(Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of "
    r"(clubs|diamonds|hearts|spades)$"
)


def _at_a_buy(browser: Browser, server: ServerProcess, errors: list[str]) -> Page:
    """Ann's page at a turn of hers where she may buy (Bob, who never connects,
    has his turns played by the clock)."""
    created = server.create(name="Palace", seats=2, stack=1000, turn_seconds=5)
    server.join(created["table"], "Bob")
    page = open_seat(browser, errors, Position(server.base, created["table"], created["token"]))
    page.get_by_test_id("start-button").click()
    page.locator("#actions [data-testid=option-buy]:enabled").wait_for(timeout=30_000)
    return page


def test_the_trim_picker_takes_the_focus(
    browser: Browser, serve: Callable[..., ServerProcess]
) -> None:
    errors: list[str] = []
    page = _at_a_buy(browser, serve(), errors)
    key = page.locator("#actions [data-testid=option-buy]").get_attribute("data-key")
    assert key
    page.get_by_test_id("log").focus()  # the player was reading the log
    page.keyboard.press(key)
    page.get_by_test_id("picker-trim").wait_for()
    page.wait_for_function(
        "document.activeElement && document.activeElement.closest('[data-testid=picker-trim]')"
    )
    assert page.evaluate("document.activeElement.dataset.testid").startswith("pick-")
    assert not [e for e in errors if AUTOPLAY not in e], errors


def test_every_card_is_named(browser: Browser, serve: Callable[..., ServerProcess]) -> None:
    errors: list[str] = []
    page = _at_a_buy(browser, serve(), errors)
    page.locator("#log .card-inline").first.wait_for()
    cards = page.evaluate(
        """() => [...document.querySelectorAll('.card, .card-inline')].map((c) => ({
             kind: c.className, role: c.getAttribute('role'),
             name: c.getAttribute('aria-label'), card: c.dataset.card || null }))"""
    )
    faces = [c for c in cards if "back" not in c["kind"]]
    assert len(faces) >= 5  # the palace, the banners, the log's cards
    assert [c for c in cards if "card-inline" in c["kind"]], "no card in the log"
    for card in cards:
        assert card["role"] == "img", card
        if "back" in card["kind"]:
            assert card["name"], card
        else:
            assert NAME.match(card["name"]), card
    # and as the browser's accessibility tree has it (role and name)
    palace = page.locator("[data-testid=my-palace] .card.face").first
    name = palace.get_attribute("aria-label")
    assert name
    assert page.get_by_role("img", name=name, exact=True).count() >= 1
    assert not [e for e in errors if AUTOPLAY not in e], errors


STRUCK = """async () => {
  const { cardFace, cardInline, cardRow } = await import('/static/cards.js');
  const face = cardFace('Jc', { size: 'sm', struck: true });
  const plain = cardFace('Jc', { size: 'sm' });
  const inline = cardInline('Jc', { struck: true });
  const row = cardRow(['Jc', 'Ah'], { struck: new Set(['Jc']) });
  const said = (n) => [
    n.getAttribute('role'), n.getAttribute('aria-label'), n.classList.contains('struck')];
  return { face: said(face), plain: said(plain), inline: said(inline),
           row: [...row.children].map(said) };
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_struck_card_is_named_as_not_counting(browser: Browser, server: str, lang: str) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(f"{server}/?lang={lang}")
    page.locator(f"html[data-words-ready={lang}]").wait_for(state="attached")
    words = page.evaluate(
        """async () => {
             const w = await import('/static/words.js');
             return [w.cardName('Jc'), w.cardName('Ah'), w.EXPLAIN.doesNotCount];
           }"""
    )
    jack, ace, not_counting = words
    said = page.evaluate(STRUCK)
    struck_name = f"{jack}, {not_counting}"
    assert said["face"] == ["img", struck_name, True]
    assert said["plain"] == ["img", jack, False]
    assert said["inline"] == ["img", struck_name, True]
    assert said["row"] == [["img", struck_name, True], ["img", ace, False]]
    assert jack != "Jack of clubs" or lang == "en"
    assert not errors, errors
