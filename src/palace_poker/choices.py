"""What the player to act may choose now, and what they do when their clock runs out.

:func:`legal_options` lists the choices as :class:`~palace_poker.options.Option`
values, reading the same helpers as ``legal.plan`` (``call_due``, ``limit_raise``,
``raise_refusal``), so that what is listed is exactly what is accepted.
:func:`default_action` is the action taken for a player who does not decide in time.
"""

from __future__ import annotations

from typing import Final

from palace_poker.actions import BET as _BET
from palace_poker.actions import BUY as _BUY
from palace_poker.actions import CALL as _CALL
from palace_poker.actions import DISCARD as _DISCARD
from palace_poker.actions import RAISE as _RAISE
from palace_poker.actions import TRIM as _TRIM
from palace_poker.actions import Action, Verb
from palace_poker.battles import opponent
from palace_poker.config import MAX_PLAYERS
from palace_poker.legal import battle_of, call_due, forced_battle, limit_raise, raise_refusal
from palace_poker.options import Option, option
from palace_poker.state import BATTLE, TURN, HandState

# Options that never vary for a seat, built once (they are immutable).
_STAY_OF: Final = tuple(Option(seat, Verb.STAY) for seat in range(MAX_PLAYERS))
_FOLD_OF: Final = tuple(Option(seat, Verb.FOLD) for seat in range(MAX_PLAYERS))


def legal_options(state: HandState) -> list[Option]:
    """Every choice the player to act has now (none while chance is due or the hand
    is over)."""
    seat = state.to_act
    if seat is None:
        return []
    phase = state.phase
    if phase is TURN:
        return _turn_options(state, seat)
    if phase is BATTLE:
        return _battle_options(state, seat)
    army, most = state.soldiers[seat], state.shape.soldiers
    fewest = len(army) - most if len(army) > most else 0
    return [option(seat, _TRIM, 0, cards=army, min_cards=fewest, max_cards=len(army))]


def _turn_options(state: HandState, seat: int) -> list[Option]:
    rules = state.rules
    small_bet = rules.small_bet
    # Chips behind, as HandState.stack gives them while the hand is in play.
    start, put_in = state.start_stacks, state.contributions
    stack = start[seat] - put_in[seat]
    army = state.soldiers[seat]
    options: list[Option] = []
    # V-END-3: where the last two must battle, a turn is BET or FOLD only.
    free = not (state.shape.battle_at_once and forced_battle(state))
    if free and stack >= small_bet and (state.pile_size() or state.discard_pile):  # R-BUY-1/2
        options.append(option(seat, _BUY, small_bet))
    entry = (len(army) + 1) * small_bet  # R-BET-2
    banners, in_hand = state.banners, state.in_hand
    suit = banners[seat] & 3
    bet_cost = entry if entry < stack else stack
    # A no-limit opening raise is paid in full and needs no raise cap of 0 (R-BET-5);
    # whether the defender is all-in is checked per target.
    cap = rules.max_raises
    big_bet = rules.big_bet
    may_open = rules.no_limit and (cap is None or cap > 0) and stack - entry >= big_bet
    # R-BET-1 inlined: another player in the hand whose banner suit differs.
    for target in range(state.n):
        if target == seat or not in_hand[target] or banners[target] & 3 == suit:
            continue
        options.append(option(seat, _BET, bet_cost, target))
        if may_open and start[target] > put_in[target]:
            options.append(
                option(seat, _BET, entry, target, min_amount=big_bet, max_amount=stack - entry)
            )
    if free and army:
        options.append(option(seat, _DISCARD, 0, cards=army, min_cards=1, max_cards=len(army)))
    if free:
        options.append(_STAY_OF[seat])
    options.append(_FOLD_OF[seat])
    return options


def _battle_options(state: HandState, seat: int) -> list[Option]:
    battle = battle_of(state)
    other = opponent(battle, seat)
    due = call_due(state, seat)
    stack = state.stack(seat)
    options = [_FOLD_OF[seat], option(seat, _CALL, due if due < stack else stack)]
    if raise_refusal(state, seat, other) is None:
        if state.rules.no_limit:
            minimum = max(state.rules.big_bet, battle.last_raise)
            top = stack - due
            if top >= minimum:
                options.append(option(seat, _RAISE, due, min_amount=minimum, max_amount=top))
        else:
            size = limit_raise(state, seat)
            if stack >= due + size:
                options.append(option(seat, _RAISE, due + size))
    return options


# ------------------------------------------------------------- defaults


def default_action(state: HandState) -> Action:
    """What a player whose clock runs out does: STAY on their turn (R-STAY-1), or
    where the last two must battle the attack they owe (V-END-3); in a battle CALL
    when calling costs nothing (they are all-in, R-ALLIN-1), else FOLD (R-BET-7); on
    a trim keep the first soldiers, as many as may be kept (R-BUY-3, R-CAPT-1).

    Each is always legal; the caller checks a decision is due.
    """
    seat = state.to_act
    assert seat is not None
    phase = state.phase
    if phase is TURN:
        if state.shape.battle_at_once and forced_battle(state):
            return _turn_options(state, seat)[0].action()
        return _STAY_OF[seat].action()
    if phase is BATTLE:
        free = state.stack(seat) == 0
        return (option(seat, _CALL, 0) if free else _FOLD_OF[seat]).action()
    army = state.soldiers[seat]
    return option(seat, _TRIM, 0).action(cards=army[state.shape.soldiers :])
