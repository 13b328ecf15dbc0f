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

Two implementations give the same values. A small C extension, ``_evalc``, built
with the package, runs :func:`evaluate` and :func:`evaluate_batch` when it is present
(:data:`COMPILED`); otherwise, or with the environment variable ``PALACE_POKER_PURE``
set to a non-empty value other than ``0``, this module's pure Python does the work.

How the pure path is fast: every card maps to a precomputed integer *key* that adds
up the rank counts (3 bits per rank), the suit counts (5 bits per suit) and the card
itself (one bit per card, so a repeated card shows), and one loop of additions
describes the hand. A flush is only possible when a suit count reaches five, which
one mask test finds; otherwise the rank counts alone decide the value, and a
dictionary caches it per rank multiset, filled on first use. The C extension works on
a 64-bit mask of one 13-bit rank mask per suit, with tables over rank masks.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Protocol

from palace_poker.cards import DECK, Card
from palace_poker.categories import Category, category, describe
from palace_poker.checks import as_index, as_int, as_iterated, short
from palace_poker.errors import ParseError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

__all__ = [
    "COMPILED",
    "NO_CARD",
    "NO_SUIT",
    "Category",
    "category",
    "describe",
    "evaluate",
    "evaluate_batch",
]


#: In a batch of hands (:func:`evaluate_batch`), the byte that fills a row with no card.
NO_CARD = 255
#: In a batch's array of excluded suits, the byte for a hand that excludes none.
NO_SUIT = 255

_RANK_COUNT = 13
_CARD_COUNT = 52

# --- Card keys --------------------------------------------------------------------
# A key holds one bit per card in bits 0..51, then four 5-bit suit counters, then
# thirteen 3-bit rank counters on top, so the rank multiset is the key shifted right.
# Suit counters start at 11, so a counter reaches 16 (its top bit) exactly when its
# suit holds five cards; 11 + 13 < 32 never overflows. Rank counters hold at most 4
# because the cards are distinct, which the card bits check: a repeated card carries,
# so the hand has fewer card bits than cards.
_PRESENT = (1 << _CARD_COUNT) - 1
_SUIT_SHIFT = _CARD_COUNT
_SUIT_BITS = 5
_RANK_SHIFT = _SUIT_SHIFT + 4 * _SUIT_BITS
_KEY_START = sum(11 << (_SUIT_SHIFT + _SUIT_BITS * suit) for suit in range(4))
_FLUSH_BITS = sum(16 << (_SUIT_SHIFT + _SUIT_BITS * suit) for suit in range(4))


def _card_key(card: int, excluded_suit: int | None) -> int:
    """The key of one card: only its card bit if its suit is excluded."""
    rank, suit = card >> 2, card & 3
    key = 1 << card
    if suit != excluded_suit:
        key |= 1 << (_RANK_SHIFT + 3 * rank) | 1 << (_SUIT_SHIFT + _SUIT_BITS * suit)
    return key


