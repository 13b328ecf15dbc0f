"""Poker hand values (R-CARD-2, R-CARD-3), with a suit left out on request (R-CMP-1).

:func:`evaluate` turns any number of cards into one integer: the higher integer is
the better hand and equal integers tie. The integer is readable::

    value = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

where ``r1``..``r5`` are the ranks the category compares, in order (two pair: high
pair, low pair, kicker; full house: trips, pair; straight and straight flush: the
top card only, the five for A-2-3-4-5), each stored as rank index + 1 (1 for a two
up to 13 for an ace) and 0 where the hand has no card, so that a missing kicker
ranks below every card (R-CARD-3).

>>> from palace_poker.cards import parse_cards
>>> describe(evaluate(parse_cards("As Ad Kh Kc 7s 7d 2c")))
'two pair, aces and kings'
>>> hex(evaluate(parse_cards("As Ad Kh Kc 7s 7d 2c")))
'0x2dc600'

How it is fast: every card maps to a precomputed integer *key* that adds up the
rank counts (3 bits per rank) and the suit counts (5 bits per suit), so one loop of
additions describes the hand. A flush is only possible when a suit count reaches
five, which one mask test finds; otherwise the rank counts alone decide the value,
and a dictionary caches it per rank multiset, filled on first use.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

__all__ = ["Category", "category", "describe", "evaluate"]


class Category(IntEnum):
    """Hand categories from worst to best (R-CARD-2)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


_CATEGORY_SHIFT = 20
_RANK_COUNT = 13
_RANK_NAMES = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)

# --- Card keys --------------------------------------------------------------------
# A key holds four 5-bit suit counters in bits 0..19 and thirteen 3-bit rank
# counters above them. Suit counters start at 11, so a counter reaches 16 (its top
# bit) exactly when its suit holds five cards; 11 + 13 < 32 never overflows. Rank
# counters hold at most 4 because the cards are distinct. The key stays below
# 2**59, so the cache key (the rank counters alone) is a cheap 39-bit integer.
_SUIT_BITS = 5
_RANK_SHIFT = 4 * _SUIT_BITS
_KEY_START = sum(11 << (_SUIT_BITS * suit) for suit in range(4))
_FLUSH_BITS = sum(16 << (_SUIT_BITS * suit) for suit in range(4))


def _card_key(card: int, excluded_suit: int | None) -> int:
    """The key of one card; 0 for a card of the excluded suit, so it never counts."""
    rank, suit = card >> 2, card & 3
    if suit == excluded_suit:
        return 0
    return 1 << (_RANK_SHIFT + 3 * rank) | 1 << (_SUIT_BITS * suit)


# One key table per excluded suit (None: no exclusion); indexing a tuple by the
# card's integer is the cheapest lookup Python offers.
_CARD_KEYS: dict[int | None, tuple[int, ...]] = {
    excluded: tuple(_card_key(card, excluded) for card in range(52))
    for excluded in (None, 0, 1, 2, 3)
}


# --- Tables over 13-bit rank masks ------------------------------------------------
def _pack(category: Category, ranks: Iterable[int]) -> int:
    """A value from its category and up to five rank indexes (best first)."""
    value = int(category)
    padded = [*(rank + 1 for rank in ranks), 0, 0, 0, 0, 0][:5]
    for stored in padded:
        value = value << 4 | stored
    return value


def _top_ranks(mask: int, count: int) -> list[int]:
    """The ``count`` highest rank indexes set in a 13-bit mask, highest first."""
    return [rank for rank in range(12, -1, -1) if mask >> rank & 1][:count]


def _straight_top(mask: int) -> int:
    """Rank index of the top card of the best straight in ``mask``, or -1.

    Straights do not wrap; the ace also plays low in A-2-3-4-5 (top card: the five).
    """
    for top in range(12, 3, -1):
        if mask >> (top - 4) & 0b11111 == 0b11111:
            return top
    wheel = 1 << 12 | 0b1111
    return 3 if mask & wheel == wheel else -1


def _flush_value(mask: int) -> int:
    """Value of the best flush or straight flush among one suit's ranks (5+ bits)."""
    top = _straight_top(mask)
    if top >= 0:
        return _pack(Category.STRAIGHT_FLUSH, [top])
    return _pack(Category.FLUSH, _top_ranks(mask, 5))


