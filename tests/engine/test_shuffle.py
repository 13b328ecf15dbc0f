"""Shuffle sources: seeded orders are random.Random.shuffle's, secure ones are permutations."""

from __future__ import annotations

import random

import pytest

from palace_poker import DECK, RecordedShuffle, SecureShuffle, SeededShuffle
from palace_poker.cards import Card
from palace_poker.shuffle import fisher_yates


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 31, 32, 33, 52])
def test_seeded_orders_are_exactly_those_of_random_shuffle(size: int) -> None:
    # SeededShuffle writes the shuffle out (so the compiled engine runs it as C);
    # a seed must keep giving the orders random.Random(seed).shuffle gives, or every
    # seeded hand, record and documented example would change.
    cards = list(DECK[:size])
    for seed in range(300):
        expected = list(cards)
        random.Random(seed).shuffle(expected)
        assert SeededShuffle(seed).shuffle(cards) == expected
    source, reference = SeededShuffle("a string seed"), random.Random("a string seed")
    for _ in range(50):  # one source, many shuffles in a row
        expected = list(cards)
        reference.shuffle(expected)
        assert source.shuffle(cards) == expected


def test_fisher_yates_uses_every_position() -> None:
    # Over many shuffles each card reaches every position (a swap bound off by one
    # would pin the first or the last card).
    rng = random.Random(5)
    seen: list[set[Card]] = [set() for _ in range(5)]
    for _ in range(2_000):
        order = list(DECK[:5])
        fisher_yates(order, rng.getrandbits)
        for position, card in enumerate(order):
            seen[position].add(card)
    assert all(len(cards) == 5 for cards in seen)


def test_every_source_gives_a_permutation_and_leaves_its_input_alone() -> None:
    cards = tuple(DECK)
    for source in (SecureShuffle(), SeededShuffle(3), RecordedShuffle([list(reversed(DECK))])):
        order = source.shuffle(cards)
        assert sorted(order) == sorted(cards)
        assert cards == tuple(DECK)


def test_fisher_yates_shuffles_any_list_as_random_shuffle_does() -> None:
    # The bots and determinize shuffle unseen cards (and plain ints) this way.
    for seed in range(100):
        ours, reference = random.Random(seed), random.Random(seed)
        for size in (0, 1, 5, 40):
            mine, theirs = list(range(size)), list(range(size))
            fisher_yates(mine, ours.getrandbits)
            reference.shuffle(theirs)
            assert mine == theirs


def test_every_source_deep_copies_to_a_source_at_the_same_point() -> None:
    # A user's source holding one of ours is deep-copied when a hand is copied; the
    # compiled build cannot rebuild its classes by copy's default.
    import copy  # noqa: PLC0415

    seeded = SeededShuffle(9)
    seeded.shuffle(DECK)
    recorded = RecordedShuffle([list(reversed(DECK)), list(DECK)])
    recorded.shuffle(DECK)
    for source in (SecureShuffle(), seeded, seeded.fork(), recorded):
        twin = copy.deepcopy(source)
        if isinstance(source, SecureShuffle):
            assert twin is source
            continue
        assert twin.shuffle(DECK) == source.shuffle(DECK)