# One key table per excluded suit (None: no exclusion), from card to key. A dict,
# rather than a faster tuple, so that an integer that is no card raises KeyError
# (a tuple would take -1 for its last card). Its keys are the 52 Card objects, which
# the engine passes: a lookup then matches by identity, the fastest case; plain
# integers match by value.
_CARD_KEYS: dict[int | None, dict[int, int]] = {
    excluded: {card: _card_key(card, excluded) for card in DECK} for excluded in (None, 0, 1, 2, 3)
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
    sum(16 << (_SUIT_SHIFT + _SUIT_BITS * suit) for suit in suits): suits
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


def _refuse(cards: tuple[int, ...] | list[int], excluded_suit: int | None) -> ParseError:
    """The error for a hand that failed a check (its items are plain integers and its
    suit checked, by :func:`_checked_cards` and :func:`_checked_suit`): a card that
    is none, or a card given twice."""
    seen: set[int] = set()
    for card in cards:
        if not 0 <= card < _CARD_COUNT:
            return _no_card(card)
        if card in seen:
            return ParseError(
                "duplicate_card", f"card index {card!r} is given twice", rule="R-CARD-1"
            )
        seen.add(card)
    raise AssertionError(f"no card to refuse in {cards!r} excluding {excluded_suit!r}")


def _no_card(card: object) -> ParseError:
    if as_int(card) is not None:
        message = f"card index {short(card)} is not 0..51"
    else:
        message = f"{short(card)} is not a card index (an integer 0..51)"
    return ParseError("invalid_card", message, rule="R-CARD-1", details={"input": short(card)})


#: The types of cards read as they are; any other item is checked first.
_PLAIN_CARDS: frozenset[type] = frozenset({Card, int})


def _checked_cards(cards: object) -> list[int]:
    """``cards`` as a list of plain integers: a list, tuple or other iterable (of at
    most 52 items) of integers (an ``int``, or what stands for one by ``__index__``,
    such as a NumPy integer), never a ``bool`` or a float (which a table lookup would
    take for a card: ``True`` is 1 to a dict)."""
    listed = as_iterated(cards, _CARD_COUNT)
    if listed is None:
        raise ParseError(
            "invalid_card",
            f"cards must be a list (or an iterable of at most 52) of card indexes 0..51, "
            f"got {short(cards)}",
            rule="R-CARD-1",
            details={"input": short(cards)},
        )
    plain: list[int] = []
    for item in listed:
        number = as_index(item)
        if number is None:
            raise _no_card(item)
        plain.append(number)
    return plain


def _checked_suit(excluded_suit: object) -> int:
    """An excluded suit that is not a plain int or a Suit: an integer 0..3 (never a
    ``bool``)."""
    suit = as_index(excluded_suit)
    if suit is None or not 0 <= suit <= 3:
        raise _bad_suit(excluded_suit)
    return suit


def _bad_suit(excluded_suit: object) -> ParseError:
    return ParseError(
        "invalid_suit",
        f"excluded suit {short(excluded_suit)} is not None or 0..3",
        rule="R-CMP-1",
        details={"input": short(excluded_suit)},
    )


# --- Public API ---------------------------------------------------------------------
class _Evaluate(Protocol):
    def __call__(self, cards: Iterable[int], excluded_suit: int | None = None) -> int: ...


def _evaluate_python(cards: Iterable[int], excluded_suit: int | None = None) -> int:
    """Value of the best hand made from ``cards``; higher is better, equal ties.

    The hand follows ordinary high poker (R-CARD-2): the ace is high, and low only
    in A-2-3-4-5; straights do not wrap. It is the best five-card combination of the
    usable cards (R-CARD-3); with fewer than five it is all of them, straights and
    flushes then impossible and missing kickers ranking below every card. Every card
    whose suit is ``excluded_suit`` is unusable: the opponent's banner suit in a
    battle (R-CMP-1); it is a suit index 0..3 (a :class:`~palace_poker.cards.Suit`)
    or ``None``. Any number of cards is accepted, as integers 0..51 (or
    :class:`~palace_poker.cards.Card`); they must be distinct.

    Raises :class:`~palace_poker.errors.ParseError` with code ``invalid_card`` for
    an integer that is no card, ``duplicate_card`` for a card given twice, and
    ``invalid_suit`` for an excluded suit that is not ``None`` or 0..3.

    >>> from palace_poker.cards import parse_cards
    >>> evaluate(parse_cards("Ah Ad 2c")) > evaluate(parse_cards("Ah Ad"))
    True
    >>> category(evaluate(parse_cards("Ah Kh Qh Jh Th 9s 9d")))
    <Category.STRAIGHT_FLUSH: 8>
    >>> category(evaluate(parse_cards("Ah Kh Qh Jh Th 9s 9d"), excluded_suit=2))
    <Category.ONE_PAIR: 1>
    >>> evaluate([])
    0
    >>> evaluate([12, 12])
    Traceback (most recent call last):
    ...
    palace_poker.errors.ParseError: [duplicate_card] card index 12 is given twice (R-CARD-1)
    """
    if excluded_suit is not None and type(excluded_suit) is not int:
        excluded_suit = _checked_suit(excluded_suit)
    keys = _CARD_KEYS.get(excluded_suit)
    if keys is None:
        raise _bad_suit(excluded_suit)
    if type(cards) is not list and type(cards) is not tuple:
        cards = _checked_cards(cards)  # a one-shot iterator could not be read twice
    elif not _PLAIN_CARDS.issuperset(map(type, cards)):
        cards = _checked_cards(cards)
    key = _KEY_START
    try:
        for card in cards:
            key += keys[card]
    except KeyError:
        raise _refuse(cards, excluded_suit) from None
    if (key & _PRESENT).bit_count() != len(cards):
        raise _refuse(cards, excluded_suit)
    if key & _FLUSH_BITS:
        return _value_with_flush(cards, key)
    try:
        return _RANK_VALUES[key >> _RANK_SHIFT]
    except KeyError:
        return _cached_rank_value(key >> _RANK_SHIFT)


def _load_extension() -> _Evaluate | None:
    """The compiled :func:`evaluate`, or ``None`` without the extension (or by choice)."""
    if os.environ.get("PALACE_POKER_PURE", "0") not in {"", "0"}:
        return None
    try:
        from palace_poker import _evalc  # noqa: PLC0415
    except ImportError:
        return None
    # The compiled function takes this module's name and the pure one's docstring, so
    # help(), inspect.signature() and the doctests see one documented function.
    signature = "evaluate(cards, excluded_suit=None)\n--\n\n"
    return _evalc.make_evaluate(signature + (_evaluate_python.__doc__ or ""), __name__)


_evaluate_compiled = _load_extension()
#: Whether :func:`evaluate` and :func:`evaluate_batch` run the compiled extension.
COMPILED = _evaluate_compiled is not None
evaluate: _Evaluate = _evaluate_compiled or _evaluate_python


def evaluate_batch(
    cards: ArrayLike, excluded_suit: int | ArrayLike | None = None
) -> NDArray[np.int32]:
    """The :func:`evaluate` value of every row of ``cards``, as a NumPy ``int32`` array.

    ``cards`` has shape ``(hands, width)``: one hand per row, card indexes 0..51 as
    ``uint8`` (other integer types are converted), :data:`NO_CARD` (255) where a row
    has fewer cards than ``width``. ``excluded_suit`` is ``None``, one suit 0..3 for
    every hand, or one per hand with :data:`NO_SUIT` (255) for none. Needs NumPy (the
    ``fast`` extra); raises :class:`ImportError` without it, and the errors of
    :func:`evaluate` for a bad card or suit, naming the row.

    >>> import numpy as np
    >>> from palace_poker.cards import parse_cards
    >>> hands = np.array(
    ...     [parse_cards("Ah Kh Qh Jh Th 9s 9d"), [*parse_cards("As Ad 2c"), 255, 255, 255, 255]]
    ... )
    >>> [describe(value) for value in evaluate_batch(hands)]
    ['straight flush, ace high', 'pair of aces']
    >>> [describe(value) for value in evaluate_batch(hands, [2, NO_SUIT])]
    ['pair of nines', 'pair of aces']
    """
    try:
        import numpy as np  # noqa: PLC0415
    except ImportError as error:
        raise ImportError(
            "evaluate_batch needs NumPy: install palace-poker[fast], or numpy"
        ) from error
    rows = _uint8_array(np, cards, "cards", ndim=2)
    out = np.empty(rows.shape[0], dtype=np.int32)
    suits: int | NDArray[np.uint8] | None
    if excluded_suit is None:
        suits = None
    elif _is_scalar(np, excluded_suit):
        suits = _checked_suit(excluded_suit)
    else:
        suits = _uint8_array(np, excluded_suit, "excluded_suit", ndim=1)
        if suits.shape[0] != rows.shape[0]:
            raise ParseError(
                "invalid_suit",
                f"excluded_suit has {suits.shape[0]} entries for {rows.shape[0]} hands",
                rule="R-CMP-1",
            )
    if COMPILED:
        from palace_poker import _evalc  # noqa: PLC0415

        _evalc.evaluate_into(rows, suits, out)
    else:
        _evaluate_batch_python(rows, suits, out)
    return out


def _evaluate_batch_python(
    rows: NDArray[np.uint8], suits: int | NDArray[np.uint8] | None, out: NDArray[np.int32]
) -> None:
    """The pure fallback of :func:`evaluate_batch`: one :func:`evaluate` per row."""
    per_row: list[int | None]
    if suits is None or isinstance(suits, int):
        per_row = [suits] * len(rows)
    else:
        per_row = [None if suit == NO_SUIT else suit for suit in suits.tolist()]
    for index, (row, suit) in enumerate(zip(rows.tolist(), per_row, strict=True)):
        hand = [card for card in row if card != NO_CARD]
        try:
            out[index] = _evaluate_python(hand, suit)
        except ParseError as error:
            raise ParseError(error.code, f"row {index}: {error.message}", rule=error.rule) from None


def _is_scalar(numpy: ModuleType, value: object) -> bool:
    """Whether an excluded suit is one value (not an array of one per hand)."""
    if isinstance(value, int | float | str | bytes) or value is None:
        return True
    try:
        return bool(numpy.ndim(value) == 0)
    except Exception:
        return True  # no array: refused as a suit


def _uint8_array(
    numpy: ModuleType, values: ArrayLike, name: str, *, ndim: int
) -> NDArray[np.uint8]:
    """``values`` as a C-contiguous ``uint8`` array of ``ndim`` dimensions.

    Other integer types are converted when every value fits; the C loop (or the pure
    one) then refuses bytes that are no card or suit, naming the row. Anything else
    (no array, another shape, floats, booleans, text) is refused with
    ``ParseError`` (``invalid_card`` for the cards, ``invalid_suit`` for the suits).
    """
    code, rule = ("invalid_card", "R-CARD-1") if name == "cards" else ("invalid_suit", "R-CMP-1")
    try:
        array = numpy.asarray(values)
    except Exception:
        raise ParseError(
            code, f"{name} is not an array of integers: {short(values)}", rule=rule
        ) from None
    if array.ndim != ndim:
        raise ParseError(
            code, f"{name} must have {ndim} dimension(s), not shape {array.shape}", rule=rule
        )
    if array.dtype != numpy.uint8:
        if array.size and array.dtype.kind not in "iu":
            raise ParseError(code, f"{name} must hold integers, not {array.dtype}", rule=rule)
        if array.size and not 0 <= array.min() <= array.max() <= 255:
            raise ParseError(code, f"{name} holds values outside 0..255", rule=rule)
        array = array.astype(numpy.uint8)
    contiguous: NDArray[np.uint8] = numpy.ascontiguousarray(array)
    return contiguous
