"""The wire format's fields (:mod:`palace_poker.wire`): a decoder and an encoder for
each kind of field its values hold (integers, flags, text, cards, lists, pairs,
objects), shared by the events, the observation, the other values and the
explanations.

A decoder ``read(value, where)`` reads data from outside: anything that is not a
field of its kind is refused with ``ParseError('invalid_wire')`` naming ``where``.
An encoder reads a value built in code, which may hold anything: it iterates a list
or a tuple only, by its base type, and what it gives is then checked as
``from_wire`` reads it back.

>>> cards_in(["Ts", "9h"], "cards")
(Card.parse('Ts'), Card.parse('9h'))
>>> int_in(True, "seat")
Traceback (most recent call last):
...
palace_poker.errors.ParseError: [invalid_wire] seat: expected an integer ... (palace wire format)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from palace_poker.cards import Card
from palace_poker.checks import MAX_CHIPS, as_int, as_items, as_mapping, as_text, short
from palace_poker.errors import PalaceError, ParseError

#: The rule a refusal names.
RULE: Final = "palace wire format"

Encode = Callable[[Any], Any]
Decode = Callable[[Any, str], Any]


def bad(where: str, message: str) -> ParseError:
    return ParseError("invalid_wire", f"{where}: {message}", rule=RULE, details={"at": where})


def int_in(value: object, where: str) -> int:
    number = as_int(value)
    if number is None or not -MAX_CHIPS <= number <= MAX_CHIPS:
        raise bad(where, f"expected an integer of at most {MAX_CHIPS}, got {short(value)}")
    return number


def bool_in(value: object, where: str) -> bool:
    if value is not True and value is not False:
        raise bad(where, f"expected true or false, got {short(value)}")
    return value


def text_in(value: object, where: str) -> str:
    text = as_text(value)
    if text is None:
        raise bad(where, f"expected a string, got {short(value)}")
    return text


def optional(decode: Decode) -> Decode:
    def read(value: object, where: str) -> Any:
        return None if value is None else decode(value, where)

    return read


def one_of(*choices: str) -> Decode:
    def read(value: object, where: str) -> str:
        text = as_text(value)
        if text is None or text not in choices:
            raise bad(where, f"expected one of {', '.join(choices)}, got {short(value)}")
        return text

    return read


def card_in(value: object, where: str) -> Card:
    try:
        return Card.parse(value)
    except PalaceError as err:
        raise bad(where, err.message) from None


def list_in(value: object, where: str) -> list[Any]:
    listed = as_items(value) if isinstance(value, list) else None
    if listed is None:
        raise bad(where, f"expected a list, got {short(value)}")
    return list(listed)


def tuple_of(decode: Decode, length: int | None = None) -> Decode:
    def read(value: object, where: str) -> tuple[Any, ...]:
        items = list_in(value, where)
        if length is not None and len(items) != length:
            raise bad(where, f"expected {length} items, got {len(items)}")
        return tuple(decode(item, f"{where}[{i}]") for i, item in enumerate(items))

    return read


# The encoders read the values of a value built in code, which may hold anything:
# they iterate a list or a tuple only, by its base type (never an object's own
# iteration, which may never end), and what they give is then checked as
# from_wire reads it (to_wire).


def seq_out(value: object) -> tuple[Any, ...]:
    listed = as_items(value) if isinstance(value, tuple | list) else None
    if listed is None:
        raise bad("value", f"expected a tuple, got {short(value)}")
    return listed


def list_out(value: object) -> list[Any]:
    return list(seq_out(value))


def cards_out(cards: object) -> list[str]:
    return [str(card) for card in seq_out(cards)]


def nested_out(value: Any) -> Any:
    """Tuples as lists, cards as text, all the way down."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [nested_out(item) for item in seq_out(value)]
    return value


def known_out(known: object) -> dict[str, list[str]]:
    mapping = as_mapping(known)
    if mapping is None:
        raise bad("value", f"expected a dict, got {short(known)}")
    return {str(seat): cards_out(cards) for seat, cards in mapping.items()}


cards_in = tuple_of(card_in)
ints_in = tuple_of(int_in)
bools_in = tuple_of(bool_in)


def pair_in(value: object, where: str) -> tuple[int, ...]:
    pair: tuple[int, ...] = tuple_of(int_in, 2)(value, where)
    return pair


def shown_in(value: object, where: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    def entry(item: object, at: str) -> tuple[int, tuple[Card, ...]]:
        seat, cards = tuple_of(lambda x, w: x, 2)(item, at)
        return int_in(seat, f"{at}[0]"), cards_in(cards, f"{at}[1]")

    return tuple_of(entry)(value, where)  # type: ignore[no-any-return]


def field_in(data: dict[str, Any], name: str, tag: str) -> Any:
    if name not in data:
        raise bad(tag, f"missing field {name!r}")
    return data[name]


def object_in(value: object, where: str) -> dict[str, Any]:
    mapping = as_mapping(value)
    if mapping is None:
        raise bad(where, f"expected an object, got {short(value)}")
    return mapping  # type: ignore[return-value]
