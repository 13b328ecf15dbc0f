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
import os
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import snapshot
from hostile import (
    DEEP,
    HOSTILE,
    HUGE,
    LONG_DIGITS,
    BoomError,
    Hostile,
    HostileInt,
    HostileStr,
    Huge,
    is_plain_int,
    objects,
    outcome,
    refused,
)
from palace_poker import (
    DECK,
    Action,
    Card,
    Hand,
    PalaceError,
    Phase,
    RecordedShuffle,
    Rules,
    SecureShuffle,
    SeededShuffle,
    Suit,
    Verb,
    card,
    format_cards,
    parse_cards,
)
from palace_poker.checks import MAX_CHIPS, MAX_DIGITS, as_index
from palace_poker.dealer import DealerDrawing, draw_for_dealer
from palace_poker.game import Game
from palace_poker.options import Option

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
    refused(lambda: Action.parse(LONG_DIGITS), "malformed_action")  # a bounded message
    refused(lambda: Action.parse(LONG_DIGITS + " stay"), "malformed_action")
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
    # An iterator is used up by the first evaluator: the second sees it empty.
    if not isinstance(cards, Iterator):
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


# ------------------------------------------------------------------ hands


def dealt(*, explicit: bool = False) -> Hand:
    if explicit:
        return Hand.deal(Rules.of(10), [100, 100, 100], dealer=2, explicit_chance=True)
    return Hand.deal(Rules.of(10), [100, 100, 100], dealer=2, shuffle=SeededShuffle(1))


def state_of(hand: Hand) -> object:
    return snapshot(hand), hand.version


#: Entry points of a hand that only answer: they change nothing, even when they
#: accept. Each takes the hostile value; ``coerce`` says whether a bool or a float
#: must be refused there.
QUESTIONS: dict[str, Callable[[Hand, Any], object]] = {
    "verify": lambda hand, value: hand.verify(value),
    "verify version": lambda hand, value: hand.verify("0 stay", version=value),
    "observe": lambda hand, value: hand.observe(value),
    "events_for": lambda hand, value: hand.events_for(value),
    "events_for start": lambda hand, value: hand.events_for(0, value),
    "entry": lambda hand, value: hand.entry(value),
    "usable_cards": lambda hand, value: hand.usable_cards(value),
    "usable_cards against": lambda hand, value: hand.usable_cards(0, value),
    "left_of": lambda hand, value: hand.left_of(value),
    "known_face_down": lambda hand, value: hand.known_face_down(value),
    "copy": lambda hand, value: hand.copy(shuffle=value),
}
CHANGES: dict[str, Callable[[Hand, Any], object]] = {
    "apply": lambda hand, value: hand.apply(value),
    "apply version": lambda hand, value: hand.apply("0 stay", version=value),
    "apply_chance": lambda hand, value: hand.apply_chance(value),
}


@HOSTILE
@given(value=objects, name=st.sampled_from(sorted(QUESTIONS)))
def test_a_hand_question_refuses_a_bad_argument_and_changes_nothing(
    value: object, name: str
) -> None:
    hand = dealt()
    before = state_of(hand)
    ok, _ = outcome(lambda: QUESTIONS[name](hand, value))
    assert state_of(hand) == before
    if isinstance(value, bool | float) and name not in {"copy", "verify"}:
        assert not ok, f"{name} took {value!r}"
    can = hand.can(value), hand.can("0 stay", version=value)  # type: ignore[call-overload]  # (never raises)
    assert all(answer is True or answer is False for answer in can)
    assert state_of(hand) == before


@HOSTILE
@given(value=objects, name=st.sampled_from(sorted(CHANGES)), explicit=st.booleans())
def test_a_hand_refuses_a_bad_action_or_outcome_and_changes_nothing(
    value: object, name: str, explicit: bool
) -> None:
    hand = dealt(explicit=explicit)
    before = state_of(hand)
    ok, _ = outcome(lambda: CHANGES[name](hand, value))
    if not ok:
        assert state_of(hand) == before
    if isinstance(value, bool | float) and name != "apply version":
        assert not ok
    before = state_of(hand)
    ok, _ = outcome(lambda: hand.apply_chance(0, version=value))  # type: ignore[arg-type]
    if not ok:
        assert state_of(hand) == before


