"""Tests of the hand evaluator (R-CARD-2, R-CARD-3, R-CMP-1).

Three independent checks back the hand-picked cases: the exhaustive census of all
five-card hands, agreement in order with the PyPI evaluator ``treys``, and a slow
but obvious reference evaluator (below) for any number of cards. Every check runs on
both implementations, the pure Python one and the C extension (skipped, with its
reason shown, where the extension is not built), and a final part checks that the
two give the same value for every rank multiset of seven cards and for random hands
of any size, one at a time and in batches.
"""

from __future__ import annotations

import importlib.util
import inspect
import operator
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from itertools import chain, combinations, combinations_with_replacement, pairwise

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.typing import ArrayLike
from treys import Card as TCard
from treys import Evaluator

from palace_poker import evaluator
from palace_poker.cards import DECK, Card, Suit, parse_cards
from palace_poker.errors import ParseError
from palace_poker.evaluator import (
    NO_CARD,
    NO_SUIT,
    Category,
    category,
    describe,
    evaluate,
    evaluate_batch,
)

Evaluate = Callable[..., int]
PYTHON: Evaluate = evaluator._evaluate_python
COMPILED: Evaluate | None = evaluator._evaluate_compiled
NOT_BUILT = "the C extension palace_poker._evalc is not built here, or PALACE_POKER_PURE is set"
IMPLEMENTATIONS = [
    pytest.param(PYTHON, id="python"),
    pytest.param(
        COMPILED, id="compiled", marks=pytest.mark.skipif(COMPILED is None, reason=NOT_BUILT)
    ),
]
each_implementation = pytest.mark.parametrize("ev", IMPLEMENTATIONS)


def available() -> list[Evaluate]:
    return [PYTHON] if COMPILED is None else [PYTHON, COMPILED]


def value_of(text: str, excluded_suit: int | None = None, ev: Evaluate = evaluate) -> int:
    return ev(parse_cards(text), excluded_suit)


def packed(kind: Category, *ranks: str) -> int:
    """The documented value layout, built by hand: category, then ranks as index + 1."""
    value = int(kind)
    for position in range(5):
        stored = "23456789TJQKA".index(ranks[position]) + 1 if position < len(ranks) else 0
        value = value << 4 | stored
    return value


# --- A reference evaluator: slow, written from the rules' wording -----------------
def reference_value(cards: Sequence[int]) -> int:
    """Best five-card combination; with five or fewer cards, all of them (R-CARD-3)."""
    if len(cards) > 5:
        return max(reference_value(five) for five in combinations(cards, 5))
    if not cards:
        return 0
    ranks = sorted((card >> 2 for card in cards), reverse=True)
    counts = Counter(ranks)
    # Ranks ordered as the category compares them: bigger groups first, then higher.
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    five_kinds = len(cards) == 5 and len(counts) == 5
    flush = len(cards) == 5 and len({card & 3 for card in cards}) == 1
    top = -1
    if five_kinds and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif five_kinds and ranks == [12, 3, 2, 1, 0]:
        top = 3  # A-2-3-4-5: the ace plays low, the five is the top card
    if top >= 0:
        kind, order = (Category.STRAIGHT_FLUSH if flush else Category.STRAIGHT), [top]
    elif flush:
        kind = Category.FLUSH
    else:
        kind = _category_by_shape(shape)
    value = int(kind)
    for position in range(5):
        value = value << 4 | (order[position] + 1 if position < len(order) else 0)
    return value


def _category_by_shape(shape: list[int]) -> Category:
    if shape[0] == 4:
        return Category.FOUR_OF_A_KIND
    if shape[:2] == [3, 2]:
        return Category.FULL_HOUSE
    if shape[0] == 3:
        return Category.THREE_OF_A_KIND
    if shape[:2] == [2, 2]:
        return Category.TWO_PAIR
    if shape[0] == 2:
        return Category.ONE_PAIR
    return Category.HIGH_CARD


def random_hands(seed: int, size: int, count: int) -> Iterator[list[Card]]:
    rng = random.Random(seed)
    for _ in range(count):
        yield rng.sample(DECK, size)


# --- Exhaustive census --------------------------------------------------------------
FIVE_CARD_CENSUS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.ONE_PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}


