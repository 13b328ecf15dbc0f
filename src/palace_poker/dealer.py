"""The draw for the first dealer of a game (R-DEAL-1), card by card.

Each player is dealt one card face up, in seat order; the highest rank deals; the
players tied for highest are each dealt one more card, again and again, until one is
highest (suits never break ties); should the deck run out, the cards of the finished
rounds are shuffled to continue. Every card dealt is a chance outcome: a shuffle
source gives them (:func:`draw_for_dealer`), or the caller does, one at a time
(:class:`DealerDrawing`).

>>> from palace_poker import SeededShuffle
>>> draw = draw_for_dealer([0, 1, 2], SeededShuffle(1))
>>> draw.dealer in (0, 1, 2)
True
>>> drawing = DealerDrawing([0, 1])
>>> drawing.chance.kind, drawing.chance.seat, len(drawing.chance.outcomes)
('dealer', 0, 52)
>>> from palace_poker.cards import Card
>>> drawing.apply_chance(Card.parse("As")); drawing.apply_chance(Card.parse("Kd"))
>>> drawing.result
DealerDraw(rounds=(((0, Card.parse('As')), (1, Card.parse('Kd'))),), dealer=0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from palace_poker.cards import DECK, Card
from palace_poker.chance import ChanceStep
from palace_poker.errors import IllegalActionError
from palace_poker.shuffle import CHECKED_SOURCES, ShuffleSource, check_order


class DealerDraw(NamedTuple):
    """The draw for the first dealer: each round's cards by table seat, and who deals."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


class DealerDrawing:
    """The draw for the first dealer in progress (R-DEAL-1).

    ``seats`` are the table seats that draw, in seat order. With a ``shuffle``
    source the whole draw happens at once; without one, :attr:`chance` says which
    card is due and :meth:`apply_chance` deals it, until :attr:`result` is known.
    """

    def __init__(self, seats: Sequence[int], shuffle: ShuffleSource | None = None) -> None:
        self._source = shuffle
        self._deck = b""  # the pile dealt from, top first; ``_used`` cards of it gone
        self._used = 0
        self._finished: tuple[Card, ...] = ()  # cards of the finished rounds
        self._contenders = tuple(seats)
        self._round: list[tuple[int, Card]] = []
        self._rounds: list[tuple[tuple[int, Card], ...]] = []
        self.result: DealerDraw | None = None
        self._shuffle(DECK)
        if shuffle is not None:
            while self.result is None:
                self._deal(DECK[self._deck[self._used]])

    @property
    def chance(self) -> ChanceStep | None:
        """The card due: to the next contender, from the cards left in the deck."""
        if self.result is not None:
            return None
        outcomes = tuple(sorted(DECK[i] for i in self._deck[self._used :]))
        return ChanceStep("dealer", self._contenders[len(self._round)], outcomes, True)

    def apply_chance(self, card: object) -> None:
        """Deal ``card`` (one of :attr:`chance`'s outcomes) to the next contender.

        Raises ``IllegalActionError``: ``no_chance_due`` once the dealer is known,
        ``invalid_outcome`` for a card the deck does not hold.
        """
        if self.result is not None:
            raise IllegalActionError(
                "no_chance_due", "the dealer is already drawn", rule="R-DEAL-1"
            )
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            raise IllegalActionError("invalid_outcome", f"{card!r} is not a card", rule="R-DEAL-1")
        if card not in self._deck[self._used :]:
            raise IllegalActionError(
                "invalid_outcome", f"{DECK[card]} is not in the deck", rule="R-DEAL-1"
            )
        self._deal(DECK[card])

    def _shuffle(self, cards: Sequence[Card]) -> None:
        source = self._source
        if source is None:
            self._deck = bytes(sorted(cards))
        else:
            order = source.shuffle(list(cards))
            checked = type(source) in CHECKED_SOURCES
            self._deck = bytes(order) if checked else check_order(order, cards, "dealer draw")
        self._used = 0

    def _deal(self, card: Card) -> None:
        deck, used = self._deck, self._used
        if deck[used] != card:  # explicit chance: the card chosen leaves the deck
            deck = deck[:used] + bytes((card,)) + deck[used:].replace(bytes((card,)), b"", 1)
            self._deck = deck
        self._used = used + 1
        self._round.append((self._contenders[len(self._round)], card))
        if len(self._round) == len(self._contenders):
            self._end_round()
        if self.result is None and self._used == len(self._deck):
            # The deck ran out: the cards of the finished rounds are shuffled.
            self._shuffle(self._finished)
            self._finished = ()

    def _end_round(self) -> None:
        this_round = tuple(self._round)
        self._round = []
        self._rounds.append(this_round)
        self._finished = (*self._finished, *(card for _, card in this_round))
        best = max(card.rank for _, card in this_round)
        self._contenders = tuple(seat for seat, card in this_round if card.rank == best)
        if len(self._contenders) == 1:
            self.result = DealerDraw(tuple(self._rounds), self._contenders[0])


def draw_for_dealer(seats: Sequence[int], shuffle: ShuffleSource) -> DealerDraw:
    """R-DEAL-1 with a shuffle source: the whole draw, and who deals."""
    result = DealerDrawing(seats, shuffle).result
    assert result is not None
    return result