DEAL_ARGUMENTS = ("rules", "stacks", "stack", "dealer", "shuffle", "names", "name", "explicit")


@HOSTILE
@given(value=objects, argument=st.sampled_from(DEAL_ARGUMENTS))
def test_deal_refuses_every_bad_argument(value: object, argument: str) -> None:
    arguments: dict[str, Any] = {
        "rules": Rules.of(10),
        "stacks": [100, 100],
        "dealer": 0,
        "shuffle": SeededShuffle(2),
        "names": ["Ann", "Bob"],
        "explicit_chance": False,
    }
    if argument == "stack":
        arguments["stacks"] = [100, value]
    elif argument == "name":
        arguments["names"] = ["Ann", value]
    elif argument == "explicit":
        arguments["explicit_chance"] = value
    else:
        arguments[argument] = value
    rules = arguments.pop("rules")
    stacks = arguments.pop("stacks")
    ok, result = outcome(lambda: Hand.deal(rules, stacks, **arguments))
    if ok:
        assert isinstance(result, Hand)
        assert all(type(stack) is int for stack in result.start_stacks)
        assert all(type(name) is str for name in result.names)
        assert type(result.dealer) is int
    if argument in ("stack", "dealer") and isinstance(value, bool | float):
        assert not ok


@pytest.mark.parametrize(
    ("names", "code"),
    [
        ([1, 2], "invalid_players"),
        (["Ann", "\ud800"], "invalid_players"),  # no lone surrogate: UTF-8 cannot write it
        (["Ann", "x" * 101], "invalid_players"),
        ("AB", "invalid_players"),
        (["Ann"], "invalid_players"),
    ],
)
def test_deal_refuses_names_that_are_not_text_it_can_write(names: object, code: str) -> None:
    refused(lambda: Hand.deal(Rules.of(10), [100, 100], dealer=0, names=names), code)  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("stacks", "dealer"),
    [
        ([100, True], 0),
        ([100, 100.0], 0),
        ([100, 0], 0),
        ([MAX_CHIPS, 1], 0),  # more than MAX_CHIPS together
        ([100, 100], True),
        ([100, 100], 1.0),
        ([100, 100], 2),
        ([100] * 11, 0),
        ((stack for stack in (100, 100)), 0),
    ],
)
def test_deal_never_takes_a_bool_or_a_float_for_a_stack_or_a_seat(
    stacks: object, dealer: object
) -> None:
    refused(lambda: Hand.deal(Rules.of(10), stacks, dealer=dealer), "invalid_players")  # type: ignore[call-overload]


def test_a_hand_answers_seats_and_refuses_what_is_none() -> None:
    hand = dealt()
    assert hand.entry(0) == 10
    assert hand.left_of(2) == 0
    assert len(hand.usable_cards(0, against=1)) <= 4
    for seat in (True, -1, 3, 1.0, "0", None):
        refused(lambda seat=seat: hand.entry(seat), "invalid_seat")  # type: ignore[misc]
        refused(lambda seat=seat: hand.left_of(seat), "invalid_seat")  # type: ignore[misc]
        refused(lambda seat=seat: hand.usable_cards(seat), "invalid_seat")  # type: ignore[misc]
    refused(lambda: dealt(explicit=True).usable_cards(0), "chance_due")
    refused(lambda: hand.copy(shuffle=5), "invalid_shuffle")  # type: ignore[arg-type]
    refused(lambda: dealt(explicit=True).copy(shuffle=SeededShuffle(1)), "invalid_players")


# ------------------------------------------------------------------ shuffle sources


class Liar:
    """A user's shuffle source that gives ``lie(cards)`` once ``lying`` is set, and
    true orders (of a seeded source) before."""

    def __init__(self, lie: Callable[[list[Card]], object], *, lying: bool = True) -> None:
        self.lie = lie
        self.lying = lying
        self.honest = SeededShuffle(4)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        if self.lying:
            return self.lie(list(cards))  # type: ignore[return-value]
        return self.honest.shuffle(cards)


