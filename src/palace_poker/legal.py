"""Which actions the rules allow now: the checks behind ``Hand.verify`` and
``Hand.legal_options``.

:func:`plan` checks one action and returns the closure that applies it, or
raises an :class:`~palace_poker.errors.IllegalActionError` naming the input and
the rule. :func:`legal_options` lists the choices. Both read the same helpers
(``_raise_bounds``, ``_buy_refusal``, ...), so that what is listed is exactly
what is accepted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from palace_poker.actions import Action, Verb
from palace_poker.cards import Card
from palace_poker.errors import IllegalActionError
from palace_poker.options import Option

_FORMAT = "palace-hand/1 Verbs"

if TYPE_CHECKING:
    from palace_poker.battle import Battle
    from palace_poker.hand import Hand

Apply = Callable[[], None]
MAX_SOLDIERS = 5

_TURN_VERBS: Final = (Verb.BUY, Verb.DISCARD, Verb.BET, Verb.STAY, Verb.FOLD)
_BATTLE_VERBS: Final = (Verb.FOLD, Verb.CALL, Verb.RAISE)


def _refuse(
    code: str, message: str, rule: str | None, action: Action, **details: object
) -> IllegalActionError:
    return IllegalActionError(code, message, rule=rule, details={"action": str(action), **details})


# ------------------------------------------------------------------ plan


def as_action(action: object) -> Action:
    """``action`` as an :class:`Action`: parsed from its text, or checked field by field.

    Anything else is refused with ``malformed_action``. The fields' types are checked
    before any is read as a number, so that a ``True`` seat or a ``"5"`` amount of an
    Action built in code is refused, never read as 1 or compared with an int (the
    engine compiled by mypyc would otherwise coerce it or raise a bare TypeError).
    """
    if isinstance(action, str):
        return Action.parse(action)
    if not isinstance(action, Action) or not isinstance(action.verb, Verb):
        raise IllegalActionError("malformed_action", f"not an action: {action!r}", details={})
    refusal = _mistyped_field(action)
    if refusal is not None:
        code, message, rule = refusal
        raise _refuse(code, f"{action}: {message}", rule, action)
    return action


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _mistyped_field(action: tuple[object, ...]) -> tuple[str, str, str | None] | None:
    """The first field of ``action`` of a wrong type, as (code, message, rule), or None."""
    seat, _verb, target, amount, cards = action
    if not _is_int(seat):
        return ("invalid_seat", f"no seat {seat!r}", "R-TURN-1")
    if target is not None and not _is_int(target):
        return ("bad_target", f"no seat {target!r} to attack", "R-BET-1")
    if amount is not None and not _is_int(amount):
        return ("invalid_amount", f"amount {amount!r} is not a whole number of chips", _FORMAT)
    if not isinstance(cards, tuple):
        return ("malformed_action", f"cards {cards!r} are not a tuple of Card", _FORMAT)
    for card in cards:
        if not isinstance(card, Card):
            return ("malformed_action", f"cards {cards!r} are not a tuple of Card", _FORMAT)
    return None


def plan(hand: Hand, action: Action) -> Apply:
    """Check ``action`` (already through :func:`as_action`) against the rules; return
    how to apply it."""
    if hand.to_act is None:
        raise _refuse("hand_over", f"{action}: the hand is over", "R-END-5", action)
    seat = action.seat
    if not 0 <= seat < hand.n:  # its type is as_action's to check
        raise _refuse(
            "invalid_seat", f"{action}: no seat {seat!r} in a hand of {hand.n}", "R-TURN-1", action
        )
    if seat != hand.to_act:
        raise _refuse(
            "not_your_turn",
            f"{action}: seat {seat} cannot act now; seat {hand.to_act} is to {_due(hand)}",
            _phase_rule(hand),
            action,
            to_act=hand.to_act,
        )
    phase = hand.phase
    if phase == "turn":
        return _plan_turn(hand, action)
    if phase == "battle":
        return _plan_battle(hand, action)
    return _plan_trim(hand, action)


def _due(hand: Hand) -> str:
    phase = hand.phase
    if phase == "turn":
        return "take a turn"
    if phase == "battle":
        return "respond in the battle"
    return "trim soldiers"


def _phase_rule(hand: Hand) -> str:
    """The rule that says whose decision is due."""
    phase = hand.phase
    if phase == "turn":
        return "R-TURN-3" if hand.actions else "R-TURN-1"
    if phase == "battle":
        return "R-BET-6" if _battle_of(hand).raises else "R-BET-3"
    return _trim_rule(hand)


def _trim_rule(hand: Hand) -> str:
    return hand._trim_rule  # the Hand records why a trim is due


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


def _plan_turn(hand: Hand, action: Action) -> Apply:
    seat, verb = action.seat, action.verb
    if verb not in _TURN_VERBS:
        raise _refuse(
            "illegal_action",
            f"{action}: on a turn the verbs are buy, discard, bet, stay and fold",
            "R-TURN-2",
            action,
        )
    if verb is Verb.BUY:
        _no_extras(action)
        refusal = _buy_refusal(hand, seat)
        if refusal is not None:
            code, message, rule = refusal
            raise _refuse(code, f"{action}: {message}", rule, action)
        return lambda: hand.do_buy(seat)
    if verb is Verb.DISCARD:
        _no_extras(action, cards=True)
        if not action.cards:
            raise _refuse(
                "illegal_action",
                f"{action}: discard names one or more soldiers",
                "R-DISC-1",
                action,
            )
        _check_soldiers(hand, action, "R-DISC-1")
        return lambda: hand.do_discard(seat, action.cards)
    if verb is Verb.BET:
        return _plan_bet(hand, action)
    _no_extras(action)
    if verb is Verb.STAY:
        return lambda: hand.do_stay(seat)
    return lambda: hand.do_fold(seat)


def _plan_bet(hand: Hand, action: Action) -> Apply:
    _no_extras(action, target=True, amount=True)
    seat, target, amount = action.seat, action.target, action.amount
    reason = _target_refusal(hand, seat, target)
    if reason is not None:
        raise _refuse("bad_target", f"{action}: {reason}", "R-BET-1", action, target=target)
    assert target is not None
    if amount is None:
        return lambda: hand.do_bet(seat, target, 0)
    if not hand.rules.no_limit:
        raise _refuse(
            "amount_not_allowed",
            f"{action}: an opening raise is only allowed in no-limit",
            "R-BET-2",
            action,
        )
    _check_raise(
        hand, action, seat, target, due=hand.entry(seat), minimum=hand.rules.big_bet, amount=amount
    )
    return lambda: hand.do_bet(seat, target, amount)


def _target_refusal(hand: Hand, seat: int, target: int | None) -> str | None:
    """Why ``target`` cannot be attacked by ``seat`` (R-BET-1), or None."""
    if target is None or not 0 <= target < hand.n:
        return f"no seat {target!r} to attack"
    if target == seat:
        return "a player cannot attack themselves"
    if not hand.in_hand[target]:
        return f"seat {target} is no longer in the hand"
    if hand.banners[target] & 3 == hand.banners[seat] & 3:
        return f"seat {target} flies the same banner suit"
    return None


def _buy_refusal(hand: Hand, seat: int) -> tuple[str, str, str] | None:
    """Why ``seat`` cannot BUY (R-BUY-1, R-BUY-2), or None."""
    if hand.stacks[seat] < hand.rules.small_bet:
        return (
            "cannot_afford",
            f"buying costs {hand.rules.small_bet} and seat {seat} has {hand.stacks[seat]}",
            "R-BUY-1",
        )
    if not hand.stock and not hand.discard_pile:
        return ("empty_stock", "the stock and the discard pile are both empty", "R-BUY-2")
    return None


def _check_soldiers(hand: Hand, action: Action, rule: str) -> None:
    cards = action.cards
    if len(set(cards)) != len(cards):
        raise _refuse(
            "duplicate_card", f"{action}: a card is named twice", "palace-hand/1 Verbs", action
        )
    army = hand.soldiers[action.seat]
    for card in cards:
        if card not in army:
            raise _refuse(
                "card_not_held",
                f"{action}: {card} is not one of seat {action.seat}'s soldiers",
                rule,
                action,
                card=str(card),
            )


def _plan_battle(hand: Hand, action: Action) -> Apply:
    seat, verb = action.seat, action.verb
    if verb not in _BATTLE_VERBS:
        raise _refuse(
            "illegal_action",
            f"{action}: in a battle the verbs are fold, call and raise",
            "R-BET-6" if _battle_of(hand).raises else "R-BET-3",
            action,
        )
    if verb is Verb.FOLD:
        _no_extras(action)
        return lambda: hand.do_battle_fold(seat)
    if verb is Verb.CALL:
        _no_extras(action)
        return lambda: hand.do_call(seat)
    _no_extras(action, amount=True)
    battle = _battle_of(hand)
    other = battle.opponent(seat)
    due = _call_due(hand, seat)
    if hand.rules.no_limit:
        if action.amount is None:
            raise _refuse(
                "amount_not_allowed",
                f"{action}: a no-limit raise names its amount",
                "R-BET-5",
                action,
            )
        minimum = max(hand.rules.big_bet, battle.last_raise)
        amount = action.amount
    else:
        if action.amount is not None:
            raise _refuse(
                "amount_not_allowed",
                f"{action}: a limit raise is fixed ({_limit_raise(hand, seat)}); name no amount",
                "R-BET-5",
                action,
            )
        minimum = amount = _limit_raise(hand, seat)
    _check_raise(hand, action, seat, other, due=due, minimum=minimum, amount=amount)
    return lambda: hand.do_raise(seat, amount)


def _battle_of(hand: Hand) -> Battle:
    assert hand.battle is not None
    return hand.battle


def _call_due(hand: Hand, seat: int) -> int:
    """The full price of a call: own entry if unpaid, plus unmatched raises (R-BET-4)."""
    battle = _battle_of(hand)
    entry = 0 if battle.entry_paid(seat) else hand.entry(seat)
    return entry + battle.unmatched(battle.opponent(seat))


def _limit_raise(hand: Hand, seat: int) -> int:
    """R-BET-5: a big bet with a soldier, else twice the small bet."""
    return hand.rules.big_bet if hand.soldiers[seat] else 2 * hand.rules.small_bet


def _raise_count(hand: Hand) -> int:
    return hand.battle.raises if hand.battle is not None else 0


def _raise_refusal(hand: Hand, seat: int, other: int) -> tuple[str, str] | None:
    """Why no raise is possible at all now (R-BET-5), or None."""
    cap = hand.rules.max_raises
    if cap is not None and _raise_count(hand) >= cap:
        return ("raise_cap", f"the battle already has {cap} raise{'s' if cap != 1 else ''}")
    if hand.stacks[seat] == 0 or hand.stacks[other] == 0:
        all_in = seat if hand.stacks[seat] == 0 else other
        return ("illegal_action", f"no raise while a battler is all-in (seat {all_in})")
    return None


def _check_raise(
    hand: Hand, action: Action, seat: int, other: int, *, due: int, minimum: int, amount: int
) -> None:
    refusal = _raise_refusal(hand, seat, other)
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
    if due + amount > hand.stacks[seat]:
        raise _refuse(
            "cannot_afford" if amount == minimum else "amount_out_of_bounds",
            f"{action}: costs {due + amount} and seat {seat} has {hand.stacks[seat]}"
            " (a raise is always paid in full)",
            "R-BET-5",
            action,
            cost=due + amount,
            stack=hand.stacks[seat],
        )


def _plan_trim(hand: Hand, action: Action) -> Apply:
    rule = _trim_rule(hand)
    if action.verb is not Verb.TRIM:
        raise _refuse(
            "illegal_action",
            f"{action}: seat {action.seat} must first trim soldiers ('{action.seat} trim [cards]')",
            rule,
            action,
        )
    _no_extras(action, cards=True)
    _check_soldiers(hand, action, rule)
    keep = len(hand.soldiers[action.seat]) - len(action.cards)
    if keep > MAX_SOLDIERS:
        raise _refuse(
            "too_many_soldiers",
            f"{action}: would keep {keep} soldiers; at most {MAX_SOLDIERS} may be kept",
            rule,
            action,
        )
    seat, cards = action.seat, action.cards
    return lambda: hand.do_trim(seat, cards)


# ------------------------------------------------------------- options


def legal_options(hand: Hand) -> list[Option]:
    """Every choice the player to act has now."""
    seat = hand.to_act
    if seat is None:
        return []
    phase = hand.phase
    if phase == "turn":
        return _turn_options(hand, seat)
    if phase == "battle":
        return _battle_options(hand, seat)
    army = tuple(hand.soldiers[seat])
    fewest = max(0, len(army) - MAX_SOLDIERS)
    return [_new(Option, (seat, _TRIM, 0, None, None, None, army, fewest, len(army)))]


# Options are built as plain tuples in field order (seat, verb, cost, target,
# min_amount, max_amount, cards, min_cards, max_cards): every decision of every bot
# lists them, and this skips the named tuple's keyword handling.
_new: Final = tuple.__new__
_BUY: Final = Verb.BUY
_BET: Final = Verb.BET
_DISCARD: Final = Verb.DISCARD
_STAY: Final = Verb.STAY
_FOLD: Final = Verb.FOLD
_CALL: Final = Verb.CALL
_RAISE: Final = Verb.RAISE
_TRIM: Final = Verb.TRIM
# Options that never vary for a seat, built once (they are immutable; a hand seats
# at most ten players).
_STAY_OF: Final = tuple(Option(seat, _STAY) for seat in range(10))
_FOLD_OF: Final = tuple(Option(seat, _FOLD) for seat in range(10))


def _turn_options(hand: Hand, seat: int) -> list[Option]:
    rules = hand.rules
    small_bet = rules.small_bet
    stacks = hand.stacks
    stack = stacks[seat]
    army = tuple(hand.soldiers[seat])
    options: list[Option] = []
    if stack >= small_bet and (hand.stock or hand.discard_pile):  # R-BUY-1, R-BUY-2
        options.append(_new(Option, (seat, _BUY, small_bet, None, None, None, (), 0, 0)))
    entry = (len(army) + 1) * small_bet  # R-BET-2
    banners, in_hand = hand.banners, hand.in_hand
    suit = banners[seat] & 3
    bet_cost = entry if entry < stack else stack
    # A no-limit opening raise is paid in full and needs no raise cap of 0 (R-BET-5);
    # whether the defender is all-in is checked per target.
    cap = rules.max_raises
    big_bet = rules.big_bet
    may_open = rules.no_limit and (cap is None or cap > 0) and stack - entry >= big_bet
    # R-BET-1 inlined: another player in the hand whose banner suit differs.
    for target in range(hand.n):
        if target == seat or not in_hand[target] or banners[target] & 3 == suit:
            continue
        options.append(_new(Option, (seat, _BET, bet_cost, target, None, None, (), 0, 0)))
        if may_open and stacks[target] > 0:
            top = stack - entry
            options.append(_new(Option, (seat, _BET, entry, target, big_bet, top, (), 0, 0)))
    if army:
        options.append(_new(Option, (seat, _DISCARD, 0, None, None, None, army, 1, len(army))))
    options.append(_STAY_OF[seat])
    options.append(_FOLD_OF[seat])
    return options


def _battle_options(hand: Hand, seat: int) -> list[Option]:
    battle = _battle_of(hand)
    other = battle.opponent(seat)
    due = _call_due(hand, seat)
    stack = hand.stacks[seat]
    options = [
        _FOLD_OF[seat],
        _new(Option, (seat, _CALL, due if due < stack else stack, None, None, None, (), 0, 0)),
    ]
    if _raise_refusal(hand, seat, other) is None:
        if hand.rules.no_limit:
            minimum = max(hand.rules.big_bet, battle.last_raise)
            top = stack - due
            if top >= minimum:
                options.append(_new(Option, (seat, _RAISE, due, None, minimum, top, (), 0, 0)))
        else:
            size = _limit_raise(hand, seat)
            if stack >= due + size:
                options.append(_new(Option, (seat, _RAISE, due + size, None, None, None, (), 0, 0)))
    return options
