"""Events: immutable, past-tense records of what happened in a hand.

Applying an action returns the events it produced; dealing produces its own.
Most events are public (R-INFO-1). Two carry hidden cards: :class:`PalaceDealt`
(seen only by its owner, R-INFO-2) and :class:`BattleCompared` (the palace cards
are seen only by the two battlers, R-INFO-3). ``palace_poker.redaction.redact``
gives the version of an event a viewer may see; observations and clients only ever
get that.

The engine builds events with the functions at the end of this module: events of
few possible values (a seat, a seat and a card) are built once at import and
shared, which saves an allocation per event and the memory of every hand that
holds them; the others are built by :func:`palace_poker.tuples.record`.

>>> turn_started(2) is turn_started(2), turn_started(2)
(True, TurnStarted(seat=2))
>>> soldier_bought(0, Card.parse("Ts"), 10)
SoldierBought(seat=0, card=Card.parse('Ts'), cost=10)
"""

from __future__ import annotations

from functools import partialmethod
from typing import Any, Final, Literal, NamedTuple

from palace_poker.cards import DECK, Card
from palace_poker.config import MAX_PLAYERS
from palace_poker.tuples import record

End = Literal["last", "same-suit", "showdown", "tie"]


class AntePosted(NamedTuple):
    """A player posted the ante (R-ANTE-1); ``all_in`` if it took their last chip."""

    seat: int
    amount: int
    all_in: bool


class CardsShuffled(NamedTuple):
    """Cards were shuffled: ``what`` is ``deck``, ``set-aside``, ``stock`` or ``discard``."""

    what: Literal["deck", "set-aside", "stock", "discard"]
    size: int


class BannerCardSetAside(NamedTuple):
    """A card dealt face up in the banner deal was set aside (R-BANNER-2)."""

    seat: int
    card: Card


class BannerDealt(NamedTuple):
    """A player's banner, face up (R-BANNER-2)."""

    seat: int
    card: Card


class PalaceDealt(NamedTuple):
    """A player's three palace cards, face down (R-PALACE-1); ``cards`` is
    empty in the version others see."""

    seat: int
    cards: tuple[Card, ...]


class TurnStarted(NamedTuple):
    """A player's turn began (R-TURN-1, R-TURN-3)."""

    seat: int


class SoldierBought(NamedTuple):
    """A BUY: ``cost`` into the pot, ``card`` face up as a soldier (R-BUY-1, R-BUY-3)."""

    seat: int
    card: Card
    cost: int


class SoldiersDiscarded(NamedTuple):
    """Soldiers went face down to the discard pile, by DISCARD or by a trim."""

    seat: int
    cards: tuple[Card, ...]
    trim: bool


class Stayed(NamedTuple):
    """A STAY (R-STAY-1)."""

    seat: int


class Folded(NamedTuple):
    """A fold, on one's own turn (R-FOLD-1) or in a battle (R-BET-7)."""

    seat: int
    in_battle: bool


class BattleStarted(NamedTuple):
    """A BET: the attacker paid ``entry`` plus an opening ``raise_by`` (R-BET-1, R-BET-2)."""

    attacker: int
    defender: int
    entry: int
    raise_by: int


class BattleCalled(NamedTuple):
    """A CALL paying ``amount`` (R-BET-4); it closes the battle (R-BET-8)."""

    seat: int
    amount: int


class BattleRaised(NamedTuple):
    """A RAISE paying ``amount`` in all, of which ``raise_by`` is the raise (R-BET-5)."""

    seat: int
    amount: int
    raise_by: int


class ChipsReturned(NamedTuple):
    """Unmatched raise chips went back to their owner (R-BET-7, R-ALLIN-2)."""

    seat: int
    amount: int


class BattleCompared(NamedTuple):
    """A battle comparison (R-CMP-1..3, R-END-3): ``winner`` is None on a tie.

    ``palaces`` holds each battler's palace cards, seen only by the two
    battlers (R-INFO-3); others get the event with ``palaces`` empty.
    """

    seats: tuple[int, int]
    winner: int | None
    palaces: tuple[tuple[Card, ...], ...]


class PlayerOut(NamedTuple):
    """A player left the hand; their palace cards went to the discard pile."""

    seat: int
    reason: Literal["fold", "battle", "tie"]


class CardsCaptured(NamedTuple):
    """The capturer took the loser's banner and soldiers as soldiers (R-CAPT-1)."""

    seat: int
    from_seat: int
    cards: tuple[Card, ...]