LIES: dict[str, Callable[[list[Card]], object]] = {
    "repeats a card": lambda cards: [cards[0], *cards[:-1]],
    "drops a card": lambda cards: cards[:-1],
    "adds a card": lambda cards: [*cards, cards[0]],
    "a foreign card": lambda cards: [*cards[:-1], next((c for c in DECK if c not in cards), 99)],
    "bools": lambda cards: [bool(i % 2) for i in range(len(cards))],
    "floats": lambda cards: [float(card) for card in cards],
    "text": lambda cards: " ".join(str(card) for card in cards),
    "a generator": lambda cards: (card for card in cards),
    "None": lambda cards: None,
    "hostile items": lambda cards: [Hostile() for _ in cards],
    "hostile ints": lambda cards: [HostileInt(card) for card in cards],
    "indexes 52 up": lambda cards: [card + 52 for card in cards],
}


@pytest.mark.parametrize("lie", sorted(LIES))
def test_deal_refuses_a_source_whose_order_is_no_permutation(lie: str) -> None:
    # (A list of the hostile ints' values would be a permutation, but each is refused
    # as no card: only Card and int are cards.)
    refused(
        lambda: Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=Liar(LIES[lie])),
        "invalid_shuffle",
    )


def _hand_with_an_empty_stock(source: Liar) -> Hand:
    """Two players who buy on every turn and trim every soldier, until the stock is
    empty and the discard pile full: the next BUY reshuffles it (R-BUY-2)."""
    hand = Hand.deal(Rules.of(1, ante=0), [1000, 1000], dealer=0, shuffle=source)
    while hand.observe(None).stock_size > 0 or hand.phase is Phase.TRIM:
        seat = hand.to_act
        assert seat is not None
        if hand.phase is Phase.TRIM:
            hand.apply(Action(seat, Verb.TRIM, cards=tuple(hand.soldiers[seat])))
        else:
            hand.apply(f"{seat} buy")
    assert hand.phase is Phase.TURN
    assert hand.observe(None).discard_size > 0
    return hand


@pytest.mark.rule("R-BUY-2")
@pytest.mark.parametrize("lie", sorted(LIES))
def test_a_buy_whose_reshuffle_is_no_permutation_is_refused_and_changes_nothing(
    lie: str,
) -> None:
    source = Liar(LIES[lie], lying=False)
    hand = _hand_with_an_empty_stock(source)
    before = state_of(hand)
    source.lying = True
    refused(lambda: hand.apply(f"{hand.to_act} buy"), "invalid_shuffle")
    assert state_of(hand) == before
    source.lying = False  # an honest reshuffle: the BUY goes through
    hand.apply(f"{hand.to_act} buy")
    assert hand.phase is Phase.TRIM


@HOSTILE
@given(value=objects)
def test_shuffle_sources_refuse_a_bad_seed_or_bad_orders(value: object) -> None:
    ok, source = outcome(lambda: SeededShuffle(value))
    assert not ok or value is None or isinstance(value, int | str | bytes | bytearray)
    assert not ok or not isinstance(value, bool | float)
    for make in (
        lambda: RecordedShuffle(value),
        lambda: RecordedShuffle([value]),
        lambda: RecordedShuffle([], then=value),
    ):
        ok, source = outcome(make)
        if ok:
            assert isinstance(source, RecordedShuffle)
            outcome(lambda source=source: source.shuffle(list(DECK)))  # type: ignore[misc]
    for source in (SecureShuffle(), SeededShuffle(1), RecordedShuffle([list(DECK)])):
        outcome(lambda source=source: source.shuffle(value))  # type: ignore[misc]
    ok, hand = outcome(
        lambda: Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=Liar(lambda _: value))
    )
    assert not ok or isinstance(hand, Hand)


@pytest.mark.parametrize("seed", [True, False, 1.5, 2.0, [1], {}, Hostile()])
def test_a_seed_is_none_an_integer_text_or_bytes(seed: object) -> None:
    refused(lambda: SeededShuffle(seed), "invalid_shuffle")


