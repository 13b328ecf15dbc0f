"""A decision as action ids: what each legal id does, and a choice made id by id.

A decision of the game is one id of :mod:`palace_poker.encoding.ids` or a short
sequence of them by the same player (a discard or a trim card by card, a no-limit
attack and then its opening raise). :func:`legal_steps` gives each legal id of a
decision and what it does, from the options the engine gives: the engine
:class:`~palace_poker.actions.Action` it makes, or the choice in progress it leads
to (a :class:`Pending`). :func:`walk_ids` makes one engine action from ids picked
one at a time. The research environments step a hand this way
(:class:`palace_poker.env.state.EnvState`), and a bot that decides by ids plays
through the same functions (:mod:`palace_poker.bots.fast`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from palace_poker.actions import Action, Verb
from palace_poker.cards import Card
from palace_poker.encoding.ids import (
    BET_BASE,
    BUY,
    CALL,
    CARD_BASE,
    DONE,
    FOLD,
    RAISE_ALL_IN,
    RAISE_HALF_POT,
    RAISE_MIN,
    RAISE_POT,
    STAY,
)
from palace_poker.observation import Observation
from palace_poker.options import Option

#: The most ids one engine action takes (a trim of every soldier, then DONE).
_MAX_STEPS: Final = 64

_SIMPLE: Final = {Verb.FOLD: FOLD, Verb.STAY: STAY, Verb.BUY: BUY, Verb.CALL: CALL}


@dataclass(frozen=True)
class Pending:
    """A decision in progress: its option and what was chosen so far.

    ``kind`` is ``"discard"`` or ``"trim"`` (cards chosen, in increasing order) or
    ``"open"`` (no-limit: the target of a bet is chosen, its opening raise not yet).
    """

    kind: str
    option: Option
    cards: tuple[Card, ...] = ()
    #: for ``"open"``: the bet without an opening raise, if it is allowed
    plain: Option | None = None


def legal_steps(
    options: Sequence[Option], *, seat: int, n: int, pot: int, pending: Pending | None
) -> dict[int, object]:
    """Each legal id of ``seat``'s decision and what it does: an engine
    :class:`Action`, or a step of a choice (a :class:`Pending`), from the options
    the engine gives (its ``legal_options()``, or a seat's ``Observation.options``),
    the table size, the pot and the choice in progress (whose own steps are then
    the only ids: ``options`` is not read). One function for :class:`EnvState` and
    for the bots that decide by ids (:mod:`palace_poker.env.policy_bot`,
    :mod:`palace_poker.bots.fast`)."""
    if pending is not None:
        return _pending_steps(pending, pot)
    steps: dict[int, object] = {}
    bets: dict[int, list[Option]] = {}
    for option in options:
        verb = option.verb
        if verb in _SIMPLE:
            steps[_SIMPLE[verb]] = option.action()
        elif verb is Verb.RAISE:
            steps.update(_raises(option, pot))
        elif verb is Verb.BET:
            assert option.target is not None
            bets.setdefault(option.target, []).append(option)
        elif verb is Verb.DISCARD:
            for card in option.cards:
                steps[CARD_BASE + card] = _chosen(Pending("discard", option), (card,))
        elif verb is Verb.TRIM:
            steps.update(_pending_steps(Pending("trim", option), pot))
    for target, choices in bets.items():
        action = BET_BASE + (target - seat) % n
        plain = next((o for o in choices if o.min_amount is None), None)
        opening = next((o for o in choices if o.min_amount is not None), None)
        if opening is None:
            assert plain is not None
            steps[action] = plain.action()
        else:
            steps[action] = Pending("open", opening, plain=plain)
    return steps


def _pending_steps(pending: Pending, pot: int) -> dict[int, object]:
    option = pending.option
    if pending.kind == "open":
        steps = _raises(option, pot)
        if pending.plain is not None:
            steps[CALL] = pending.plain.action()
        return steps
    chosen = pending.cards
    steps = {}
    if len(chosen) >= option.min_cards:
        steps[DONE] = option.action(cards=chosen)
    if len(chosen) < option.max_cards:
        last = chosen[-1] if chosen else -1
        higher = sorted(card for card in option.cards if card > last)
        # Cards are chosen in increasing order, so a card is offered only if
        # enough cards above it are left to reach the fewest the choice needs
        # (a trim must give up all but ``soldiers``, R-CAPT-1, V-BUY-3): with
        # fewer, the choice would end short of them, and the engine refuse it.
        need = option.min_cards - len(chosen) - 1
        for above, card in enumerate(reversed(higher)):
            if above < need:
                continue
            steps[CARD_BASE + card] = _chosen(pending, (*chosen, card))
    return steps


def _chosen(pending: Pending, cards: tuple[Card, ...]) -> object:
    """A step of a card choice: complete (an action) when nothing can follow it."""
    option = pending.option
    last = cards[-1]
    more = len(cards) < option.max_cards and any(card > last for card in option.cards)
    if not more:
        return option.action(cards=cards)
    return Pending(pending.kind, option, cards, pending.plain)


def _raises(option: Option, pot: int) -> dict[int, object]:
    """The raise sizes of an option: one id in limit, up to four in no-limit."""
    if option.min_amount is None or option.max_amount is None:
        return {RAISE_MIN: option.action()}
    low, high = option.min_amount, option.max_amount
    steps: dict[int, object] = {}
    amounts: set[int] = set()
    for action, size in (
        (RAISE_MIN, low),
        (RAISE_HALF_POT, pot // 2),
        (RAISE_POT, pot),
        (RAISE_ALL_IN, high),
    ):
        amount = min(max(size, low), high)
        if amount not in amounts:  # one id an amount: the lowest
            amounts.add(amount)
            steps[action] = option.action(amount=amount)
    return steps


def same_action(step: object, action: Action) -> bool:
    """Whether a step is the engine's action (a set of cards in any order)."""
    return isinstance(step, Action) and step._replace(cards=tuple(sorted(step.cards))) == (
        action._replace(cards=tuple(sorted(action.cards)))
    )


def continues_to(pending: Pending, action: Action, seat: int | None) -> bool:
    """Whether a choice in progress can still end as ``action``."""
    option = pending.option
    if action.seat != seat or action.verb is not option.verb or action.target != option.target:
        return False
    if pending.kind == "open":
        return True
    chosen = tuple(sorted(action.cards))
    return chosen[: len(pending.cards)] == pending.cards


#: What picks an id of a choice: from the choice in progress (``None`` at its
#: start) and the legal ids with what each does (:func:`legal_steps`).
IdChooser = Callable[[Pending | None, dict[int, object]], int]


def walk_ids(view: Observation, choose: IdChooser) -> Action:
    """The engine action that ids make at ``view``'s decision, each id picked by
    ``choose`` among the legal ones, through a choice of several ids (a discard, a
    trim, a no-limit attack) until one makes an action."""
    seat = view.viewer
    assert seat is not None
    n, pot = len(view.in_hand), view.pot
    pending: Pending | None = None
    for _ in range(_MAX_STEPS):
        steps = legal_steps(view.options, seat=seat, n=n, pot=pot, pending=pending)
        step = steps[choose(pending, steps)]
        if isinstance(step, Pending):
            pending = step
            continue
        assert isinstance(step, Action)
        return step
    raise RuntimeError(f"no action after {_MAX_STEPS} ids")  # pragma: no cover
