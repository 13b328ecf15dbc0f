"""No bad input left unchecked: arbitrary objects thrown at every public entry point.

Every entry point either gives a valid result or refuses with a ``PalaceError``
whose code is in ``ERROR_CODES``, whose ``to_dict()`` goes through ``json.dumps``
and whose message is bounded; a hand, a game or a source that refuses is unchanged.
Never a bare ``TypeError``, ``ValueError``, ``IndexError``... (a ``PalaceError`` is
a ``ValueError``; nothing else is caught here), never a ``bool`` taken for a seat,
a card or a count, never a float taken for chips.

The objects: None, bools, ints of every size, floats (nan, inf), text (long digit
strings, U+2028, lone surrogates), bytes, nested lists, tuples and dicts, very deep
nesting, and objects whose ``__repr__``, ``__eq__``, ``__hash__``, ``__index__``,
``__len__``, ``__iter__`` and attributes raise (and ``int``, ``str``, ``list`` and
``dict`` subclasses whose own methods raise: a check must read them by their base
type, never run their code).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NoReturn

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from palace_poker import (
    DECK,
    ERROR_CODES,
    Action,
    Card,
    PalaceError,
    Rules,
    Suit,
    Verb,
    card,
    format_cards,
    parse_cards,
)
from palace_poker.checks import MAX_CHIPS, MAX_DIGITS
from palace_poker.options import Option

HOSTILE = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# ------------------------------------------------------------------ hostile objects


class BoomError(RuntimeError):
    """What a hostile object raises."""


def _boom(*_: object, **__: object) -> NoReturn:
    raise BoomError("hostile")


class Hostile:
    """An object whose every protocol method raises."""

    __repr__ = __str__ = __format__ = _boom
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _boom
    __index__ = __int__ = __float__ = __bool__ = __len__ = __iter__ = __getitem__ = _boom
    __contains__ = __call__ = _boom

    def __getattr__(self, name: str) -> NoReturn:
        # (Names of the underscore kind are left to Python: Hypothesis asks for
        # ``_repr_pretty_`` when it prints an example.)
        raise AttributeError(name) if name.startswith("_") else BoomError(name)


class HostileInt(int):
    """An int whose own methods raise: a check reads it as the int it holds."""

    __repr__ = __str__ = __format__ = _boom
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _boom
    __index__ = __int__ = __float__ = __bool__ = _boom


class HostileStr(str):
    """Text whose own methods raise."""

    __repr__ = __format__ = _boom
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = _boom
    __len__ = __iter__ = __getitem__ = __contains__ = split = encode = _boom


class HostileList(list[Any]):
    """A list whose own methods raise."""

    __repr__ = __len__ = __iter__ = __getitem__ = __contains__ = __bool__ = _boom
    __eq__ = __ne__ = _boom


class HostileDict(dict[Any, Any]):
    """A dict whose own methods raise."""

    __repr__ = __len__ = __iter__ = __getitem__ = __contains__ = get = keys = items = _boom


def _deep(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


DEEP = _deep(20_000)
LONG_DIGITS = "9" * 5000
HUGE = 10**5000

# Built, not sampled: Hypothesis writes out the values it samples from, and an integer
# of 5,000 digits cannot be written out (nor a list nested 20,000 deep).
special_ints = st.one_of(
    st.sampled_from([0, 1, 2, 3, 5, 9, 10, 11, 51, 52, -1, -52, 2**31, 2**53 - 1, 2**53, 2**63]),
    st.builds(lambda sign: sign * HUGE, st.sampled_from([1, -1])),
)
special_text = st.sampled_from(
    [
        "",
        " ",
        "0",
        "1",
        "As",
        "10d",
        "1 stay",
        "0 bet 1 20",
        "limit",
        "no-limit",
        LONG_DIGITS,
        "0 raise " + LONG_DIGITS,
        LONG_DIGITS + " stay",
        "\u2028",
        "Ann\u2029Bob",
        "\ud800",
        "x\udfff",
        "\x00\n\r\t",
        "é" * 300,
    ]
)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    special_ints,
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.0, 2.0, 10.0, float("nan"), float("inf"), -0.0]),
    st.text(max_size=12),
    special_text,
    st.binary(max_size=6),
    st.builds(Hostile),
    st.builds(HostileInt, st.integers(-2, 60)),
    st.builds(HostileStr, st.sampled_from(["As", "limit", "1 stay", "Ann", ""])),
    st.sampled_from(list(DECK[:3])),
    st.builds(lambda: DEEP),
)


def _containers(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.lists(children, max_size=4),
        st.tuples(children, children),
        st.dictionaries(st.text(max_size=4), children, max_size=3),
        st.builds(HostileList, st.lists(children, max_size=3)),
        st.builds(HostileDict, st.dictionaries(st.text(max_size=4), children, max_size=2)),
    )


objects = st.recursive(leaves, _containers, max_leaves=8)


# ------------------------------------------------------------------ the contract


def outcome(call: Callable[[], object]) -> tuple[bool, object]:
    """``(True, result)``, or ``(False, error)`` for a refusal that keeps the contract:
    a PalaceError with a known code, JSON details and a bounded message. Any other
    exception fails the test."""
    error: PalaceError | None = None
    try:
        result = call()
    except PalaceError as err:
        error = err
    if error is None:
        return True, result
    assert error.code in ERROR_CODES, error.code
    json.dumps(error.to_dict())
    text = str(error)
    assert len(text) < 2_000, text[:200]
    text.encode("utf-8")  # printable as it is: no lone surrogate
    return False, error


def refused(call: Callable[[], object], code: str | None = None) -> PalaceError:
    """The call refuses (with ``code``, when given)."""
    ok, error = outcome(call)
    assert not ok, f"accepted: {error!r}"
    assert isinstance(error, PalaceError)
    if code is not None:
        assert error.code == code, (error.code, error.message)
    return error


def is_plain_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ------------------------------------------------------------------ cards and suits


@HOSTILE
@given(value=objects)
def test_card_constructors_and_parsers_refuse_what_is_no_card(value: object) -> None:
    for call in (lambda: card(value), lambda: Card(value)):
        ok, result = outcome(call)
        if ok:
            assert is_plain_int(value)
            assert result is DECK[int.__index__(value)]  # type: ignore[arg-type]
    ok, result = outcome(lambda: Card.parse(value))
    assert not ok or (isinstance(value, str) and str(result) == str.__str__(value))
    ok, result = outcome(lambda: parse_cards(value))
    assert not ok or isinstance(value, str)
    ok, result = outcome(lambda: Suit.parse(value))
    assert not ok or isinstance(value, str)
    outcome(lambda: format_cards(value))  # type: ignore[arg-type]
    outcome(lambda: format_cards([value]))  # type: ignore[list-item]


@pytest.mark.rule("R-CARD-1")
@pytest.mark.parametrize(
    "index", [-1, 52, -53, True, False, 2.0, "1", None, pytest.param(HUGE, id="huge"), 2**64]
)
def test_card_refuses_every_index_that_is_no_card(index: object) -> None:
    # card(-1) was the ace of spades (a tuple index), card(52) a bare IndexError.
    refused(lambda: card(index), "invalid_card")
    refused(lambda: Card(index), "invalid_card")


def test_format_cards_takes_cards_or_indexes_and_reads_no_endless_iterator() -> None:
    import itertools  # noqa: PLC0415

    assert format_cards([DECK[51], 0]) == "As 2c"
    assert format_cards(c for c in DECK[:2]) == "2c 2d"
    refused(lambda: format_cards(itertools.cycle(DECK)), "invalid_card")
    refused(lambda: format_cards([True]), "invalid_card")
    refused(lambda: format_cards("As"), "invalid_card")  # type: ignore[arg-type]


# ------------------------------------------------------------------ rules


RULE_FIELDS = ("small_bet", "big_bet", "ante", "betting", "max_raises")


@HOSTILE
@given(value=objects, field=st.sampled_from(RULE_FIELDS))
def test_rules_refuse_every_field_that_is_out_of_range(value: object, field: str) -> None:
    fields: dict[str, object] = {
        "small_bet": 10,
        "big_bet": 20,
        "ante": 5,
        "betting": "limit",
        "max_raises": 3,
    }
    fields[field] = value
    for call in (
        lambda: Rules(**fields),  # type: ignore[arg-type]
        lambda: Rules.from_dict(fields),
        lambda: Rules.from_dict(value),
    ):
        ok, result = outcome(call)
        if ok:
            assert isinstance(result, Rules)
            for name in RULE_FIELDS:  # stored as plain values
                stored = getattr(result, name)
                assert stored is None or type(stored) in (int, str)
    options = {"big_bet": None, "ante": None, "betting": "limit"}
    if field in options:
        ok, result = outcome(lambda: Rules.of(10, **{field: value}))  # type: ignore[arg-type]
        assert not ok or value is None or isinstance(value, int | str)
    ok, result = outcome(lambda: Rules.of(value))  # type: ignore[arg-type]
    assert not ok or is_plain_int(value)


@pytest.mark.rule("R-STAKE-1")
@pytest.mark.parametrize(
    "small_bet", [True, 2.0, "10", 0, -1, MAX_CHIPS + 1, pytest.param(HUGE, id="huge"), None]
)
def test_rules_refuse_a_stake_that_is_no_count_of_chips(small_bet: object) -> None:
    refused(lambda: Rules.of(small_bet), "invalid_rules")  # type: ignore[arg-type]
    refused(lambda: Rules(small_bet, 20, 5, "limit", 3), "invalid_rules")  # type: ignore[arg-type]


# ------------------------------------------------------------------ actions and options


@HOSTILE
@given(value=objects)
def test_action_parse_refuses_whatever_is_no_action_text(value: object) -> None:
    ok, _ = outcome(lambda: Action.parse(value))
    assert not ok or isinstance(value, str)
    if isinstance(value, str) and not isinstance(value, HostileStr):
        for text in (f"0 {value}", f"{value} stay", f"0 raise {value}", f"0 bet 1 {value}"):
            outcome(lambda text=text: Action.parse(text))  # type: ignore[misc]


@HOSTILE
@given(amount=objects, cards=objects)
def test_option_action_refuses_a_choice_of_the_wrong_type(amount: object, cards: object) -> None:
    raise_ = Option(0, Verb.RAISE, 20, min_amount=20, max_amount=100)
    trim = Option(0, Verb.TRIM, cards=tuple(DECK[:3]), max_cards=3)
    ok, result = outcome(lambda: raise_.action(amount=amount))
    assert not ok or amount is None or is_plain_int(amount)
    ok, result = outcome(lambda: trim.action(cards=cards))
    if ok:
        assert isinstance(result, Action)
        assert all(type(c) is Card for c in result.cards)


def test_a_long_digit_string_is_refused_before_it_is_read() -> None:
    # int() of more than 4,300 digits raised a bare ValueError.
    refused(lambda: Action.parse("0 raise " + LONG_DIGITS), "invalid_amount")
    refused(lambda: Action.parse("0 bet 1 " + "1" * (MAX_DIGITS + 1)), "invalid_amount")
    refused(lambda: Action.parse(LONG_DIGITS[:300] + " stay"), "malformed_action")
    refused(lambda: Action.parse("0 bet " + "1" * (MAX_DIGITS + 1)), "malformed_action")
    refused(lambda: Action.parse("0 raise " + str(MAX_CHIPS + 1)), "invalid_amount")
    assert Action.parse(f"0 raise {MAX_CHIPS}").amount == MAX_CHIPS
    refused(lambda: Action.parse("0 stay" + " " * 1000), "malformed_action")


@pytest.mark.parametrize(
    ("amount", "cards", "code"),
    [
        (True, (), "invalid_amount"),
        (20.0, (), "invalid_amount"),
        ("20", (), "invalid_amount"),
        pytest.param(HUGE, (), "invalid_amount", id="huge"),
        (None, "As", "malformed_action"),
        (None, (0, 1), "malformed_action"),
        (None, (True,), "malformed_action"),
    ],
)
def test_option_action_never_coerces(amount: object, cards: object, code: str) -> None:
    option = Option(0, Verb.TRIM, cards=tuple(DECK[:3]), max_cards=3)
    refused(lambda: option.action(amount=amount, cards=cards), code)


def test_option_action_takes_a_list_of_cards_as_a_tuple() -> None:
    option = Option(0, Verb.TRIM, cards=tuple(DECK[:3]), max_cards=3)
    assert option.action(cards=[DECK[0]]) == Action(0, Verb.TRIM, cards=(DECK[0],))


def test_an_action_built_in_code_with_odd_fields_prints_without_failing() -> None:
    weird = Action(HUGE, Verb.STAY, target=Hostile(), amount=float("nan"), cards=(Hostile(),))  # type: ignore[arg-type]
    text = str(weird)
    assert text.startswith("<an integer of 5001 digits> stay")


# ------------------------------------------------------------------ the evaluator


def _evaluators() -> list[Callable[..., int]]:
    from palace_poker import evaluator  # noqa: PLC0415

    found: list[Callable[..., int]] = [evaluator._evaluate_python]
    if evaluator._evaluate_compiled is not None:
        found.append(evaluator._evaluate_compiled)
    return found


@HOSTILE
@given(cards=objects, suit=objects)
def test_both_evaluators_refuse_alike_what_is_no_hand(cards: object, suit: object) -> None:
    results = []
    for evaluate in _evaluators():
        ok, result = outcome(lambda evaluate=evaluate: evaluate(cards, suit))  # type: ignore[misc]
        results.append((ok, result if ok else result.code))  # type: ignore[attr-defined]
        ok, _ = outcome(lambda evaluate=evaluate: evaluate([cards]))  # type: ignore[misc]
        assert not ok or is_plain_int(cards)
        ok, _ = outcome(lambda evaluate=evaluate: evaluate([1, 2], suit))  # type: ignore[misc]
        assert not ok or suit is None or is_plain_int(suit)
    assert all(result == results[0] for result in results)


@pytest.mark.rule("R-CARD-1")
@pytest.mark.parametrize(
    ("cards", "suit", "code"),
    [
        ([True], None, "invalid_card"),  # was card 1
        ([False, 5], None, "invalid_card"),
        ([1.0], None, "invalid_card"),
        (["As"], None, "invalid_card"),  # a bare TypeError in the C path
        ([None], None, "invalid_card"),
        ([1, 2], True, "invalid_suit"),
        ([1, 2], 2.0, "invalid_suit"),
        ("As Kd", None, "invalid_card"),
        ({1: 2}, None, "invalid_card"),
    ],
)
def test_evaluate_takes_no_bool_float_or_text_for_a_card(
    cards: object, suit: object, code: str
) -> None:
    for evaluate in _evaluators():
        refused(lambda evaluate=evaluate: evaluate(cards, suit), code)  # type: ignore[misc]


def test_evaluate_reads_no_endless_iterator() -> None:
    import itertools  # noqa: PLC0415

    for evaluate in _evaluators():
        refused(lambda evaluate=evaluate: evaluate(itertools.count()), "invalid_card")  # type: ignore[misc]
        assert evaluate(iter(DECK[:5])) == evaluate(DECK[:5])


@HOSTILE
@given(value=objects)
def test_describe_and_category_refuse_what_evaluate_never_gives(value: object) -> None:
    from palace_poker.evaluator import Category, category, describe  # noqa: PLC0415

    ok, result = outcome(lambda: describe(value))  # type: ignore[arg-type]
    assert not ok or (is_plain_int(value) and isinstance(result, str))
    ok, result = outcome(lambda: category(value))  # type: ignore[arg-type]
    assert not ok or (is_plain_int(value) and isinstance(result, Category))


@pytest.mark.parametrize("value", [-1, True, 9 << 20, 0xE0000, 2.0, "0", None])
def test_describe_refuses_a_number_that_is_no_hand_value(value: object) -> None:
    from palace_poker.evaluator import describe  # noqa: PLC0415

    refused(lambda: describe(value), "invalid_hand_value")  # type: ignore[arg-type]


@HOSTILE
@given(cards=objects, suit=objects)
def test_evaluate_batch_refuses_what_is_no_array_of_hands(cards: object, suit: object) -> None:
    from palace_poker import evaluate_batch  # noqa: PLC0415

    outcome(lambda: evaluate_batch(cards))  # type: ignore[arg-type]
    outcome(lambda: evaluate_batch([[0, 1], [2, 3]], suit))  # type: ignore[arg-type]
