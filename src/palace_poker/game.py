"""A game: a series of hands at one table (R-DEAL-1, R-DEAL-2, R-GAME-1).

Each hand deals in the players who still have chips (R-ANTE-2) and are not
sitting out, so a hand's seats are those of the game's seats, in order; the game
maps between the two. Between hands a player may join (a new seat, at the end of
the order), leave with their chips, sit out and come back, and, where the table
allows rebuys, rebuy when busted or top up (R-GAME-1). The first dealer is found
by a draw for the highest card (R-DEAL-1); after each hand the deal passes left
(R-DEAL-2). The game ends when one player holds all the chips, or when the table
stops it.

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

from collections.abc import Collection, Sequence
from typing import Any

from palace_poker.chance import ChanceStep
from palace_poker.checks import (
    MAX_CHIPS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    as_items,
    chips,
    flag,
    items,
    name,
    seat,
    short,
    shuffle_source,
    total,
)
from palace_poker.config import Rules
from palace_poker.dealer import DealerDraw, DealerDrawing, draw_for_dealer
from palace_poker.errors import ConfigError, IllegalActionError
from palace_poker.hand import Hand, HandResult
from palace_poker.shuffle import SecureShuffle, ShuffleSource

__all__ = ["DealerDraw", "Game", "draw_for_dealer"]


class Game:
    """A table of 2-10 seats playing hands until one player has every chip.

    ``players`` are ``(name, chips)`` pairs in seat order (2 to 10; a name of text,
    chips an integer >= 1, at most ``MAX_CHIPS`` together). The first dealer is drawn
    (R-DEAL-1) unless ``dealer`` gives the seat. ``shuffle`` serves every shuffle of
    the game (a :class:`SecureShuffle` when not given); with ``explicit_chance=True``
    the caller gives every card instead: the dealer draw's through :attr:`chance`
    and :meth:`apply_chance`, each hand's through the hand's own. Bad values raise
    ``ConfigError`` (``invalid_rules``, ``invalid_players``, ``invalid_shuffle``;
    ``invalid_variant`` for more players than the rules' variant deals in,
    :meth:`~palace_poker.variant.Variant.most_players`). Every hand is dealt with
    the rules, so with their variant, and the first dealer is drawn from the
    variant's deck.
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
                "invalid_rules",
                f"rules must be a Rules, got {short(rules)}",
                rule="R-STAKE-1",
                details={"input": short(rules)},
            )
        self.rules = rules
        self.names, stacks = _check_players(players)
        # A variant's deck serves fewer players (V-CARD-1): refused now, not at the
        # first deal.
        rules.variant.check_playable(len(stacks))
        self.stacks = list(stacks)
        self.rebuys = flag(rebuys, "rebuys", error=ConfigError, code="invalid_players")
        self.explicit_chance = flag(
            explicit_chance, "explicit_chance", error=ConfigError, code="invalid_players"
        )
        if self.explicit_chance and shuffle is not None:
            raise ConfigError(
                "invalid_players", "a game with explicit chance takes no shuffle source"
            )
        self.shuffle: ShuffleSource | None = None
        if not self.explicit_chance:
            self.shuffle = (
                SecureShuffle() if shuffle is None else shuffle_source(shuffle, "shuffle")  # type: ignore[assignment]
            )
        self.dealer_draw: DealerDraw | None = None
        self._drawing: DealerDrawing | None = None
        self.dealer = 0
        if dealer is None:
            # R-DEAL-1 with the game's own deck (V-CARD-1: a short deck draws from it).
            self._drawing = DealerDrawing(
                tuple(range(len(self.stacks))), self.shuffle, variant=rules.variant
            )
            self._settle_draw()
        else:
            self.dealer = seat(
                dealer,
                len(self.stacks),
                "dealer",
                error=ConfigError,
                code="invalid_players",
                rule="R-DEAL-2",
            )
        self.hand: Hand | None = None
        self.hand_seats: tuple[int, ...] = ()
        self.records: list[dict[str, Any]] = []
        self.stopped = False
        #: Seats not dealt into the next hands (they keep their chips).
        self.sitting_out: set[int] = set()
        #: Seats whose players left the game with their chips (never dealt again).
        self.left: set[int] = set()

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

    def dealt_next(
        self, joining: int = 0, sitting_out: Collection[int] | None = None
    ) -> tuple[int, ...]:
        """The seats the next deal deals in, in order (R-ANTE-2, R-GAME-1): every seat
        with chips that is not sitting out. ``joining`` players who would join first
        (:meth:`add_player`) take the next seats; ``sitting_out`` replaces
        :attr:`sitting_out` (a table asking before it makes either change)."""
        out = self.sitting_out if sitting_out is None else sitting_out
        seats = [*self.seats_in_game, *range(len(self.stacks), len(self.stacks) + joining)]
        return tuple(s for s in seats if s not in out)

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
        seats = self.dealt_next()
        if len(seats) < MIN_PLAYERS:
            raise IllegalActionError(
                "too_few_players",
                f"{len(seats)} player(s) with chips are not sitting out: a hand needs "
                f"{MIN_PLAYERS}",
                rule="R-GAME-1",
            )
        if self.dealer not in seats:  # the dealer sits out: the next seat dealt in deals
            self.dealer = next((s for s in seats if s > self.dealer), seats[0])
        # Dealt before anything changes: a shuffle source that fails leaves the game
        # as it was.
        hand = Hand.deal(
            self.rules,
            [self.stacks[s] for s in seats],
            dealer=seats.index(self.dealer),
            shuffle=self.shuffle,
            names=[self.names[s] for s in seats],
            explicit_chance=self.explicit_chance,
        )
        self.hand_seats = seats
        self.hand = hand
        return hand

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
        """The table seat of a seat of the current hand (``invalid_seat`` for anything
        else, and when no hand was dealt)."""
        if not self.hand_seats:
            raise IllegalActionError(
                "invalid_seat",
                f"no seat {short(hand_seat)} in the current hand: no hand was dealt",
                details={"input": short(hand_seat)},
            )
        return self.hand_seats[seat(hand_seat, len(self.hand_seats), "a seat of the hand")]

    def rebuy(self, seat: object, chips: object) -> None:
        """Give a busted player chips again, between hands, if the table allows it."""
        if not self.rebuys:
            raise IllegalActionError(
                "illegal_action", "this table allows no rebuys", rule="R-GAME-1"
            )
        at = _seat(seat, len(self.stacks), "a table seat", rule="R-GAME-1")
        bought = _chips(
            chips,
            "a rebuy",
            minimum=1,
            error=IllegalActionError,
            code="invalid_amount",
            rule="R-GAME-1",
        )
        if self.hand is not None or self.stacks[at] > 0 or at in self.left:
            raise IllegalActionError(
                "illegal_action",
                f"seat {at} cannot rebuy now (only a busted player, between hands)",
                rule="R-GAME-1",
            )
        if sum(self.stacks) + bought > MAX_CHIPS:
            raise IllegalActionError(
                "invalid_amount",
                f"a rebuy of {bought} would put more than {MAX_CHIPS} chips in play",
                rule="R-GAME-1",
                details={"input": bought},
            )
        self.stacks[at] = bought

    def top_up(self, seat: object, chips: object) -> None:
        """Add chips to a player's stack between hands, where the table allows rebuys
        (R-GAME-1): a busted player rebuys (:meth:`rebuy`), one with chips tops up."""
        at, added = self.verify_top_up(seat, chips)
        self.stacks[at] += added

    def verify_top_up(self, seat: object, chips: object) -> tuple[int, int]:
        """Check a top-up without making it (:meth:`top_up`); return its seat and chips."""
        at = self._between_hands(seat, "top up")
        if not self.rebuys:
            raise IllegalActionError(
                "illegal_action", "this table allows no rebuys", rule="R-GAME-1"
            )
        added = _chips(
            chips,
            "a top-up",
            minimum=1,
            error=IllegalActionError,
            code="invalid_amount",
            rule="R-GAME-1",
        )
        if sum(self.stacks) + added > MAX_CHIPS:
            what = "a rebuy" if self.stacks[at] == 0 else "a top-up"
            raise IllegalActionError(
                "invalid_amount",
                f"{what} of {added} would put more than {MAX_CHIPS} chips in play",
                rule="R-GAME-1",
                details={"input": added},
            )
        return at, added

    def add_player(self, player_name: object, stack: object) -> int:
        """A new player joins between hands, at a new seat after the others; they are
        dealt in from the next hand. Returns the seat."""
        if self.hand is not None:
            raise IllegalActionError("hand_in_play", "players join between hands", rule="R-GAME-1")
        most = min(MAX_PLAYERS, self.rules.variant.most_players())
        if len(self.seats_in_game) >= most:
            raise IllegalActionError(
                "illegal_action",
                f"{most} players with chips is a full table"
                + ("" if most == MAX_PLAYERS else " for this variant's deck (V-CARD-1)"),
                rule="R-GAME-1",
            )
        at = len(self.stacks)
        added = _chips(
            stack,
            f"seat {at}'s stack",
            minimum=1,
            error=ConfigError,
            code="invalid_players",
            rule="R-ANTE-2",
        )
        if sum(self.stacks) + added > MAX_CHIPS:
            raise ConfigError(
                "invalid_players",
                f"a stack of {added} would put more than {MAX_CHIPS} chips in play",
                details={"input": added},
            )
        self.names = (*self.names, name(player_name, at))
        self.stacks.append(added)
        return at

    def leave(self, seat: object) -> int:
        """A player leaves the game between hands, taking their chips; returns them.
        With fewer than two players holding chips the game is over (R-GAME-1)."""
        at = self._between_hands(seat, "leave")
        taken, self.stacks[at] = self.stacks[at], 0
        self.left.add(at)
        self.sitting_out.discard(at)
        if at == self.dealer:  # the deal passes on as if the hand had ended
            self._pass_deal()
        return taken

    def sit_out(self, seat: object, out: object = True) -> None:
        """A player sits out of the next hands (``out``) or comes back; it takes
        effect at the next deal (a hand in play is played out)."""
        at = _seat(seat, len(self.stacks), "a table seat", rule="R-GAME-1")
        if flag(out, "out", error=IllegalActionError, code="illegal_action"):
            self.sitting_out.add(at)
        else:
            self.sitting_out.discard(at)

    def _between_hands(self, seat: object, what: str) -> int:
        at = _seat(seat, len(self.stacks), "a table seat", rule="R-GAME-1")
        if self.hand is not None:
            raise IllegalActionError(
                "hand_in_play", f"a player may {what} between hands only", rule="R-GAME-1"
            )
        if at in self.left:
            raise IllegalActionError(
                "illegal_action", f"seat {at}'s player has left the game", rule="R-GAME-1"
            )
        return at

    def stop(self) -> None:
        """The table stops the game (R-GAME-1)."""
        self.stopped = True


def _check_players(players: object) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """2-10 ``(name, chips)`` pairs: a name of text, chips an integer >= 1."""
    pairs = items(
        players,
        "players",
        error=ConfigError,
        code="invalid_players",
        least=MIN_PLAYERS,
        most=MAX_PLAYERS,
    )
    names: list[str] = []
    stacks: list[int] = []
    for at, player in enumerate(pairs):
        pair = as_items(player) if isinstance(player, tuple | list) else None
        if pair is None or len(pair) != 2:
            raise ConfigError(
                "invalid_players",
                f"seat {at} must be a (name, chips) pair, got {short(player)}",
                details={"seat": at, "input": short(player)},
            )
        names.append(name(pair[0], at))
        stacks.append(
            chips(
                pair[1],
                f"seat {at}'s stack",
                minimum=1,
                error=ConfigError,
                code="invalid_players",
                rule="R-ANTE-2",
                details={"seat": at},
            )
        )
    total(tuple(stacks), error=ConfigError, code="invalid_players")
    return tuple(names), tuple(stacks)


_seat = seat
_chips = chips