_STRAIGHT_TOPS: tuple[int, ...] = tuple(_straight_top(mask) for mask in range(1 << 13))
# Flush values for masks of five or more ranks; smaller masks are never looked up.
_FLUSH_VALUES: tuple[int, ...] = tuple(
    _flush_value(mask) if mask.bit_count() >= 5 else 0 for mask in range(1 << 13)
)


# --- Hands without a flush ----------------------------------------------------------
def _rank_value(rank_key: int) -> int:
    """Best value of a rank multiset (3 bits of count per rank), flushes aside.

    Groups are taken best first: higher count, then higher rank. With fewer than
    five cards the hand is all of them (R-CARD-3), so kicker slots may stay empty.
    """
    counts = [rank_key >> (3 * rank) & 7 for rank in range(_RANK_COUNT)]
    by_count: list[list[int]] = [[], [], [], [], []]
    for rank in range(12, -1, -1):
        by_count[counts[rank]].append(rank)
    quads, trips, pairs = by_count[4], by_count[3], by_count[2]
    if quads:
        return _pack(Category.FOUR_OF_A_KIND, [quads[0], *_kickers(counts, quads[:1], 1)])
    if trips and len(trips) + len(pairs) >= 2:
        # A second trips can give the pair of a full house.
        return _pack(Category.FULL_HOUSE, [trips[0], max([*trips[1:2], *pairs[:1]])])
    mask = sum(1 << rank for rank in range(_RANK_COUNT) if counts[rank])
    if _STRAIGHT_TOPS[mask] >= 0:
        return _pack(Category.STRAIGHT, [_STRAIGHT_TOPS[mask]])
    if trips:
        return _pack(Category.THREE_OF_A_KIND, [trips[0], *_kickers(counts, trips, 2)])
    if len(pairs) >= 2:
        # With three pairs the third pair's rank competes for the kicker.
        return _pack(Category.TWO_PAIR, [*pairs[:2], *_kickers(counts, pairs[:2], 1)])
    if pairs:
        return _pack(Category.ONE_PAIR, [pairs[0], *_kickers(counts, pairs, 3)])
    return _pack(Category.HIGH_CARD, _top_ranks(mask, 5))


def _kickers(counts: list[int], used: list[int], count: int) -> list[int]:
    """The ``count`` highest ranks held outside the ranks ``used``, highest first."""
    held = [rank for rank in range(12, -1, -1) if counts[rank] and rank not in used]
    return held[:count]


# Rank multiset -> value, filled on first use: at most a few hundred thousand
# entries for hands of up to nine cards, and building it eagerly would cost seconds.
_RANK_VALUES: dict[int, int] = {}


def _cached_rank_value(rank_key: int) -> int:
    value = _RANK_VALUES.get(rank_key)
    if value is None:
        value = _RANK_VALUES[rank_key] = _rank_value(rank_key)
    return value


# Per suit, card -> its rank bit if the card has that suit, else 0: summing these
# over a hand gives the suit's 13-bit rank mask without a Python-level test per card.
_SUIT_RANK_BITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 << (card >> 2) if card & 3 == suit else 0 for card in range(52)) for suit in range(4)
)


# The suits whose counter reached five, by the counters' flag bits. Nine or fewer
# cards flush in one suit at most; more cards may flush in several.
_FLUSH_SUITS: dict[int, tuple[int, ...]] = {
    sum(16 << (_SUIT_BITS * suit) for suit in suits): suits
    for suits in (tuple(suit for suit in range(4) if subset >> suit & 1) for subset in range(16))
}


def _value_with_flush(cards: Iterable[int], key: int) -> int:
    """Value of a hand in which some suit counter reached five cards."""
    best = _cached_rank_value(key >> _RANK_SHIFT)
    for suit in _FLUSH_SUITS[key & _FLUSH_BITS]:
        flush = _FLUSH_VALUES[sum(map(_SUIT_RANK_BITS[suit].__getitem__, cards))]
        # A flush beats a straight, but quads and full houses beat a flush.
        best = max(best, flush)
    return best


