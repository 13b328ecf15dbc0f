"""Events as sentences, for logs and the terminal (pure: returns text, prints nothing).

>>> from palace_poker.events import SoldierBought
>>> from palace_poker.cards import Card
>>> narrate(SoldierBought(0, Card.parse("Ts"), 10), ("Ann", "Bob"))
'Ann buys T♠ for 10.'
"""

from __future__ import annotations

from collections.abc import Sequence

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

_ENDS = {
    "last": "one player is left",
    "same-suit": "the players left fly one banner suit and share",
    "showdown": "showdown after a quiet round",
    "tie": "the last two tie and share",
}


def cards_text(cards: Sequence[Card]) -> str:
    """Cards with suit symbols, or a dash for none."""
    return " ".join(c.pretty() for c in cards) if cards else "-"


def narrate(event: Event, names: Sequence[str]) -> str | None:  # noqa: C901, PLR0912
    """One line for an event, or None for events not worth a line."""
    match event:
        case AntePosted(seat, amount, all_in):
            return f"{names[seat]} antes {amount}" + (" and is all-in." if all_in else ".")
        case CardsShuffled(what, count):
            return f"Shuffle: {count} cards ({what})." if what != "deck" else None
        case BannerCardSetAside(seat, card):
            return f"{names[seat]} is dealt {card.pretty()}: suit taken, set aside."
        case BannerDealt(seat, card):
            return f"{names[seat]} flies the {card.pretty()} banner."
        case PalaceDealt(seat, cards):
            return f"{names[seat]}'s palace: {cards_text(cards)}." if cards else None
        case TurnStarted():
            return None
        case SoldierBought(seat, card, cost):
            return f"{names[seat]} buys {card.pretty()} for {cost}."
        case SoldiersDiscarded(seat, cards, trim):
            if not cards:
                return None
            return f"{names[seat]} {'trims' if trim else 'discards'} {cards_text(cards)}."
        case Stayed(seat):
            return f"{names[seat]} stays."
        case Folded(seat, in_battle):
            return f"{names[seat]} folds" + (" the battle." if in_battle else ".")
        case BattleStarted(attacker, defender, entry, raise_by):
            extra = f" and raises {raise_by}" if raise_by else ""
            return f"{names[attacker]} attacks {names[defender]}: entry {entry}{extra}."
        case BattleCalled(seat, amount):
            return f"{names[seat]} calls ({amount})."
        case BattleRaised(seat, amount, raise_by):
            return f"{names[seat]} raises {raise_by} (pays {amount})."
        case ChipsReturned(seat, amount):
            return f"{amount} unmatched chips go back to {names[seat]}."
        case BattleCompared(seats, winner, palaces):
            shown = ""
            if palaces:
                shown = (
                    " ("
                    + "; ".join(
                        f"{names[s]}: {cards_text(p)}" for s, p in zip(seats, palaces, strict=True)
                    )
                    + ")"
                )
            if winner is None:
                return f"{names[seats[0]]} and {names[seats[1]]} tie{shown}."
            return f"{names[winner]} wins the battle{shown}."
        case PlayerOut(seat, reason):
            return f"{names[seat]} is out of the hand ({reason})."
        case CardsCaptured(seat, from_seat, cards):
            return f"{names[seat]} captures {cards_text(cards)} from {names[from_seat]}."
        case ShowdownRevealed(palaces):
            return "Showdown: " + "; ".join(f"{names[s]} {cards_text(p)}" for s, p in palaces) + "."
        case PotAwarded(seat, amount):
            return f"{names[seat]} takes {amount}."
        case HandEnded(end, stacks):
            chips = ", ".join(f"{names[s]} {c}" for s, c in enumerate(stacks))
            return f"Hand over: {_ENDS[end]}. Stacks: {chips}."
    return None  # pragma: no cover