@pytest.mark.slow
@pytest.mark.rule("R-CARD-2")
@each_implementation
def test_census_of_all_five_card_hands(ev: Evaluate) -> None:
    values = Counter(map(ev, combinations(range(52), 5)))
    by_category: Counter[Category] = Counter()
    for value, hands in values.items():
        by_category[category(value)] += hands
    assert by_category == FIVE_CARD_CENSUS
    assert sum(by_category.values()) == 2_598_960
    assert len(values) == 7462


@pytest.mark.rule("R-CARD-2")
def test_census_of_all_five_card_hands_in_one_batch() -> None:
    cards = chain.from_iterable(combinations(range(52), 5))
    hands = np.fromiter(cards, dtype=np.uint8, count=5 * 2_598_960).reshape(-1, 5)
    kinds, counts = np.unique(evaluate_batch(hands) >> 20, return_counts=True)
    assert dict(zip(map(Category, kinds.tolist()), counts.tolist(), strict=True)) == (
        FIVE_CARD_CENSUS
    )
    assert len(np.unique(evaluate_batch(hands))) == 7462


# --- Agreement with treys ------------------------------------------------------------
def assert_same_order(ours: Sequence[int], treys_ranks: Sequence[int]) -> None:
    """Equal value <=> equal treys rank, and higher value <=> lower treys rank."""
    pairs = sorted(set(zip(ours, treys_ranks, strict=True)))
    assert len({value for value, _ in pairs}) == len(pairs)
    assert len({rank for _, rank in pairs}) == len(pairs)
    assert all(lower > higher for (_, lower), (_, higher) in pairwise(pairs))


@pytest.mark.rule("R-CARD-2")
@pytest.mark.rule("R-CARD-3")
@pytest.mark.parametrize(("size", "count"), [(5, 30_000), (6, 30_000), (7, 100_000)])
def test_order_agrees_with_treys(size: int, count: int) -> None:
    treys = Evaluator()
    treys_cards = [TCard.new(str(card)) for card in DECK]
    hands = list(random_hands(seed=size, size=size, count=count))
    theirs = []
    for hand in hands:
        converted = [treys_cards[card] for card in hand]
        theirs.append(treys.evaluate(converted[:2], converted[2:]))
    for ev in available():
        assert_same_order([ev(hand) for hand in hands], theirs)


def five_card_classes() -> Iterator[list[int]]:
    """One hand of each of the 7,462 five-card classes: every rank multiset, plus a
    flush version of each one with five distinct ranks."""
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        # The n-th card of a rank gets suit n, so only five distinct ranks share a suit.
        hand = [rank * 4 + ranks[:index].count(rank) for index, rank in enumerate(ranks)]
        if len(set(ranks)) == 5:
            yield hand  # the flush
            hand = [*hand[:4], hand[4] + 1]
        yield hand


@pytest.mark.rule("R-CARD-2")
def test_order_agrees_with_treys_on_every_five_card_class() -> None:
    treys = Evaluator()
    hands, theirs = list(five_card_classes()), []
    for hand in hands:
        converted = [TCard.new(str(Card(card))) for card in hand]
        theirs.append(treys.evaluate(converted[:2], converted[2:]))
    for ev in available():
        ours = [ev(hand) for hand in hands]
        assert len(set(ours)) == len(ours) == 7462
        assert_same_order(ours, theirs)


# --- Reference evaluator, any number of cards ----------------------------------------
hands_of_up_to_nine = st.lists(st.sampled_from(DECK), unique=True, max_size=9)
suits_or_none = st.one_of(st.none(), st.sampled_from(list(Suit)))


@pytest.mark.rule("R-CARD-2")
@pytest.mark.rule("R-CARD-3")
@pytest.mark.rule("R-CMP-1")
@given(hand=hands_of_up_to_nine, excluded=suits_or_none)
def test_matches_reference_evaluator(hand: list[Card], excluded: Suit | None) -> None:
    usable = [card for card in hand if card.suit != excluded]
    for ev in available():
        assert ev(hand, excluded) == reference_value(usable)


@pytest.mark.rule("R-CARD-3")
@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 6, 8])
@each_implementation
def test_matches_reference_on_seeded_hands(size: int, ev: Evaluate) -> None:
    for hand in random_hands(seed=100 + size, size=size, count=2_000 if size < 8 else 200):
        assert ev(hand) == reference_value(hand), hand


