"""Shuffle sources: the one place randomness enters a hand.

A hand never calls the ``random`` module itself; it asks its shuffle source for
an order of the cards it shuffles. Three sources cover every use:

* :class:`SecureShuffle` (the default for real play) draws from the operating
  system's cryptographic generator;
* :class:`SeededShuffle` is reproducible for simulation: the same seed gives the
  same hands;
* :class:`RecordedShuffle` replays the orders listed in a hand record.

>>> from palace_poker.cards import parse_cards
>>> src = SeededShuffle(7)
>>> order = src.shuffle(parse_cards("As Kd 7c"))
>>> sorted(order) == sorted(parse_cards("As Kd 7c"))
True
>>> SeededShuffle(7).shuffle(parse_cards("As Kd 7c")) == order
True
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from palace_poker.cards import Card, format_cards, parse_cards
from palace_poker.errors import PalaceError, RecordError

T = TypeVar("T")


class ShuffleSource(Protocol):
    """Gives the order, top card first, of the cards a hand shuffles."""

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """Return a new list: a permutation of ``cards``, top card first."""
        ...


class SecureShuffle:
    """Shuffles with the operating system's cryptographically secure generator."""

    def __init__(self) -> None:
        self._random = secrets.SystemRandom()

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        order = list(cards)
        self._random.shuffle(order)
        return order


class SeededShuffle:
    """Reproducible shuffles from a seed (a private ``random.Random``)."""

    def __init__(self, seed: int | str | bytes | None) -> None:
        self._random = random.Random(seed)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        order = list(cards)
        fisher_yates(order, self._random.getrandbits)
        return order

    def spawn(self) -> SeededShuffle:
        """A new independent source seeded from this one (one per hand of a game)."""
        return SeededShuffle(self._random.getrandbits(64))


def fisher_yates(order: list[T], getrandbits: Callable[[int], int]) -> None:
    """Shuffle ``order`` in place exactly as ``random.Random.shuffle`` does.

    The same algorithm, written out (from the last index down, each swap partner
    drawn below ``i + 1`` by rejection from ``getrandbits(bit_length)``, as CPython's
    ``_randbelow_with_getrandbits``), so that a seed gives the orders it always gave,
    while the compiled engine runs the loop as C: dealing a hand shuffles 52 cards
    at least twice, a good part of a hand's cost (and the search bots shuffle the
    cards they cannot see many times a decision). ``fisher_yates(x, rng.getrandbits)``
    leaves ``x`` as ``rng.shuffle(x)`` would, ``rng`` a ``random.Random``.
    """
    for i in range(len(order) - 1, 0, -1):
        below = i + 1
        bits = below.bit_length()
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        order[i], order[j] = order[j], order[i]


class RecordedShuffle:
    """Replays recorded orders; each must be a permutation of the cards shuffled.

    ``orders`` are text (``"Ah 7h ..."``) or card lists. A wrong order raises
    :class:`RecordError` (``shuffle_mismatch``) naming the shuffle's index.
    """

    def __init__(self, orders: Sequence[str | Sequence[Card]]) -> None:
        self._orders = list(orders)
        self.used = 0

    @property
    def remaining(self) -> int:
        """How many listed orders have not been used."""
        return len(self._orders) - self.used

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        index = self.used
        if index >= len(self._orders):
            raise RecordError(
                "shuffle_mismatch",
                f"the hand performs shuffle {index} of {len(cards)} cards, but the record lists "
                f"only {len(self._orders)} shuffles",
                rule="palace-hand/1 shuffles",
                details={"shuffle": index, "expected_cards": len(cards)},
            )
        listed = self._orders[index]
        try:
            order = parse_cards(listed) if isinstance(listed, str) else list(listed)
        except PalaceError as err:
            raise RecordError(
                "shuffle_mismatch",
                f"shuffle {index} is malformed: {err.message}",
                rule="palace-hand/1 shuffles",
                details={"shuffle": index},
            ) from err
        if len(order) != len(cards) or set(order) != set(cards) or len(set(order)) != len(order):
            raise RecordError(
                "shuffle_mismatch",
                f"shuffle {index} is not a permutation of the {len(cards)} cards shuffled then "
                f"({format_cards(sorted(cards))})",
                rule="palace-hand/1 shuffles",
                details={
                    "shuffle": index,
                    "expected_cards": len(cards),
                    "listed_cards": len(order),
                },
            )
        self.used += 1
        return order
