"""Which actions the rules allow now: the checks behind ``Hand.verify``.

:func:`plan` checks one action against a state and returns a frozen :data:`Plan`
of what to do (``moves.perform`` carries it out), or raises an
:class:`~palace_poker.errors.IllegalActionError` naming the input and the rule.
``choices.legal_options`` lists the choices with the same helpers (``call_due``,
``limit_raise``, ``raise_refusal``, ...), so that what is listed is exactly what is
accepted.
"""

from __future__ import annotations

from typing import Final

from palace_poker.actions import (
    BET,
    BUY,
    CALL,
    DISCARD,
    FOLD,
    RAISE,
    STAY,
    TRIM,
    Action,
    Verb,
    check_fields,
)
from palace_poker.battles import entry_paid, opponent, unmatched
from palace_poker.checks import short
from palace_poker.config import MAX_PLAYERS
from palace_poker.errors import IllegalActionError
from palace_poker.state import BATTLE, NO_CHANCE, TURN, BattleView, HandState

_FORMAT = "palace-hand/1 Verbs"

# The classes as module constants (C statics in the compiled engine; the verbs are
# actions.BUY, ... for the same reason).
_VERB: Final = Verb
_ACTION: Final = Action
_TURN_VERBS: Final = (BUY, DISCARD, BET, STAY, FOLD)
_BATTLE_VERBS: Final = (FOLD, CALL, RAISE)


# Which transition a checked action is (Plan.move); ints, which the compiled engine
# compares as such (an enum's members would be looked up on its class at every use).
MOVE_BUY: Final = 0
MOVE_DISCARD: Final = 1
MOVE_BET: Final = 2
MOVE_STAY: Final = 3
MOVE_FOLD: Final = 4  # on one's own turn (R-FOLD-1)
MOVE_BATTLE_FOLD: Final = 5  # in a battle (R-BET-7)
MOVE_CALL: Final = 6
MOVE_RAISE: Final = 7
MOVE_TRIM: Final = 8


#: A checked action and what it does, frozen: ``(move, action, amount)``, the move
#: (``MOVE_BUY``, ``MOVE_BET``, ... above), the action as checked, and the raise it makes in
#: chips (a no-limit opening raise or raise, or the fixed limit raise; else 0). A
#: plain tuple: the compiled engine passes it without building an object.
Plan = tuple[int, Action, int]

# Actions with no amount and no cards, shared: a hand keeps every action it took
# (most take none), and an equal shared one costs it no memory of its own.
_PLAIN: Final = {
    verb: tuple(Action(seat, verb) for seat in range(MAX_PLAYERS))
    for verb in (Verb.BUY, Verb.STAY, Verb.FOLD, Verb.CALL, Verb.RAISE, Verb.TRIM)
}
_BETS: Final = tuple(
    tuple(Action(seat, Verb.BET, target) for target in range(MAX_PLAYERS))
    for seat in range(MAX_PLAYERS)
)


def _plan(move: int, action: Action, amount: int) -> Plan:
    """The plan, with ``action`` (checked: its seat and target are seats) shared when
    it has no amount and no cards."""
    if action.amount is None and not action.cards:
        target = action.target
        action = _PLAIN[action.verb][action.seat] if target is None else _BETS[action.seat][target]
    return (move, action, amount)


def _refuse(
    code: str, message: str, rule: str | None, action: Action, **details: object
) -> IllegalActionError:
    return IllegalActionError(code, message, rule=rule, details={"action": str(action), **details})


# ------------------------------------------------------------------ parsing


def as_action(action: object) -> Action:
    """``action`` as an :class:`Action`: parsed from its text, or checked field by field.

    Anything else is refused with ``malformed_action``. The fields' types are checked
    before any is read as a number (:func:`~palace_poker.actions.check_fields`), so
    that a ``True`` seat or a ``"5"`` amount of an Action built in code is refused,
    never read as 1 or compared with an int.
    """
    if isinstance(action, str):
        return Action.parse(action)
    if not isinstance(action, _ACTION):
        raise IllegalActionError(
            "malformed_action",
            f"not an action: {short(action)}",
            rule=_FORMAT,
            details={"input": short(action)},
        )
    return check_fields(action)


# ------------------------------------------------------------------ plan


def nothing_due(state: HandState, what: str) -> IllegalActionError:
    """Why no player's decision is due (``state.to_act`` is None): the hand is over,
    or a chance outcome is due. ``what`` starts the message."""
    if state.chance != NO_CHANCE:
        return IllegalActionError(
            "chance_due",
            f"{what}: a card is to be dealt (a chance outcome), not a player's decision",
            rule="R-TURN-2",
            details={"input": what},
        )
    return IllegalActionError(
        "hand_over", f"{what}: the hand is over", rule="R-END-5", details={"input": what}
    )