# --- Excluded suit (R-CMP-1) -----------------------------------------------------------
@pytest.mark.rule("R-CMP-1")
@each_implementation
def test_excluding_a_suit_is_removing_its_cards(ev: Evaluate) -> None:
    rng = random.Random(2024)
    for hand in random_hands(seed=9, size=9, count=20_000):
        suit = rng.randrange(4)
        assert ev(hand, suit) == ev([c for c in hand if c.suit != suit]), hand


@pytest.mark.rule("R-CMP-1")
@given(hand=hands_of_up_to_nine, excluded=suits_or_none)
def test_excluding_a_suit_is_removing_its_cards_property(
    hand: list[Card], excluded: Suit | None
) -> None:
    for ev in available():
        assert ev(hand, excluded) == ev([c for c in hand if c.suit != excluded])


@pytest.mark.rule("R-CMP-1")
@pytest.mark.parametrize(
    ("cards", "excluded", "expected"),
    [
        # The royal flush's suit is excluded: only the pair of nines is left.
        ("Ah Kh Qh Jh Th 9s 9d", Suit.HEARTS, packed(Category.ONE_PAIR, "9")),
        # Excluding another suit leaves the straight flush alone.
        ("Ah Kh Qh Jh Th 9s 9d", Suit.SPADES, packed(Category.STRAIGHT_FLUSH, "A")),
        # Quads lose a card to the exclusion and become trips with two kickers.
        ("7c 7d 7h 7s Kd 2c", Suit.SPADES, packed(Category.THREE_OF_A_KIND, "7", "K", "2")),
        # A flush of six loses nothing it needs when another suit goes.
        ("2d 5d 8d Td Qd Kd As", Suit.SPADES, packed(Category.FLUSH, "K", "Q", "T", "8", "5")),
        # Every card excluded: nothing is left, the lowest possible value.
        ("2c 9c Ac", Suit.CLUBS, 0),
    ],
)
@each_implementation
def test_excluded_suit_cases(cards: str, excluded: Suit, expected: int, ev: Evaluate) -> None:
    assert value_of(cards, excluded, ev) == expected
    assert value_of(cards, int(excluded), ev) == expected
    assert ev(parse_cards(cards), excluded_suit=excluded) == expected


# --- Fewer than five cards (R-CARD-3) --------------------------------------------------
@pytest.mark.rule("R-CARD-3")
@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ah Ad 2c", "As Ac"),  # a missing kicker ranks below every card
        ("Ah Ad Kc 3d", "As Ac Kd"),  # equal higher kickers: three kickers beat two
        ("Ah Ad Kc Qd 2h", "As Ac Kd Qh"),
        ("Ah", ""),  # one card beats no card
        ("3c", "2d"),
        ("2c 2d 2h 2s", "Ac Ad Ah Ks Qs"),  # four cards make quads, above three of a kind
        ("3c 3d 2c 2d", "Ac Ad Kh Qs Jd"),  # four cards make two pair, above one pair
        ("2c 2d 2h", "Ac Ad Kh Qs"),  # three cards make trips
        ("2c 2d 2h", "Ac Ad Kc Kd"),  # trips from three cards beat two pair from four
        ("Ac Ad", "Ac Kc Qc Jc"),  # four suited connectors are no straight, no flush
        ("Ac Kd Qh Js 9c", "Ac Kc Qc Jc"),  # a fifth card beats none
    ],
)
@each_implementation
def test_fewer_than_five_cards_order(better: str, worse: str, ev: Evaluate) -> None:
    assert value_of(better, ev=ev) > value_of(worse, ev=ev)


@pytest.mark.rule("R-CARD-3")
@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("", 0),
        ("Kd", packed(Category.HIGH_CARD, "K")),
        ("Ah Ad", packed(Category.ONE_PAIR, "A")),
        ("Ah Ad 2c", packed(Category.ONE_PAIR, "A", "2")),
        ("9c 9d 9h", packed(Category.THREE_OF_A_KIND, "9")),
        ("9c 9d 9h 9s", packed(Category.FOUR_OF_A_KIND, "9")),
        ("Jc Jd 4h 4s", packed(Category.TWO_PAIR, "J", "4")),
        ("Ah Kh Qh Jh", packed(Category.HIGH_CARD, "A", "K", "Q", "J")),
        ("5c 4d 3h 2s", packed(Category.HIGH_CARD, "5", "4", "3", "2")),
    ],
)
@each_implementation
def test_fewer_than_five_cards_values(cards: str, expected: int, ev: Evaluate) -> None:
    assert value_of(cards, ev=ev) == expected


