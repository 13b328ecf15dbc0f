"""A game: a series of hands at one table (R-DEAL-1, R-DEAL-2, R-GAME-1).

The table has fixed seats. Each hand deals in the players who still have chips
(R-ANTE-2), so a hand's seats are the table's seats with chips, in order; the
game maps between the two. The first dealer is found by a draw for the highest
card (R-DEAL-1); after each hand the deal passes left (R-DEAL-2). The game ends
when one player holds all the chips, or when the table stops it.

>>> from palace_poker import Rules, SeededShuffle
>>> game = Game(Rules.of(10), [("Ann", 100), ("Bob", 100)], shuffle=SeededShuffle(5))
>>> hand = game.start_hand()
>>> _ = hand.apply(f"{hand.to_act} fold")
>>> game.finish_hand().end
'last'
>>> sum(game.stacks)
200
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from palace_poker.cards import DECK, Card
from palace_poker.config import MAX_PLAYERS, MIN_PLAYERS, Rules
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.hand import Hand, HandResult
from palace_poker.shuffle import SecureShuffle, ShuffleSource


@dataclass(frozen=True, slots=True)
class DealerDraw:
    """The draw for the first dealer: each round's cards by table seat."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    dealer: int


def draw_for_dealer(seats: Sequence[int], shuffle: ShuffleSource) -> DealerDraw:
    """R-DEAL-1: deal one card face up to each seat in order; the highest rank
    deals; players tied for highest draw again until one is highest. Suits never
    break ties; if the deck runs out the drawn cards are shuffled to continue.

    >>> from palace_poker import SeededShuffle
    >>> draw = draw_for_dealer([0, 1, 2], SeededShuffle(1))
    >>> draw.dealer in (0, 1, 2)
    True
    """
    deck = shuffle.shuffle(DECK)
    drawn: list[Card] = []  # cards of finished rounds: the ones a reshuffle gathers
    contenders = list(seats)
    rounds: list[tuple[tuple[int, Card], ...]] = []
    while True:
        this_round: list[tuple[int, Card]] = []
        for seat in contenders:
            if not deck:
                deck = shuffle.shuffle(drawn)
                drawn = []
            this_round.append((seat, deck.pop(0)))
        drawn.extend(card for _, card in this_round)
        rounds.append(tuple(this_round))
        best = max(card.rank for _, card in this_round)
        contenders = [seat for seat, card in this_round if card.rank == best]
        if len(contenders) == 1:
            return DealerDraw(tuple(rounds), contenders[0])


class Game:
    """A table of 2-10 seats playing hands until one player has every chip."""

    def __init__(
        self,
        rules: Rules,
        players: Sequence[tuple[str, int]],
        *,
        shuffle: ShuffleSource | None = None,
        dealer: int | None = None,
        rebuys: bool = False,
    ) -> None:
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ConfigError(
                "invalid_players", f"a game needs 2 to 10 players, got {len(players)}"
            )
        for seat, (_, stack) in enumerate(players):
            if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
                raise ConfigError(
                    "invalid_players",
                    f"seat {seat}'s stack must be an integer >= 1, got {stack!r}",
                    rule="R-ANTE-2",
                )
        self.rules = rules
        self.names = tuple(name for name, _ in players)
        self.stacks = [stack for _, stack in players]
        self.rebuys = rebuys
        self.shuffle = shuffle if shuffle is not None else SecureShuffle()
        self.dealer_draw: DealerDraw | None = None
        if dealer is None:
            self.dealer_draw = draw_for_dealer(range(len(players)), self.shuffle)
            dealer = self.dealer_draw.dealer
        elif not 0 <= dealer < len(players):
            raise ConfigError("invalid_players", f"dealer must be a seat, got {dealer!r}")
        self.dealer = dealer
        self.hand: Hand | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.records: list[dict[str, Any]] = []
        self.stopped = False

    @property
    def seats_in_game(self) -> list[int]:
        """Table seats whose players still have chips (R-ANTE-2, R-GAME-1)."""
        return [s for s, stack in enumerate(self.stacks) if stack > 0]

    @property
    def over(self) -> bool:
        """True when one player holds every chip or the table stopped (R-GAME-1)."""
        return self.stopped or len(self.seats_in_game) < MIN_PLAYERS

    def start_hand(self) -> Hand:
        """Deal the next hand to every seat with chips."""
        if self.hand is not None and not self.hand.over:
            raise IllegalActionError("illegal_action", "a hand is still in play", rule="R-GAME-1")
        if self.over:
            raise IllegalActionError("hand_over", "the game is over", rule="R-GAME-1")
        seats = tuple(self.seats_in_game)
        self.hand_seats = seats
        self.hand = Hand.deal(
            self.rules,
            [self.stacks[s] for s in seats],
            dealer=seats.index(self.dealer),
            shuffle=self.shuffle,
            names=[self.names[s] for s in seats],
        )
        return self.hand

    def finish_hand(self) -> HandResult:
        """Settle the finished hand: stacks, its record, busts, the next dealer."""
        hand = self.hand
        if hand is None or hand.result is None:
            raise IllegalActionError(
                "illegal_action", "no finished hand to settle", rule="R-GAME-1"
            )
        for hand_seat, table_seat in enumerate(self.hand_seats):
            self.stacks[table_seat] = hand.result.stacks[hand_seat]
        self.records.append(hand.to_record())
        result = hand.result
        self.hand = None
        self._pass_deal()
        return result

    def _pass_deal(self) -> None:
        """R-DEAL-2: the next seat on the left whose player is still in the game."""
        n = len(self.stacks)
        for step in range(1, n + 1):
            seat = (self.dealer + step) % n
            if self.stacks[seat] > 0:
                self.dealer = seat
                return

    def table_seat(self, hand_seat: int) -> int:
        """The table seat of a seat of the current hand."""
        return self.hand_seats[hand_seat]

    def rebuy(self, seat: int, chips: int) -> None:
        """Give a busted player chips again, between hands, if the table allows it."""
        if not self.rebuys:
            raise IllegalActionError(
                "illegal_action", "this table allows no rebuys", rule="R-GAME-1"
            )
        if self.hand is not None or self.stacks[seat] > 0 or chips < 1:
            raise IllegalActionError(
                "illegal_action",
                f"seat {seat} cannot rebuy {chips!r} now (only a busted player, between hands)",
                rule="R-GAME-1",
            )
        self.stacks[seat] = chips

    def stop(self) -> None:
        """The table stops the game (R-GAME-1)."""
        self.stopped = True
