"""The shuffles of a ``palace-fair/1`` hand (step 5 of the scheme,
:mod:`palace_poker.fair`): :func:`fair_order`, the order shuffle ``k`` of a seed
gives a set of cards, and :class:`FairShuffle`, the shuffle source that hands a
hand those orders one after another. Pure: the seed is given.

>>> from palace_poker.cards import parse_cards
>>> source = FairShuffle(bytes(32))
>>> source.shuffle(parse_cards("As Kd 7c")) == fair_order(bytes(32), 0, parse_cards("7c As Kd"))
True
>>> source.used
1
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from typing import Any, Final

from palace_poker.cards import DECK, Card
from palace_poker.checks import as_int, as_items, short
from palace_poker.errors import ConfigError
from palace_poker.fair_seed import SCHEME, Key, as_key, seed_commitment

#: Shuffle numbers are written in four bytes.
MAX_SHUFFLES: Final = 2**32

_WORD: Final = 2**32


# ------------------------------------------------------------------ the shuffles


def fair_order(seed: Key, k: int, cards: Sequence[Card | int]) -> list[Card]:
    """The order, top card first, that shuffle number ``k`` of a hand with this
    ``seed`` gives ``cards`` (step 5).

    The cards are first sorted by their index in ``DECK``, so the order depends on
    which cards are shuffled, never on the order they are handed over in. Then
    Fisher-Yates from the last position down: for ``i = n-1 .. 1`` draw ``j``
    uniform in ``[0, i]`` and swap positions ``i`` and ``j``. Draws read 32-bit
    big-endian words from the blocks ``HMAC-SHA256(seed, k (4 bytes) + b (8
    bytes))``, ``b = 0, 1, ...``; a word ``x`` at or above the largest multiple of
    ``i + 1`` below ``2**32`` is rejected (so every ``j`` is exactly as likely),
    else ``j = x % (i + 1)``.

    ``seed`` is 32 bytes and ``k`` an integer 0..2**32-1 (never a bool), else
    ``ConfigError('invalid_fair')``; ``cards`` a list or tuple of distinct cards
    (``Card`` or indexes 0..51), else ``ConfigError('invalid_shuffle')``.

    >>> from palace_poker.cards import parse_cards
    >>> order = fair_order(bytes(32), 0, parse_cards("As Kd 7c"))
    >>> sorted(order) == sorted(parse_cards("As Kd 7c"))
    True
    >>> fair_order(bytes(32), 0, parse_cards("7c As Kd")) == order
    True
    """
    key = as_key(seed, "seed")
    number = shuffle_number(k)
    order = sorted(distinct_cards(cards))
    draws = _draws(key, number)
    for i in range(len(order) - 1, 0, -1):
        j = _below(draws, i + 1)
        order[i], order[j] = order[j], order[i]
    return [DECK[index] for index in order]


def _draws(seed: bytes, k: int) -> Iterator[int]:
    """The 32-bit words of shuffle ``k``'s byte stream, in order."""
    prefix = k.to_bytes(4, "big")
    block = 0
    while True:
        digest = hmac.new(seed, prefix + block.to_bytes(8, "big"), hashlib.sha256).digest()
        for offset in range(0, len(digest), 4):
            yield int.from_bytes(digest[offset : offset + 4], "big")
        block += 1


def _below(draws: Iterator[int], m: int) -> int:
    """A draw uniform in ``[0, m)``: words at or above ``2**32 - 2**32 % m`` are
    rejected (a plain ``x % m`` would favour the small values)."""
    limit = _WORD - _WORD % m
    x = next(draws)
    while x >= limit:
        x = next(draws)
    return x % m


def shuffle_number(k: object) -> int:
    number = as_int(k)
    if number is None or not 0 <= number < MAX_SHUFFLES:
        raise ConfigError(
            "invalid_fair",
            f"a shuffle number is an integer 0..{MAX_SHUFFLES - 1}, got {short(k)}",
            rule=f"{SCHEME} shuffles",
            details={"input": short(k)},
        )
    return number


def distinct_cards(cards: object) -> list[int]:
    """The card indexes of a list or tuple of distinct cards (``Card`` or 0..51)."""
    listed = as_items(cards) if isinstance(cards, list | tuple) else None
    indexes = [] if listed is None else [as_int(item) for item in listed[:53]]
    if (
        listed is None
        or len(listed) > len(DECK)
        or any(index is None or not 0 <= index < len(DECK) for index in indexes)
        or len(set(indexes)) != len(indexes)
    ):
        raise ConfigError(
            "invalid_shuffle",
            f"a fair shuffle shuffles a list of distinct cards, got {short(cards)}",
            rule="R-CARD-1",
            details={"input": short(cards)},
        )
    return indexes  # type: ignore[return-value]


class FairShuffle:
    """A shuffle source (``palace_poker.shuffle.ShuffleSource``) that gives the
    ``palace-fair/1`` orders of a seed: its ``k``-th shuffle is
    :func:`fair_order` ``(seed, k, cards)``.

    ``used`` counts the shuffles given so far (start later with ``used``, to go on
    with a hand resumed from its record). :meth:`fork` (and ``copy.deepcopy``) give
    a source at the same point, and a source pickles with its place. Its ``repr``
    never shows the seed: until the hand is over the seed is the hand's secret.

    >>> from palace_poker.cards import parse_cards
    >>> source = FairShuffle(bytes(32))
    >>> twin = source.fork()
    >>> source.shuffle(parse_cards("As Kd 7c")) == twin.shuffle(parse_cards("7c Kd As"))
    True
    >>> source
    FairShuffle(<seed with commitment 66687aadf862bd77...>, used=1)
    """

    __slots__ = ("_seed", "_used")

    def __init__(self, seed: Key, used: int = 0) -> None:
        self._seed = as_key(seed, "seed")
        self._used = shuffle_number(used)

    @property
    def seed(self) -> bytes:
        """The seed (the hand's secret until it is over)."""
        return self._seed

    @property
    def used(self) -> int:
        """How many shuffles this source has given: the next one is number ``used``."""
        return self._used

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """The next fair order of ``cards``, top card first."""
        order = fair_order(self._seed, self._used, cards)
        self._used += 1
        return order

    def fork(self) -> FairShuffle:
        """A source that gives the orders this one would give from now on."""
        return FairShuffle(self._seed, self._used)

    def __deepcopy__(self, memo: dict[int, Any]) -> FairShuffle:
        return self.fork()

    def __reduce__(self) -> tuple[type[FairShuffle], tuple[bytes, int]]:
        return (FairShuffle, (self._seed, self._used))

    def __repr__(self) -> str:
        shown = seed_commitment(self._seed)[:16]
        return f"FairShuffle(<seed with commitment {shown}...>, used={self._used})"