def plan(state: HandState, action: Action) -> Plan:
    """Check ``action`` (already through :func:`as_action`) against the rules; return
    what it does."""
    if state.to_act is None:
        refusal = nothing_due(state, str(action))
        refusal.details = {"action": str(action)}
        raise refusal
    seat = action.seat
    if not 0 <= seat < state.n:  # its type is as_action's to check
        raise _refuse(
            "invalid_seat", f"{action}: no seat {seat} in a hand of {state.n}", "R-TURN-1", action
        )
    if seat != state.to_act:
        raise _refuse(
            "not_your_turn",
            f"{action}: seat {seat} cannot act now; seat {state.to_act} is to {_due(state)}",
            _phase_rule(state),
            action,
            to_act=state.to_act,
        )
    phase = state.phase
    if phase is TURN:
        return _plan_turn(state, action)
    if phase is BATTLE:
        return _plan_battle(state, action)
    return _plan_trim(state, action)


def _due(state: HandState) -> str:
    phase = state.phase
    if phase is TURN:
        return "take a turn"
    if phase is BATTLE:
        return "respond in the battle"
    return "trim soldiers"


def _phase_rule(state: HandState) -> str:
    """The rule that says whose decision is due."""
    phase = state.phase
    if phase is TURN:
        return "R-TURN-3" if state.actions else "R-TURN-1"
    if phase is BATTLE:
        return "R-BET-6" if battle_of(state).raises else "R-BET-3"
    return state.trim_rule


def _no_extras(
    action: Action, *, target: bool = False, amount: bool = False, cards: bool = False
) -> None:
    """Refuse arguments the verb does not take (an Action built in code)."""
    if (action.target is not None and not target) or (action.cards and not cards):
        raise _refuse(
            "malformed_action",
            f"{action}: {action.verb.value} takes no such argument",
            None,
            action,
        )
    if action.amount is not None and not amount:
        raise _refuse(
            "amount_not_allowed",
            f"{action}: {action.verb.value} takes no amount",
            "R-BET-5" if action.verb in (Verb.RAISE, Verb.CALL) else "R-TURN-2",
            action,
        )


def _plan_turn(state: HandState, action: Action) -> Plan:
    seat, verb = action.seat, action.verb
    if verb not in _TURN_VERBS:
        raise _refuse(
            "illegal_action",
            f"{action}: on a turn the verbs are buy, discard, bet, stay and fold",
            "R-TURN-2",
            action,
        )
    if verb is not BET and verb is not FOLD and state.shape.battle_at_once and forced_battle(state):
        raise _refuse(
            "illegal_action",
            f"{action}: the last two players must battle: bet or fold",
            "V-END-3",
            action,
        )
    if verb is BUY:
        _no_extras(action)
        refusal = _buy_refusal(state, seat)
        if refusal is not None:
            code, message, rule = refusal
            raise _refuse(code, f"{action}: {message}", rule, action)
        return _plan(MOVE_BUY, action, 0)
    if verb is DISCARD:
        _no_extras(action, cards=True)
        if not action.cards:
            raise _refuse(
                "illegal_action",
                f"{action}: discard names one or more soldiers",
                "R-DISC-1",
                action,
            )
        _check_soldiers(state, action, "R-DISC-1")
        return _plan(MOVE_DISCARD, action, 0)
    if verb is BET:
        return _plan_bet(state, action)
    _no_extras(action)
    return _plan(MOVE_STAY if verb is STAY else MOVE_FOLD, action, 0)


def _plan_bet(state: HandState, action: Action) -> Plan:
    _no_extras(action, target=True, amount=True)
    seat, target, amount = action.seat, action.target, action.amount
    reason = _target_refusal(state, seat, target)
    if reason is not None:
        raise _refuse("bad_target", f"{action}: {reason}", "R-BET-1", action, target=target)
    assert target is not None
    if amount is None:
        return _plan(MOVE_BET, action, 0)
    if not state.rules.no_limit:
        raise _refuse(
            "amount_not_allowed",
            f"{action}: an opening raise is only allowed in no-limit",
            "R-BET-2",
            action,
        )
    _check_raise(
        state,
        action,
        seat,
        target,
        due=state.entry(seat),
        minimum=state.rules.big_bet,
        amount=amount,
    )
    return _plan(MOVE_BET, action, amount)


def forced_battle(state: HandState) -> bool:
    """V-END-3: whether a turn must be an attack (or a fold): exactly two players are
    left, whose banners differ (two sharing a suit have split the pot, R-END-2)."""
    return state.in_hand.count(True) == 2


def _target_refusal(state: HandState, seat: int, target: int | None) -> str | None:
    """Why ``target`` cannot be attacked by ``seat`` (R-BET-1), or None."""
    if target is None or not 0 <= target < state.n:
        return f"no seat {target!r} to attack"
    if target == seat:
        return "a player cannot attack themselves"
    if not state.in_hand[target]:
        return f"seat {target} is no longer in the hand"
    if state.banners[target] & 3 == state.banners[seat] & 3:
        return f"seat {target} flies the same banner suit"
    return None


def _buy_refusal(state: HandState, seat: int) -> tuple[str, str, str] | None:
    """Why ``seat`` cannot BUY (R-BUY-1, R-BUY-2), or None."""
    small_bet = state.rules.small_bet
    if state.stack(seat) < small_bet:
        return (
            "cannot_afford",
            f"buying costs {small_bet} and seat {seat} has {state.stack(seat)}",
            "R-BUY-1",
        )
    if not state.pile_size() and not state.discard_pile:
        return ("empty_stock", "the stock and the discard pile are both empty", "R-BUY-2")
    return None


