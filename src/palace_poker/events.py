"""Events: immutable, past-tense records of what happened in a hand.

Applying an action returns the events it produced; dealing produces its own.
Most events are public (R-INFO-1). Two carry hidden cards: :class:`PalaceDealt`
(seen only by its owner, R-INFO-2) and :class:`BattleCompared` (the palace cards
are seen only by the two battlers, R-INFO-3). :func:`redact` gives the version of
an event a viewer may see; observations and clients only ever get that.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from palace_poker.cards import Card

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


# Events are named tuples, the cheapest immutable records (a hand creates several
# per decision); equality is made kind-aware here.
for _kind in Event.__args__:
    _kind.__eq__ = _same_event
    _kind.__ne__ = _not_same_event
    _kind.__hash__ = _event_hash


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it (``None``: a spectator).

    >>> from palace_poker.cards import parse_cards
    >>> e = PalaceDealt(1, tuple(parse_cards("As Kd 7c")))
    >>> redact(e, 1) == e, redact(e, 0).cards
    (True, ())
    """
    if isinstance(event, PalaceDealt) and event.seat != viewer:
        return event._replace(cards=())
    if isinstance(event, BattleCompared) and viewer not in event.seats:
        return event._replace(palaces=())
    return event
