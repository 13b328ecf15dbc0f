"""Carrying out a checked decision or a chance outcome: the one way a state changes
after the deal.

:func:`perform` applies a :class:`~palace_poker.legal.Plan` (an action that
``legal.plan`` accepted), :func:`deal_card` a chance outcome that ``piles``
accepted; both then let the shuffle source resolve whatever chance follows, and
count one more version of the state.
"""

from __future__ import annotations

from palace_poker.battles import battle_fold, call, raise_
from palace_poker.cards import Card
from palace_poker.chance import resolve, settle
from palace_poker.legal import (
    MOVE_BATTLE_FOLD,
    MOVE_BET,
    MOVE_BUY,
    MOVE_CALL,
    MOVE_DISCARD,
    MOVE_RAISE,
    MOVE_STAY,
    MOVE_TRIM,
    Plan,
)
from palace_poker.state import HandState
from palace_poker.turns import bet, buy, discard, fold, stay, trim


def perform(state: HandState, plan: Plan) -> None:
    """Apply ``plan`` to ``state``; with a shuffle source, deal what chance follows."""
    move, action, amount = plan
    seat = action.seat
    if move == MOVE_STAY:
        stay(state, seat)
    elif move == MOVE_BUY:
        buy(state)
    elif move == MOVE_TRIM:
        trim(state, seat, action.cards)
    elif move == MOVE_BET:
        assert action.target is not None
        bet(state, seat, action.target, amount)
    elif move == MOVE_CALL:
        call(state, seat)
    elif move == MOVE_RAISE:
        raise_(state, seat, amount)
    elif move == MOVE_BATTLE_FOLD:
        battle_fold(state, seat)
    elif move == MOVE_DISCARD:
        discard(state, seat, action.cards)
    else:
        fold(state, seat)
    state.actions = (*state.actions, action)
    state.version += 1
    settle(state)


def deal_card(state: HandState, card: Card) -> None:
    """Deal ``card`` as the chance step due says (explicit chance)."""
    resolve(state, card)
    state.version += 1
