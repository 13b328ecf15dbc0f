"""A hand's events as the lines of the terminal's running log (pure text).

The events come from :meth:`Hand.events_for <palace_poker.Hand.events_for>`
for the human's seat, so they are already redacted (R-INFO-2, R-INFO-3): the
palace cards of others appear only in a battle the human fought or in a
showdown. The deal's many events are condensed into a few lines; every other
event is :func:`~palace_poker.narrate.narrate`'s sentence, and battles the human
fought and showdowns add what each hand was.

>>> from palace_poker import Hand, Rules, SeededShuffle
>>> hand = Hand.deal(Rules.of(10), [200, 200], dealer=1, shuffle=SeededShuffle(4),
...                  names=["Ann", "Bob"])
>>> for line in event_lines(hand.events_for(0), hand.names, 0):
...     print(line.text)
Antes: you 5, Bob 5.
Banners: you ...
Your palace: ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from palace_poker.cards import Card
from palace_poker.categories import RANK_NAMES
from palace_poker.evaluator import describe
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
)
from palace_poker.explain import explain_battle, explain_showdown, follow_armies
from palace_poker.narrate import Speaker, card_text, cards_text, narrate
from palace_poker.observation import Observation
from palace_poker.variant import Struck

_BATTLE = (BattleStarted, BattleCalled, BattleRaised, ChipsReturned, PlayerOut, CardsCaptured)


@dataclass(frozen=True, slots=True)
class Line:
    """One log line; ``kind`` (``deal``, ``move``, ``battle``, ``result``,
    ``end``) picks its style."""

    text: str
    kind: str = "move"


def event_lines(
    events: Sequence[Event],
    names: Sequence[str],
    viewer: int,
    before: Observation | None = None,
    *,
    ascii: bool = False,
) -> list[Line]:
    """Log lines for ``events`` as ``viewer`` sees them, addressed to them ("You
    attack Ann", "Ann attacks you").

    ``before`` is the viewer's observation from before the action that produced
    the events; with it, a battle comparison the viewer was in and a showdown
    say what each hand was (the armies are followed through the events).
    ``ascii`` writes cards as ``Ts`` instead of ``T♠``.
    """
    speaker = Speaker(names, viewer)
    armies = [list(army) for army in before.soldiers] if before is not None else None
    lines: list[Line] = []
    i = 0
    while i < len(events):
        event = events[i]
        if isinstance(event, AntePosted):
            run = _run(events, i, (AntePosted,))
            lines.append(Line(_antes(run, speaker), "deal"))
            i += len(run)
            continue
        if isinstance(event, (BannerDealt, BannerCardSetAside)):
            run = _run(events, i, (BannerDealt, BannerCardSetAside))
            lines.append(Line(_banners(run, speaker, ascii), "deal"))
            i += len(run)
            continue
        i += 1
        if armies is not None:
            follow_armies(armies, event)
        if isinstance(event, PalaceDealt):
            if event.seat == viewer and event.cards:
                palace = cards_text(event.cards, ascii=ascii)
                lines.append(Line(f"Your palace: {palace}.", "deal"))
            continue
        text = narrate(event, names, viewer=viewer, ascii=ascii)
        if text is None:
            continue
        if isinstance(event, BattleCompared) and not _called(events, i - 1):
            a, b = event.seats if event.seats[1] != viewer else event.seats[::-1]
            pair = f"{speaker.who(a, start=True)} and {speaker.who(b)}"
            lines.append(Line(f"Quiet round: {pair}, the last two, battle.", "battle"))
        lines.append(Line(text, _kind(event)))
        if before is not None and armies is not None:
            struck = before.rules.variant.struck
            lines.extend(_hands(event, speaker, before.banners, armies, ascii=ascii, struck=struck))
    return lines


#: Verbs of narrated sentences, for a player called "You".
_YOU_VERBS = {
    "flies": "fly",
    "buys": "buy",
    "trims": "trim",
    "discards": "discard",
    "stays": "stay",
    "folds": "fold",
    "attacks": "attack",
    "calls": "call",
    "raises": "raise",
    "wins": "win",
    "is": "are",
    "captures": "capture",
    "takes": "take",
}


def second_person(text: str, name: str) -> str:
    """A narrated sentence whose subject is a player called "You", in grammar.

    >>> second_person("You folds the battle.", "You"), second_person("You stays.", "You")
    ('You fold the battle.', 'You stay.')
    >>> second_person("Ann attacks You: entry 10.", "You")
    'Ann attacks You: entry 10.'

    (Kept for callers of the old narration; :func:`event_lines` now narrates with
    the viewer's seat.)
    """
    if name != "You" or not text.startswith("You "):
        return text
    word, space, rest = text[4:].partition(" ")
    verb = word.rstrip(".:")
    return f"You {_YOU_VERBS.get(verb, verb)}{word[len(verb) :]}{space}{rest}"


def _called(events: Sequence[Event], index: int) -> bool:
    """Whether the comparison at ``index`` closes a battle by a call (R-BET-8) rather
    than the quiet round of the last two (R-END-3)."""
    return index > 0 and isinstance(events[index - 1], BattleCalled)


def _run(events: Sequence[Event], start: int, kinds: tuple[type, ...]) -> list[Event]:
    end = start
    while end < len(events) and isinstance(events[end], kinds):
        end += 1
    return list(events[start:end])


def _antes(run: Sequence[Event], speaker: Speaker) -> str:
    parts = [
        f"{speaker.who(e.seat)} {e.amount}" + (" (all-in)" if e.all_in else "")
        for e in run
        if isinstance(e, AntePosted)
    ]
    return "Antes: " + ", ".join(parts) + "."


def _banners(run: Sequence[Event], speaker: Speaker, ascii: bool) -> str:
    flown = [
        f"{speaker.who(e.seat)} {card_text(e.card, ascii=ascii)}"
        for e in run
        if isinstance(e, BannerDealt)
    ]
    aside = [e.card for e in run if isinstance(e, BannerCardSetAside)]
    text = "Banners: " + ", ".join(flown) + "."
    back = cards_text(aside, ascii=ascii)
    return text + (f" Set aside, then shuffled back: {back}." if aside else "")


def _kind(event: Event) -> str:
    if isinstance(event, CardsShuffled):
        return "deal"
    if isinstance(event, (BattleCompared, ShowdownRevealed)):
        return "result"
    if isinstance(event, _BATTLE) or (isinstance(event, Folded) and event.in_battle):
        return "battle"
    if isinstance(event, (PotAwarded, HandEnded)):
        return "end"
    return "move"


def _hands(
    event: Event,
    speaker: Speaker,
    banners: Sequence[Card],
    armies: list[list[Card]],
    *,
    ascii: bool = False,
    struck: Struck = "suit",
) -> list[Line]:
    """What each shown hand was: in a battle without the opponent's banner suit
    (R-CMP-1), or its rank (``struck="rank"``, V-CMP-1), in a showdown with every
    card (R-END-4); the engine's explanation (:mod:`palace_poker.explain`) says
    which cards counted."""
    if isinstance(event, BattleCompared) and event.palaces:
        why = explain_battle(event, banners, armies, called=True, struck=struck)
        lines = []
        for side, other in zip(why.sides, reversed(why.sides), strict=True):
            suit = banners[other.seat].suit
            gone = suit.name.lower() if ascii else suit.symbol
            if struck == "rank":
                gone = rank_plural(banners[other.seat].rank)
            shown = f"{_ranked(side.counted, ascii)} (no {gone})"
            who = speaker.who(side.seat, start=True)
            lines.append(Line(f"  {who}: {shown}: {describe(side.value)}", "result"))
        return lines
    if isinstance(event, ShowdownRevealed):
        return [
            Line(
                f"  {speaker.who(side.seat, start=True)}: {_ranked(side.counted, ascii)}: "
                f"{describe(side.value)}",
                "result",
            )
            for side in explain_showdown(event, banners, armies).sides
        ]
    return []


def rank_plural(rank: int) -> str:
    """A rank's name in the plural, as the hands name it ("sixes", "aces"): what a
    banner strikes in the rank reading (V-CMP-1)."""
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def _ranked(cards: Sequence[Card], ascii: bool = False) -> str:
    """Cards from the highest rank down."""
    return cards_text(sorted(cards, key=lambda c: (-c.rank, c.suit)), ascii=ascii)
