"""Determinization: sampled hands agree with everything the viewer has seen (R-INFO-*)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker import DECK, IllegalActionError
from palace_poker.determinize import determinize
from random_hands import choose, deal, locations


@pytest.mark.rule("R-INFO-2")
@pytest.mark.rule("R-INFO-3")
@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), cut=st.integers(min_value=0, max_value=8))
def test_a_sampled_hand_looks_the_same_to_its_viewer_and_plays_on(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    hand = deal(seed)
    for _ in range(cut):
        if hand.over:
            return
        hand.apply(choose(hand, rng))
    if hand.over:
        return
    for viewer in range(hand.n):
        view = hand.observe(viewer)
        world = determinize(view, random.Random(seed + viewer))
        assert world.observe(viewer) == view
        assert sorted(locations(world)) == sorted(DECK)
        # What the viewer cannot see is resampled; what it knows is kept.
        assert world.palaces[viewer] == hand.palaces[viewer]
        for seat, palace in view.known_palaces.items():
            if hand.in_hand[seat]:
                assert world.palaces[seat] == palace
        assert set(view.known_discards) <= set(world.discard_pile)
        assert set(view.known_stock) <= set(world.stock)
        total = sum(world.stacks) + world.pot
        while not world.over:
            world.apply(choose(world, rng))
        assert sum(world.stacks) == total


def test_hidden_cards_are_actually_resampled() -> None:
    hand = deal(12)
    view = hand.observe(0)
    others = {determinize(view, random.Random(i)).palaces[1] for i in range(20)}
    assert len(others) > 1


def test_a_spectator_view_cannot_be_determinized() -> None:
    with pytest.raises(IllegalActionError):
        determinize(deal(3).observe(None), random.Random(1))


def test_the_face_down_cards_a_seat_can_name_are_those_of_its_view() -> None:
    """``Hand.known_face_down`` (what a determinization must keep in place) gives the
    view's discard pile and stock cards, for every seat and the spectator, at every
    step of random hands."""
    for seed in range(20):
        rng = random.Random(seed)
        hand = deal(seed)
        while not hand.over:
            for viewer in [None, *range(hand.n)]:
                view = hand.observe(viewer)
                known = hand.known_face_down(viewer)
                assert known == (view.known_discards, view.known_stock)
                assert set(known[0]) <= set(hand.discard_pile)
                assert set(known[1]) <= set(hand.stock)
            hand.apply(choose(hand, rng))