# --- Public API ---------------------------------------------------------------------
def evaluate(cards: Iterable[int], excluded_suit: int | None = None) -> int:
    """Value of the best hand made from ``cards``; higher is better, equal ties.

    The hand follows ordinary high poker (R-CARD-2): the ace is high, and low only
    in A-2-3-4-5; straights do not wrap. It is the best five-card combination of the
    usable cards (R-CARD-3); with fewer than five it is all of them, straights and
    flushes then impossible and missing kickers ranking below every card. Every card
    whose suit is ``excluded_suit`` is unusable: the opponent's banner suit in a
    battle (R-CMP-1); it is a suit index 0..3 (a :class:`~palace_poker.cards.Suit`)
    or ``None``. The cards must be distinct; any number of them is accepted.

    >>> from palace_poker.cards import parse_cards
    >>> evaluate(parse_cards("Ah Ad 2c")) > evaluate(parse_cards("Ah Ad"))
    True
    >>> category(evaluate(parse_cards("Ah Kh Qh Jh Th 9s 9d")))
    <Category.STRAIGHT_FLUSH: 8>
    >>> category(evaluate(parse_cards("Ah Kh Qh Jh Th 9s 9d"), excluded_suit=2))
    <Category.ONE_PAIR: 1>
    >>> evaluate([])
    0
    """
    if not isinstance(cards, (list, tuple)):
        cards = tuple(cards)  # a one-shot iterator could not be read twice for a flush
    keys = _CARD_KEYS[excluded_suit]
    key = _KEY_START
    for card in cards:
        key += keys[card]
    if key & _FLUSH_BITS:
        return _value_with_flush(cards, key)
    try:
        return _RANK_VALUES[key >> _RANK_SHIFT]
    except KeyError:
        return _cached_rank_value(key >> _RANK_SHIFT)


def category(value: int) -> Category:
    """The category of a hand value from :func:`evaluate`.

    >>> from palace_poker.cards import parse_cards
    >>> category(evaluate(parse_cards("5d 4c 3h 2s Ac")))
    <Category.STRAIGHT: 4>
    >>> category(evaluate(parse_cards("9c 9d 9h 9s")))
    <Category.FOUR_OF_A_KIND: 7>
    """
    return Category(value >> _CATEGORY_SHIFT)


def describe(value: int) -> str:
    """A hand value in words: the category and the ranks that name it.

    Kickers are left out; the value still counts them.

    >>> from palace_poker.cards import parse_cards
    >>> describe(evaluate(parse_cards("Kd Kc 8h 8s 2c")))
    'two pair, kings and eights'
    >>> describe(evaluate(parse_cards("Ah 9d")))
    'high card ace'
    >>> describe(evaluate(parse_cards("5d 4c 3h 2s Ac 7d")))
    'straight, five high'
    >>> describe(evaluate(parse_cards("6c 6d 6h Qs Qc")))
    'full house, sixes full of queens'
    >>> describe(evaluate([]))
    'no cards'
    """
    kind = category(value)
    first = (value >> 16 & 15) - 1
    second = (value >> 12 & 15) - 1
    if first < 0:
        return "no cards"
    return _DESCRIPTIONS[kind].format(
        first=_RANK_NAMES[first],
        firsts=_plural(first),
        seconds=_plural(second) if second >= 0 else "",
    )


def _plural(rank: int) -> str:
    return _RANK_NAMES[rank] + ("es" if _RANK_NAMES[rank].endswith("x") else "s")


_DESCRIPTIONS = {
    Category.HIGH_CARD: "high card {first}",
    Category.ONE_PAIR: "pair of {firsts}",
    Category.TWO_PAIR: "two pair, {firsts} and {seconds}",
    Category.THREE_OF_A_KIND: "three of a kind, {firsts}",
    Category.STRAIGHT: "straight, {first} high",
    Category.FLUSH: "flush, {first} high",
    Category.FULL_HOUSE: "full house, {firsts} full of {seconds}",
    Category.FOUR_OF_A_KIND: "four of a kind, {firsts}",
    Category.STRAIGHT_FLUSH: "straight flush, {first} high",
}
