"""Stacked decks for scenario tests.

:func:`stacked` deals a hand whose banners, palace cards and stock are chosen by
the test, by writing the shuffles a hand record would list. The banner deal takes
the listed banners in dealing order (they must fit R-BANNER-2 without set-asides);
the stock shuffle deals the palace cards in three rounds, then the listed stock
cards top first, then every remaining card.
"""

from __future__ import annotations

from collections.abc import Sequence

from palace_poker import DECK, Card, Hand, RecordedShuffle, Rules, format_cards, parse_cards


def dealing_order(n: int, dealer: int) -> list[int]:
    """Seats from the dealer's left round to the dealer."""
    return [(dealer + 1 + i) % n for i in range(n)]


def stacked_shuffles(
    *,
    dealer: int,
    banners: Sequence[str],
    palaces: Sequence[str],
    stock: str = "",
    cards: Sequence[Card] = DECK,
) -> list[str]:
    """The two shuffles (deck, stock) that deal these banners, palaces and stock.

    ``banners[s]`` and ``palaces[s]`` (three cards, ``"As Kd 7c"``, or as many as the
    variant deals) are seat ``s``'s; ``cards`` is the deck (a variant's).
    """
    n = len(banners)
    order = dealing_order(n, dealer)
    banner_cards = [Card.parse(banners[s]) for s in order]
    rest = [c for c in cards if c not in banner_cards]
    deck = banner_cards + rest
    palace_cards = [parse_cards(p) for p in palaces]
    dealt = [palace_cards[s][r] for r in range(len(palace_cards[0])) for s in order]
    top = parse_cards(stock)
    used = set(banner_cards) | set(dealt) | set(top)
    assert len(used) == len(banner_cards) + len(dealt) + len(top), "a card is used twice"
    remaining = [c for c in cards if c not in used]
    return [format_cards(deck), format_cards(dealt + top + remaining)]


def stacked(
    *,
    banners: Sequence[str],
    palaces: Sequence[str],
    stock: str = "",
    dealer: int = 0,
    stacks: Sequence[int] | None = None,
    rules: Rules | None = None,
    later: Sequence[str] = (),
) -> Hand:
    """A hand dealt from stacked shuffles; ``later`` lists further shuffles
    (discard-pile reshuffles) in order."""
    rules = rules if rules is not None else Rules.of(10)
    shuffles = stacked_shuffles(
        dealer=dealer, banners=banners, palaces=palaces, stock=stock, cards=rules.variant.deck
    )
    n = len(banners)
    return Hand.deal(
        rules,
        list(stacks) if stacks is not None else [1000] * n,
        dealer=dealer,
        shuffle=RecordedShuffle([*shuffles, *later]),
    )


def play(hand: Hand, *actions: str) -> Hand:
    """Apply actions in order; return the hand."""
    for action in actions:
        hand.apply(action)
    return hand


def snapshot(hand: Hand) -> object:
    """Everything about a hand that an action could change, for 'unchanged' checks."""
    return (
        hand.to_record(),
        tuple(hand.stacks),
        tuple(hand.contributions),
        tuple(tuple(s) for s in hand.soldiers),
        tuple(hand.stock),
        tuple(hand.discard_pile),
        tuple(hand.in_hand),
        hand.phase,
        hand.to_act,
        len(hand.events),
        tuple(hand.quiet),
    )