@pytest.mark.parametrize(
    "orders", ["As Kd", [5], [[True] * 52], [[float(i) for i in range(52)]], None, range(3)]
)
def test_recorded_orders_are_text_or_card_lists(orders: object) -> None:
    refused(lambda: RecordedShuffle(orders), "shuffle_mismatch")


def test_a_source_that_cannot_be_forked_is_refused_when_a_hand_is_copied() -> None:
    import threading  # noqa: PLC0415

    class Locked:
        def __init__(self) -> None:
            self.lock = threading.Lock()  # no deep copy of a lock
            self.inner = SeededShuffle(3)

        def shuffle(self, cards: list[Card]) -> list[Card]:
            return self.inner.shuffle(cards)

    hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=Locked())  # type: ignore[call-overload]
    before = state_of(hand)
    refused(hand.copy, "invalid_shuffle")
    assert state_of(hand) == before
    assert hand.copy(shuffle=SeededShuffle(1)).version == hand.version


# ------------------------------------------------------------------ the dealer draw


@HOSTILE
@given(value=objects)
def test_the_dealer_draw_refuses_bad_seats_sources_and_cards(value: object) -> None:
    outcome(lambda: DealerDrawing(value))  # type: ignore[arg-type]
    outcome(lambda: DealerDrawing([0, 1], value))  # type: ignore[arg-type]
    outcome(lambda: draw_for_dealer(value, SeededShuffle(1)))  # type: ignore[arg-type]
    outcome(lambda: draw_for_dealer([0, 1], value))  # type: ignore[arg-type]
    drawing = DealerDrawing([0, 1, 2])
    before = drawing.chance
    ok, _ = outcome(lambda: drawing.apply_chance(value))
    if not ok:
        assert drawing.chance == before
    else:
        assert is_plain_int(value)


@pytest.mark.rule("R-DEAL-1")
def test_a_source_that_ties_the_draw_for_ever_is_refused() -> None:
    # Sorted orders pair the cards by rank: every round of two is a tie.
    tying = Liar(sorted)
    refused(lambda: draw_for_dealer([0, 1], tying), "invalid_shuffle")
    refused(lambda: Game(Rules.of(10), [("A", 10), ("B", 10)], shuffle=tying), "invalid_shuffle")


@pytest.mark.parametrize("seats", [[0], [0, 0], [0, True], [0, 10], [0, -1], range(11), "01"])
def test_the_seats_that_draw_are_two_to_ten_different_seats(seats: object) -> None:
    refused(lambda: DealerDrawing(seats), "invalid_players")  # type: ignore[arg-type]


# ------------------------------------------------------------------ games


def game_state(game: Game) -> object:
    hand = game.hand
    return (
        tuple(game.stacks),
        game.dealer,
        game.hand_seats,
        len(game.records),
        game.names,
        game.chance,
        None if hand is None else state_of(hand),
    )


GAME_ARGUMENTS = ("rules", "players", "player", "name", "stack", "shuffle", "dealer", "rebuys")


@HOSTILE
@given(value=objects, argument=st.sampled_from(GAME_ARGUMENTS))
def test_a_game_refuses_every_bad_argument(value: object, argument: str) -> None:
    rules: object = Rules.of(10)
    players: object = [("Ann", 100), ("Bob", 100)]
    options: dict[str, Any] = {"shuffle": SeededShuffle(3)}
    if argument == "rules":
        rules = value
    elif argument == "players":
        players = value
    elif argument == "player":
        players = [("Ann", 100), value]
    elif argument == "name":
        players = [("Ann", 100), (value, 100)]
    elif argument == "stack":
        players = [("Ann", 100), ("Bob", value)]
    else:
        options[argument] = value
    ok, game = outcome(lambda: Game(rules, players, **options))  # type: ignore[arg-type]
    if ok:
        assert isinstance(game, Game)
        assert all(type(stack) is int for stack in game.stacks)
        outcome(game.start_hand)