class ShowdownRevealed(NamedTuple):
    """In a showdown every remaining player's palace cards are shown (R-INFO-4)."""

    palaces: tuple[tuple[int, tuple[Card, ...]], ...]


class PotAwarded(NamedTuple):
    """A player received ``amount`` from the pot (R-POT-2, R-POT-3)."""

    seat: int
    amount: int


class HandEnded(NamedTuple):
    """The hand ended (R-END-*), with every stack after the award."""

    end: End
    stacks: tuple[int, ...]


Event = (
    AntePosted
    | CardsShuffled
    | BannerCardSetAside
    | BannerDealt
    | PalaceDealt
    | TurnStarted
    | SoldierBought
    | SoldiersDiscarded
    | Stayed
    | Folded
    | BattleStarted
    | BattleCalled
    | BattleRaised
    | ChipsReturned
    | BattleCompared
    | PlayerOut
    | CardsCaptured
    | ShowdownRevealed
    | PotAwarded
    | HandEnded
)


def _same_event(self: tuple[Any, ...], other: object) -> bool:
    """Events are equal when they are of one kind with equal fields (a plain named
    tuple would let ``Stayed(0) == TurnStarted(0)``)."""
    return type(self) is type(other) and tuple.__eq__(self, other)


def _not_same_event(self: tuple[Any, ...], other: object) -> bool:
    return not _same_event(self, other)


def _event_hash(self: tuple[Any, ...]) -> int:
    return hash((type(self).__name__, tuple(self)))


#: Every kind of event.
EVENT_KINDS: tuple[Any, ...] = Event.__args__

# Events are named tuples, the cheapest immutable records (a hand creates several
# per decision); equality is made kind-aware here.
# (partialmethod makes methods of the functions whether or not they are compiled: a
# function compiled by mypyc does not bind as a method by itself.)
for _kind in EVENT_KINDS:
    _kind.__eq__ = partialmethod(_same_event)
    _kind.__ne__ = partialmethod(_not_same_event)
    _kind.__hash__ = partialmethod(_event_hash)


# ------------------------------------------------------------------ builders

# The builder and each kind it builds as module constants: the compiled engine keeps
# a Final in a C static, where a name imported or defined as a class is looked up in
# the module's globals at every use.
_RECORD: Final = record
_AntePosted: Final = AntePosted
_PalaceDealt: Final = PalaceDealt
_SoldierBought: Final = SoldierBought
_SoldiersDiscarded: Final = SoldiersDiscarded
_BattleStarted: Final = BattleStarted
_BattleCalled: Final = BattleCalled
_BattleRaised: Final = BattleRaised
_ChipsReturned: Final = ChipsReturned
_BattleCompared: Final = BattleCompared
_CardsCaptured: Final = CardsCaptured
_ShowdownRevealed: Final = ShowdownRevealed
_PotAwarded: Final = PotAwarded
_HandEnded: Final = HandEnded
_SEATS: Final = range(MAX_PLAYERS)
_TURN_STARTED: Final = tuple(TurnStarted(seat) for seat in _SEATS)
_STAYED: Final = tuple(Stayed(seat) for seat in _SEATS)
_FOLDED: Final = tuple((Folded(seat, False), Folded(seat, True)) for seat in _SEATS)
_BANNER_DEALT: Final = tuple(tuple(BannerDealt(seat, card) for card in DECK) for seat in _SEATS)
_SET_ASIDE: Final = tuple(tuple(BannerCardSetAside(seat, card) for card in DECK) for seat in _SEATS)
_OUT: Final = tuple(
    {reason: PlayerOut(seat, reason) for reason in ("fold", "battle", "tie")} for seat in _SEATS
)
_SHUFFLED: Final = {
    what: tuple(CardsShuffled(what, size) for size in range(53))
    for what in ("deck", "set-aside", "stock", "discard")
}
_NO_PALACE: Final = tuple(PalaceDealt(seat, ()) for seat in _SEATS)
_PAIRS: Final = tuple(tuple((a, b) for b in _SEATS) for a in _SEATS)
# Antes by (seat, amount, all-in): a table's ante is the same hand after hand. Kept
# to a bounded number of entries, whatever amounts come.
_ANTES: dict[tuple[int, int, bool], AntePosted] = {}
_ANTES_KEPT: Final = 4096


