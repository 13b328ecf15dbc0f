"""The state of one hand as one plain record (:class:`HandState`).

Every field holds an immutable value (an int, a tuple, bytes, a frozen record), so
that a copy shares them all and costs one object, and a change replaces a field's
value instead of mutating it: nobody who holds an older value sees it change. The
one exception is the list of events, which grows by several events a decision: it
is appended to in place, and shared by a copy until either side adds an event,
which first gives that side a list of its own (``events_shared``). The
transitions that change a state are functions in the rules modules (``dealing``,
``turns``, ``battles``, ``ending``, ``chance``); this module only holds the record
and the questions every one of them asks of it.

Cards a hand draws from come from its shuffles: ``shuffles`` lists every shuffle
performed, each as the order of its cards (top first, one byte per card index), and
the *pile* cards are drawn from is always the last one, of which ``drawn`` cards
are gone. The pile is the deck during the banner deal (or the set-aside cards
shuffled into it, R-BANNER-3), then the stock (R-BANNER-4, R-PALACE-1), then the
discard pile shuffled into a new stock (R-BUY-2). So the record of a hand and its
stock are one and the same value.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, NamedTuple

from palace_poker.actions import Action
from palace_poker.cards import DECK, Card
from palace_poker.config import Rules
from palace_poker.events import End, Event
from palace_poker.shuffle import ShuffleSource
from palace_poker.tuples import record
from palace_poker.variant import Variant


class Phase(StrEnum):
    """Which kind of decision is due."""

    TURN = "turn"  # the player to act chooses BUY, DISCARD, BET, STAY or FOLD
    BATTLE = "battle"  # a battler responds: FOLD, CALL or RAISE
    TRIM = "trim"  # after a BUY or a capture: which soldiers to discard
    CHANCE = "chance"  # a card is to be dealt or drawn (explicit chance only)
    OVER = "over"  # the hand has ended


# The phases as module constants: the compiled engine reads a Final from a C static,
# where ``Phase.TURN`` is an attribute lookup on the enum class at every use.
TURN: Final = Phase.TURN
BATTLE: Final = Phase.BATTLE
TRIM: Final = Phase.TRIM
CHANCE: Final = Phase.CHANCE
OVER: Final = Phase.OVER

# Which chance outcome is due (``HandState.chance``): none, a card of the banner
# deal, a palace card, or the card a BUY draws.
NO_CHANCE: Final = 0
BANNER_CARD: Final = 1
PALACE_CARD: Final = 2
SOLDIER_CARD: Final = 3


class HandResult(NamedTuple):
    """How a hand ended: ``end`` (R-END-*), the final ``stacks`` and each ``payout``."""

    end: End
    stacks: tuple[int, ...]
    payouts: tuple[int, ...]


class BattleView(NamedTuple):
    """The public state of the battle in progress (R-BET-*), as every viewer sees it.

    Each side pays its own entry once (R-BET-2); only raises are matched. ``raised``
    counts the raise chips each side has put in, (attacker, defender): its own
    raises and the raises it matched, so what a side still owes to match the other
    is the difference.
    """

    attacker: int
    defender: int
    #: raises made so far, the opening raise included (``max_raises``, R-BET-5)
    raises: int
    #: the latest raise increment (the no-limit minimum, R-BET-5)
    last_raise: int
    #: raise chips each side has put in: (attacker, defender)
    raised: tuple[int, int]
    #: whether the defender has paid their entry (with a call or a raise, R-BET-4)
    defender_entry_paid: bool


# Module constants (C statics in the compiled engine; see events._RECORD).
_RECORD: Final = record
_BATTLE_VIEW: Final = BattleView
_DECK: Final = DECK


def battle_view(
    attacker: int,
    defender: int,
    *,
    raises: int,
    last_raise: int,
    raised: tuple[int, int],
    defender_entry_paid: bool,
) -> BattleView:
    """``BattleView(...)``, built by :func:`palace_poker.tuples.record` (one a response)."""
    made: BattleView = _RECORD(
        _BATTLE_VIEW, attacker, defender, raises, last_raise, raised, defender_entry_paid
    )
    return made


class Deal:
    """The banner and palace deal while it is in progress (R-BANNER-*, R-PALACE-1).

    Never changed once built (a state's values are shared by its copies).
    """

    __slots__ = ("aside", "banners", "palace_cards")

    def __init__(
        self, banners: tuple[Card, ...], aside: tuple[Card, ...], palace_cards: int
    ) -> None:
        #: banners dealt so far, by dealing position
        self.banners = banners
        #: cards set aside since the deck was last shuffled (R-BANNER-3 gathers them)
        self.aside = aside
        #: palace cards dealt so far (card ``k`` goes to dealing position ``k % n``)
        self.palace_cards = palace_cards

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling by the constructor: the compiled class has no default (its
        # __init__ takes arguments, which pickle's default would not pass).
        return (Deal, (self.banners, self.aside, self.palace_cards))


class Shape:
    """The hand's :class:`~palace_poker.variant.Variant` as the rules modules read it
    at every step: plain values of a compiled class, built once per variant
    (:func:`shape_of`), so that the standard game pays one attribute read for each.

    Never changed once built (a state's values are shared by its copies).
    """

    __slots__ = (
        "attacker_entry",
        "battle_at_once",
        "by_rank",
        "deck",
        "fold_captured",
        "group",
        "palace",
        "soldiers",
        "variant",
    )

    def __init__(self, variant: Variant) -> None:
        #: the variant this is the shape of (what a record writes)
        self.variant = variant
        #: the deck's cards, in card order (R-CARD-1)
        self.deck: tuple[Card, ...] = variant.deck
        self.palace: int = variant.palace  # palace cards a player is dealt (R-PALACE-1)
        self.soldiers: int = variant.soldiers  # the most soldiers kept (R-BUY-3)
        self.group: int = variant.group  # players a banner group holds (R-BANNER-1)
        #: R-CMP-1: the opponent's banner strikes the cards of its rank, not its suit
        self.by_rank: bool = variant.struck == "rank"
        #: R-BET-2: both sides' entries sized by the attacker's army
        self.attacker_entry: bool = variant.entry == "attacker"
        #: R-FOLD-1: a fold on one's own turn lets the next player capture
        self.fold_captured: bool = variant.fold == "captured"
        #: R-END-3: the last two with different banners must battle at once
        self.battle_at_once: bool = variant.last_two == "battle"

    def __reduce__(self) -> tuple[Any, ...]:
        return (shape_of, (self.variant,))


_SHAPES: Final[dict[Variant, Shape]] = {}


def shape_of(variant: Variant) -> Shape:
    """The shape of ``variant``: one shared :class:`Shape` a variant."""
    shape = _SHAPES.get(variant)
    if shape is None:
        shape = _SHAPES[variant] = Shape(variant)
    return shape


class HandState:
    """Everything one hand holds; seats are ``0..n-1`` clockwise.

    Built by ``dealing.deal``, by :meth:`copy` and by ``determinize``, all through
    this one constructor.
    """

    __slots__ = (
        "actions",
        "banners",
        "battle",
        "chance",
        "contributions",
        "deal",
        "dealer",
        "discard_owners",
        "discard_pile",
        "discard_public",
        "drawn",
        "events",
        "events_shared",
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
        "shape",
        "shuffles",
        "soldiers",
        "source",
        "start_stacks",
        "stock_owners",
        "stock_public",
        "to_act",
        "trim_rule",
        "turn",
        "version",
    )

    def __init__(
        self,
        *,
        rules: Rules,
        shape: Shape,
        dealer: int,
        names: tuple[str, ...],
        start_stacks: tuple[int, ...],
        contributions: tuple[int, ...],
        banners: tuple[Card, ...],
        palaces: tuple[tuple[Card, ...], ...],
        soldiers: tuple[tuple[Card, ...], ...],
        in_hand: tuple[bool, ...],
        set_aside: tuple[Card, ...],
        shuffles: tuple[bytes, ...],
        drawn: int,
        discard_pile: bytes,
        discard_public: tuple[Card, ...],
        discard_owners: tuple[int, ...],
        stock_public: tuple[Card, ...],
        stock_owners: tuple[int, ...],
        revealed: tuple[tuple[int, ...], ...],
        phase: Phase,
        to_act: int | None,
        turn: int,
        quiet: tuple[bool, ...],
        trim_rule: str,
        battle: BattleView | None,
        chance: int,
        deal: Deal | None,
        source: ShuffleSource | None,
        version: int,
        actions: tuple[Action, ...],
        events: list[Event],
        events_shared: bool,
        result: HandResult | None,
    ) -> None:
        # --- the table, fixed for the hand
        self.rules = rules
        self.shape = shape  # the variant's shape, read at every step
        self.n = len(start_stacks)
        self.dealer = dealer
        self.names = names
        self.start_stacks = start_stacks
        # --- chips: each player's total in the one pot (R-POT-1), net of chips given
        # back; what they have behind is their start less that (see ``stack``)
        self.contributions = contributions
        # --- cards in the players' hands
        self.banners = banners  # by seat; () until the banner deal is over
        self.palaces = palaces
        self.soldiers = soldiers
        self.in_hand = in_hand
        self.set_aside = set_aside  # every card set aside in the banner deal (public)
        # --- face-down piles: the pile drawn from (see the module's docstring) and
        # the discard pile, in the order cards went to it
        self.shuffles = shuffles
        self.drawn = drawn
        self.discard_pile = discard_pile
        # Face-down cards some viewers can name: public ones, that were face up (a
        # discarded soldier, a folded banner), and the palaces of players who left
        # (known to their owner and to those shown them), by owner. Kept for the
        # discard pile, and for the stock once the pile is shuffled into it (R-BUY-2):
        # there, only the cards still in the stock count.
        self.discard_public = discard_public
        self.discard_owners = discard_owners
        self.stock_public = stock_public
        self.stock_owners = stock_owners
        # per viewer, the seats whose palace cards they were shown, in that order
        # (R-INFO-3, R-INFO-4)
        self.revealed = revealed
        # --- whose decision, and of what kind
        self.phase = phase
        self.to_act = to_act
        self.turn = turn
        self.quiet = quiet  # a quiet turn since the last BUY or BET (R-END-4)
        self.trim_rule = trim_rule  # why a trim is due: R-BUY-3 or R-CAPT-1
        self.battle = battle
        # --- chance: the outcome due (NO_CHANCE, BANNER_CARD, ...), the deal in
        # progress, and the source that resolves chance by itself (None: the caller
        # gives every outcome)
        self.chance = chance
        self.deal = deal
        self.source = source
        # --- history
        self.version = version  # one more for every action and chance outcome given
        self.actions = actions
        # Appended to in place, unless shared (see above). The events that carry
        # palace cards are kept in their public form, without them: the cards are in
        # ``palaces``, and ``redaction.full_events`` puts them back.
        self.events = events
        self.events_shared = events_shared
        self.result = result

    # The fields are written in __slots__, the constructor, copy() and _STATE_FIELDS
    # (docs/performance.md, "The state's fields written out", says why each).

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling by the constructor (see Deal.__reduce__): every field but ``n``,
        # which the constructor works out.
        return (_restore_state, (tuple(getattr(self, f) for f in _STATE_FIELDS),))

    def copy(self, source: ShuffleSource | None) -> HandState:
        """A copy: every value shared (they are immutable; the events until either
        side adds one), ``source`` its own."""
        self.events_shared = True
        return HandState(
            rules=self.rules,
            shape=self.shape,
            dealer=self.dealer,
            names=self.names,
            start_stacks=self.start_stacks,
            contributions=self.contributions,
            banners=self.banners,
            palaces=self.palaces,
            soldiers=self.soldiers,
            in_hand=self.in_hand,
            set_aside=self.set_aside,
            shuffles=self.shuffles,
            drawn=self.drawn,
            discard_pile=self.discard_pile,
            discard_public=self.discard_public,
            discard_owners=self.discard_owners,
            stock_public=self.stock_public,
            stock_owners=self.stock_owners,
            revealed=self.revealed,
            phase=self.phase,
            to_act=self.to_act,
            turn=self.turn,
            quiet=self.quiet,
            trim_rule=self.trim_rule,
            battle=self.battle,
            chance=self.chance,
            deal=self.deal,
            source=source,
            version=self.version,
            actions=self.actions,
            events=self.events,
            events_shared=True,
            result=self.result,
        )

    # ------------------------------------------------------------ questions

    def dealing_order(self) -> list[int]:
        """Seats from the dealer's left round to the dealer (R-BANNER-1)."""
        n, dealer = self.n, self.dealer
        return [(dealer + 1 + i) % n for i in range(n)]

    def left_of(self, seat: int) -> int:
        """The next seat clockwise from ``seat`` whose player is still in the hand."""
        n, in_hand = self.n, self.in_hand
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if in_hand[candidate]:
                return candidate
        raise AssertionError("no player in the hand")  # pragma: no cover

    def alive(self) -> list[int]:
        """Seats still in the hand, in seat order."""
        in_hand = self.in_hand
        return [seat for seat in range(self.n) if in_hand[seat]]

    def stack(self, seat: int) -> int:
        """The chips ``seat`` has behind: its start less what it put in the pot (every
        chip paid goes to the pot, R-POT-1), and once the hand is over its final
        stack."""
        result = self.result
        if result is not None:
            return result.stacks[seat]
        return self.start_stacks[seat] - self.contributions[seat]

    def stacks(self) -> tuple[int, ...]:
        """Every player's chips behind (see :meth:`stack`)."""
        result = self.result
        if result is not None:
            return result.stacks
        start, put_in = self.start_stacks, self.contributions
        return tuple([start[seat] - put_in[seat] for seat in range(self.n)])

    def entry(self, seat: int) -> int:
        """R-BET-2: a player's entry is (soldiers + 1) x SB. V-BET-2: in a battle
        whose entries the attacker's army sizes, the defender's entry is the
        attacker's."""
        battle = self.battle
        if battle is not None and self.shape.attacker_entry:
            seat = battle.attacker
        return (len(self.soldiers[seat]) + 1) * self.rules.small_bet

    def pile_size(self) -> int:
        """Cards left in the pile drawn from (the stock, after the banner deal)."""
        shuffles = self.shuffles
        return len(shuffles[-1]) - self.drawn if shuffles else 0

    def pile(self) -> tuple[Card, ...]:
        """The cards left in the pile drawn from, top first."""
        if not self.shuffles:
            return ()
        return tuple([_DECK[index] for index in self.shuffles[-1][self.drawn :]])

    def usable_cards(self, seat: int, against: int | None = None) -> list[Card]:
        """The player's banner, palace and soldiers; against an opponent, without the
        cards of the opponent's banner suit (R-CMP-1), or of its rank (V-CMP-1)."""
        cards = [self.banners[seat], *self.palaces[seat], *self.soldiers[seat]]
        if against is None:
            return cards
        if self.shape.by_rank:
            struck = self.banners[against] >> 2
            return [c for c in cards if c >> 2 != struck]
        excluded = self.banners[against] & 3
        return [c for c in cards if c & 3 != excluded]


#: The constructor's fields, in ``__slots__`` order (``n`` is derived).
_STATE_FIELDS: Final = (
    "actions",
    "banners",
    "battle",
    "chance",
    "contributions",
    "deal",
    "dealer",
    "discard_owners",
    "discard_pile",
    "discard_public",
    "drawn",
    "events",
    "events_shared",
    "in_hand",
    "names",
    "palaces",
    "phase",
    "quiet",
    "result",
    "revealed",
    "rules",
    "set_aside",
    "shape",
    "shuffles",
    "soldiers",
    "source",
    "start_stacks",
    "stock_owners",
    "stock_public",
    "to_act",
    "trim_rule",
    "turn",
    "version",
)


def _restore_state(values: tuple[Any, ...]) -> HandState:
    """A state rebuilt from its pickled fields (:meth:`HandState.__reduce__`)."""
    return HandState(**dict(zip(_STATE_FIELDS, values, strict=True)))


def replaced(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with the item at ``index`` replaced."""
    items = list(values)
    items[index] = value
    return tuple(items)


def with_bool(values: tuple[bool, ...], index: int, value: bool) -> tuple[bool, ...]:
    """``values`` with the flag at ``index`` replaced."""
    items = list(values)
    items[index] = value
    return tuple(items)


def with_army(
    armies: tuple[tuple[Card, ...], ...], seat: int, army: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``armies`` with ``seat``'s replaced."""
    items = list(armies)
    items[seat] = army
    return tuple(items)


#: Default seat names, one shared tuple per table size.
DEFAULT_NAMES: Final[tuple[tuple[str, ...], ...]] = tuple(
    tuple(f"Seat {seat}" for seat in range(n)) for n in range(11)
)

#: ``(False,) * n`` for each table size: nobody quiet, shared by every hand.
NOBODY: Final[tuple[tuple[bool, ...], ...]] = tuple((False,) * n for n in range(11))
#: ``(True,) * n`` for each table size: everyone in the hand.
EVERYONE: Final[tuple[tuple[bool, ...], ...]] = tuple((True,) * n for n in range(11))
#: ``((),) * n`` for each table size: nobody shown anything.
NOTHING_SHOWN: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(((),) * n for n in range(11))
