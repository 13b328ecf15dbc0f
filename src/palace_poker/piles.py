"""The pile cards are drawn from, and how it is shuffled (R-BANNER-3, R-BANNER-4,
R-BUY-2): the one place a hand meets its shuffle source.

A hand draws from the last of its shuffles (``HandState.shuffles``), ``drawn``
cards of which are gone. With a shuffle source the pile's order is the source's,
fixed when the pile is made, and each draw takes the next card. With explicit chance
(no source) the pile has no order yet: its cards are kept in card order, and each
draw takes the card the caller chose, moved to the place it was drawn from. Either
way the shuffle's entry ends up listing the cards in the order they were drawn, so
the hand's record replays it; with explicit chance the cards never drawn follow in
card order (``2c 2d 2h 2s 3c ...``).

Every order a shuffle source gives is checked before it is used
(:func:`~palace_poker.shuffle.check_order`): a source that repeats or drops a card is
refused (``invalid_shuffle``) and the hand is unchanged. The project's own sources
give permutations by construction (``RecordedShuffle`` checks what it replays), so
their orders are not checked twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal, cast

from palace_poker.cards import DECK, Card
from palace_poker.checks import as_int, short
from palace_poker.ending import emit
from palace_poker.errors import IllegalActionError
from palace_poker.events import cards_shuffled
from palace_poker.shuffle import CHECKED_SOURCES, check_order
from palace_poker.state import HandState

PileName = Literal["deck", "set-aside", "stock", "discard"]

_DECK: Final = DECK  # a C static in the compiled engine, where DECK is a global lookup


def shuffled(state: HandState, cards: Sequence[Card], what: PileName) -> bytes:
    """The order of ``cards`` once shuffled: the source's, checked; with explicit
    chance, card order (the order is chosen draw by draw). Changes nothing."""
    source = state.source
    if source is None:
        return bytes(sorted(cards))
    if type(source) in CHECKED_SOURCES:
        return bytes(source.shuffle(list(cards)))
    # Read as a plain object: a user's source may give anything (the compiled engine
    # would check it against the protocol's list[Card] before check_order could).
    order: object = cast(Any, source).shuffle(list(cards))
    return check_order(order, cards, what)


def make_pile(state: HandState, order: bytes, what: PileName) -> None:
    """``order`` becomes the pile drawn from, as a new shuffle of the hand."""
    state.shuffles = (*state.shuffles, order)
    state.drawn = 0
    emit(state, cards_shuffled(what, len(order)))


def next_card(state: HandState) -> Card:
    """The top card of the pile, by the source's order (a source is set)."""
    return _DECK[state.shuffles[-1][state.drawn]]


def in_pile(state: HandState, card: int) -> bool:
    """Whether ``card`` is one of the cards left in the pile."""
    return card in state.shuffles[-1][state.drawn :]


def take(state: HandState, card: Card) -> None:
    """Draw ``card`` (one of the pile's cards) from the pile."""
    shuffles = state.shuffles
    order, drawn = shuffles[-1], state.drawn
    if order[drawn] != card:  # explicit chance: the caller chose it
        rest = order[drawn:].replace(bytes((card,)), b"", 1)
        shuffles = (*shuffles[:-1], order[:drawn] + bytes((card,)) + rest)
        state.shuffles = shuffles
    state.drawn = drawn + 1


def checked_outcome(state: HandState, card: object, rule: str) -> Card:
    """A chance outcome given by the caller: a card left in the pile (a ``Card`` or its
    index). Raises ``IllegalActionError('invalid_outcome')``, naming ``rule``, the
    rule of the deal or draw, otherwise."""
    if isinstance(card, str):
        raise IllegalActionError(
            "invalid_outcome",
            f"a chance outcome is a Card or a card index, not the text {short(card)}",
            rule=rule,
            details={"input": short(card)},
        )
    index = as_int(card)
    if index is None or not 0 <= index < 52:
        raise IllegalActionError(
            "invalid_outcome",
            f"{short(card)} is not a card (a Card, or an index 0..51)",
            rule=rule,
            details={"input": short(card)},
        )
    if not in_pile(state, index):
        raise IllegalActionError(
            "invalid_outcome",
            f"{DECK[index]} is not in the pile being dealt from",
            rule=rule,
            details={"input": str(DECK[index])},
        )
    return DECK[index]
