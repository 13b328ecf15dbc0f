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
from typing import NamedTuple

from palace_poker.cards import Card
from palace_poker.errors import ParseError

_FORMAT = "palace-hand/1 Verbs"


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
        # fields of the wrong type, in the error that refuses it.
        fields: tuple[object, ...] = self
        seat, verb, target, amount, cards = fields
        words = [str(seat), str(verb)]
        if target is not None:
            words.append(str(target))
        if amount is not None:
            words.append(str(amount))
        if isinstance(cards, tuple | list):
            words.extend(str(c) for c in cards)
        return " ".join(words)

    @classmethod
    def parse(cls, text: object) -> Action:
        """Parse an action in strict text form; raises :class:`ParseError`.

        Single spaces, canonical cards, integers without sign or leading zeros,
        no card named twice.
        """
        if not isinstance(text, str):
            raise ParseError(
                "malformed_action", f"an action must be a string, got {text!r}", rule=_FORMAT
            )
        words = text.split(" ")
        if len(words) < 2 or "" in words:
            raise ParseError(
                "malformed_action",
                f"malformed action {text!r}: expected '<seat> <verb> [args...]' with single spaces",
                rule=_FORMAT,
                details={"input": text},
            )
        seat = parse_int(words[0], text, what="seat")
        verb = _VERBS.get(words[1])
        if verb is None:
            raise ParseError(
                "unknown_verb",
                f"unknown verb {words[1]!r} in {text!r}",
                rule=_FORMAT,
                details={"input": text, "verb": words[1]},
            )
        return _PARSERS[verb](seat, verb, words[2:], text)


def parse_int(word: str, text: str, *, what: str) -> int:
    """A non-negative integer without sign or leading zeros."""
    if not word.isascii() or not word.isdigit() or (len(word) > 1 and word[0] == "0"):
        raise ParseError(
            "invalid_amount" if what == "amount" else "malformed_action",
            f"invalid {what} {word!r} in {text!r}: "
            "expected an integer without sign or leading zeros",
            rule=_FORMAT,
            details={"input": text, "word": word},
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
            f"{text!r}: bet needs a target seat",
            rule=_FORMAT,
            details={"input": text},
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
            f"{text!r} names a card twice",
            rule=_FORMAT,
            details={"input": text},
        )
    return Action(seat, verb, cards=cards)


def _positive(word: str, text: str) -> int:
    value = parse_int(word, text, what="amount")
    if value == 0:
        raise ParseError(
            "invalid_amount",
            f"amount in {text!r} must be a positive integer",
            rule=_FORMAT,
            details={"input": text},
        )
    return value


def _too_many(text: str, verb: Verb) -> None:
    raise ParseError(
        "malformed_action",
        f"too many arguments for {verb.value} in {text!r}",
        rule=_FORMAT,
        details={"input": text},
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