def _check_soldiers(state: HandState, action: Action, rule: str) -> None:
    cards = action.cards
    if len(set(cards)) != len(cards):
        raise _refuse("duplicate_card", f"{action}: a card is named twice", _FORMAT, action)
    army = state.soldiers[action.seat]
    for card in cards:
        if card not in army:
            raise _refuse(
                "card_not_held",
                f"{action}: {card} is not one of seat {action.seat}'s soldiers",
                rule,
                action,
                card=str(card),
            )


def _plan_battle(state: HandState, action: Action) -> Plan:
    seat, verb = action.seat, action.verb
    battle = battle_of(state)
    if verb not in _BATTLE_VERBS:
        raise _refuse(
            "illegal_action",
            f"{action}: in a battle the verbs are fold, call and raise",
            "R-BET-6" if battle.raises else "R-BET-3",
            action,
        )
    if verb is FOLD:
        _no_extras(action)
        return _plan(MOVE_BATTLE_FOLD, action, 0)
    if verb is CALL:
        _no_extras(action)
        return _plan(MOVE_CALL, action, 0)
    _no_extras(action, amount=True)
    due = call_due(state, seat)
    if state.rules.no_limit:
        if action.amount is None:
            raise _refuse(
                "amount_not_allowed",
                f"{action}: a no-limit raise names its amount",
                "R-BET-5",
                action,
            )
        minimum = max(state.rules.big_bet, battle.last_raise)
        amount = action.amount
    else:
        if action.amount is not None:
            raise _refuse(
                "amount_not_allowed",
                f"{action}: a limit raise is fixed ({limit_raise(state, seat)}); name no amount",
                "R-BET-5",
                action,
            )
        minimum = amount = limit_raise(state, seat)
    other = opponent(battle, seat)
    _check_raise(state, action, seat, other, due=due, minimum=minimum, amount=amount)
    return _plan(MOVE_RAISE, action, amount)


def battle_of(state: HandState) -> BattleView:
    assert state.battle is not None
    return state.battle


def call_due(state: HandState, seat: int) -> int:
    """The full price of a call: own entry if unpaid, plus unmatched raises (R-BET-4)."""
    battle = battle_of(state)
    entry = 0 if entry_paid(battle, seat) else state.entry(seat)
    return entry + unmatched(battle, opponent(battle, seat))


def limit_raise(state: HandState, seat: int) -> int:
    """R-BET-5: a big bet with a soldier, else twice the small bet."""
    return state.rules.big_bet if state.soldiers[seat] else 2 * state.rules.small_bet


def raise_refusal(state: HandState, seat: int, other: int) -> tuple[str, str] | None:
    """Why no raise is possible at all now (R-BET-5), or None."""
    cap = state.rules.max_raises
    raises = state.battle.raises if state.battle is not None else 0
    if cap is not None and raises >= cap:
        return ("raise_cap", f"the battle already has {cap} raise{'s' if cap != 1 else ''}")
    if state.stack(seat) == 0 or state.stack(other) == 0:
        all_in = seat if state.stack(seat) == 0 else other
        return ("illegal_action", f"no raise while a battler is all-in (seat {all_in})")
    return None


def _check_raise(
    state: HandState, action: Action, seat: int, other: int, *, due: int, minimum: int, amount: int
) -> None:
    refusal = raise_refusal(state, seat, other)
    if refusal is not None:
        raise _refuse(refusal[0], f"{action}: {refusal[1]}", "R-BET-5", action)
    if amount < minimum:
        raise _refuse(
            "amount_out_of_bounds",
            f"{action}: the raise must be at least {minimum}",
            "R-BET-5",
            action,
            minimum=minimum,
        )
    if due + amount > state.stack(seat):
        raise _refuse(
            "cannot_afford" if amount == minimum else "amount_out_of_bounds",
            f"{action}: costs {due + amount} and seat {seat} has {state.stack(seat)}"
            " (a raise is always paid in full)",
            "R-BET-5",
            action,
            cost=due + amount,
            stack=state.stack(seat),
        )


def _plan_trim(state: HandState, action: Action) -> Plan:
    rule = state.trim_rule
    if action.verb is not TRIM:
        raise _refuse(
            "illegal_action",
            f"{action}: seat {action.seat} must first trim soldiers ('{action.seat} trim [cards]')",
            rule,
            action,
        )
    _no_extras(action, cards=True)
    _check_soldiers(state, action, rule)
    keep, most = len(state.soldiers[action.seat]) - len(action.cards), state.shape.soldiers
    if keep > most:
        raise _refuse(
            "too_many_soldiers",
            f"{action}: would keep {keep} soldiers; at most {most} may be kept",
            rule,
            action,
            keep=keep,
            most=most,  # the variant's soldiers kept (V-BUY-3): a client words it
        )
    return _plan(MOVE_TRIM, action, 0)