@HOSTILE
@given(value=objects)
def test_a_game_method_refuses_a_bad_argument_and_changes_nothing(value: object) -> None:
    game = Game(Rules.of(10), [("A", 100), ("B", 100), ("C", 100)], dealer=0, rebuys=True)
    game.stacks[1] = 0
    for call in (
        lambda: game.table_seat(value),
        lambda: game.rebuy(value, 50),
        lambda: game.rebuy(1, value),
        lambda: game.apply_chance(value),
    ):
        before = game_state(game)
        ok, _ = outcome(call)
        if not ok:
            assert game_state(game) == before
        elif isinstance(value, bool | float):
            raise AssertionError(f"took {value!r}")
        game.stacks[1] = 0
    drawing = Game(Rules.of(10), [("A", 100), ("B", 100)], explicit_chance=True)
    before = game_state(drawing)
    ok, _ = outcome(lambda: drawing.apply_chance(value))
    assert ok or game_state(drawing) == before


def test_a_game_whose_source_fails_at_a_deal_is_unchanged() -> None:
    source = Liar(LIES["drops a card"], lying=False)
    game = Game(Rules.of(10), [("A", 100), ("B", 100)], shuffle=source)
    before = game_state(game)
    source.lying = True
    refused(game.start_hand, "invalid_shuffle")
    assert game_state(game) == before
    source.lying = False
    assert game.start_hand().n == 2


def test_a_rebuy_is_a_count_of_chips() -> None:
    game = Game(Rules.of(10), [("A", 100), ("B", 100)], dealer=0, rebuys=True)
    game.stacks[1] = 0
    for chips in (True, 50.0, "50", 0, MAX_CHIPS):
        refused(lambda chips=chips: game.rebuy(1, chips), "invalid_amount")  # type: ignore[misc]
    for seat in (True, 1.0, 2, -1):
        refused(lambda seat=seat: game.rebuy(seat, 50), "invalid_seat")  # type: ignore[misc]
    game.rebuy(1, 50)
    assert game.stacks == [100, 50]


# ------------------------------------------------------------------ records


def finished_record() -> dict[str, Any]:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=SeededShuffle(3))
    hand.apply("1 fold")
    record: dict[str, Any] = json.loads(json.dumps(hand.to_record()))
    return record


RECORD_PLACES = (
    "record",
    "format",
    "rules",
    "rules field",
    "players",
    "player",
    "name",
    "stack",
    "dealer",
    "shuffles",
    "shuffle",
    "actions",
    "action",
    "result",
    "result end",
    "result stacks",
    "result stack",
)


def _spoiled(place: str, value: object) -> object:
    """A finished record with ``value`` put at ``place``."""
    if place == "record":
        return value
    record = finished_record()
    if place == "rules field":
        record["rules"]["small_bet"] = value
    elif place == "player":
        record["players"][1] = value
    elif place == "name":
        record["players"][1]["name"] = value
    elif place == "stack":
        record["players"][1]["stack"] = value
    elif place == "shuffle":
        record["shuffles"][0] = value
    elif place == "action":
        record["actions"][0] = value
    elif place == "result end":
        record["result"]["end"] = value
    elif place == "result stacks":
        record["result"]["stacks"] = value
    elif place == "result stack":
        record["result"]["stacks"][0] = value
    else:
        record[place] = value
    return record


@HOSTILE
@given(value=objects, place=st.sampled_from(RECORD_PLACES))
def test_replay_resume_and_read_setup_refuse_every_bad_field(value: object, place: str) -> None:
    from palace_poker.record import read_setup, replay, resume  # noqa: PLC0415

    record = _spoiled(place, value)
    for call in (
        lambda: replay(record),
        lambda: resume(record),
        lambda: read_setup(record),
        lambda: read_setup(record, finished=False),
    ):
        ok, _ = outcome(call)
        if ok and place in ("stack", "dealer", "result stack"):
            assert is_plain_int(value), f"{place} took {value!r}"