@pytest.mark.rule("R-CARD-3")
@each_implementation
def test_equal_rank_sequences_tie_whatever_the_suits(ev: Evaluate) -> None:
    assert value_of("Ah Kd 7c", ev=ev) == value_of("As Kc 7d", ev=ev)
    assert value_of("Tc 9d 8h 7s 6c", ev=ev) == value_of("Td 9c 8s 7h 6d", ev=ev)


# --- Ordinary poker (R-CARD-2) and the best five of many (R-CARD-3) -------------------
@pytest.mark.rule("R-CARD-2")
@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("Ac 2d 3h 4s 5c", packed(Category.STRAIGHT, "5")),  # the wheel: its top is the five
        ("Qc Kd Ah 2s 3c", packed(Category.HIGH_CARD, "A", "K", "Q", "3", "2")),  # no wrap
        ("Jc Qd Kh As 2c 3d", packed(Category.HIGH_CARD, "A", "K", "Q", "J", "3")),
        ("Th Jh Qh Kh Ah", packed(Category.STRAIGHT_FLUSH, "A")),
        ("Ad 2d 3d 4d 5d", packed(Category.STRAIGHT_FLUSH, "5")),
        ("9s 9h 9d 4c 4s", packed(Category.FULL_HOUSE, "9", "4")),
        ("2h 7h 9h Jh Kh", packed(Category.FLUSH, "K", "J", "9", "7", "2")),
    ],
)
@each_implementation
def test_poker_categories(cards: str, expected: int, ev: Evaluate) -> None:
    assert value_of(cards, ev=ev) == expected


@pytest.mark.rule("R-CARD-2")
@each_implementation
def test_wheel_is_the_lowest_straight(ev: Evaluate) -> None:
    straights = ["Ac 2d 3h 4s 5c", "2d 3h 4s 5c 6d", "Tc Jd Qh Ks Ac"]
    assert sorted(straights, key=lambda text: value_of(text, ev=ev)) == straights
    assert value_of("Ac 2c 3c 4c 5c", ev=ev) < value_of("2c 3c 4c 5c 6c", ev=ev)


@pytest.mark.rule("R-CARD-3")
@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # Three pairs: the top two pairs, and the third pair's rank as the kicker.
        ("Ks Kd 8c 8h 7s 7d 2c", packed(Category.TWO_PAIR, "K", "8", "7")),
        ("Ks Kd 8c 8h 7s 7d Ac", packed(Category.TWO_PAIR, "K", "8", "A")),
        # Two trips make a full house.
        ("9s 9d 9c 5s 5d 5h 2c", packed(Category.FULL_HOUSE, "9", "5")),
        # Trips and two pairs: the higher pair fills the house.
        ("4s 4d 4c Js Jd 8h 8c", packed(Category.FULL_HOUSE, "4", "J")),
        # Quads and trips: quads with the best other card as kicker.
        ("Ac Ad Ah As Kc Kd Kh", packed(Category.FOUR_OF_A_KIND, "A", "K")),
        # Six to a flush: the five best; a straight flush inside a flush wins.
        ("2d 5d 8d Td Qd Kd", packed(Category.FLUSH, "K", "Q", "T", "8", "5")),
        ("Ah 9h 8h 7h 6h 5h", packed(Category.STRAIGHT_FLUSH, "9")),
        # A flush and a straight: the flush. A flush and a full house: the house.
        ("4h 5c 6h 7d 8h Kh 2h", packed(Category.FLUSH, "K", "8", "6", "4", "2")),
        ("Ah Kh 9h 5h 2h 2d 2c Ad", packed(Category.FULL_HOUSE, "2", "A")),
        # Six in a row: the higher straight.
        ("3c 4d 5h 6s 7c 8d", packed(Category.STRAIGHT, "8")),
        ("Ac 2d 3h 4s 5c 6d", packed(Category.STRAIGHT, "6")),
        # Nine cards, two flushes impossible; the best five cards of nine.
        ("Ac Ad Ah As Kc Kd Kh Ks Qc", packed(Category.FOUR_OF_A_KIND, "A", "K")),
    ],
)
@each_implementation
def test_best_five_of_many(cards: str, expected: int, ev: Evaluate) -> None:
    assert value_of(cards, ev=ev) == expected


