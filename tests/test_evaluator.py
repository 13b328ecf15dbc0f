"""Tests of the hand evaluator (R-CARD-2, R-CARD-3, R-CMP-1).

Three independent checks back the hand-picked cases: the exhaustive census of all
five-card hands, agreement in order with the PyPI evaluator ``treys``, and a slow
but obvious reference evaluator (below) for any number of cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st
from treys import Card as TCard
from treys import Evaluator

from palace_poker.cards import DECK, Card, Suit, parse_cards
from palace_poker.evaluator import Category, category, describe, evaluate


def value_of(text: str, excluded_suit: int | None = None) -> int:
    return evaluate(parse_cards(text), excluded_suit)


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
@pytest.mark.slow
@pytest.mark.rule("R-CARD-2")
def test_census_of_all_five_card_hands() -> None:
    values = Counter(map(evaluate, combinations(range(52), 5)))
    by_category: Counter[Category] = Counter()
    for value, hands in values.items():
        by_category[category(value)] += hands
    assert by_category == {
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
    assert sum(by_category.values()) == 2_598_960
    assert len(values) == 7462


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
    ours, theirs = [], []
    for hand in random_hands(seed=size, size=size, count=count):
        ours.append(evaluate(hand))
        converted = [treys_cards[card] for card in hand]
        theirs.append(treys.evaluate(converted[:2], converted[2:]))
    assert_same_order(ours, theirs)


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
    ours, theirs = [], []
    for hand in five_card_classes():
        ours.append(evaluate(hand))
        converted = [TCard.new(str(Card(card))) for card in hand]
        theirs.append(treys.evaluate(converted[:2], converted[2:]))
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
    assert evaluate(hand, excluded) == reference_value(usable)


@pytest.mark.rule("R-CARD-3")
@pytest.mark.parametrize("size", [0, 1, 2, 3, 4, 5, 6, 8])
def test_matches_reference_on_seeded_hands(size: int) -> None:
    for hand in random_hands(seed=100 + size, size=size, count=2_000 if size < 8 else 200):
        assert evaluate(hand) == reference_value(hand), hand


# --- Excluded suit (R-CMP-1) -----------------------------------------------------------
@pytest.mark.rule("R-CMP-1")
def test_excluding_a_suit_is_removing_its_cards() -> None:
    rng = random.Random(2024)
    for hand in random_hands(seed=9, size=9, count=20_000):
        suit = rng.randrange(4)
        assert evaluate(hand, suit) == evaluate([c for c in hand if c.suit != suit]), hand


@pytest.mark.rule("R-CMP-1")
@given(hand=hands_of_up_to_nine, excluded=suits_or_none)
def test_excluding_a_suit_is_removing_its_cards_property(
    hand: list[Card], excluded: Suit | None
) -> None:
    assert evaluate(hand, excluded) == evaluate([c for c in hand if c.suit != excluded])


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
def test_excluded_suit_cases(cards: str, excluded: Suit, expected: int) -> None:
    assert value_of(cards, excluded) == expected
    assert value_of(cards, int(excluded)) == expected


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
def test_fewer_than_five_cards_order(better: str, worse: str) -> None:
    assert value_of(better) > value_of(worse)


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
def test_fewer_than_five_cards_values(cards: str, expected: int) -> None:
    assert value_of(cards) == expected


@pytest.mark.rule("R-CARD-3")
def test_equal_rank_sequences_tie_whatever_the_suits() -> None:
    assert value_of("Ah Kd 7c") == value_of("As Kc 7d")
    assert value_of("Tc 9d 8h 7s 6c") == value_of("Td 9c 8s 7h 6d")


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
def test_poker_categories(cards: str, expected: int) -> None:
    assert value_of(cards) == expected


@pytest.mark.rule("R-CARD-2")
def test_wheel_is_the_lowest_straight() -> None:
    assert value_of("Ac 2d 3h 4s 5c") < value_of("2d 3h 4s 5c 6d") < value_of("Tc Jd Qh Ks Ac")
    assert value_of("Ac 2c 3c 4c 5c") < value_of("2c 3c 4c 5c 6c")


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
def test_best_five_of_many(cards: str, expected: int) -> None:
    assert value_of(cards) == expected


# --- Inputs ---------------------------------------------------------------------------
@pytest.mark.rule("R-CARD-2")
def test_accepts_any_iterable_of_cards_or_ints() -> None:
    text = "Ah Kh Qh Jh Th 9s 9d"
    expected = value_of(text)
    cards = parse_cards(text)
    assert evaluate(iter(cards)) == expected  # read twice internally for the flush
    assert evaluate(card for card in cards) == expected
    assert evaluate(frozenset(cards)) == expected
    assert evaluate(tuple(int(card) for card in cards)) == expected


@pytest.mark.rule("R-CARD-2")
def test_whole_deck() -> None:
    assert evaluate(DECK) == packed(Category.STRAIGHT_FLUSH, "A")
    assert evaluate(DECK, Suit.SPADES) == packed(Category.STRAIGHT_FLUSH, "A")
    # Every straight holds a five or a ten; without them the best is four aces.
    no_straights = [card for card in DECK if card.rank not in {3, 8}]
    assert evaluate(no_straights) == packed(Category.FOUR_OF_A_KIND, "A", "K")


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
