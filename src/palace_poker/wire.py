"""The wire format: every value a client is sent, as JSON data, and back.

:func:`to_wire` turns an event, an option, an action, an observation, a chance step,
a hand's result or an error into JSON-ready data; :func:`from_wire` turns such data
back into the same value (``from_wire(to_wire(x)) == x``). Every value is an object
with a ``"type"`` tag (``"soldier_bought"``, ``"option"``, ``"observation"``, ...);
cards are their text (``"Td"``), actions their record text (``"1 bet 2"``), tuples
lists, seats integers. The wire format only carries values: what a viewer may be
sent is decided before, by ``Hand.events_for`` and ``Hand.observe``, which give only
what that viewer may see (R-INFO-*).

:func:`from_wire` reads data from outside: anything that is not a value of the
format is refused with ``ParseError('invalid_wire')``, naming where it went wrong.

This module holds the two entry points and the wire form of the events, the
observation and the other values; each kind of field's decoder and encoder is in
:mod:`~palace_poker.wire_fields`, the explanations' form in
:mod:`~palace_poker.wire_explain`.

>>> from palace_poker.events import SoldierBought
>>> from palace_poker.cards import Card
>>> to_wire(SoldierBought(0, Card.parse("Ts"), 10))
{'type': 'soldier_bought', 'seat': 0, 'card': 'Ts', 'cost': 10}
>>> from_wire({'type': 'soldier_bought', 'seat': 0, 'card': 'Ts', 'cost': 10})
SoldierBought(seat=0, card=Card.parse('Ts'), cost=10)
>>> from_wire({'type': 'soldier_bought', 'seat': 0, 'card': '10s', 'cost': 10})
Traceback (most recent call last):
...
palace_poker.errors.ParseError: [invalid_wire] soldier_bought.card: ... (palace wire format)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Final

from palace_poker import errors as _errors
from palace_poker import events as _events
from palace_poker.actions import Action, Verb
from palace_poker.cards import Card
from palace_poker.chance import ChanceStep
from palace_poker.checks import as_text, short
from palace_poker.config import Rules
from palace_poker.errors import PalaceError
from palace_poker.explain import Explanation, Strength
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.state import BattleView, HandResult
from palace_poker.wire_explain import (
    explanation_in,
    explanation_out,
    strength_in,
    strength_out,
)
from palace_poker.wire_fields import (
    Decode,
    Encode,
    bad,
    bool_in,
    bools_in,
    card_in,
    cards_in,
    cards_out,
    field_in,
    int_in,
    ints_in,
    known_out,
    list_in,
    list_out,
    nested_out,
    object_in,
    one_of,
    optional,
    pair_in,
    seq_out,
    shown_in,
    text_in,
    tuple_of,
)

# ------------------------------------------------------------------ events

_END = one_of("last", "same-suit", "showdown", "tie")
#: Each event kind and the decoder of each of its fields, in field order.
_EVENT_FIELDS: Final[dict[type, tuple[Decode, ...]]] = {
    _events.AntePosted: (int_in, int_in, bool_in),
    _events.CardsShuffled: (one_of("deck", "set-aside", "stock", "discard"), int_in),
    _events.BannerCardSetAside: (int_in, card_in),
    _events.BannerDealt: (int_in, card_in),
    _events.PalaceDealt: (int_in, cards_in),
    _events.TurnStarted: (int_in,),
    _events.SoldierBought: (int_in, card_in, int_in),
    _events.SoldiersDiscarded: (int_in, cards_in, bool_in),
    _events.Stayed: (int_in,),
    _events.Folded: (int_in, bool_in),
    _events.BattleStarted: (int_in, int_in, int_in, int_in),
    _events.BattleCalled: (int_in, int_in),
    _events.BattleRaised: (int_in, int_in, int_in),
    _events.ChipsReturned: (int_in, int_in),
    _events.BattleCompared: (pair_in, optional(int_in), tuple_of(cards_in)),
    _events.PlayerOut: (int_in, one_of("fold", "battle", "tie")),
    _events.CardsCaptured: (int_in, int_in, cards_in),
    _events.ShowdownRevealed: (shown_in,),
    _events.PotAwarded: (int_in, int_in),
    _events.HandEnded: (_END, ints_in),
}


def _tag(kind: type) -> str:
    """``SoldierBought`` -> ``soldier_bought``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()


