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
    def parse(cls, text: str) -> Suit:
        """Parse ``c``, ``d``, ``h`` or ``s``.

        >>> Suit.parse("h")
        <Suit.HEARTS: 2>
        """
        index = SUITS.find(text) if len(text) == 1 else -1
        if index < 0:
            raise ParseError("invalid_suit", f"invalid suit {text!r}", rule="R-CARD-1")
        return cls(index)


class Card(int):
    """One of the 52 cards, as the integer ``rank * 4 + suit``.

    ``rank`` runs 0..12 for 2..A and ``suit`` 0..3 for c d h s. Cards compare as
    integers (by rank, then suit), which is only an ordering for display: suits
    never break ties in play.
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise ParseError("invalid_card", f"card index {index!r} is not 0..51", rule="R-CARD-1")
        return _CARDS[index] if _CARDS else int.__new__(cls, index)

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
    def parse(cls, text: str) -> Card:
        """Parse a card in strict text form: rank ``2``-``9``, ``T``, ``J``, ``Q``,
        ``K``, ``A``, then suit ``c``, ``d``, ``h``, ``s``.

        Raises :class:`~palace_poker.errors.ParseError` (code ``invalid_card``)
        for anything else, ``10d`` and ``as`` included.

        >>> Card.parse("10d")
        Traceback (most recent call last):
        ...
        palace_poker.errors.ParseError: [invalid_card] invalid card '10d': ...
        """
        found = _BY_TEXT.get(text) if isinstance(text, str) else None
        if found is None:
            raise ParseError(
                "invalid_card",
                f"invalid card {text!r}: expected a rank 2-9, T, J, Q, K, A then a suit c, d, h, s",
                rule="R-CARD-1",
                details={"input": text if isinstance(text, str) else repr(text)},
            )
        return found


_CARDS: tuple[Card, ...] = ()
_CARDS = tuple(Card(i) for i in range(52))
_BY_TEXT: dict[str, Card] = {str(c): c for c in _CARDS}

#: The 52 cards in index order (2c 2d 2h 2s 3c ... As).
DECK: tuple[Card, ...] = _CARDS


def card(index: int) -> Card:
    """The card with this index (``rank * 4 + suit``).

    >>> card(51)
    Card.parse('As')
    """
    return _CARDS[index]


def parse_cards(text: str) -> list[Card]:
    """Parse cards separated by single spaces; an empty string gives no cards.

    >>> parse_cards("As Kd")
    [Card.parse('As'), Card.parse('Kd')]
    """
    if text == "":
        return []
    return [Card.parse(word) for word in text.split(" ")]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, single spaces between them.

    >>> format_cards(parse_cards("Ah 7h"))
    'Ah 7h'
    """
    return " ".join(str(c) for c in cards)
