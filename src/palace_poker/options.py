"""Legal options: what the player to act may do, with its exact cost.

An :class:`Option` is one verb (and target) the rules allow now. Where the
player still chooses something, the option says what: the no-limit raise amount
(between ``min_amount`` and ``max_amount``) or the soldiers to discard (from
``cards``, at least ``min_cards`` and at most ``max_cards`` of them).
``cost`` is what the action pays into the pot, before any chosen amount.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Final, NamedTuple

from palace_poker.actions import Action, Verb, check_fields
from palace_poker.cards import Card
from palace_poker.checks import as_items
from palace_poker.tuples import record


class Option(NamedTuple):
    """One legal choice of the player to act (an immutable named tuple: cheap to
    build, as every decision lists its options)."""

    seat: int
    verb: Verb
    cost: int = 0
    target: int | None = None
    min_amount: int | None = None
    max_amount: int | None = None
    cards: tuple[Card, ...] = ()
    min_cards: int = 0
    max_cards: int = 0

    @property
    def chooses_amount(self) -> bool:
        """True when the player picks a no-limit amount."""
        return self.min_amount is not None

    def action(self, *, amount: object = None, cards: object = ()) -> Action:
        """The action for this option with the given choice: ``amount`` a whole
        number of chips, ``cards`` a tuple (or list) of :class:`Card`. A choice of
        the wrong type is refused (``IllegalActionError``: ``invalid_amount``,
        ``malformed_action``), never coerced; whether it is legal is the hand's to
        say (:meth:`Hand.verify`)."""
        if amount is None and type(cards) is tuple and not cards:
            return _RECORD(_ACTION, self.seat, self.verb, self.target, amount, cards)
        if isinstance(cards, list):
            cards = as_items(cards)
        return check_fields(_RECORD(_ACTION, self.seat, self.verb, self.target, amount, cards))

    def actions(self) -> Iterator[Action]:
        """Concrete actions of this option: every card choice; for an amount, its
        two bounds (every amount between them is legal too)."""
        if self.chooses_amount:
            assert self.min_amount is not None
            assert self.max_amount is not None
            yield self.action(amount=self.min_amount)
            if self.max_amount != self.min_amount:
                yield self.action(amount=self.max_amount)
            return
        if self.verb in (Verb.DISCARD, Verb.TRIM):
            for size in range(self.min_cards, self.max_cards + 1):
                for chosen in combinations(self.cards, size):
                    yield self.action(cards=chosen)
            return
        yield self.action()

    def __str__(self) -> str:
        text = f"{self.seat} {self.verb.value}"
        if self.target is not None:
            text += f" {self.target}"
        if self.chooses_amount:
            text += f" [{self.min_amount}..{self.max_amount}]"
        if self.cards:
            text += f" <{self.min_cards}..{self.max_cards} of {' '.join(map(str, self.cards))}>"
        return text + (f" (costs {self.cost})" if self.cost else "")


# The builder and the kinds it builds as module constants (C statics in the compiled
# engine, where names would be looked up in the module's globals at every use).
_RECORD: Final = record
_ACTION: Final = Action
_OPTION: Final = Option


def option(
    seat: int,
    verb: Verb,
    cost: int,
    target: int | None = None,
    *,
    min_amount: int | None = None,
    max_amount: int | None = None,
    cards: tuple[Card, ...] = (),
    min_cards: int = 0,
    max_cards: int = 0,
) -> Option:
    """``Option(...)``, built by :func:`palace_poker.tuples.record` (every decision of
    every bot lists its options)."""
    made: Option = _RECORD(
        _OPTION, seat, verb, cost, target, min_amount, max_amount, cards, min_cards, max_cards
    )
    return made
