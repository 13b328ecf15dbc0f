"""Chance steps: which card is dealt or drawn next, and its outcomes.

Every card that leaves a shuffled pile is a chance outcome: each card of the banner
deal (R-BANNER-2), each palace card (R-PALACE-1) and the card a BUY draws (R-BUY-1).
A hand with a shuffle source resolves each one by itself, in the source's order; a
hand dealt with explicit chance stops at each and says what is due (:func:`step`),
and the caller gives the outcome. Each card left in the pile is equally likely
(the pile is shuffled), so a step's outcomes are those cards, each with probability
one over their number. The shuffles themselves (R-BANNER-3, R-BANNER-4, R-BUY-2) are
not steps: they only gather the cards the next outcomes come from.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from palace_poker.cards import DECK, Card
from palace_poker.dealing import (
    banner_card,
    banner_seat,
    palace_card,
    palace_cards_in_order,
    palace_seat,
)
from palace_poker.piles import next_card
from palace_poker.state import BANNER_CARD, NO_CHANCE, PALACE_CARD, HandState
from palace_poker.turns import soldier_drawn

#: The rule that deals each kind of chance outcome.
RULES: dict[str, str] = {
    "banner": "R-BANNER-2",
    "palace": "R-PALACE-1",
    "soldier": "R-BUY-1",
    "dealer": "R-DEAL-1",
}


class ChanceStep(NamedTuple):
    """A chance outcome that is due: the card dealt or drawn next.

    * ``kind``: ``"banner"`` (a card of the banner deal, face up: it becomes the
      player's banner or is set aside, R-BANNER-2), ``"palace"`` (a palace card, face
      down, R-PALACE-1), ``"soldier"`` (the card a BUY draws, R-BUY-1) or
      ``"dealer"`` (a card of the draw for the first dealer, R-DEAL-1);
    * ``seat``: who receives it;
    * ``outcomes``: the cards it can be, in card order (``2c 2d ... As``), each
      equally likely;
    * ``public``: whether everyone sees the card (all but palace cards).
    """

    kind: Literal["banner", "palace", "soldier", "dealer"]
    seat: int
    outcomes: tuple[Card, ...]
    public: bool

    @property
    def probability(self) -> float:
        """The probability of each outcome: one over their number."""
        return 1 / len(self.outcomes)

    def probabilities(self) -> list[tuple[Card, float]]:
        """``(card, probability)`` for every outcome, as OpenSpiel's
        ``chance_outcomes()`` lists them."""
        p = 1 / len(self.outcomes)
        return [(card, p) for card in self.outcomes]

    @property
    def rule(self) -> str:
        """The rule that deals this card."""
        return RULES[self.kind]


def step(state: HandState) -> ChanceStep | None:
    """The chance outcome due in ``state``, or None."""
    kind = state.chance
    if kind == NO_CHANCE:
        return None
    outcomes = tuple(sorted([DECK[i] for i in state.shuffles[-1][state.drawn :]]))
    if kind == BANNER_CARD:
        return ChanceStep("banner", banner_seat(state), outcomes, True)
    if kind == PALACE_CARD:
        return ChanceStep("palace", palace_seat(state), outcomes, False)
    return ChanceStep("soldier", state.turn, outcomes, True)


def resolve(state: HandState, card: Card) -> None:
    """Deal ``card`` (one of the due step's outcomes) as that step says."""
    kind = state.chance
    if kind == BANNER_CARD:
        banner_card(state, card)
    elif kind == PALACE_CARD:
        palace_card(state, card)
    else:
        soldier_drawn(state, card)


def settle(state: HandState) -> None:
    """With a shuffle source, resolve every chance outcome due, in its order, until a
    player's decision is due or the hand is over."""
    if state.source is None:
        return
    while state.chance != NO_CHANCE:
        if state.chance == PALACE_CARD:
            palace_cards_in_order(state)
        else:
            resolve(state, next_card(state))
