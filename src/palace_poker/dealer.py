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
from typing import Final, NamedTuple

from palace_poker.cards import DECK, Card
from palace_poker.chance import ChanceStep
from palace_poker.checks import MAX_PLAYERS, MIN_PLAYERS, as_int, items, short, shuffle_source
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.shuffle import CHECKED_SOURCES, ShuffleSource, check_order
from palace_poker.variant import STANDARD, Variant

#: Rounds of a draw with a shuffle source before it is given up: a fair source ties
#: this often with a probability far below any hardware fault's; a source that ties
#: the draw for ever (every order a permutation, but chosen so) is refused.
MAX_ROUNDS: Final = 1_000


class DealerDraw(NamedTuple):
    """The draw for the first dealer: each round's cards by table seat, and who deals."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


class DealerDrawing:
    """The draw for the first dealer in progress (R-DEAL-1).

    ``seats`` are the table seats that draw, in seat order: 2 to 10 different seats
    0..9 (else ``ConfigError('invalid_players')``); the cards are drawn from
    ``variant``'s deck (V-CARD-1: a short deck's draw holds only its cards; anything
    but a :class:`~palace_poker.variant.Variant` is ``invalid_variant``). With a
    ``shuffle`` source the whole draw happens at once; without one, :attr:`chance`
    says which card is due and :meth:`apply_chance` deals it, until :attr:`result`
    is known. A source that
    is none, or that gives an order that is no permutation or ties the draw for
    :data:`MAX_ROUNDS` rounds, raises ``ConfigError('invalid_shuffle')``.
    """

    def __init__(
        self,
        seats: Sequence[int],
        shuffle: ShuffleSource | None = None,
        *,
        variant: Variant = STANDARD,
    ) -> None:
        self._source: ShuffleSource | None = (
            None if shuffle is None else shuffle_source(shuffle, "shuffle")  # type: ignore[assignment]
        )
        self._deck = b""  # the pile dealt from, top first; ``_used`` cards of it gone
        self._used = 0
        self._finished: tuple[Card, ...] = ()  # cards of the finished rounds
        self._contenders = _checked_seats(seats)
        self._round: list[tuple[int, Card]] = []
        self._rounds: list[tuple[tuple[int, Card], ...]] = []
        self.result: DealerDraw | None = None
        self._shuffle(_deck_of(variant))
        if self._source is not None:
            while self.result is None:
                if len(self._rounds) >= MAX_ROUNDS:
                    raise ConfigError(
                        "invalid_shuffle",
                        f"the shuffle source tied the draw for the dealer {MAX_ROUNDS} rounds "
                        "running",
                        rule="R-DEAL-1",
                        details={"rounds": MAX_ROUNDS},
                    )
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
        index = as_int(card)
        if index is None or not 0 <= index < 52:
            raise IllegalActionError(
                "invalid_outcome",
                f"{short(card)} is not a card (a Card, or an index 0..51)",
                rule="R-DEAL-1",
                details={"input": short(card)},
            )
        if index not in self._deck[self._used :]:
            raise IllegalActionError(
                "invalid_outcome",
                f"{DECK[index]} is not in the deck",
                rule="R-DEAL-1",
                details={"input": str(DECK[index])},
            )
        self._deal(DECK[index])

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


def _deck_of(variant: object) -> tuple[Card, ...]:
    """The cards the draw is dealt from: the variant's deck (V-CARD-1)."""
    if not isinstance(variant, Variant):
        raise ConfigError(
            "invalid_variant",
            f"variant must be a Variant, got {short(variant)}",
            rule="R-DEAL-1",
            details={"field": "variant", "input": short(variant)},
        )
    return variant.deck


def _checked_seats(seats: object) -> tuple[int, ...]:
    listed = items(
        seats,
        "the seats that draw",
        error=ConfigError,
        code="invalid_players",
        rule="R-DEAL-1",
        least=MIN_PLAYERS,
        most=MAX_PLAYERS,
    )
    checked: list[int] = []
    for seat in listed:
        number = as_int(seat)
        if number is None or not 0 <= number < MAX_PLAYERS or number in checked:
            raise ConfigError(
                "invalid_players",
                f"the seats that draw are different seats 0..{MAX_PLAYERS - 1}, got {short(seat)}",
                rule="R-DEAL-1",
                details={"input": short(seat)},
            )
        checked.append(number)
    return tuple(checked)


def draw_for_dealer(
    seats: Sequence[int], shuffle: ShuffleSource, *, variant: Variant = STANDARD
) -> DealerDraw:
    """R-DEAL-1 with a shuffle source: the whole draw (from ``variant``'s deck), and
    who deals."""
    if shuffle is None:
        raise ConfigError(
            "invalid_shuffle",
            "draw_for_dealer needs a shuffle source (DealerDrawing draws card by card without one)",
            rule="R-DEAL-1",
        )
    result = DealerDrawing(seats, shuffle, variant=variant).result
    assert result is not None
    return result
