"""Cards, ranks and suits (R-CARD-1).

A card is a small integer ``rank * 4 + suit`` wrapped in :class:`Card`, an ``int``
subclass: evaluators and the engine work on the integer, people see ``"As"``.
There are exactly 52 card objects; :meth:`Card.parse` and :func:`card` return them.

>>> Card.parse("As")
Card.parse('As')
>>> str(Card.parse("Td")), Card.parse("Td").rank, Card.parse("Td").suit
('Td', 8, <Suit.DIAMONDS: 1>)
>>> [str(c) for c in parse_cards("7c Kh")]
['7c', 'Kh']
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from palace_poker.checks import as_int, as_iterated, as_text, short
from palace_poker.errors import ParseError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}


class Suit(IntEnum):
    """The four suits; they are unranked (R-CARD-1) and only name banners."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __str__(self) -> str:
        return SUITS[self]

    @property
    def symbol(self) -> str:
        """The suit's printed symbol, for example ``♠``."""
        return SUIT_SYMBOLS[SUITS[self]]

    @classmethod
    def parse(cls, text: object) -> Suit:
        """Parse ``c``, ``d``, ``h`` or ``s``; raises ``ParseError('invalid_suit')``
        for anything else.

        >>> Suit.parse("h")
        <Suit.HEARTS: 2>
        """
        word = as_text(text)
        index = SUITS.find(word) if word is not None and len(word) == 1 else -1
        if index < 0:
            raise ParseError(
                "invalid_suit",
                f"invalid suit {short(text)}: expected c, d, h or s",
                rule="R-CARD-1",
                details={"input": short(text)},
            )
        return cls(index)


class Card(int):
    """One of the 52 cards, as the integer ``rank * 4 + suit``.

    ``rank`` runs 0..12 for 2..A and ``suit`` 0..3 for c d h s. Cards compare as
    integers (by rank, then suit), which is only an ordering for display: suits
    never break ties in play.
    """

    __slots__ = ()

    def __new__(cls, index: object) -> Card:
        number = _card_index(index)
        return _CARDS[number] if _CARDS else int.__new__(cls, number)

    @property
    def rank(self) -> int:
        """Rank index: 0 for a two up to 12 for an ace."""
        return int(self) >> 2

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(int(self) & 3)

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def pretty(self) -> str:
        """The card with its suit symbol, for example ``A♠``."""
        return RANKS[self.rank] + SUIT_SYMBOLS[SUITS[int(self) & 3]]

    @classmethod
    def parse(cls, text: object) -> Card:
        """Parse a card in strict text form: rank ``2``-``9``, ``T``, ``J``, ``Q``,
        ``K``, ``A``, then suit ``c``, ``d``, ``h``, ``s``.

        Raises :class:`~palace_poker.errors.ParseError` (code ``invalid_card``)
        for anything else, ``10d`` and ``as`` included.

        >>> Card.parse("10d")
        Traceback (most recent call last):
        ...
        palace_poker.errors.ParseError: [invalid_card] invalid card '10d': ...
        """
        word = as_text(text)
        found = _BY_TEXT.get(word) if word is not None else None
        if found is None:
            raise ParseError(
                "invalid_card",
                f"invalid card {short(text)}: expected a rank 2-9, T, J, Q, K, A then a suit "
                "c, d, h, s",
                rule="R-CARD-1",
                details={"input": short(text)},
            )
        return found


def _card_index(index: object) -> int:
    """``index`` checked: an integer 0..51 (never a bool)."""
    number = as_int(index)
    if number is None or not 0 <= number < 52:
        raise ParseError(
            "invalid_card",
            f"card index {short(index)} is not an integer 0..51",
            rule="R-CARD-1",
            details={"input": short(index)},
        )
    return number


_CARDS: tuple[Card, ...] = ()
_CARDS = tuple(Card(i) for i in range(52))
_BY_TEXT: dict[str, Card] = {str(c): c for c in _CARDS}

#: The most cards :func:`format_cards` reads from an iterator (a list may hold more).
_MOST_FORMATTED = 10_000

#: The 52 cards in index order (2c 2d 2h 2s 3c ... As).
DECK: tuple[Card, ...] = _CARDS


def card(index: object) -> Card:
    """The card with this index (``rank * 4 + suit``, 0..51); raises
    ``ParseError('invalid_card')`` for anything else (-1 is no card).

    >>> card(51)
    Card.parse('As')
    >>> card(-1)
    Traceback (most recent call last):
    ...
    palace_poker.errors.ParseError: [invalid_card] card index -1 is not an integer 0..51 (R-CARD-1)
    """
    return _CARDS[_card_index(index)]


def parse_cards(text: object) -> list[Card]:
    """Parse cards separated by single spaces; an empty string gives no cards.

    >>> parse_cards("As Kd")
    [Card.parse('As'), Card.parse('Kd')]
    """
    words = as_text(text)
    if words is None:
        raise ParseError(
            "invalid_card",
            f"cards must be text such as 'As Kd', got {short(text)}",
            rule="R-CARD-1",
            details={"input": short(text)},
        )
    if words == "":
        return []
    return [Card.parse(word) for word in words.split(" ")]


def format_cards(cards: Iterable[int]) -> str:
    """Cards as text, single spaces between them. Each is a :class:`Card` or its
    index 0..51; raises ``ParseError('invalid_card')`` for anything else.

    >>> format_cards(parse_cards("Ah 7h"))
    'Ah 7h'
    """
    listed = as_iterated(cards, _MOST_FORMATTED)
    if listed is None:
        raise ParseError(
            "invalid_card",
            f"cards must be a list of cards, got {short(cards)}",
            rule="R-CARD-1",
            details={"input": short(cards)},
        )
    return " ".join([str(c) if type(c) is Card else str(_CARDS[_card_index(c)]) for c in listed])