_EVENT_TAGS: Final[dict[str, type]] = {_tag(kind): kind for kind in _EVENT_FIELDS}


def _event_out(event: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": _tag(type(event))}
    for name, value in zip(event._fields, event, strict=True):
        data[name] = nested_out(value)
    return data


def _event_in(data: dict[str, Any], tag: str) -> Any:
    kind = _EVENT_TAGS[tag]
    values = [
        decode(field_in(data, name, tag), f"{tag}.{name}")
        for name, decode in zip(kind._fields, _EVENT_FIELDS[kind], strict=True)  # type: ignore[attr-defined]
    ]
    return kind(*values)


# ------------------------------------------------------------------ the other values


def _action_in(value: object, where: str) -> Action:
    try:
        return Action.parse(value)
    except PalaceError as err:
        raise bad(where, err.message) from None


def _option_out(option: Option) -> dict[str, Any]:
    return {
        "type": "option",
        "seat": option.seat,
        "verb": option.verb.value,
        "cost": option.cost,
        "target": option.target,
        "min_amount": option.min_amount,
        "max_amount": option.max_amount,
        "cards": cards_out(option.cards),
        "min_cards": option.min_cards,
        "max_cards": option.max_cards,
    }


_VERB = one_of(*(verb.value for verb in Verb))


def _option_in(data: dict[str, Any], where: str = "option") -> Option:
    def get(name: str, decode: Decode) -> Any:
        return decode(field_in(data, name, where), f"{where}.{name}")

    return Option(
        get("seat", int_in),
        Verb(get("verb", _VERB)),
        get("cost", int_in),
        get("target", optional(int_in)),
        get("min_amount", optional(int_in)),
        get("max_amount", optional(int_in)),
        get("cards", cards_in),
        get("min_cards", int_in),
        get("max_cards", int_in),
    )


def _rules_in(value: object, where: str) -> Rules:
    try:
        return Rules.from_dict(object_in(value, where))
    except PalaceError as err:
        raise bad(where, err.message) from None


def _battle_out(battle: BattleView | None) -> dict[str, Any] | None:
    if battle is None:
        return None
    return {
        "attacker": battle.attacker,
        "defender": battle.defender,
        "raises": battle.raises,
        "last_raise": battle.last_raise,
        "raised": list_out(battle.raised),
        "defender_entry_paid": battle.defender_entry_paid,
    }


def _battle_in(value: object, where: str) -> BattleView:
    data = object_in(value, where)
    return BattleView(
        int_in(field_in(data, "attacker", where), f"{where}.attacker"),
        int_in(field_in(data, "defender", where), f"{where}.defender"),
        int_in(field_in(data, "raises", where), f"{where}.raises"),
        int_in(field_in(data, "last_raise", where), f"{where}.last_raise"),
        pair_in(field_in(data, "raised", where), f"{where}.raised"),  # type: ignore[arg-type]
        bool_in(field_in(data, "defender_entry_paid", where), f"{where}.defender_entry_paid"),
    )


def _known_palaces_in(value: object, where: str) -> dict[int, tuple[Card, ...]]:
    data = object_in(value, where)
    known: dict[int, tuple[Card, ...]] = {}
    for key, cards in data.items():
        seat = as_text(key)
        if seat is None or not seat.isdigit() or not seat.isascii() or len(seat) > 2:
            raise bad(where, f"expected seat numbers as keys, got {short(key)}")
        known[int(seat)] = cards_in(cards, f"{where}.{seat}")
    return known


def _options_in(value: object, where: str) -> tuple[Option, ...]:
    return tuple(
        _option_in(object_in(item, f"{where}[{i}]"), f"{where}[{i}]")
        for i, item in enumerate(list_in(value, where))
    )


#: The observation's fields: how each goes out and comes back.
_VIEW_FIELDS: Final[tuple[tuple[str, Encode, Decode], ...]] = (
    ("viewer", lambda v: v, optional(int_in)),
    ("rules", lambda r: r.to_dict(), _rules_in),
    ("names", list_out, tuple_of(text_in)),
    ("dealer", lambda v: v, int_in),
    ("stacks", list_out, ints_in),
    ("contributions", list_out, ints_in),
    ("pot", lambda v: v, int_in),
    ("in_hand", list_out, bools_in),
    ("banners", cards_out, cards_in),
    ("soldiers", nested_out, tuple_of(cards_in)),
    ("set_aside", cards_out, cards_in),
    ("stock_size", lambda v: v, int_in),
    ("discard_size", lambda v: v, int_in),
    ("palace", cards_out, cards_in),
    (
        "known_palaces",
        known_out,
        _known_palaces_in,
    ),
    ("phase", lambda v: v, one_of("turn", "battle", "trim", "chance", "over")),
    ("turn", lambda v: v, optional(int_in)),
    ("to_act", lambda v: v, optional(int_in)),
    ("battle", _battle_out, optional(_battle_in)),
    ("options", lambda options: [_option_out(o) for o in seq_out(options)], _options_in),
    ("actions", lambda actions: [str(a) for a in seq_out(actions)], tuple_of(_action_in)),
    ("end", lambda v: v, optional(_END)),
    ("quiet", list_out, bools_in),
    ("known_discards", cards_out, cards_in),
    ("known_stock", cards_out, cards_in),
    ("version", lambda v: v, int_in),
)


def _observation_out(view: Observation) -> dict[str, Any]:
    data: dict[str, Any] = {"type": "observation"}
    for name, encode, _ in _VIEW_FIELDS:
        data[name] = encode(getattr(view, name))
    return data


def _observation_in(data: dict[str, Any]) -> Observation:
    values = []
    for name, _, decode in _VIEW_FIELDS:
        value = field_in(data, name, "observation")
        where = f"observation.{name}"
        values.append(decode(value, where))
    return Observation(*values)


_ERROR_KINDS: Final[dict[str, type[PalaceError]]] = {
    kind.__name__: kind
    for kind in (
        PalaceError,
        _errors.ParseError,
        _errors.IllegalActionError,
        _errors.ConfigError,
        _errors.RecordError,
    )
}


def _error_out(error: PalaceError) -> dict[str, Any]:
    kind = type(error).__name__ if type(error).__name__ in _ERROR_KINDS else "PalaceError"
    return {"type": "error", "kind": kind, **error.to_dict()}


def _error_in(data: dict[str, Any]) -> PalaceError:
    kind = one_of(*_ERROR_KINDS)(field_in(data, "kind", "error"), "error.kind")
    details = object_in(field_in(data, "details", "error"), "error.details")
    try:  # JSON data only: an error's to_dict() always goes to JSON
        details = json.loads(json.dumps(details, allow_nan=False))
    except Exception:  # TypeError, ValueError, RecursionError, or a subclass's own
        raise bad("error.details", f"expected JSON data, got {short(details)}") from None
    return _ERROR_KINDS[kind](
        text_in(field_in(data, "code", "error"), "error.code"),
        text_in(field_in(data, "message", "error"), "error.message"),
        rule=optional(text_in)(field_in(data, "rule", "error"), "error.rule"),
        details=details,
    )


def _chance_out(step: ChanceStep) -> dict[str, Any]:
    return {
        "type": "chance",
        "kind": step.kind,
        "seat": step.seat,
        "outcomes": cards_out(step.outcomes),
        "public": step.public,
    }


def _chance_in(data: dict[str, Any]) -> ChanceStep:
    return ChanceStep(
        one_of("banner", "palace", "soldier", "dealer")(
            field_in(data, "kind", "chance"), "chance.kind"
        ),
        int_in(field_in(data, "seat", "chance"), "chance.seat"),
        cards_in(field_in(data, "outcomes", "chance"), "chance.outcomes"),
        bool_in(field_in(data, "public", "chance"), "chance.public"),
    )


def _result_out(result: HandResult) -> dict[str, Any]:
    return {
        "type": "result",
        "end": result.end,
        "stacks": list_out(result.stacks),
        "payouts": list_out(result.payouts),
    }


def _result_in(data: dict[str, Any]) -> HandResult:
    return HandResult(
        _END(field_in(data, "end", "result"), "result.end"),
        ints_in(field_in(data, "stacks", "result"), "result.stacks"),
        ints_in(field_in(data, "payouts", "result"), "result.payouts"),
    )


# ------------------------------------------------------------------ public


#: What :func:`to_wire` encodes: the values a client is sent.
WireValue = (
    _events.Event
    | Option
    | Action
    | Observation
    | ChanceStep
    | HandResult
    | PalaceError
    | Explanation
    | Strength
)


def to_wire(value: WireValue, *, check: bool = True) -> dict[str, Any]:
    """``value`` (an event, Option, Action, Observation, ChanceStep, HandResult,
    PalaceError, Explanation or Strength) as JSON-ready data with a ``"type"`` tag.

    Raises ``ParseError('invalid_wire')`` for anything else, a value built in code
    with a field of the wrong type included: what goes out is checked as
    :func:`from_wire` reads it back, so it always reads back. ``check=False``
    skips that reading back, for values the engine made itself (the table server
    encodes thousands a second; the property tests read every kind back).
    """
    try:
        data = _encode(value)
    except PalaceError:
        raise
    except Exception as err:  # a field of a value built in code that cannot be encoded
        raise bad(
            "value", f"{short(type(value).__name__)} cannot be encoded ({short(err)})"
        ) from None
    if check:
        from_wire(data)
    return data


def _encode(value: object) -> dict[str, Any]:
    if type(value) in _EVENT_FIELDS:
        return _event_out(value)
    if isinstance(value, Option):
        return _option_out(value)
    if isinstance(value, Action):
        return {"type": "action", "text": str(value)}
    if isinstance(value, Observation):
        return _observation_out(value)
    if isinstance(value, ChanceStep):
        return _chance_out(value)
    if isinstance(value, HandResult):
        return _result_out(value)
    if isinstance(value, PalaceError):
        return _error_out(value)
    if isinstance(value, Explanation):
        return explanation_out(value)
    if isinstance(value, Strength):
        return strength_out(value)
    raise bad("value", f"{short(type(value).__name__)} has no wire form")


def from_wire(data: object) -> Any:
    """The value that ``data`` (as :func:`to_wire` gives it, or as it comes back
    from JSON) stands for.

    Raises ``ParseError('invalid_wire')``, naming the field, for anything that is
    not a value of the wire format.
    """
    data = object_in(data, "message")
    tag = as_text(data.get("type"))
    if tag is None:
        raise bad("message", f"expected a string 'type', got {short(data.get('type'))}")
    if tag in _EVENT_TAGS:
        return _event_in(data, tag)
    reader = _READERS.get(tag)
    if reader is None:
        raise bad("message", f"unknown type {short(tag)}")
    return reader(data)


_READERS: Final[dict[str, Callable[[dict[str, Any]], Any]]] = {
    "option": _option_in,
    "action": lambda data: _action_in(field_in(data, "text", "action"), "action.text"),
    "observation": _observation_in,
    "chance": _chance_in,
    "result": _result_in,
    "error": _error_in,
    "explanation": explanation_in,
    "strength": strength_in,
}