@HOSTILE
@given(value=objects)
def test_records_refuse_bad_arguments(value: object) -> None:
    from palace_poker.record import dumps, hand_to_record, parse_records, resume  # noqa: PLC0415

    outcome(lambda: resume(finished_record(), shuffle=value))
    outcome(lambda: hand_to_record(value))  # type: ignore[arg-type]
    outcome(lambda: read_setup_with(value))
    ok, text = outcome(lambda: dumps(value))  # type: ignore[arg-type]
    if ok:
        assert isinstance(text, str)
        text.encode("utf-8")
        assert "\n" not in text
        assert "\u2028" not in text
    ok, text = outcome(lambda: dumps({"value": value}))
    if ok:
        assert isinstance(text, str)
        text.encode("utf-8")
        ((_, back),) = parse_records(text, source="s", lines=True)
        assert isinstance(back, dict)
    for call in (
        lambda: list(parse_records(value, source="s", lines=True)),
        lambda: list(parse_records("{}", source=value, lines=True)),
        lambda: list(parse_records("{}", source="s", lines=value)),
    ):
        ok, records = outcome(call)
        assert not ok or isinstance(records, list)


def read_setup_with(finished: object) -> object:
    from palace_poker.record import read_setup  # noqa: PLC0415

    return read_setup(finished_record(), finished=finished)  # type: ignore[arg-type]


def test_a_name_with_a_line_separator_is_saved_on_one_line_and_read_back() -> None:
    from palace_poker.record import dumps, parse_records, replay  # noqa: PLC0415

    hand = Hand.deal(
        Rules.of(10),
        [100, 100],
        dealer=0,
        shuffle=SeededShuffle(3),
        names=["Ann\u2028B", "C\u2029"],
    )
    hand.apply("1 fold")
    line = dumps(hand.to_record())
    assert "\u2028" not in line
    assert "\u2029" not in line
    assert len(line.splitlines()) == 1
    ((where, record),) = parse_records(line + "\n", source="g.jsonl", lines=True)
    assert where == "g.jsonl:1"
    assert replay(record).names == ("Ann\u2028B", "C\u2029")


def test_a_lone_surrogate_is_refused_as_a_name_and_escaped_by_dumps() -> None:
    from palace_poker.record import dumps, parse_records, replay  # noqa: PLC0415

    refused(
        lambda: Hand.deal(Rules.of(10), [100, 100], dealer=0, names=["\ud800", "B"]),
        "invalid_players",
    )
    record = finished_record()
    record["players"][0]["name"] = "\ud800"
    line = dumps(record)  # writable: the surrogate is escaped
    line.encode("utf-8")
    ((_, back),) = parse_records(line, source="x", lines=False)
    assert back == record
    refused(lambda: replay(back), "invalid_record")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("[" * 100_000, "nested too deeply"),
        ('{"n": ' + "9" * 5000 + "}", "not readable"),
        ("{", "not JSON"),
    ],
)
def test_parse_records_turns_unreadable_json_into_a_record_error(text: str, reason: str) -> None:
    from palace_poker.record import parse_records  # noqa: PLC0415

    for lines in (True, False):
        ((_, error),) = parse_records(text, source="x", lines=lines)
        assert isinstance(error, PalaceError)
        assert error.code == "invalid_record"
        assert reason in error.message
        json.dumps(error.to_dict())


@pytest.mark.parametrize(
    "value",
    [float("nan"), Hostile(), DEEP, {(1, 2): 3}, HUGE],
    ids=["nan", "hostile", "deep", "tuple key", "huge"],
)
def test_dumps_refuses_what_is_not_json_data(value: object) -> None:
    from palace_poker.record import dumps  # noqa: PLC0415

    refused(lambda: dumps({"value": value}), "invalid_record")


HOSTILE_RECORDS = [
    "[]",
    "5",
    '"text"',
    "null",
    '{"format": "palace-hand/1"}',
    "[" * 50_000,
    '{"dealer": ' + "9" * 5000 + "}",
    "{",
    "\ud800",
    "{}",
]


def _spoiled_lines() -> list[str]:
    spoiled = []
    for place, value in (
        ("stack", True),
        ("stack", 10.0),
        ("stack", 2**60),
        ("dealer", True),
        ("name", 5),
        ("name", "\ud800"),
        ("name", "x" * 500),
        ("action", "0 raise " + LONG_DIGITS),
        ("action", 12),
        ("shuffle", ["As"]),
        ("shuffle", "As As"),
        ("rules field", 1.5),
        ("result stack", -1),
        ("players", [{"name": "A", "stack": 1}] * 11),
    ):
        spoiled.append(json.dumps(_spoiled(place, value)))
    return spoiled


