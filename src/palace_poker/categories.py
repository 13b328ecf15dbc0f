"""Hand categories, and hand values in words (R-CARD-2).

A value of :func:`palace_poker.evaluator.evaluate` is ``category << 20`` and the
ranks the category compares, four bits each (see the evaluator's module);
:func:`category` reads the category and :func:`describe` names the hand. Both are
re-exported by :mod:`palace_poker.evaluator`.

>>> from palace_poker.evaluator import evaluate
>>> from palace_poker.cards import parse_cards
>>> describe(evaluate(parse_cards("As Ad Kh Kc 7s 7d 2c")))
'two pair, aces and kings'
"""

from __future__ import annotations

from enum import IntEnum

from palace_poker.checks import as_index, short
from palace_poker.errors import ParseError

#: Where a value's category starts.
CATEGORY_SHIFT = 20
_RANK_COUNT = 13


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


RANK_NAMES = (
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


def category(value: int) -> Category:
    """The category of a hand value from :func:`evaluate`.

    >>> from palace_poker.cards import parse_cards
    >>> from palace_poker.evaluator import evaluate
    >>> category(evaluate(parse_cards("5d 4c 3h 2s Ac")))
    <Category.STRAIGHT: 4>
    >>> category(evaluate(parse_cards("9c 9d 9h 9s")))
    <Category.FOUR_OF_A_KIND: 7>

    Raises ``ParseError('invalid_hand_value')`` for anything but such a value.
    """
    if type(value) is not int or not 0 <= value < _VALUE_LIMIT:
        value = _checked_value(value)
    return _CATEGORIES[value >> CATEGORY_SHIFT]


#: Every value :func:`evaluate` gives is below this: category 8 (straight flush) is
#: the highest.
_VALUE_LIMIT = (int(Category.STRAIGHT_FLUSH) + 1) << CATEGORY_SHIFT
_CATEGORIES: tuple[Category, ...] = tuple(Category)


def _checked_value(value: object) -> int:
    """A hand value as :func:`evaluate` (or :func:`evaluate_batch`: a NumPy integer)
    gives it: an integer (never a ``bool``) of a category 0..8 whose five rank slots
    each hold 0..13."""
    number = as_index(value)
    if (
        number is None
        or not 0 <= number < _VALUE_LIMIT
        or any((number >> shift & 15) > _RANK_COUNT for shift in (0, 4, 8, 12, 16))
    ):
        raise ParseError(
            "invalid_hand_value",
            f"{short(value)} is not a hand value (an integer that evaluate() gives)",
            rule="R-CARD-2",
            details={"input": short(value)},
        )
    return number


def describe(value: int) -> str:
    """A hand value in words: the category and the ranks that name it.

    Kickers are left out; the value still counts them.

    >>> from palace_poker.cards import parse_cards
    >>> from palace_poker.evaluator import evaluate
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
    value = _checked_value(value)
    kind = _CATEGORIES[value >> CATEGORY_SHIFT]
    first = (value >> 16 & 15) - 1
    second = (value >> 12 & 15) - 1
    if first < 0:
        return "no cards"
    return _DESCRIPTIONS[kind].format(
        first=RANK_NAMES[first],
        firsts=_plural(first),
        seconds=_plural(second) if second >= 0 else "",
    )


def _plural(rank: int) -> str:
    return RANK_NAMES[rank] + ("es" if RANK_NAMES[rank].endswith("x") else "s")


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
