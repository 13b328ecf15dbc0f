"""Actions: the decisions players make, in the strict text form of ``palace-hand/1``.

An action is ``"<seat> <verb> [args...]"``. On a turn (R-TURN-2) the verbs are
``buy``, ``discard C...``, ``bet T [X]``, ``stay`` and ``fold``; in a battle
``fold``, ``call`` and ``raise [X]``; after a BUY or a capture ``trim [C...]``.

>>> a = Action.parse("1 bet 2")
>>> a.seat, a.verb, a.target
(1, <Verb.BET: 'bet'>, 2)
>>> str(Action.parse("1 trim 6d"))
'1 trim 6d'
>>> Action.parse("1 bet 2 05")
Traceback (most recent call last):
...
palace_poker.errors.ParseError: [invalid_amount] ...
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from palace_poker.cards import DECK, Card
from palace_poker.checks import MAX_CHIPS, MAX_DIGITS, as_int, as_items, as_text, clip, short
from palace_poker.errors import IllegalActionError, ParseError

_FORMAT = "palace-hand/1 Verbs"
#: The most words an action has: a seat, a verb and at most every card.
_MOST_WORDS: Final = 54


class Verb(StrEnum):
    """Every verb of the game."""

    BUY = "buy"
    DISCARD = "discard"
    BET = "bet"
    STAY = "stay"
    FOLD = "fold"
    CALL = "call"
    RAISE = "raise"
    TRIM = "trim"

    def __str__(self) -> str:
        return self.value


_VERBS = {v.value: v for v in Verb}

# The verbs as module constants, for the engine's per-decision code: compiled code
# reads a Final (its own or imported) from a C static, where ``Verb.BUY`` is a lookup
# of ``Verb`` in the module's globals and of ``BUY`` on the class at every use.
BUY: Final = Verb.BUY
DISCARD: Final = Verb.DISCARD
BET: Final = Verb.BET
STAY: Final = Verb.STAY
FOLD: Final = Verb.FOLD
CALL: Final = Verb.CALL
RAISE: Final = Verb.RAISE
TRIM: Final = Verb.TRIM


class Action(NamedTuple):
    """One decision: who, which verb, and its arguments (an immutable named tuple).

    ``target`` is the defender's seat of a BET; ``amount`` the no-limit raise
    (of a ``bet`` or ``raise``) in chips; ``cards`` the soldiers of a
    ``discard`` or ``trim``.
    """

    seat: int
    verb: Verb
    target: int | None = None
    amount: int | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        # Read as plain objects: the text also names an Action built in code with
        # fields of the wrong type, in the error that refuses it (bounded, and never
        # failing: a field may be anything).
        fields: tuple[object, ...] = self
        seat, verb, target, amount, cards = fields
        words = [_word(seat), _word(verb)]
        if target is not None:
            words.append(_word(target))
        if amount is not None:
            words.append(_word(amount))
        listed = as_items(cards) if isinstance(cards, tuple | list) else None
        if listed is not None:
            words.extend([_word(c) for c in listed[:60]])
        return " ".join(words)

    @classmethod
    def parse(cls, text: object) -> Action:
        """Parse an action in strict text form; raises :class:`ParseError`.

        Single spaces, canonical cards, integers without sign or leading zeros (and
        at most :data:`~palace_poker.checks.MAX_DIGITS` digits), no card named
        twice, at most 54 words.
        """
        line = as_text(text)
        if line is None:
            raise ParseError(
                "malformed_action",
                f"an action must be a string, got {short(text)}",
                rule=_FORMAT,
                details={"input": short(text)},
            )
        words = line.split(" ", _MOST_WORDS)  # the rest of a longer text stays one word
        if len(words) > _MOST_WORDS:
            raise ParseError(
                "malformed_action",
                f"action {short(line)} has more than {_MOST_WORDS} words",
                rule=_FORMAT,
                details={"input": clip(line)},
            )
        if len(words) < 2 or "" in words:
            raise ParseError(
                "malformed_action",
                f"malformed action {short(line)}: expected '<seat> <verb> [args...]' with "
                "single spaces",
                rule=_FORMAT,
                details={"input": clip(line)},
            )
        seat = parse_int(words[0], line, what="seat")
        verb = _VERBS.get(words[1])
        if verb is None:
            raise ParseError(
                "unknown_verb",
                f"unknown verb {short(words[1])} in {short(line)}",
                rule=_FORMAT,
                details={"input": clip(line), "verb": clip(words[1])},
            )
        return _PARSERS[verb](seat, verb, words[2:], line)


def parse_int(word: str, text: str, *, what: str) -> int:
    """A non-negative integer without sign or leading zeros, of at most
    :data:`~palace_poker.checks.MAX_DIGITS` digits (no count of chips is longer; a
    longer number is refused before it is read)."""
    code = "invalid_amount" if what == "amount" else "malformed_action"
    if not word.isascii() or not word.isdigit() or (len(word) > 1 and word[0] == "0"):
        raise ParseError(
            code,
            f"invalid {what} {short(word)} in {short(text)}: "
            "expected an integer without sign or leading zeros",
            rule=_FORMAT,
            details={"input": clip(text), "word": clip(word)},
        )
    if len(word) > MAX_DIGITS:
        raise ParseError(
            code,
            f"invalid {what} {short(word)} in {short(text)}: a number has at most "
            f"{MAX_DIGITS} digits",
            rule=_FORMAT,
            details={"input": clip(text), "word": clip(word)},
        )
    return int(word)


def _no_args(seat: int, verb: Verb, args: list[str], text: str) -> Action:
    if args:
        _too_many(text, verb)
    return Action(seat, verb)


def _with_amount(seat: int, verb: Verb, args: list[str], text: str) -> Action:
    if len(args) > 1:
        _too_many(text, verb)
    amount = _positive(args[0], text) if args else None
    return Action(seat, verb, amount=amount)


def _bet(seat: int, verb: Verb, args: list[str], text: str) -> Action:
    if not args:
        raise ParseError(
            "malformed_action",
            f"{short(text)}: bet needs a target seat",
            rule=_FORMAT,
            details={"input": clip(text)},
        )
    if len(args) > 2:
        _too_many(text, verb)
    target = parse_int(args[0], text, what="target")
    amount = _positive(args[1], text) if len(args) == 2 else None
    return Action(seat, verb, target=target, amount=amount)


def _with_cards(seat: int, verb: Verb, args: list[str], text: str) -> Action:
    cards = tuple(Card.parse(word) for word in args)
    if len(set(cards)) != len(cards):
        raise ParseError(
            "duplicate_card",
            f"{short(text)} names a card twice",
            rule=_FORMAT,
            details={"input": clip(text)},
        )
    return Action(seat, verb, cards=cards)


def _positive(word: str, text: str) -> int:
    value = parse_int(word, text, what="amount")
    if value == 0 or value > MAX_CHIPS:
        raise ParseError(
            "invalid_amount",
            f"amount in {short(text)} must be a positive integer of at most {MAX_CHIPS} chips",
            rule=_FORMAT,
            details={"input": clip(text)},
        )
    return value


def _too_many(text: str, verb: Verb) -> None:
    raise ParseError(
        "malformed_action",
        f"too many arguments for {verb.value} in {short(text)}",
        rule=_FORMAT,
        details={"input": clip(text)},
    )


_PARSERS = {
    Verb.BUY: _no_args,
    Verb.STAY: _no_args,
    Verb.FOLD: _no_args,
    Verb.CALL: _no_args,
    Verb.RAISE: _with_amount,
    Verb.BET: _bet,
    Verb.DISCARD: _with_cards,
    Verb.TRIM: _with_cards,
}


# ------------------------------------------------------------------ actions built in code


def _word(value: object) -> str:
    """One field of an action as text: a seat, a verb, an amount, a card; anything
    else (an Action built in code with a field of the wrong type) by :func:`short`."""
    if type(value) is int and -MAX_CHIPS <= value <= MAX_CHIPS:
        return str(value)
    if type(value) is Card or type(value) is Verb:
        return str(value)
    return short(value, 40)


def check_fields(action: Action) -> Action:
    """``action`` (an :class:`Action` built in code) with every field checked for its
    type, before any is read as a number: a seat and a target are integers (never a
    ``bool``), an amount a whole number of chips (never a float or text), the cards a
    tuple of :class:`Card`. Returns the action with plain values (an ``int``
    subclass read as its int), or raises ``IllegalActionError`` naming the field."""
    fields: tuple[object, ...] = action
    seat, verb, target, amount, cards = fields
    if (
        type(verb) is Verb
        and _plain_number(seat)
        and (target is None or _plain_number(target))
        and (amount is None or _plain_number(amount))
        and type(cards) is tuple
        and _plain_cards(cards)
    ):
        return action  # the common case: every field plain
    return _checked_fields(action)


def _plain_number(value: object) -> bool:
    return type(value) is int and -MAX_CHIPS <= value <= MAX_CHIPS


def _plain_cards(cards: tuple[object, ...]) -> bool:
    return all(type(item) is Card for item in cards)


def _checked_fields(action: Action) -> Action:
    fields: tuple[object, ...] = action
    seat, verb, target, amount, cards = fields
    if not isinstance(verb, Verb):
        raise _mistyped(action, "malformed_action", f"no verb {short(verb)}", _FORMAT)
    number = as_int(seat)
    if number is None or not -MAX_CHIPS <= number <= MAX_CHIPS:
        raise _mistyped(action, "invalid_seat", f"no seat {short(seat)}", "R-TURN-1")
    aimed = None if target is None else as_int(target)
    if target is not None and (aimed is None or not -MAX_CHIPS <= aimed <= MAX_CHIPS):
        raise _mistyped(action, "bad_target", f"no seat {short(target)} to attack", "R-BET-1")
    chips = None if amount is None else as_int(amount)
    if amount is not None and (chips is None or not -MAX_CHIPS <= chips <= MAX_CHIPS):
        message = f"amount {short(amount)} is not a whole number of chips (at most {MAX_CHIPS})"
        raise _mistyped(action, "invalid_amount", message, _FORMAT)
    listed = as_items(cards) if isinstance(cards, tuple) else None
    if listed is None:
        message = f"cards {short(cards)} are not a tuple of Card"
        raise _mistyped(action, "malformed_action", message, _FORMAT)
    plain: list[Card] = []
    for item in listed:
        index = as_int(item) if isinstance(item, Card) else None
        if index is None or not 0 <= index < 52:
            message = f"cards {short(cards)} are not a tuple of Card"
            raise _mistyped(action, "malformed_action", message, _FORMAT)
        plain.append(DECK[index])
    return Action(number, verb, aimed, chips, tuple(plain))


def _mistyped(action: Action, code: str, message: str, rule: str) -> IllegalActionError:
    text = str(action)
    return IllegalActionError(code, f"{text}: {message}", rule=rule, details={"action": text})