# --- Inputs ---------------------------------------------------------------------------
@pytest.mark.rule("R-CARD-2")
@each_implementation
def test_accepts_any_iterable_of_cards_or_ints(ev: Evaluate) -> None:
    text = "Ah Kh Qh Jh Th 9s 9d"
    expected = value_of(text, ev=ev)
    cards = parse_cards(text)
    assert ev(iter(cards)) == expected  # read twice internally for the flush
    assert ev(card for card in cards) == expected
    assert ev(frozenset(cards)) == expected
    assert ev(tuple(int(card) for card in cards)) == expected
    assert ev(np.array(cards, dtype=np.uint8)) == expected
    assert ev(cards=cards) == expected


@pytest.mark.rule("R-CARD-2")
@each_implementation
def test_whole_deck(ev: Evaluate) -> None:
    assert ev(DECK) == packed(Category.STRAIGHT_FLUSH, "A")
    assert ev(DECK, Suit.SPADES) == packed(Category.STRAIGHT_FLUSH, "A")
    # Every straight holds a five or a ten; without them the best is four aces.
    no_straights = [card for card in DECK if card.rank not in {3, 8}]
    assert ev(no_straights) == packed(Category.FOUR_OF_A_KIND, "A", "K")


# --- category() and describe() ----------------------------------------------------------
@pytest.mark.rule("R-CARD-2")
def test_category_of_every_kind() -> None:
    assert [category(packed(kind, "A")) for kind in Category] == list(Category)
    assert category(0) is Category.HIGH_CARD


@pytest.mark.rule("R-CARD-2")
@pytest.mark.rule("R-CARD-3")
@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("", "no cards"),
        ("Ah", "high card ace"),
        ("Ah 7c 3d 2s 9h", "high card ace"),
        ("As Ad", "pair of aces"),
        ("6s 6d Kc", "pair of sixes"),
        ("Kd Kc 8h 8s 2c", "two pair, kings and eights"),
        ("Qc Qd Qh", "three of a kind, queens"),
        ("Ac 2d 3h 4s 5c", "straight, five high"),
        ("Tc Jd Qh Ks Ac", "straight, ace high"),
        ("2h 7h 9h Jh Kh", "flush, king high"),
        ("6c 6d 6h Qs Qc", "full house, sixes full of queens"),
        ("Tc Td Th Ts", "four of a kind, tens"),
        ("5h 6h 7h 8h 9h", "straight flush, nine high"),
        ("Th Jh Qh Kh Ah", "straight flush, ace high"),
    ],
)
def test_describe(cards: str, text: str) -> None:
    assert describe(value_of(cards)) == text


# --- Refused inputs -----------------------------------------------------------------------
@pytest.mark.rule("R-CARD-1")
@each_implementation
@pytest.mark.parametrize(
    ("cards", "excluded", "code"),
    [
        ([0, 52], None, "invalid_card"),
        ([-1], None, "invalid_card"),  # not the last card, as a tuple index would take it
        ([-53], None, "invalid_card"),
        ([10**30], None, "invalid_card"),
        ([5, 9, 5], None, "duplicate_card"),
        ([5, 9, 5], 1, "duplicate_card"),  # a repeated card is refused even when excluded
        ([5, 9], 4, "invalid_suit"),
        ([5, 9], -1, "invalid_suit"),
    ],
)
def test_refused_inputs(ev: Evaluate, cards: list[int], excluded: int | None, code: str) -> None:
    with pytest.raises(ParseError) as caught:
        ev(cards, excluded)
    assert caught.value.code == code


@each_implementation
def test_refused_types(ev: Evaluate) -> None:
    # Never a bare TypeError; never a bool or a float taken for a card or a suit.
    for cards, excluded, code in (
        ([1, "As"], None, "invalid_card"),
        ([1, 2], "h", "invalid_suit"),
        (7, None, "invalid_card"),
        ([True], None, "invalid_card"),
        ([1.0], None, "invalid_card"),
        ([1, 2], True, "invalid_suit"),
        ([1, 2], 2.0, "invalid_suit"),
    ):
        with pytest.raises(ParseError) as caught:
            ev(cards, excluded)
        assert caught.value.code == code


