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
from palace_poker.cards import RANKS, Card
from palace_poker.categories import describe
from palace_poker.chance import ChanceStep
from palace_poker.checks import MAX_CHIPS, as_int, as_items, as_mapping, as_text, short
from palace_poker.config import Rules
from palace_poker.errors import PalaceError, ParseError
from palace_poker.explain import Explanation, Side, Strength, hand_name
from palace_poker.observation import Observation
from palace_poker.options import Option
from palace_poker.state import BattleView, HandResult

RULE: Final = "palace wire format"

Encode = Callable[[Any], Any]
Decode = Callable[[Any, str], Any]


def _bad(where: str, message: str) -> ParseError:
    return ParseError("invalid_wire", f"{where}: {message}", rule=RULE, details={"at": where})


# ------------------------------------------------------------------ field codecs


def _int(value: object, where: str) -> int:
    number = as_int(value)
    if number is None or not -MAX_CHIPS <= number <= MAX_CHIPS:
        raise _bad(where, f"expected an integer of at most {MAX_CHIPS}, got {short(value)}")
    return number


def _bool(value: object, where: str) -> bool:
    if value is not True and value is not False:
        raise _bad(where, f"expected true or false, got {short(value)}")
    return value


def _text(value: object, where: str) -> str:
    text = as_text(value)
    if text is None:
        raise _bad(where, f"expected a string, got {short(value)}")
    return text


def _optional(decode: Decode) -> Decode:
    def read(value: object, where: str) -> Any:
        return None if value is None else decode(value, where)

    return read


def _one_of(*choices: str) -> Decode:
    def read(value: object, where: str) -> str:
        text = as_text(value)
        if text is None or text not in choices:
            raise _bad(where, f"expected one of {', '.join(choices)}, got {short(value)}")
        return text

    return read


def _card(value: object, where: str) -> Card:
    try:
        return Card.parse(value)
    except PalaceError as err:
        raise _bad(where, err.message) from None


def _list(value: object, where: str) -> list[Any]:
    listed = as_items(value) if isinstance(value, list) else None
    if listed is None:
        raise _bad(where, f"expected a list, got {short(value)}")
    return list(listed)


def _tuple_of(decode: Decode, length: int | None = None) -> Decode:
    def read(value: object, where: str) -> tuple[Any, ...]:
        items = _list(value, where)
        if length is not None and len(items) != length:
            raise _bad(where, f"expected {length} items, got {len(items)}")
        return tuple(decode(item, f"{where}[{i}]") for i, item in enumerate(items))

    return read


# The encoders read the values of a value built in code, which may hold anything:
# they iterate a list or a tuple only, by its base type (never an object's own
# iteration, which may never end), and what they give is then checked as
# from_wire reads it (to_wire).


def _seq(value: object) -> tuple[Any, ...]:
    listed = as_items(value) if isinstance(value, tuple | list) else None
    if listed is None:
        raise _bad("value", f"expected a tuple, got {short(value)}")
    return listed


def _list_out(value: object) -> list[Any]:
    return list(_seq(value))


def _cards_out(cards: object) -> list[str]:
    return [str(card) for card in _seq(cards)]


def _nested_out(value: Any) -> Any:
    """Tuples as lists, cards as text, all the way down."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_nested_out(item) for item in _seq(value)]
    return value


def _known_out(known: object) -> dict[str, list[str]]:
    mapping = as_mapping(known)
    if mapping is None:
        raise _bad("value", f"expected a dict, got {short(known)}")
    return {str(seat): _cards_out(cards) for seat, cards in mapping.items()}


_cards = _tuple_of(_card)
_ints = _tuple_of(_int)
_bools = _tuple_of(_bool)


def _pair(value: object, where: str) -> tuple[int, ...]:
    pair: tuple[int, ...] = _tuple_of(_int, 2)(value, where)
    return pair


def _shown(value: object, where: str) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    def entry(item: object, at: str) -> tuple[int, tuple[Card, ...]]:
        seat, cards = _tuple_of(lambda x, w: x, 2)(item, at)
        return _int(seat, f"{at}[0]"), _cards(cards, f"{at}[1]")

    return _tuple_of(entry)(value, where)  # type: ignore[no-any-return]


# ------------------------------------------------------------------ events

_END = _one_of("last", "same-suit", "showdown", "tie")
#: Each event kind and the decoder of each of its fields, in field order.
_EVENT_FIELDS: Final[dict[type, tuple[Decode, ...]]] = {
    _events.AntePosted: (_int, _int, _bool),
    _events.CardsShuffled: (_one_of("deck", "set-aside", "stock", "discard"), _int),
    _events.BannerCardSetAside: (_int, _card),
    _events.BannerDealt: (_int, _card),
    _events.PalaceDealt: (_int, _cards),
    _events.TurnStarted: (_int,),
    _events.SoldierBought: (_int, _card, _int),
    _events.SoldiersDiscarded: (_int, _cards, _bool),
    _events.Stayed: (_int,),
    _events.Folded: (_int, _bool),
    _events.BattleStarted: (_int, _int, _int, _int),
    _events.BattleCalled: (_int, _int),
    _events.BattleRaised: (_int, _int, _int),
    _events.ChipsReturned: (_int, _int),
    _events.BattleCompared: (_pair, _optional(_int), _tuple_of(_cards)),
    _events.PlayerOut: (_int, _one_of("fold", "battle", "tie")),
    _events.CardsCaptured: (_int, _int, _cards),
    _events.ShowdownRevealed: (_shown,),
    _events.PotAwarded: (_int, _int),
    _events.HandEnded: (_END, _ints),
}


def _tag(kind: type) -> str:
    """``SoldierBought`` -> ``soldier_bought``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower()