def test_the_replay_command_prints_one_fail_line_per_bad_record_and_goes_on(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from palace_poker.cli import main  # noqa: PLC0415

    good = json.dumps(finished_record())
    lines = [good, *HOSTILE_RECORDS, *_spoiled_lines(), good]
    path = tmp_path / "hostile.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    # (a lone surrogate in the file is no UTF-8: the whole file is refused, alone)
    odd = tmp_path / "odd.jsonl"
    odd.write_bytes("\ud800\n".encode("utf-8", "surrogatepass"))
    clean = tmp_path / "clean.jsonl"
    clean.write_text("\n".join(line for line in lines if "\ud800" not in line) + "\n")
    code = main(["replay", str(clean), str(odd), str(tmp_path / "missing.json")])
    out, err = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in out + err
    printed = out.splitlines()
    records = [line for line in lines if "\ud800" not in line]
    assert len(printed) == len(records) + 2  # one line a record, one a file unread
    assert printed[0].endswith("players, 1 action, end last, stacks 105 95")
    assert printed[len(records) - 1].endswith("stacks 105 95")
    fails = printed[1 : len(records) - 1]
    assert all(": FAIL " in line for line in fails), fails
    assert all("[" in line and "]" in line for line in fails)
    assert "odd.jsonl: FAIL cannot read: not UTF-8 text" in out
    assert "missing.json: FAIL cannot read" in out


def test_the_replay_command_prints_a_file_name_that_is_not_utf8(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:

    from palace_poker.cli import main  # noqa: PLC0415

    name = os.fsdecode(b"odd-\xff.json")  # a surrogate escape in the name
    code = main(["replay", str(tmp_path / name)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert "FAIL cannot read" in out
    out.encode("utf-8")


# ------------------------------------------------------------------ views and the wire


@HOSTILE
@given(value=objects, viewer=objects)
def test_redact_refuses_what_is_no_event_or_no_viewer(value: object, viewer: object) -> None:
    from palace_poker import redact  # noqa: PLC0415
    from palace_poker.events import BattleCompared, PalaceDealt  # noqa: PLC0415

    hand = dealt()
    event = hand.events[-2]
    ok, _ = outcome(lambda: redact(event, viewer))
    assert not ok or viewer is None or is_plain_int(viewer)
    outcome(lambda: redact(value, 0))
    for built in (
        lambda: PalaceDealt(value, tuple(DECK[:3])),  # type: ignore[arg-type]
        lambda: BattleCompared((value, 1), 0, ()),  # type: ignore[arg-type]
        lambda: BattleCompared(value, 0, ()),  # type: ignore[arg-type]
    ):
        for seat in (0, 1, None):
            ok, _ = outcome(lambda built=built, seat=seat: redact(built(), seat))  # type: ignore[misc]
            if ok and isinstance(value, bool):
                raise AssertionError(f"took {value!r} for a seat")


def test_redact_takes_no_bool_for_a_viewer_or_an_owner() -> None:
    from palace_poker import redact  # noqa: PLC0415
    from palace_poker.events import PalaceDealt  # noqa: PLC0415

    event = PalaceDealt(1, tuple(DECK[:3]))
    refused(lambda: redact(event, True), "invalid_seat")
    refused(lambda: redact(PalaceDealt(True, tuple(DECK[:3])), 1), "malformed_event")
    assert redact(event, 1) == event
    hidden = redact(event, 0)
    assert isinstance(hidden, PalaceDealt)
    assert hidden.cards == ()


def _views() -> list[Any]:
    hand = Hand.deal(Rules.of(10), [300, 300, 300], dealer=0, shuffle=SeededShuffle(8))
    for action in ("1 buy", "1 trim", "2 bet 0", "0 call"):
        if hand.can(action):
            hand.apply(action)
    return [hand.observe(seat) for seat in range(3)]


VIEWS = _views()
VIEW_FIELDS = list(VIEWS[0]._fields)


@HOSTILE
@given(value=objects, field=st.sampled_from(VIEW_FIELDS), seat=st.integers(0, 2))
def test_determinize_refuses_a_view_that_is_not_a_consistent_one(
    value: object, field: str, seat: int
) -> None:
    from palace_poker.determinize import determinize  # noqa: PLC0415

    view = VIEWS[seat]._replace(**{field: value})
    ok, world = outcome(lambda: determinize(view, random.Random(1)))
    if ok:
        assert isinstance(world, Hand)
        world.legal_options()
        world.observe(seat)
        world.to_record()
    outcome(lambda: determinize(value, random.Random(1)))
    outcome(lambda: determinize(VIEWS[seat], value))
    outcome(lambda: determinize(VIEWS[seat], random.Random(1), shuffle=value))


def test_determinize_takes_every_view_of_a_hand_and_its_wire_copy() -> None:
    from palace_poker.determinize import determinize  # noqa: PLC0415
    from palace_poker.wire import from_wire, to_wire  # noqa: PLC0415

    for view in VIEWS:
        again = from_wire(json.loads(json.dumps(to_wire(view))))
        for given_view in (view, again):
            world = determinize(given_view, random.Random(2))
            assert world.observe(view.viewer) == view
    refused(lambda: determinize(VIEWS[0]._replace(stock_size=3), random.Random(1)))
    refused(lambda: determinize(VIEWS[0]._replace(viewer=True), random.Random(1)))
    refused(lambda: determinize(VIEWS[0], 5), "invalid_shuffle")


@HOSTILE
@given(value=objects)
def test_the_wire_refuses_whatever_is_no_value_of_it(value: object) -> None:
    from palace_poker.wire import from_wire, to_wire  # noqa: PLC0415

    ok, data = outcome(lambda: to_wire(value))  # type: ignore[arg-type]
    if ok:
        json.dumps(data)
    outcome(lambda: from_wire(value))
    for tag in ("soldier_bought", "option", "observation", "error", "action", "result", "chance"):
        outcome(lambda tag=tag: from_wire({"type": tag, "seat": value, "text": value}))  # type: ignore[misc]


@HOSTILE
@given(value=objects, seat=st.integers(0, 2))
def test_every_field_of_a_wire_value_is_checked(value: object, seat: int) -> None:
    from palace_poker.wire import from_wire, to_wire  # noqa: PLC0415

    data = to_wire(VIEWS[seat])
    for field in data:
        if field == "type":
            continue
        spoiled = {**data, field: value}
        ok, back = outcome(lambda spoiled=spoiled: from_wire(spoiled))  # type: ignore[misc]
        if ok:
            json.dumps(to_wire(back))  # type: ignore[arg-type]
        ok, _ = outcome(lambda field=field: to_wire(VIEWS[seat]._replace(**{field: value})))  # type: ignore[misc]


def test_nothing_reads_an_endless_sequence_to_its_end() -> None:
    from palace_poker.wire import to_wire  # noqa: PLC0415

    for field in ("stacks", "banners", "soldiers", "options", "actions", "known_palaces"):
        refused(lambda field=field: to_wire(VIEWS[0]._replace(**{field: Huge()})), "invalid_wire")  # type: ignore[misc]
    for evaluate in _evaluators():
        refused(lambda evaluate=evaluate: evaluate(Huge()), "invalid_card")  # type: ignore[misc]
    refused(lambda: format_cards(Huge()), "invalid_card")  # type: ignore[arg-type]
    refused(lambda: Hand.deal(Rules.of(10), Huge(), dealer=0), "invalid_players")  # type: ignore[call-overload]


def test_a_shuffle_source_whose_attributes_raise_is_refused() -> None:
    """An object that raises when asked for ``shuffle`` is no shuffle source: the deal
    refuses it (R-CARD-1) with its own code, not with what it raised."""
    refused(
        lambda: Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=Hostile()), "invalid_shuffle"
    )


def test_a_foreign_index_that_raises_stands_for_no_number() -> None:
    """A value whose ``__index__`` raises (a foreign numeric type gone wrong) is no
    seat: refused as one, never the error it raised."""

    class BadIndex:
        def __index__(self) -> int:
            raise BoomError("no index")

    assert as_index(BadIndex()) is None
    refused(lambda: dealt().observe(BadIndex()))