@pytest.mark.skipif(COMPILED is None, reason=NOT_BUILT)
def test_both_implementations_refuse_with_the_same_message() -> None:
    messages = set()
    for ev in available():
        with pytest.raises(ParseError) as caught:
            ev([3, 7, 3])
        messages.add(str(caught.value))
    assert messages == {"[duplicate_card] card index 3 is given twice (R-CARD-1)"}


# --- The two implementations agree ---------------------------------------------------------
def every_seven_card_rank_multiset() -> Iterator[list[int]]:
    """One hand of seven cards per rank multiset. The n-th card of a rank gets suit n,
    so suit 0 holds every rank once: seven distinct ranks make a flush, and the
    flush path is checked too."""
    for ranks in combinations_with_replacement(range(13), 7):
        if max(Counter(ranks).values()) <= 4:
            yield [rank * 4 + ranks[:index].count(rank) for index, rank in enumerate(ranks)]


@pytest.mark.skipif(COMPILED is None, reason=NOT_BUILT)
def test_implementations_agree_on_every_seven_card_rank_multiset() -> None:
    assert COMPILED is not None
    hands = list(every_seven_card_rank_multiset())
    assert len(hands) == 49_205
    assert [COMPILED(hand) for hand in hands] == [PYTHON(hand) for hand in hands]


@pytest.mark.skipif(COMPILED is None, reason=NOT_BUILT)
@pytest.mark.parametrize("size", range(15))
def test_implementations_agree_on_random_hands(size: int) -> None:
    assert COMPILED is not None
    rng = random.Random(size)
    for hand in random_hands(seed=500 + size, size=size, count=3_000):
        excluded = rng.choice([None, 0, 1, 2, 3])
        assert COMPILED(hand, excluded) == PYTHON(hand, excluded), (hand, excluded)


@pytest.mark.skipif(COMPILED is None, reason=NOT_BUILT)
@given(
    hand=st.lists(st.sampled_from(DECK), unique=True, max_size=52),
    excluded=suits_or_none,
)
def test_implementations_agree_property(hand: list[Card], excluded: Suit | None) -> None:
    assert COMPILED is not None
    assert COMPILED(hand, excluded) == PYTHON(hand, excluded)