_EVENT_TAGS: Final[dict[str, type]] = {_tag(kind): kind for kind in _EVENT_FIELDS}


def _event_out(event: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": _tag(type(event))}
    for name, value in zip(event._fields, event, strict=True):
        data[name] = _nested_out(value)
    return data


def _event_in(data: dict[str, Any], tag: str) -> Any:
    kind = _EVENT_TAGS[tag]
    values = [
        decode(_field(data, name, tag), f"{tag}.{name}")
        for name, decode in zip(kind._fields, _EVENT_FIELDS[kind], strict=True)  # type: ignore[attr-defined]
    ]
    return kind(*values)


def _field(data: dict[str, Any], name: str, tag: str) -> Any:
    if name not in data:
        raise _bad(tag, f"missing field {name!r}")
    return data[name]


# ------------------------------------------------------------------ the other values


def _action_in(value: object, where: str) -> Action:
    try:
        return Action.parse(value)
    except PalaceError as err:
        raise _bad(where, err.message) from None


def _option_out(option: Option) -> dict[str, Any]:
    return {
        "type": "option",
        "seat": option.seat,
        "verb": option.verb.value,
        "cost": option.cost,
        "target": option.target,
        "min_amount": option.min_amount,
        "max_amount": option.max_amount,
        "cards": _cards_out(option.cards),
        "min_cards": option.min_cards,
        "max_cards": option.max_cards,
    }


_VERB = _one_of(*(verb.value for verb in Verb))


def _option_in(data: dict[str, Any], where: str = "option") -> Option:
    def get(name: str, decode: Decode) -> Any:
        return decode(_field(data, name, where), f"{where}.{name}")

    return Option(
        get("seat", _int),
        Verb(get("verb", _VERB)),
        get("cost", _int),
        get("target", _optional(_int)),
        get("min_amount", _optional(_int)),
        get("max_amount", _optional(_int)),
        get("cards", _cards),
        get("min_cards", _int),
        get("max_cards", _int),
    )


def _rules_in(value: object, where: str) -> Rules:
    try:
        return Rules.from_dict(_object(value, where))
    except PalaceError as err:
        raise _bad(where, err.message) from None


def _battle_out(battle: BattleView | None) -> dict[str, Any] | None:
    if battle is None:
        return None
    return {
        "attacker": battle.attacker,
        "defender": battle.defender,
        "raises": battle.raises,
        "last_raise": battle.last_raise,
        "raised": _list_out(battle.raised),
        "defender_entry_paid": battle.defender_entry_paid,
    }


def _battle_in(value: object, where: str) -> BattleView:
    data = _object(value, where)
    return BattleView(
        _int(_field(data, "attacker", where), f"{where}.attacker"),
        _int(_field(data, "defender", where), f"{where}.defender"),
        _int(_field(data, "raises", where), f"{where}.raises"),
        _int(_field(data, "last_raise", where), f"{where}.last_raise"),
        _pair(_field(data, "raised", where), f"{where}.raised"),  # type: ignore[arg-type]
        _bool(_field(data, "defender_entry_paid", where), f"{where}.defender_entry_paid"),
    )


def _object(value: object, where: str) -> dict[str, Any]:
    mapping = as_mapping(value)
    if mapping is None:
        raise _bad(where, f"expected an object, got {short(value)}")
    return mapping  # type: ignore[return-value]


def _known_palaces_in(value: object, where: str) -> dict[int, tuple[Card, ...]]:
    data = _object(value, where)
    known: dict[int, tuple[Card, ...]] = {}
    for key, cards in data.items():
        seat = as_text(key)
        if seat is None or not seat.isdigit() or not seat.isascii() or len(seat) > 2:
            raise _bad(where, f"expected seat numbers as keys, got {short(key)}")
        known[int(seat)] = _cards(cards, f"{where}.{seat}")
    return known


def _options_in(value: object, where: str) -> tuple[Option, ...]:
    return tuple(
        _option_in(_object(item, f"{where}[{i}]"), f"{where}[{i}]")
        for i, item in enumerate(_list(value, where))
    )


#: The observation's fields: how each goes out and comes back.
_VIEW_FIELDS: Final[tuple[tuple[str, Encode, Decode], ...]] = (
    ("viewer", lambda v: v, _optional(_int)),
    ("rules", lambda r: r.to_dict(), _rules_in),
    ("names", _list_out, _tuple_of(_text)),
    ("dealer", lambda v: v, _int),
    ("stacks", _list_out, _ints),
    ("contributions", _list_out, _ints),
    ("pot", lambda v: v, _int),
    ("in_hand", _list_out, _bools),
    ("banners", _cards_out, _cards),
    ("soldiers", _nested_out, _tuple_of(_cards)),
    ("set_aside", _cards_out, _cards),
    ("stock_size", lambda v: v, _int),
    ("discard_size", lambda v: v, _int),
    ("palace", _cards_out, _cards),
    (
        "known_palaces",
        _known_out,
        _known_palaces_in,
    ),
    ("phase", lambda v: v, _one_of("turn", "battle", "trim", "chance", "over")),
    ("turn", lambda v: v, _optional(_int)),
    ("to_act", lambda v: v, _optional(_int)),
    ("battle", _battle_out, _optional(_battle_in)),
    ("options", lambda options: [_option_out(o) for o in _seq(options)], _options_in),
    ("actions", lambda actions: [str(a) for a in _seq(actions)], _tuple_of(_action_in)),
    ("end", lambda v: v, _optional(_END)),
    ("quiet", _list_out, _bools),
    ("known_discards", _cards_out, _cards),
    ("known_stock", _cards_out, _cards),
    ("version", lambda v: v, _int),
)


def _observation_out(view: Observation) -> dict[str, Any]:
    data: dict[str, Any] = {"type": "observation"}
    for name, encode, _ in _VIEW_FIELDS:
        data[name] = encode(getattr(view, name))
    return data


def _observation_in(data: dict[str, Any]) -> Observation:
    values = []
    for name, _, decode in _VIEW_FIELDS:
        value = _field(data, name, "observation")
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
    kind = _one_of(*_ERROR_KINDS)(_field(data, "kind", "error"), "error.kind")
    details = _object(_field(data, "details", "error"), "error.details")
    try:  # JSON data only: an error's to_dict() always goes to JSON
        details = json.loads(json.dumps(details, allow_nan=False))
    except Exception:  # TypeError, ValueError, RecursionError, or a subclass's own
        raise _bad("error.details", f"expected JSON data, got {short(details)}") from None
    return _ERROR_KINDS[kind](
        _text(_field(data, "code", "error"), "error.code"),
        _text(_field(data, "message", "error"), "error.message"),
        rule=_optional(_text)(_field(data, "rule", "error"), "error.rule"),
        details=details,
    )


def _chance_out(step: ChanceStep) -> dict[str, Any]:
    return {
        "type": "chance",
        "kind": step.kind,
        "seat": step.seat,
        "outcomes": _cards_out(step.outcomes),
        "public": step.public,
    }


def _chance_in(data: dict[str, Any]) -> ChanceStep:
    return ChanceStep(
        _one_of("banner", "palace", "soldier", "dealer")(
            _field(data, "kind", "chance"), "chance.kind"
        ),
        _int(_field(data, "seat", "chance"), "chance.seat"),
        _cards(_field(data, "outcomes", "chance"), "chance.outcomes"),
        _bool(_field(data, "public", "chance"), "chance.public"),
    )


def _result_out(result: HandResult) -> dict[str, Any]:
    return {
        "type": "result",
        "end": result.end,
        "stacks": _list_out(result.stacks),
        "payouts": _list_out(result.payouts),
    }


def _result_in(data: dict[str, Any]) -> HandResult:
    return HandResult(
        _END(_field(data, "end", "result"), "result.end"),
        _ints(_field(data, "stacks", "result"), "result.stacks"),
        _ints(_field(data, "payouts", "result"), "result.payouts"),
    )


# ------------------------------------------------------------------ explanations

_KIND = _one_of("battle", "quiet_round", "showdown")
_DECIDER = _one_of("category", "rank", "kickers", "own_suit", "tie", "unseen")


def _hand_out(value: int) -> dict[str, Any]:
    """A hand value, with what names it for a client that words it: the category
    (``"one_pair"``) and its naming ranks (``["Q"]``)."""
    kind, ranks = hand_name(value)
    return {"value": value, "category": kind.name.lower(), "ranks": [RANKS[r] for r in ranks]}


def _hand_in(value: object, where: str) -> int:
    data = _object(value, where)
    number = _int(_field(data, "value", where), f"{where}.value")
    try:
        describe(number)  # checks every rank slot of the value, not only its category
        expected = _hand_out(number)
    except PalaceError as err:
        raise _bad(f"{where}.value", err.message) from None
    if data != expected:
        raise _bad(where, f"does not name the hand of value {number}")
    return number


def _side_out(side: Side) -> dict[str, Any]:
    return {
        "seat": side.seat,
        "banner": str(side.banner),
        "palace": _cards_out(side.palace),
        "soldiers": _cards_out(side.soldiers),
        "struck": _cards_out(side.struck),
        "counted": _cards_out(side.counted),
        "hand": _hand_out(side.value),
        "own_suit": side.own_suit,
    }


def _side_in(value: object, where: str) -> Side:
    data = _object(value, where)
    side = Side(
        _int(_field(data, "seat", where), f"{where}.seat"),
        _card(_field(data, "banner", where), f"{where}.banner"),
        _cards(_field(data, "palace", where), f"{where}.palace"),
        _cards(_field(data, "soldiers", where), f"{where}.soldiers"),
        _cards(_field(data, "struck", where), f"{where}.struck"),
        _hand_in(_field(data, "hand", where), f"{where}.hand"),
        _int(_field(data, "own_suit", where), f"{where}.own_suit"),
    )
    if _cards(_field(data, "counted", where), f"{where}.counted") != side.counted:
        raise _bad(f"{where}.counted", "is not the cards left after the struck ones")
    return side


def _explanation_out(explanation: Explanation) -> dict[str, Any]:
    return {
        "type": "explanation",
        "kind": explanation.kind,
        "seats": _list_out(explanation.seats),
        "winners": _list_out(explanation.winners),
        "sides": [_side_out(side) for side in _seq(explanation.sides)],
        "decided_by": explanation.decided_by,
        "suit_decided": explanation.suit_decided,
    }


def _explanation_in(data: dict[str, Any]) -> Explanation:
    def field(name: str) -> Any:
        return _field(data, name, "explanation")

    return Explanation(
        _KIND(field("kind"), "explanation.kind"),
        _ints(field("seats"), "explanation.seats"),
        _ints(field("winners"), "explanation.winners"),
        _tuple_of(_side_in)(field("sides"), "explanation.sides"),
        _DECIDER(field("decided_by"), "explanation.decided_by"),
        _bool(field("suit_decided"), "explanation.suit_decided"),
    )


def _strength_out(strength: Strength) -> dict[str, Any]:
    return {
        "type": "strength",
        "best": _hand_out(strength.best),
        "against": [[seat, _hand_out(value)] for seat, value in _seq(strength.against)],
    }


def _strength_in(data: dict[str, Any]) -> Strength:
    def pair(item: object, where: str) -> tuple[int, int]:
        seat, value = _tuple_of(lambda x, w: x, 2)(item, where)
        return _int(seat, f"{where}[0]"), _hand_in(value, f"{where}[1]")

    return Strength(
        _hand_in(_field(data, "best", "strength"), "strength.best"),
        _tuple_of(pair)(_field(data, "against", "strength"), "strength.against"),
    )


# ------------------------------------------------------------------ public


def to_wire(value: object, *, check: bool = True) -> dict[str, Any]:
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
        raise _bad(
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
        return _explanation_out(value)
    if isinstance(value, Strength):
        return _strength_out(value)
    raise _bad("value", f"{short(type(value).__name__)} has no wire form")


def from_wire(data: object) -> Any:
    """The value that ``data`` (as :func:`to_wire` gives it, or as it comes back
    from JSON) stands for.

    Raises ``ParseError('invalid_wire')``, naming the field, for anything that is
    not a value of the wire format.
    """
    data = _object(data, "message")
    tag = as_text(data.get("type"))
    if tag is None:
        raise _bad("message", f"expected a string 'type', got {short(data.get('type'))}")
    if tag in _EVENT_TAGS:
        return _event_in(data, tag)
    reader = _READERS.get(tag)
    if reader is None:
        raise _bad("message", f"unknown type {short(tag)}")
    return reader(data)


_READERS: Final[dict[str, Callable[[dict[str, Any]], Any]]] = {
    "option": _option_in,
    "action": lambda data: _action_in(_field(data, "text", "action"), "action.text"),
    "observation": _observation_in,
    "chance": _chance_in,
    "result": _result_in,
    "error": _error_in,
    "explanation": _explanation_in,
    "strength": _strength_in,
}