def turn_started(seat: int) -> TurnStarted:
    """The shared ``TurnStarted(seat)``."""
    return _TURN_STARTED[seat]


def stayed(seat: int) -> Stayed:
    """The shared ``Stayed(seat)``."""
    return _STAYED[seat]


def folded(seat: int, in_battle: bool) -> Folded:
    """The shared ``Folded(seat, in_battle)``."""
    return _FOLDED[seat][1 if in_battle else 0]


def banner_dealt(seat: int, card: Card) -> BannerDealt:
    """The shared ``BannerDealt(seat, card)``."""
    return _BANNER_DEALT[seat][card]


def banner_card_set_aside(seat: int, card: Card) -> BannerCardSetAside:
    """The shared ``BannerCardSetAside(seat, card)``."""
    return _SET_ASIDE[seat][card]


def player_out(seat: int, reason: Literal["fold", "battle", "tie"]) -> PlayerOut:
    """The shared ``PlayerOut(seat, reason)``."""
    return _OUT[seat][reason]


def cards_shuffled(
    what: Literal["deck", "set-aside", "stock", "discard"], size: int
) -> CardsShuffled:
    """The shared ``CardsShuffled(what, size)`` (a pile has at most 52 cards)."""
    return _SHUFFLED[what][size]


def ante_posted(seat: int, amount: int, all_in: bool) -> AntePosted:
    """``AntePosted(seat, amount, all_in)``, shared while the table's antes repeat."""
    key = (seat, amount, all_in)
    event = _ANTES.get(key)
    if event is None:
        event = _RECORD(_AntePosted, seat, amount, all_in)
        if len(_ANTES) < _ANTES_KEPT:
            _ANTES[key] = event
    return event


def palace_dealt(seat: int, cards: tuple[Card, ...]) -> PalaceDealt:
    """``PalaceDealt(seat, cards)``; with no cards, the shared public form."""
    return _RECORD(_PalaceDealt, seat, cards) if cards else _NO_PALACE[seat]


def soldier_bought(seat: int, card: Card, cost: int) -> SoldierBought:
    """``SoldierBought(seat, card, cost)``."""
    return _RECORD(_SoldierBought, seat, card, cost)


def soldiers_discarded(seat: int, cards: tuple[Card, ...], trim: bool) -> SoldiersDiscarded:
    """``SoldiersDiscarded(seat, cards, trim)``."""
    return _RECORD(_SoldiersDiscarded, seat, cards, trim)


def battle_started(attacker: int, defender: int, entry: int, raise_by: int) -> BattleStarted:
    """``BattleStarted(attacker, defender, entry, raise_by)``."""
    return _RECORD(_BattleStarted, attacker, defender, entry, raise_by)


def battle_called(seat: int, amount: int) -> BattleCalled:
    """``BattleCalled(seat, amount)``."""
    return _RECORD(_BattleCalled, seat, amount)


def battle_raised(seat: int, amount: int, raise_by: int) -> BattleRaised:
    """``BattleRaised(seat, amount, raise_by)``."""
    return _RECORD(_BattleRaised, seat, amount, raise_by)


def chips_returned(seat: int, amount: int) -> ChipsReturned:
    """``ChipsReturned(seat, amount)``."""
    return _RECORD(_ChipsReturned, seat, amount)


def battle_compared(
    seats: tuple[int, int], winner: int | None, palaces: tuple[tuple[Card, ...], ...]
) -> BattleCompared:
    """``BattleCompared(seats, winner, palaces)``."""
    return _RECORD(_BattleCompared, _PAIRS[seats[0]][seats[1]], winner, palaces)


def cards_captured(seat: int, from_seat: int, cards: tuple[Card, ...]) -> CardsCaptured:
    """``CardsCaptured(seat, from_seat, cards)``."""
    return _RECORD(_CardsCaptured, seat, from_seat, cards)


def showdown_revealed(palaces: tuple[tuple[int, tuple[Card, ...]], ...]) -> ShowdownRevealed:
    """``ShowdownRevealed(palaces)``."""
    return _RECORD(_ShowdownRevealed, palaces)


def pot_awarded(seat: int, amount: int) -> PotAwarded:
    """``PotAwarded(seat, amount)``."""
    return _RECORD(_PotAwarded, seat, amount)


def hand_ended(end: End, stacks: tuple[int, ...]) -> HandEnded:
    """``HandEnded(end, stacks)``."""
    return _RECORD(_HandEnded, end, stacks)