# --- Batches ----------------------------------------------------------------------------------
def random_batch(seed: int, rows: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows of 0..width cards padded with NO_CARD, and a suit (or NO_SUIT) per row."""
    rng = random.Random(seed)
    cards = np.full((rows, width), NO_CARD, dtype=np.uint8)
    suits = np.empty(rows, dtype=np.uint8)
    for row in range(rows):
        size = rng.randint(0, width)
        cards[row, :size] = rng.sample(range(52), size)
        rng.shuffle(cards[row])  # padding anywhere in the row
        suits[row] = rng.choice([0, 1, 2, 3, NO_SUIT])
    return cards, suits


def one_by_one(cards: np.ndarray, suits: ArrayLike | None) -> list[int]:
    rows = cards.tolist()
    if suits is None or isinstance(suits, int):
        per_row: list[int | None] = [suits] * len(rows)
    elif np.ndim(suits) == 0:
        per_row = [operator.index(suits)] * len(rows)  # type: ignore[arg-type]
    else:
        per_row = [None if suit == NO_SUIT else suit for suit in np.asarray(suits).tolist()]
    return [
        PYTHON([card for card in row if card != NO_CARD], suit)
        for row, suit in zip(rows, per_row, strict=True)
    ]


batch_implementations = pytest.mark.parametrize(
    "compiled", [False, True], ids=["python", "compiled"]
)


@pytest.fixture
def batch_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs evaluate_batch on the implementation the test's ``compiled`` names."""
    compiled = request.node.callspec.params["compiled"]
    if compiled and COMPILED is None:
        pytest.skip(NOT_BUILT)
    monkeypatch.setattr(evaluator, "COMPILED", compiled)


@pytest.mark.rule("R-CARD-3")
@pytest.mark.rule("R-CMP-1")
@batch_implementations
@pytest.mark.parametrize("width", [0, 1, 5, 7, 9, 12])
@pytest.mark.usefixtures("batch_path")
def test_batch_matches_one_by_one(compiled: bool, width: int) -> None:
    cards, suits = random_batch(seed=width, rows=3_000, width=width)
    choices: list[ArrayLike | None] = [None, 2, Suit.HEARTS, np.int64(1)]
    for excluded in [*choices, suits, suits.astype(np.int64), suits.tolist()]:
        values = evaluate_batch(cards, excluded)
        assert values.dtype == np.int32
        assert values.shape == (3_000,)
        assert values.tolist() == one_by_one(cards, excluded), excluded


@batch_implementations
@pytest.mark.usefixtures("batch_path")
def test_batch_converts_integer_arrays(compiled: bool) -> None:
    hands: list[Sequence[int]] = [
        parse_cards("Ah Kh Qh Jh Th 9s 9d"),
        [*parse_cards("As Ad 2c"), NO_CARD, NO_CARD, NO_CARD, NO_CARD],
    ]
    expected = [value_of("Ah Kh Qh Jh Th 9s 9d"), value_of("As Ad 2c")]
    assert evaluate_batch(hands).tolist() == expected
    assert evaluate_batch(np.array(hands, dtype=np.int64)).tolist() == expected
    assert evaluate_batch(np.asfortranarray(np.array(hands, dtype=np.uint8))).tolist() == expected
    assert evaluate_batch(np.array(hands, dtype=np.uint8)[:, ::-1]).tolist() == expected
    assert evaluate_batch(np.zeros((0, 9), dtype=np.uint8)).tolist() == []
    assert evaluate_batch(np.zeros((0, 9))).tolist() == []
    assert evaluate_batch(np.zeros((4, 0), dtype=np.uint8)).tolist() == [0, 0, 0, 0]


@batch_implementations
@pytest.mark.usefixtures("batch_path")
@pytest.mark.parametrize(
    ("cards", "excluded", "code"),
    [
        ([[0, 1], [2, 60]], None, "invalid_card"),
        ([[0, 1], [2, -1]], None, "invalid_card"),
        ([[0, 1], [2, 2]], None, "duplicate_card"),
        ([[0, 1], [2, 3]], [0, 7], "invalid_suit"),
        ([[0, 1], [2, 3]], [0, 300], "invalid_suit"),
        ([[0, 1], [2, 3]], 4, "invalid_suit"),
        ([[0, 1], [2, 3]], NO_SUIT, "invalid_suit"),  # 255 means none only per row
    ],
)
def test_batch_refuses_bad_cards_and_suits(
    compiled: bool, cards: list[list[int]], excluded: object, code: str
) -> None:
    with pytest.raises(ParseError) as caught:
        evaluate_batch(cards, excluded)  # type: ignore[arg-type]
    assert caught.value.code == code


@batch_implementations
@pytest.mark.usefixtures("batch_path")
def test_batch_refuses_bad_shapes_and_types(compiled: bool) -> None:
    with pytest.raises(ParseError, match="2 dimension"):
        evaluate_batch([1, 2, 3])
    with pytest.raises(ParseError, match="entries for 2 hands"):
        evaluate_batch([[1], [2]], [0, 1, 2])
    with pytest.raises(ParseError, match="integers"):
        evaluate_batch([[1.0, 2.0]])
    with pytest.raises(ParseError, match="integers"):
        evaluate_batch([[1, 2]], ["h"])
    with pytest.raises(ParseError, match="integers"):
        evaluate_batch([[True, False]])


def test_batch_needs_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    with pytest.raises(ImportError, match=r"palace-poker\[fast\]"):
        evaluate_batch([[1, 2]])


# --- Which implementation runs -------------------------------------------------------------
def test_public_evaluate_is_the_compiled_one_when_built() -> None:
    assert evaluate is (COMPILED or PYTHON)
    assert evaluator.COMPILED is (COMPILED is not None)
    assert evaluate.__module__ == "palace_poker.evaluator"
    assert evaluate.__doc__ == PYTHON.__doc__
    parameters = inspect.signature(evaluate).parameters
    assert [(name, p.default) for name, p in parameters.items()] == [
        ("cards", inspect.Parameter.empty),
        ("excluded_suit", None),
    ]


def test_environment_variable_chooses_the_pure_path() -> None:
    code = "from palace_poker import evaluator as e; print(e.COMPILED, e.evaluate.__name__)"
    built = importlib.util.find_spec("palace_poker._evalc") is not None
    for setting, expected in (("1", "False _evaluate_python"), ("0", f"{built} ")):
        env = {**os.environ, "PALACE_POKER_PURE": setting}
        result = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        assert result.stdout.startswith(expected)
