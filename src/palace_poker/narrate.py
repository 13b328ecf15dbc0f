"""Events as sentences, for logs and the terminal (pure: returns text, prints nothing).

A sentence names players by their names. Given a ``viewer`` (the seat of the
person reading), that player is addressed as "you", in grammar: "You attack
Ann", "Ann attacks you", "Your palace". Counts take their number ("1 chip goes
back", "2 chips go back"). With ``ascii`` cards are written ``Ts`` instead of
``T♠``, for a terminal that cannot print the suit symbols.

>>> from palace_poker.events import BattleStarted, SoldierBought
>>> from palace_poker.cards import Card
>>> narrate(SoldierBought(0, Card.parse("Ts"), 10), ("Ann", "Bob"))
'Ann buys T♠ for 10.'
>>> narrate(SoldierBought(0, Card.parse("Ts"), 10), ("Ann", "Bob"), viewer=0, ascii=True)
'You buy Ts for 10.'
>>> narrate(BattleStarted(1, 0, 20, 0), ("Zoe", "Bob"), viewer=0)
'Bob attacks you: entry 20.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from palace_poker.cards import Card
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
)

#: How a hand ended, in words (by the ending's name): the one wording of the
#: narration and of the server's hand histories.
ENDS = {
    "last": "one player is left",
    "same-suit": "the players left fly one banner suit and share",
    "showdown": "showdown after a quiet round",
    "tie": "the last two tie and share",
}

#: Third-person verbs and their form after "you".
_SECOND = {"is": "are", "has": "have", "flies": "fly", "raises": "raise"}


def card_text(card: Card, *, ascii: bool = False) -> str:
    """One card: ``T♠``, or ``Ts`` with ``ascii``."""
    return str(card) if ascii else card.pretty()


def cards_text(cards: Sequence[Card], *, ascii: bool = False) -> str:
    """Cards with suit symbols (letters with ``ascii``), or a dash for none."""
    return " ".join(card_text(c, ascii=ascii) for c in cards) if cards else "-"


def plural(count: int, noun: str, many: str | None = None) -> str:
    """A count with its noun in the right number.

    >>> plural(1, "hand"), plural(2, "hand"), plural(0, "chip")
    ('1 hand', '2 hands', '0 chips')
    """
    return f"{count} {noun if count == 1 else (many or noun + 's')}"


@dataclass(frozen=True, slots=True)
class Speaker:
    """Names players for one reader: the ``viewer``'s seat is "you"."""

    names: Sequence[str]
    viewer: int | None = None

    def who(self, seat: int, *, start: bool = False) -> str:
        """A player's name, or "You"/"you" for the viewer."""
        if seat == self.viewer:
            return "You" if start else "you"
        return self.names[seat]

    def whose(self, seat: int, *, start: bool = False) -> str:
        """A player's possessive: "Ann's", "Your"/"your"."""
        if seat == self.viewer:
            return "Your" if start else "your"
        return f"{self.names[seat]}'s"

    def does(self, seat: int, verb: str) -> str:
        """The subject and its verb, in agreement: "Ann buys", "You buy"."""
        if seat != self.viewer:
            return f"{self.names[seat]} {verb}"
        return f"You {_SECOND.get(verb, verb.removesuffix('s'))}"


def narrate(  # noqa: C901, PLR0912
    event: Event,
    names: Sequence[str],
    *,
    viewer: int | None = None,
    ascii: bool = False,
) -> str | None:
    """One line for an event, or None for events not worth a line.

    ``viewer`` is the reader's seat (named "you"); ``ascii`` writes cards without
    suit symbols.
    """
    s = Speaker(names, viewer)

    def cards(listed: Sequence[Card]) -> str:
        return cards_text(listed, ascii=ascii)

    def card(one: Card) -> str:
        return card_text(one, ascii=ascii)

    match event:
        case AntePosted(seat, amount, all_in):
            return f"{s.does(seat, 'antes')} {amount}" + (
                f" and {'are' if seat == viewer else 'is'} all-in." if all_in else "."
            )
        case CardsShuffled(what, count):
            return f"Shuffle: {plural(count, 'card')} ({what})." if what != "deck" else None
        case BannerCardSetAside(seat, one):
            dealt = "are" if seat == viewer else "is"
            return f"{s.who(seat, start=True)} {dealt} dealt {card(one)}: suit taken, set aside."
        case BannerDealt(seat, one):
            return f"{s.does(seat, 'flies')} the {card(one)} banner."
        case PalaceDealt(seat, dealt):
            return f"{s.whose(seat, start=True)} palace: {cards(dealt)}." if dealt else None
        case TurnStarted():
            return None
        case SoldierBought(seat, one, cost):
            return f"{s.does(seat, 'buys')} {card(one)} for {cost}."
        case SoldiersDiscarded(seat, dropped, trim):
            if not dropped:
                return None
            return f"{s.does(seat, 'trims' if trim else 'discards')} {cards(dropped)}."
        case Stayed(seat):
            return f"{s.does(seat, 'stays')}."
        case Folded(seat, in_battle):
            return f"{s.does(seat, 'folds')}" + (" the battle." if in_battle else ".")
        case BattleStarted(attacker, defender, entry, raise_by):
            extra = (
                f" and {'raise' if attacker == viewer else 'raises'} {raise_by}" if raise_by else ""
            )
            return f"{s.does(attacker, 'attacks')} {s.who(defender)}: entry {entry}{extra}."
        case BattleCalled(seat, amount):
            return f"{s.does(seat, 'calls')} ({amount})."
        case BattleRaised(seat, amount, raise_by):
            return f"{s.does(seat, 'raises')} {raise_by} (pays {amount})."
        case ChipsReturned(seat, amount):
            go = "goes" if amount == 1 else "go"
            return f"{plural(amount, 'unmatched chip')} {go} back to {s.who(seat)}."
        case BattleCompared(seats, winner, palaces):
            shown = ""
            if palaces:
                parts = (f"{s.who(p)}: {cards(c)}" for p, c in zip(seats, palaces, strict=True))
                shown = " (" + "; ".join(parts) + ")"
            if winner is None:
                first, second = seats
                if second == viewer:
                    first, second = second, first
                return f"{s.who(first, start=True)} and {s.who(second)} tie{shown}."
            return f"{s.does(winner, 'wins')} the battle{shown}."
        case PlayerOut(seat, reason):
            return f"{s.does(seat, 'is')} out of the hand ({reason})."
        case CardsCaptured(seat, from_seat, taken):
            return f"{s.does(seat, 'captures')} {cards(taken)} from {s.who(from_seat)}."
        case ShowdownRevealed(palaces):
            return "Showdown: " + "; ".join(f"{s.who(p)} {cards(c)}" for p, c in palaces) + "."
        case PotAwarded(seat, amount):
            return f"{s.does(seat, 'takes')} {amount}."
        case HandEnded(end, stacks):
            chips = ", ".join(f"{s.who(p)} {c}" for p, c in enumerate(stacks))
            return f"Hand over: {ENDS[end]}. Stacks: {chips}."
    return None  # pragma: no cover
