"""One hand of Palace Poker as a state machine (RULES.md, every R-* rule of a hand).

A :class:`Hand` is dealt by :meth:`Hand.deal` (antes, banners, palaces) and then
driven one decision at a time. It follows the verify / can / apply triad:

* :meth:`Hand.verify` raises an :class:`~palace_poker.errors.PalaceError` naming
  the input and the rule it breaks;
* :meth:`Hand.can` answers yes or no;
* :meth:`Hand.apply` applies a legal action and returns the events it produced.

A refused action changes nothing. The hand is mutable (fast to step); use
:meth:`Hand.copy` to branch it. Observations (:meth:`Hand.observe`) are frozen
snapshots, so a holder of one never sees it change.

>>> from palace_poker import Rules, SeededShuffle
>>> hand = Hand.deal(Rules.of(10), [1000, 1000, 1000], dealer=2, shuffle=SeededShuffle(1))
>>> hand.to_act, hand.phase
(0, <Phase.TURN: 'turn'>)
>>> [str(o) for o in hand.legal_options()][:2]
['0 buy (costs 10)', '0 bet 1 (costs 10)']
>>> events = hand.apply("0 stay")
>>> hand.to_act
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

from palace_poker import battle as _battle
from palace_poker.actions import Action
from palace_poker.cards import DECK, Card
from palace_poker.config import Rules
from palace_poker.errors import ConfigError, PalaceError
from palace_poker.evaluator import evaluate
from palace_poker.events import (
    AntePosted,
    BannerCardSetAside,
    BannerDealt,
    BattleCalled,
    BattleCompared,
    BattleRaised,
    BattleStarted,
    CardsCaptured,
    CardsShuffled,
    ChipsReturned,
    End,
    Event,
    Folded,
    HandEnded,
    PalaceDealt,
    PlayerOut,
    PotAwarded,
    ShowdownRevealed,
    SoldierBought,
    SoldiersDiscarded,
    Stayed,
    TurnStarted,
    redact,
)
from palace_poker.options import Option
from palace_poker.pot import award
from palace_poker.shuffle import SecureShuffle, ShuffleSource

if TYPE_CHECKING:
    from palace_poker.observation import Observation

MAX_SOLDIERS = 5
MIN_PLAYERS = 2
MAX_PLAYERS = 10

# Events are named tuples, built here with tuple.__new__ and their fields in order:
# a named tuple's own constructor is a Python function (a frame per event), which
# the engine compiled by mypyc cannot inline, and a hand makes a few per decision.
_new: Final = tuple.__new__


class Phase(StrEnum):
    """Which kind of decision is due."""

    TURN = "turn"  # the player to act chooses BUY, DISCARD, BET, STAY or FOLD
    BATTLE = "battle"  # a battler responds: FOLD, CALL or RAISE
    TRIM = "trim"  # after a BUY or a capture: which soldiers to discard
    OVER = "over"  # the hand has ended


class Hand:
    """The state of one hand; seats are ``0..n-1`` clockwise.

    Start one with :meth:`deal` (or :func:`palace_poker.record.replay`). ``Hand()``
    alone is an empty shell that :meth:`deal`, :meth:`copy` and ``determinize`` fill
    in field by field (the core may be compiled by mypyc, which needs a plain
    constructor rather than ``__new__``).
    """

    __slots__ = (
        "_shuffle",
        "_trim_rule",
        "actions",
        "banners",
        "battle",
        "contributions",
        "dealer",
        "discard_palaces",
        "discard_pile",
        "discard_public",
        "events",
        "in_hand",
        "n",
        "names",
        "palaces",
        "phase",
        "quiet",
        "result",
        "revealed",
        "rules",
        "set_aside",
        "shuffles",
        "soldiers",
        "stacks",
        "start_stacks",
        "stock",
        "stock_palaces",
        "stock_public",
        "to_act",
        "turn",
    )

    rules: Rules
    n: int
    dealer: int
    names: tuple[str, ...]
    start_stacks: tuple[int, ...]
    stacks: list[int]
    contributions: list[int]
    banners: tuple[Card, ...]  # dealt once; captured banners become soldiers
    palaces: list[tuple[Card, ...]]
    soldiers: list[list[Card]]
    in_hand: list[bool]
    stock: list[Card]  # top card last, so a draw is a pop()
    discard_pile: list[Card]
    # Cards whose identity some players know although they lie face down: public
    # ones, that were face up (a discarded soldier, a folded banner), and palace cards
    # by owner (known to the owner and to those they were shown to). Kept for the
    # discard pile, and for the stock once the pile is reshuffled into it (R-BUY-2),
    # so that each view can say what its viewer knows.
    discard_public: list[Card]
    discard_palaces: list[tuple[int, list[Card]]]
    stock_public: list[Card]
    stock_palaces: list[tuple[int, list[Card]]]
    set_aside: tuple[Card, ...]  # every card set aside in the banner deal (public)
    phase: Phase
    to_act: int | None
    turn: int
    battle: _battle.Battle | None
    quiet: list[bool]
    revealed: list[dict[int, tuple[Card, ...]]]  # per viewer: palaces they have seen
    shuffles: list[tuple[Card, ...]]
    actions: list[Action]
    events: list[Event]
    result: HandResult | None
    _shuffle: ShuffleSource
    _trim_rule: str

    # ------------------------------------------------------------------ dealing

    @classmethod
    def deal(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        *,
        dealer: object,
        shuffle: ShuffleSource | None = None,
        names: Sequence[str] | None = None,
    ) -> Hand:
        """Post antes, deal banners and palaces, and start the first turn.

        ``stacks`` are the chips of the players dealt in, in seat order (each
        at least 1: a player with no chips is not dealt in, R-ANTE-2); ``dealer``
        is the dealer's seat. Bad values (a stack or a dealer that is not such an
        integer, a bool included) raise ``ConfigError('invalid_players')``.
        """
        chips, dealer = _check_players(stacks, dealer, names)
        hand = cls()
        hand.rules = rules
        hand.n = n = len(chips)
        hand.dealer = dealer
        hand.names = tuple(names) if names is not None else tuple(f"Seat {i}" for i in range(n))
        hand.start_stacks = tuple(chips)
        hand.stacks = chips
        hand.contributions = [0] * n
        hand.palaces = [()] * n
        hand.soldiers = [[] for _ in range(n)]
        hand.in_hand = [True] * n
        hand.discard_pile = []
        hand.discard_public = []
        hand.discard_palaces = []
        hand.stock_public = []
        hand.stock_palaces = []
        hand.phase = Phase.TURN
        hand.to_act = None
        hand.battle = None
        hand.quiet = [False] * n
        hand.revealed = [{} for _ in range(n)]
        hand.shuffles = []
        hand.actions = []
        hand.events = []
        hand.result = None
        hand._shuffle = shuffle if shuffle is not None else SecureShuffle()
        hand._trim_rule = "R-BUY-3"
        hand._post_antes()
        hand._deal_banners()
        hand._deal_palaces()
        hand._start_turn(hand.dealing_order()[0])
        return hand

    def dealing_order(self) -> list[int]:
        """Seats from the dealer's left round to the dealer (R-BANNER-1)."""
        return [(self.dealer + 1 + i) % self.n for i in range(self.n)]

    def _do_shuffle(self, cards: Sequence[Card], what: str) -> list[Card]:
        order = self._shuffle.shuffle(cards)
        self.shuffles.append(tuple(order))
        self.events.append(_new(CardsShuffled, (what, len(order))))
        return order

    def _post_antes(self) -> None:
        """R-ANTE-1: everyone antes; a short stack posts all it has (all-in)."""
        ante = self.rules.ante
        if ante == 0:
            return
        for seat in range(self.n):
            paid = self._pay(seat, ante)
            self.events.append(_new(AntePosted, (seat, paid, self.stacks[seat] == 0)))

    def _deal_banners(self) -> None:
        """R-BANNER-1..4: deal face up until a suit new to the player's group."""
        deck = self._do_shuffle(DECK, "deck")
        deck.reverse()  # top card last
        set_aside: list[Card] = []
        every_set_aside: list[Card] = []
        banners: list[Card | None] = [None] * self.n
        taken: list[set[int]] = [set(), set(), set()]  # banner suits of each group
        for position, seat in enumerate(self.dealing_order()):
            group = taken[position // 4]
            while True:
                if not deck:
                    deck = self._do_shuffle(set_aside, "set-aside")
                    deck.reverse()
                    set_aside = []
                card = deck.pop()
                if card & 3 not in group:
                    group.add(card & 3)
                    banners[seat] = card
                    self.events.append(_new(BannerDealt, (seat, card)))
                    break
                set_aside.append(card)
                every_set_aside.append(card)
                self.events.append(_new(BannerCardSetAside, (seat, card)))
        self.banners = tuple(b for b in banners if b is not None)
        self.set_aside = tuple(every_set_aside)
        deck.reverse()
        stock = self._do_shuffle(set_aside + deck, "stock")
        stock.reverse()
        self.stock = stock

    def _deal_palaces(self) -> None:
        """R-PALACE-1: three face-down cards each, one at a time, in dealing order."""
        order = self.dealing_order()
        n, stock = self.n, self.stock
        # The stock's top is its end: round r gives the player at position p the card
        # r * n + p from the top.
        top = stock[::-1][: 3 * n]
        del stock[len(stock) - 3 * n :]
        for position, seat in enumerate(order):
            palace = (top[position], top[n + position], top[2 * n + position])
            self.palaces[seat] = palace
            self.events.append(_new(PalaceDealt, (seat, palace)))

    # ------------------------------------------------------------ public queries

    @property
    def over(self) -> bool:
        """True once the hand has ended."""
        return self.phase is Phase.OVER

    @property
    def pot(self) -> int:
        """Chips in the pot (R-POT-1)."""
        return sum(self.contributions)

    def players_in_hand(self) -> list[int]:
        """Seats still in the hand, in seat order."""
        return [s for s in range(self.n) if self.in_hand[s]]

    def entry(self, seat: int) -> int:
        """R-BET-2: a player's entry is (soldiers + 1) x SB."""
        return (len(self.soldiers[seat]) + 1) * self.rules.small_bet

    def usable_cards(self, seat: int, against: int | None = None) -> list[Card]:
        """The player's banner, palace and soldiers; against an opponent, without
        the cards of the opponent's banner suit (R-CMP-1)."""
        cards = [self.banners[seat], *self.palaces[seat], *self.soldiers[seat]]
        if against is None:
            return cards
        excluded = self.banners[against] & 3
        return [c for c in cards if c & 3 != excluded]

    def left_of(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` whose player is still in the hand."""
        for step in range(1, self.n + 1):
            candidate = (seat + step) % self.n
            if self.in_hand[candidate]:
                return candidate
        raise AssertionError("no player in the hand")  # pragma: no cover

    # ------------------------------------------------------- verify / can / apply

    def verify(self, action: object) -> Action:
        """Check an action (an :class:`Action` or its text) without applying it;
        return it parsed.

        Raises :class:`~palace_poker.errors.PalaceError` (a ``ParseError`` or an
        ``IllegalActionError``) naming the input and the rule it breaks; anything
        that is neither an Action nor a string is a ``malformed_action``. (Typed
        ``object`` because it checks its input itself: the compiled engine would
        otherwise refuse other types with a bare TypeError.)
        """
        parsed = _legal.as_action(action)
        self._plan(parsed)
        return parsed

    def can(self, action: object) -> bool:
        """True when :meth:`apply` would accept the action."""
        try:
            self.verify(action)
        except PalaceError:
            return False
        return True

    def apply(self, action: object) -> list[Event]:
        """Apply a legal action (an :class:`Action` or its text); return the events it
        produced (dealing excluded).

        Raises like :meth:`verify`, leaving the hand unchanged.
        """
        parsed = _legal.as_action(action)
        run = self._plan(parsed)
        start = len(self.events)
        run()
        self.actions.append(parsed)
        return self.events[start:]

    def legal_options(self) -> list[Option]:
        """Every legal choice of the player to act, with its cost (empty when over)."""
        return _legal.legal_options(self)

    def legal_actions(self) -> list[Action]:
        """Every legal action, concretely; a no-limit amount appears at its bounds."""
        return [a for option in self.legal_options() for a in option.actions()]

    def _plan(self, action: Action) -> Callable[[], None]:
        """Validate ``action`` and return the closure that applies it."""
        return _legal.plan(self, action)

    # ------------------------------------------------------------ turn actions

    def _start_turn(self, seat: int) -> None:
        self.phase = Phase.TURN
        self.turn = seat
        self.to_act = seat
        self.events.append(_new(TurnStarted, (seat,)))

    def _finish_turn(self) -> None:
        """R-TURN-3 and R-END-5: check the end, else the next player clockwise."""
        if not self._check_end(after_turn=True):
            self._start_turn(self.left_of(self.turn))

    def do_buy(self, seat: int) -> None:
        """R-BUY-1..3: draw (reshuffling the discard pile if needed), pay SB, trim next."""
        if not self.stock:
            order = self._do_shuffle(self.discard_pile, "discard")
            order.reverse()
            self.stock = order
            self.discard_pile = []
            self.stock_public, self.discard_public = self.discard_public, []
            self.stock_palaces, self.discard_palaces = self.discard_palaces, []
        card = self.stock.pop()
        if card in self.stock_public:
            self.stock_public.remove(card)
        for _, palace in self.stock_palaces:
            if card in palace:
                palace.remove(card)
        paid = self._pay(seat, self.rules.small_bet)
        self.soldiers[seat].append(card)
        self.quiet = [False] * self.n
        self.events.append(_new(SoldierBought, (seat, card, paid)))
        self._start_trim(seat, "R-BUY-3")

    def do_discard(self, seat: int, cards: tuple[Card, ...]) -> None:
        """R-DISC-1: discard soldiers face down; a quiet turn."""
        self._discard_soldiers(seat, cards, trim=False)
        self.quiet[seat] = True
        self._finish_turn()

    def do_stay(self, seat: int) -> None:
        """R-STAY-1: do nothing; a quiet turn."""
        self.quiet[seat] = True
        self.events.append(_new(Stayed, (seat,)))
        self._finish_turn()

    def do_fold(self, seat: int) -> None:
        """R-FOLD-1: out of the hand, every card face down to the discard pile."""
        self.events.append(_new(Folded, (seat, False)))
        self._leave(seat, "fold", keep_army=False)
        if not self._check_end(after_turn=False):
            self._finish_turn()

    def do_bet(self, seat: int, target: int, raise_by: int) -> None:
        """R-BET-1, R-BET-2: pay the entry (and a no-limit opening raise)."""
        entry = self._pay(seat, self.entry(seat))
        paid_raise = self._pay(seat, raise_by)
        self.quiet = [False] * self.n
        self.battle = _battle.Battle.open(seat, target, raise_by=paid_raise)
        self.phase = Phase.BATTLE
        self.to_act = target
        self.events.append(_new(BattleStarted, (seat, target, entry, paid_raise)))

    def do_trim(self, seat: int, cards: tuple[Card, ...]) -> None:
        """R-BUY-3, R-CAPT-1: discard the chosen soldiers; the turn is complete."""
        self._discard_soldiers(seat, cards, trim=True)
        self._finish_turn()

    def _start_trim(self, seat: int, rule: str) -> None:
        self.phase = Phase.TRIM
        self.to_act = seat
        self._trim_rule = rule

    def _discard_soldiers(self, seat: int, cards: tuple[Card, ...], *, trim: bool) -> None:
        army = self.soldiers[seat]
        for card in cards:
            army.remove(card)
        self.discard_pile.extend(cards)
        self.discard_public.extend(cards)
        self.events.append(_new(SoldiersDiscarded, (seat, tuple(cards), trim)))

    # ---------------------------------------------------------- battle actions

    def do_battle_fold(self, seat: int) -> None:
        """R-BET-7: the folder is out; the other takes back unmatched raises and captures."""
        battle = self._require_battle()
        other = battle.opponent(seat)
        self.events.append(_new(Folded, (seat, True)))
        self._return_unmatched(other, battle.unmatched(other))
        self._defeat(winner=other, loser=seat, reason="fold")

    def do_call(self, seat: int) -> None:
        """R-BET-4, R-ALLIN-2, R-BET-8: pay entry then raises (as far as possible), compare."""
        battle = self._require_battle()
        other = battle.opponent(seat)
        entry_due = 0 if battle.entry_paid(seat) else self.entry(seat)
        paid = self._pay(seat, entry_due)
        owed = battle.unmatched(other)
        matched = self._pay(seat, owed)
        battle.pay_entry(seat)
        battle.add_raise_chips(seat, matched)
        self.events.append(_new(BattleCalled, (seat, paid + matched)))
        self._return_unmatched(other, owed - matched)
        self._compare_battle(battle)

    def do_raise(self, seat: int, raise_by: int) -> None:
        """R-BET-5, R-BET-6: pay the call and the raise; the other battler responds."""
        battle = self._require_battle()
        other = battle.opponent(seat)
        due = (0 if battle.entry_paid(seat) else self.entry(seat)) + battle.unmatched(other)
        paid = self._pay(seat, due + raise_by)
        battle.pay_entry(seat)
        battle.raise_to(seat, other, raise_by)
        self.to_act = other
        self.events.append(_new(BattleRaised, (seat, paid, raise_by)))

    def _require_battle(self) -> _battle.Battle:
        assert self.battle is not None
        return self.battle

    def _return_unmatched(self, seat: int, amount: int) -> None:
        if amount > 0:
            self.stacks[seat] += amount
            self.contributions[seat] -= amount
            assert self.battle is not None
            self.battle.add_raise_chips(seat, -amount)
            self.events.append(_new(ChipsReturned, (seat, amount)))

    def _compare_battle(self, battle: _battle.Battle) -> None:
        """R-CMP-1..4 for a battle closed by a call."""
        attacker, defender = battle.attacker, battle.defender
        winner = self._compare(attacker, defender)
        self.battle = None
        if winner is not None:
            loser = defender if winner == attacker else attacker
            self._defeat(winner=winner, loser=loser, reason="battle")
            return
        if len(self.players_in_hand()) == 2:
            self._finish("tie", _everyone)  # R-CMP-3: the last two split
            return
        for seat in (attacker, defender):  # R-CMP-3: both out, every card discarded
            self._leave(seat, "tie", keep_army=False)
        if not self._check_end(after_turn=False):
            self._finish_turn()

    def _compare(self, a: int, b: int) -> int | None:
        """The winner of a battle comparison of ``a`` and ``b``, or None on a tie.

        Reveals each battler's palace cards to the other (R-INFO-3).
        """
        value_a = evaluate(self.usable_cards(a, against=b))
        value_b = evaluate(self.usable_cards(b, against=a))
        if value_a == value_b:  # R-CMP-2: more cards of one's own banner suit
            value_a, value_b = self._own_suit_count(a), self._own_suit_count(b)
        winner = None if value_a == value_b else (a if value_a > value_b else b)
        self.revealed[a][b] = self.palaces[b]
        self.revealed[b][a] = self.palaces[a]
        self.events.append(
            _new(BattleCompared, ((a, b), winner, (self.palaces[a], self.palaces[b])))
        )
        return winner

    def _own_suit_count(self, seat: int) -> int:
        suit = self.banners[seat] & 3
        return sum(1 for c in self.usable_cards(seat) if c & 3 == suit)

    def _defeat(self, *, winner: int, loser: int, reason: str) -> None:
        """R-CMP-4, R-BET-7, R-CAPT-1: the loser is out; the winner captures, then trims."""
        self.battle = None
        captured = (self.banners[loser], *self.soldiers[loser])
        self._leave(loser, "battle" if reason == "battle" else "fold", keep_army=True)
        self.soldiers[winner].extend(captured)
        self.soldiers[loser] = []
        self.events.append(_new(CardsCaptured, (winner, loser, captured)))
        if not self._check_end(after_turn=False):
            self._start_trim(winner, "R-CAPT-1")

    # ----------------------------------------------------------- leaving, ending

    def _leave(self, seat: int, reason: str, *, keep_army: bool) -> None:
        """A player leaves the hand: palace cards (and, unless captured, banner and
        soldiers) go face down to the discard pile."""
        self.in_hand[seat] = False
        self.discard_pile.extend(self.palaces[seat])
        self.discard_palaces.append((seat, list(self.palaces[seat])))
        if not keep_army:
            army = [self.banners[seat], *self.soldiers[seat]]
            self.discard_pile.extend(army)
            self.discard_public.extend(army)
            self.soldiers[seat] = []
        self.events.append(_new(PlayerOut, (seat, reason)))

    def _check_end(self, *, after_turn: bool) -> bool:
        """R-END-5: check R-END-1, R-END-2, then (after a turn) R-END-3/R-END-4."""
        in_hand = self.in_hand
        alive = [s for s in range(self.n) if in_hand[s]]
        count = len(alive)
        if count == 1:
            self._finish("last", _everyone)
            return True
        # At most three players can share a suit (one per banner group), so R-END-2
        # needs no look at more than three.
        if count <= 3 and len({self.banners[s] & 3 for s in alive}) == 1:
            self._finish("same-suit", _everyone)
            return True
        if not after_turn:
            return False
        quiet = self.quiet
        for seat in alive:
            if not quiet[seat]:
                return False
        if count == 2:
            self._final_battle(alive[0], alive[1])
        else:
            self._showdown(alive)
        return True

    def _final_battle(self, a: int, b: int) -> None:
        """R-END-3: the last two, after a quiet round, are compared as in a battle."""
        winner = self._compare(a, b)
        if winner is None:
            self._finish("tie", _everyone)
            return
        loser = b if winner == a else a
        captured = (self.banners[loser], *self.soldiers[loser])
        self._leave(loser, "battle", keep_army=True)
        self.soldiers[winner].extend(captured)
        self.soldiers[loser] = []
        self.events.append(_new(CardsCaptured, (winner, loser, captured)))
        self._finish("last", _everyone)

    def _showdown(self, alive: list[int]) -> None:
        """R-END-4, R-INFO-4: all cards shown; the best hand (no exclusions) wins."""
        shown = tuple((s, self.palaces[s]) for s in alive)
        for viewer in range(self.n):
            for seat, palace in shown:
                if seat != viewer:
                    self.revealed[viewer][seat] = palace
        self.events.append(_new(ShowdownRevealed, (shown,)))
        values = {s: evaluate(self.usable_cards(s)) for s in alive}

        def best(eligible: list[int]) -> list[int]:
            top = max(values[s] for s in eligible)
            return [s for s in eligible if values[s] == top]

        self._finish("showdown", best)

    def _finish(self, end: End, choose: Callable[[list[int]], list[int]]) -> None:
        """Award the pot (R-POT-2, R-POT-3) and end the hand."""
        all_in = [self.in_hand[s] and self.stacks[s] == 0 for s in range(self.n)]
        payouts = award(self.contributions, self.in_hand, all_in, choose, dealer=self.dealer)
        for seat, amount in enumerate(payouts):
            if amount:
                self.stacks[seat] += amount
                self.events.append(_new(PotAwarded, (seat, amount)))
        self.battle = None
        self.phase = Phase.OVER
        self.to_act = None
        self.result = HandResult(end, tuple(self.stacks), tuple(payouts))
        self.events.append(_new(HandEnded, (end, tuple(self.stacks))))

    def _pay(self, seat: int, amount: int) -> int:
        """Move up to ``amount`` from the stack into the pot (R-ALLIN-1); return it."""
        paid = min(amount, self.stacks[seat])
        self.stacks[seat] -= paid
        self.contributions[seat] += paid
        return paid

    # ----------------------------------------------------------------- copying

    def copy(self, *, shuffle: ShuffleSource | None = None) -> Hand:
        """An independent copy; ``shuffle`` replaces the source of later shuffles."""
        other = Hand()
        other.rules = self.rules
        other.n = self.n
        other.dealer = self.dealer
        other.names = self.names
        other.start_stacks = self.start_stacks
        other.phase = self.phase
        other.to_act = self.to_act
        other.turn = self.turn
        other.set_aside = self.set_aside
        other.result = self.result
        other._trim_rule = self._trim_rule
        other.banners = self.banners
        other.stacks = list(self.stacks)
        other.contributions = list(self.contributions)
        other.palaces = list(self.palaces)
        other.soldiers = [list(s) for s in self.soldiers]
        other.in_hand = list(self.in_hand)
        other.stock = list(self.stock)
        other.discard_pile = list(self.discard_pile)
        other.discard_public = list(self.discard_public)
        other.stock_public = list(self.stock_public)
        other.discard_palaces = [(seat, list(cards)) for seat, cards in self.discard_palaces]
        other.stock_palaces = [(seat, list(cards)) for seat, cards in self.stock_palaces]
        other.quiet = list(self.quiet)
        other.revealed = [dict(r) for r in self.revealed]
        other.shuffles = list(self.shuffles)
        other.actions = list(self.actions)
        other.events = list(self.events)
        other.battle = self.battle.copy() if self.battle is not None else None
        other._shuffle = shuffle if shuffle is not None else self._shuffle
        return other

    # ------------------------------------------------------------ observations

    def observe(self, viewer: object) -> Observation:
        """What ``viewer`` may see now (R-INFO-*); ``None`` for a spectator."""
        return _observation.observe(self, viewer)

    def known_face_down(self, viewer: int | None) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The face-down cards ``viewer`` can name: (in the discard pile, in the stock).

        Everyone knows the soldiers and banners that were discarded face up; a player
        also knows their own palace cards and those they were shown (R-INFO-3).
        """
        seen = self.revealed[viewer] if viewer is not None else {}
        return (
            _known(self.discard_public, self.discard_palaces, viewer, seen),
            _known(self.stock_public, self.stock_palaces, viewer, seen),
        )

    def events_for(self, viewer: object, start: int = 0) -> list[Event]:
        """The events from index ``start`` on, as ``viewer`` may see them (R-INFO-*)."""
        seat = _observation.viewer_seat(self, viewer)
        return [redact(event, seat) for event in self.events[start:]]

    def full_view(self) -> dict[str, Any]:
        """Everything, hidden cards included (for records, debugging and tests;
        never for a player): each seat's cards, the stock top first, the discard pile."""
        return {
            **observe_everything(self),
            "palaces": [[str(c) for c in p] for p in self.palaces],
            "stock": [str(c) for c in reversed(self.stock)],
            "discard_pile": [str(c) for c in self.discard_pile],
        }

    def to_record(self) -> dict[str, Any]:
        """The hand as a ``palace-hand/1`` record (the result once it is over)."""
        return _record.hand_to_record(self)


class HandResult:
    """How a hand ended: ``end`` (R-END-*), the final ``stacks`` and each ``payout``."""

    __slots__ = ("end", "payouts", "stacks")

    def __init__(self, end: End, stacks: tuple[int, ...], payouts: tuple[int, ...]) -> None:
        self.end = end
        self.stacks = stacks
        self.payouts = payouts

    def __repr__(self) -> str:
        return f"HandResult(end={self.end!r}, stacks={self.stacks!r}, payouts={self.payouts!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandResult):
            return NotImplemented
        return (self.end, self.stacks, self.payouts) == (other.end, other.stacks, other.payouts)

    def __hash__(self) -> int:
        return hash((self.end, self.stacks, self.payouts))


def _everyone(eligible: list[int]) -> list[int]:
    """A layer's winners when the pot goes to the last player or is shared."""
    return eligible


def _known(
    public: list[Card],
    palaces: list[tuple[int, list[Card]]],
    viewer: int | None,
    seen: dict[int, tuple[Card, ...]],
) -> tuple[Card, ...]:
    """The cards of one face-down pile that ``viewer`` can name: the public ones, and
    the palace cards of the owners it is (or was shown)."""
    if not palaces:
        return tuple(public)
    known = list(public)
    for owner, cards in palaces:
        if owner == viewer or owner in seen:
            known.extend(cards)
    return tuple(known)


def _check_players(
    stacks: Sequence[object], dealer: object, names: Sequence[object] | None
) -> tuple[list[int], int]:
    """Two to ten players, each with at least one chip (R-ANTE-2); a real dealer seat.

    Returns the stacks and the dealer, checked. (The inputs are read as plain objects:
    the engine compiled by mypyc would otherwise coerce ``True`` to 1 or raise a bare
    TypeError before these checks.)
    """
    if not MIN_PLAYERS <= len(stacks) <= MAX_PLAYERS:
        raise ConfigError(
            "invalid_players",
            f"a hand needs 2 to 10 players, got {len(stacks)}",
            details={"players": len(stacks)},
        )
    chips: list[int] = []
    for seat, stack in enumerate(stacks):
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise ConfigError(
                "invalid_players",
                f"seat {seat}'s stack must be an integer >= 1, got {stack!r}",
                rule="R-ANTE-2",
                details={"seat": seat, "input": stack},
            )
        chips.append(stack)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(stacks):
        raise ConfigError(
            "invalid_players",
            f"dealer must be a seat 0..{len(stacks) - 1}, got {dealer!r}",
            rule="R-DEAL-2",
            details={"input": dealer},
        )
    if names is not None and len(names) != len(stacks):
        raise ConfigError(
            "invalid_players",
            f"{len(names)} names for {len(stacks)} players",
            details={"names": len(names)},
        )
    return chips, dealer


# The rule checks, views and records are modules of their own that work on a Hand;
# imported here, after Hand exists, so that they may import it for typing only.
from palace_poker import legal as _legal  # noqa: E402
from palace_poker import observation as _observation  # noqa: E402
from palace_poker import record as _record  # noqa: E402


def observe_everything(hand: Hand) -> dict[str, Any]:
    """The spectator's view as data (the public part of the full view)."""
    return _observation.observe(hand, None).to_dict()
