"""Events: frozen, past-tense records of what happened in a hand.

Applying an action returns the events it produced; dealing produces its own.
Most events are public (R-INFO-1). Two carry hidden cards: :class:`PalaceDealt`
(seen only by its owner, R-INFO-2) and :class:`BattleCompared` (the palace cards
are seen only by the two battlers, R-INFO-3). :func:`redact` gives the version of
an event a viewer may see; observations and clients only ever get that.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from palace_poker.cards import Card

End = Literal["last", "same-suit", "showdown", "tie"]


@dataclass(frozen=True, slots=True)
class AntePosted:
    """A player posted the ante (R-ANTE-1); ``all_in`` if it took their last chip."""

    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class CardsShuffled:
    """Cards were shuffled: ``what`` is ``deck``, ``set-aside``, ``stock`` or ``discard``."""

    what: Literal["deck", "set-aside", "stock", "discard"]
    count: int


@dataclass(frozen=True, slots=True)
class BannerCardSetAside:
    """A card dealt face up in the banner deal was set aside (R-BANNER-2)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class BannerDealt:
    """A player's banner, face up (R-BANNER-2)."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class PalaceDealt:
    """A player's three palace cards, face down (R-PALACE-1); ``cards`` is
    empty in the version others see."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """A player's turn began (R-TURN-1, R-TURN-3)."""

    seat: int


@dataclass(frozen=True, slots=True)
class SoldierBought:
    """A BUY: ``cost`` into the pot, ``card`` face up as a soldier (R-BUY-1, R-BUY-3)."""

    seat: int
    card: Card
    cost: int


@dataclass(frozen=True, slots=True)
class SoldiersDiscarded:
    """Soldiers went face down to the discard pile, by DISCARD or by a trim."""

    seat: int
    cards: tuple[Card, ...]
    trim: bool


@dataclass(frozen=True, slots=True)
class Stayed:
    """A STAY (R-STAY-1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Folded:
    """A fold, on one's own turn (R-FOLD-1) or in a battle (R-BET-7)."""

    seat: int
    in_battle: bool


@dataclass(frozen=True, slots=True)
class BattleStarted:
    """A BET: the attacker paid ``entry`` plus an opening ``raise_by`` (R-BET-1, R-BET-2)."""

    attacker: int
    defender: int
    entry: int
    raise_by: int


@dataclass(frozen=True, slots=True)
class BattleCalled:
    """A CALL paying ``amount`` (R-BET-4); it closes the battle (R-BET-8)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BattleRaised:
    """A RAISE paying ``amount`` in all, of which ``raise_by`` is the raise (R-BET-5)."""

    seat: int
    amount: int
    raise_by: int


@dataclass(frozen=True, slots=True)
class ChipsReturned:
    """Unmatched raise chips went back to their owner (R-BET-7, R-ALLIN-2)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BattleCompared:
    """A battle comparison (R-CMP-1..3, R-END-3): ``winner`` is None on a tie.

    ``palaces`` holds each battler's palace cards, seen only by the two
    battlers (R-INFO-3); others get the event with ``palaces`` empty.
    """

    seats: tuple[int, int]
    winner: int | None
    palaces: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class PlayerOut:
    """A player left the hand; their palace cards went to the discard pile."""

    seat: int
    reason: Literal["fold", "battle", "tie"]


@dataclass(frozen=True, slots=True)
class CardsCaptured:
    """The capturer took the loser's banner and soldiers as soldiers (R-CAPT-1)."""

    seat: int
    from_seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class ShowdownRevealed:
    """In a showdown every remaining player's palace cards are shown (R-INFO-4)."""

    palaces: tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """A player received ``amount`` from the pot (R-POT-2, R-POT-3)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class HandEnded:
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


def redact(event: Event, viewer: int | None) -> Event:
    """The event as ``viewer`` may see it (``None``: a spectator).

    >>> from palace_poker.cards import parse_cards
    >>> e = PalaceDealt(1, tuple(parse_cards("As Kd 7c")))
    >>> redact(e, 1) == e, redact(e, 0).cards
    (True, ())
    """
    if isinstance(event, PalaceDealt) and event.seat != viewer:
        return replace(event, cards=())
    if isinstance(event, BattleCompared) and viewer not in event.seats:
        return replace(event, palaces=())
    return event
