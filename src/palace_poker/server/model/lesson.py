"""The guided first hand ("Learn to play"): an arranged deck, a script, scripted bots.

A lesson table seats the learner at seat 0 and two bots, Ada and Bo, and deals one
hand from an arranged deck (:data:`~palace_poker.server.model.lesson_deck.ORDERS`, found
by ``tools/find_lesson_deck.py``) so that every main rule comes up in a few moves
(:data:`SCRIPT`, by hand seat; the learner is hand seat 0):

* the draw for the dealer makes Bo the dealer, so the learner acts first (R-DEAL-1,
  R-TURN-1);
* the learner buys a soldier and keeps it (R-BUY-1, R-BUY-3); Ada buys; Bo stays;
* the learner attacks Bo (R-BET-1, R-BET-2), Bo raises (R-BET-5), the learner calls
  (R-BET-8) and wins only because a card of the learner's banner suit does not count
  for Bo (R-CMP-1: the explanation's ``suit_decided``);
* the learner captures Bo's banner and soldiers and trims (R-CAPT-1);
* Ada stays, the learner stays: a quiet round with two left ends in the comparison of
  the two (R-END-3, R-END-4).

The deck is a shuffle source like any other: the table records its orders, so a
lesson table is rebuilt from its log as every table is. The bots play the script's
next action for their seat when the hand has followed the script so far and that
action is legal; otherwise (a learner whose clock ran out, say) a sensible legal
choice, so that the table never stalls.

>>> [str(a) for a in replay().observe(None).actions][:3]
['0 buy', '0 trim', '1 buy']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from palace_poker.actions import Action, Verb
from palace_poker.bots.base import require_turn
from palace_poker.config import Rules
from palace_poker.game import Game
from palace_poker.hand import Hand
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.server.model.lesson_deck import ORDERS, SCRIPT
from palace_poker.server.model.settings import TableSettings
from palace_poker.shuffle import RecordedShuffle, SecureShuffle, ShuffleSource

#: The bot kind of a lesson's bots (never offered on the home form: a lesson's only).
LESSON_BOT: Final = "lesson"
#: The bots' names, at seats 1 and 2.
BOT_NAMES: Final = ("Ada", "Bo")
#: The stakes: a small bet of 10, a big bet of 20, an ante of 5, limit betting.
SMALL_BET: Final = 10
STACK: Final = 200
#: The turn clock of a lesson: the longest a table allows (a lesson has no hurry,
#: and a learner who reads slowly must not lose a decision to the clock).
TURN_SECONDS: Final = 600

__all__ = [
    "BOT_NAMES",
    "LESSON_BOT",
    "ORDERS",
    "SCRIPT",
    "LessonBot",
    "lesson_game",
    "lesson_settings",
    "lesson_shuffle",
    "replay",
    "scripted",
]


def lesson_settings(name: str, *, bot_pause: float) -> TableSettings:
    """A lesson table's settings: three seats, the lesson's stakes (limit betting: one
    raise size, no amount to choose), the longest turn clock, no time bank, no
    spectators (a lesson is the learner's own), the server's pause for the bots."""
    return TableSettings(
        name=name,
        small_bet=SMALL_BET,
        big_bet=2 * SMALL_BET,
        ante=SMALL_BET // 2,
        betting="limit",
        seats=1 + len(BOT_NAMES),
        stack=STACK,
        turn_seconds=TURN_SECONDS,
        bots=(LESSON_BOT,) * len(BOT_NAMES),
        bot_pause=bot_pause,
        spectators=False,
        lesson=True,
    )


def lesson_shuffle() -> RecordedShuffle:
    """The arranged deck: the lesson's orders, then secure shuffles should the hand
    ever need more (it does not when the script is followed)."""
    return RecordedShuffle(ORDERS, then=SecureShuffle())


def lesson_game(shuffle: ShuffleSource | None = None) -> Game:
    """The lesson's game: the learner and the two bots, the lesson's stakes, dealt
    from the arranged deck (or from ``shuffle``: the finder tries other decks)."""
    players = [("You", STACK), *((name, STACK) for name in BOT_NAMES)]
    source = lesson_shuffle() if shuffle is None else shuffle
    return Game(Rules.of(SMALL_BET), players, shuffle=source)


def replay() -> Hand:
    """The lesson's hand played by its script with the real engine (the learner and
    both bots following it): what the tests check every rule event of."""
    hand = lesson_game().start_hand()
    for text in SCRIPT:
        hand.apply(Action.parse(text))
    return hand


def scripted(actions: Sequence[Action], seat: int) -> str | None:
    """The script's next action for hand seat ``seat`` (without the seat), when the
    hand has followed the script so far and that decision is the seat's; else None.
    The page shows the learner only this (never the script: it would tell the
    stock's next cards).

    >>> scripted((), 0), scripted((Action.parse("0 stay"),), 1)
    ('buy', None)
    """
    done = [str(a) for a in actions]
    if done != list(SCRIPT[: len(done)]) or len(done) >= len(SCRIPT):
        return None
    planned = Action.parse(SCRIPT[len(done)])
    return str(planned).split(" ", 1)[1] if planned.seat == seat else None


class LessonBot:
    """A lesson's bot: the script's next action for its seat, when legal."""

    name = LESSON_BOT

    def __init__(self, seed: int | None = None) -> None:
        del seed  # the script decides: nothing is drawn

    def act(self, observation: Observation) -> Action:
        require_turn(observation, LESSON_BOT)
        seat = observation.viewer
        assert seat is not None
        text = scripted(observation.actions, seat)
        if text is not None:
            planned = Action.parse(f"{seat} {text}")
            if any(_offers(o, planned) for o in observation.options):
                return planned
        return _fallback(observation)


def _offers(option: Option, action: Action) -> bool:
    """Whether ``option`` (an observation's option) allows ``action``."""
    if option.verb != action.verb or option.target != action.target:
        return False
    if option.verb in (Verb.TRIM, Verb.DISCARD):
        fits = option.min_cards <= len(action.cards) <= option.max_cards
        return fits and set(action.cards) <= set(option.cards)
    return True


def _fallback(observation: Observation) -> Action:
    """Off the script: stay, else call, else keep every soldier it may, else the
    first option (never a fold while anything else is legal)."""
    options = observation.options
    for verb in (Verb.STAY, Verb.CALL):
        for option in options:
            if option.verb == verb:
                return option.action()
    for option in options:
        if option.verb == Verb.TRIM:
            # keep the highest cards: discard only as many as the rule asks, lowest first
            cards = sorted(option.cards, key=lambda c: (c.rank, c.suit))
            return option.action(cards=tuple(cards[: option.min_cards]))
    others = [o for o in options if o.verb != Verb.FOLD] or list(options)
    return others[0].action()
