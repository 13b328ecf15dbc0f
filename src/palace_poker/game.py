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
from typing import Any

from palace_poker.chance import ChanceStep
from palace_poker.checks import is_int, short
from palace_poker.config import MAX_PLAYERS, MIN_PLAYERS, Rules
from palace_poker.dealer import DealerDraw, DealerDrawing, draw_for_dealer
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.hand import Hand, HandResult
from palace_poker.shuffle import SecureShuffle, ShuffleSource

__all__ = ["DealerDraw", "Game", "draw_for_dealer"]


class Game:
    """A table of 2-10 seats playing hands until one player has every chip.

    ``players`` are ``(name, chips)`` pairs in seat order. The first dealer is drawn
    (R-DEAL-1) unless ``dealer`` gives the seat. ``shuffle`` serves every shuffle of
    the game (a :class:`SecureShuffle` when not given); with ``explicit_chance=True``
    the caller gives every card instead: the dealer draw's through :attr:`chance`
    and :meth:`apply_chance`, each hand's through the hand's own.
    """

    def __init__(
        self,
        rules: Rules,
        players: Sequence[tuple[str, int]],
        *,
        shuffle: ShuffleSource | None = None,
        dealer: int | None = None,
        rebuys: bool = False,
        explicit_chance: bool = False,
    ) -> None:
        if not isinstance(rules, Rules):
            raise ConfigError(
                "invalid_rules", f"rules must be a Rules, got {short(rules)}", rule="R-STAKE-1"
            )
        self.rules = rules
        self.names, stacks = _check_players(players)
        self.stacks = list(stacks)
        self.rebuys = _check_flag("rebuys", rebuys)
        self.explicit_chance = _check_flag("explicit_chance", explicit_chance)
        if self.explicit_chance and shuffle is not None:
            raise ConfigError(
                "invalid_players", "a game with explicit chance takes no shuffle source"
            )
        self.shuffle: ShuffleSource | None = (
            None if self.explicit_chance else (shuffle if shuffle is not None else SecureShuffle())
        )
        self.dealer_draw: DealerDraw | None = None
        self._drawing: DealerDrawing | None = None
        self.dealer = 0
        if dealer is None:
            self._drawing = DealerDrawing(range(len(self.stacks)), self.shuffle)
            self._settle_draw()
        elif not is_int(dealer) or not 0 <= dealer < len(self.stacks):
            raise ConfigError(
                "invalid_players",
                f"dealer must be a seat 0..{len(self.stacks) - 1}, got {short(dealer)}",
                rule="R-DEAL-2",
                details={"input": short(dealer)},
            )
        else:
            self.dealer = dealer
        self.hand: Hand | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.records: list[dict[str, Any]] = []
        self.stopped = False

    # ------------------------------------------------------------ the dealer draw

    @property
    def chance(self) -> ChanceStep | None:
        """The card due in the draw for the first dealer (explicit chance), or None."""
        return self._drawing.chance if self._drawing is not None else None

    def apply_chance(self, card: object) -> None:
        """Deal a card of the draw for the first dealer (see :attr:`chance`); a hand's
        cards go to the hand's own :meth:`Hand.apply_chance`."""
        if self._drawing is None:
            raise IllegalActionError(
                "no_chance_due", "the game's dealer is already drawn", rule="R-DEAL-1"
            )
        self._drawing.apply_chance(card)
        self._settle_draw()

    def _settle_draw(self) -> None:
        drawing = self._drawing
        if drawing is not None and drawing.result is not None:
            self.dealer_draw = drawing.result
            self.dealer = drawing.result.dealer
            self._drawing = None

    # ------------------------------------------------------------ hands

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
        if self._drawing is not None:
            raise IllegalActionError(
                "chance_due", "the first dealer is still being drawn", rule="R-DEAL-1"
            )
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
            explicit_chance=self.explicit_chance,
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

    def table_seat(self, hand_seat: object) -> int:
        """The table seat of a seat of the current hand."""
        if not is_int(hand_seat) or not 0 <= hand_seat < len(self.hand_seats):  # type: ignore[operator]
            raise IllegalActionError(
                "invalid_seat",
                f"no seat {short(hand_seat)} in the current hand",
                details={"input": short(hand_seat)},
            )
        assert isinstance(hand_seat, int)
        return self.hand_seats[hand_seat]

    def rebuy(self, seat: object, chips: object) -> None:
        """Give a busted player chips again, between hands, if the table allows it."""
        if not self.rebuys:
            raise IllegalActionError(
                "illegal_action", "this table allows no rebuys", rule="R-GAME-1"
            )
        if not is_int(seat) or not 0 <= seat < len(self.stacks):  # type: ignore[operator]
            raise IllegalActionError(
                "invalid_seat", f"no seat {short(seat)} at the table", rule="R-GAME-1"
            )
        assert isinstance(seat, int)
        if not is_int(chips) or chips < 1:  # type: ignore[operator]
            raise IllegalActionError(
                "invalid_amount",
                f"a rebuy is a whole number of chips >= 1, got {short(chips)}",
                rule="R-GAME-1",
            )
        assert isinstance(chips, int)
        if self.hand is not None or self.stacks[seat] > 0:
            raise IllegalActionError(
                "illegal_action",
                f"seat {seat} cannot rebuy now (only a busted player, between hands)",
                rule="R-GAME-1",
            )
        self.stacks[seat] = chips

    def stop(self) -> None:
        """The table stops the game (R-GAME-1)."""
        self.stopped = True


def _check_players(players: object) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """2-10 ``(name, chips)`` pairs: a name of text, chips an integer >= 1."""
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise ConfigError(
            "invalid_players",
            f"players must be a list of (name, chips) pairs, got {short(players)}",
        )
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ConfigError("invalid_players", f"a game needs 2 to 10 players, got {len(players)}")
    names: list[str] = []
    stacks: list[int] = []
    for seat, player in enumerate(players):
        if not isinstance(player, tuple | list) or len(player) != 2:
            raise ConfigError(
                "invalid_players",
                f"seat {seat} must be a (name, chips) pair, got {short(player)}",
                details={"seat": seat},
            )
        name, stack = player
        if not isinstance(name, str):
            raise ConfigError(
                "invalid_players",
                f"seat {seat}'s name must be text, got {short(name)}",
                details={"seat": seat},
            )
        if not is_int(stack) or stack < 1:
            raise ConfigError(
                "invalid_players",
                f"seat {seat}'s stack must be an integer >= 1, got {short(stack)}",
                rule="R-ANTE-2",
                details={"seat": seat},
            )
        names.append(name)
        stacks.append(stack)
    return tuple(names), tuple(stacks)


def _check_flag(name: str, value: object) -> bool:
    if value is not True and value is not False:
        raise ConfigError("invalid_players", f"{name} must be True or False, got {short(value)}")
    return value
