"""Why a comparison went as it did (palace_poker.explain): the hands as they fought.

Random hands are played to their end; before each decision the test keeps the
soldiers as the hand holds them, so that each explanation's sides can be checked
against the hand itself: the banner, the palace and the soldiers that fought; the
struck cards exactly those of the opponent's banner suit (R-CMP-1); and the winner
worked out again from the explanation's values and own-suit counts (R-CMP-2,
R-CMP-3) equal to the engine's. What a viewer may see of it (R-INFO-3, R-INFO-4)
and the wire form are checked on the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker.cards import Card, parse_cards
from palace_poker.categories import Category
from palace_poker.evaluator import evaluate
from palace_poker.events import (
    BannerDealt,
    BattleCalled,
    BattleCompared,
    CardsCaptured,
    Event,
    ShowdownRevealed,
    SoldierBought,
    SoldiersDiscarded,
    Stayed,
)
from palace_poker.explain import (
    Explanation,
    explain,
    explanation_for,
    hand_name,
    strength,
)
from palace_poker.wire import from_wire, to_wire
from random_hands import choose, deal


def _compared(
    banners: str, palaces: tuple[str, str], winner: int | None, *, called: bool = True
) -> Explanation:
    """The explanation of one comparison of seats 0 and 1, without soldiers."""
    a, b = parse_cards(banners)
    events = [
        BannerDealt(0, a),
        BannerDealt(1, b),
        BattleCalled(1, 0) if called else Stayed(1),
        BattleCompared(
            (0, 1), winner, (tuple(parse_cards(palaces[0])), tuple(parse_cards(palaces[1])))
        ),
    ]
    ((index, why),) = explain(events)
    assert index == 3
    return why


@pytest.mark.rule("R-CMP-1")
def test_the_cards_of_the_opponents_banner_suit_are_struck_and_can_decide() -> None:
    # Ann (banner ♠) holds K♣ K♦: against Bob's ♣ banner her K♣ does not count, so
    # her pair is gone and Bob's ace wins; with every card counted Ann would have won.
    why = _compared("Qs 4c", ("Kc Kd 2h", "Ad 9h 3d"), 1)
    ann, bob = why.sides
    assert [str(c) for c in ann.struck] == ["Kc"]
    assert bob.struck == ()  # no ♠ among Bob's cards
    assert hand_name(ann.value) == (Category.HIGH_CARD, (11,))
    assert hand_name(bob.value) == (Category.HIGH_CARD, (12,))
    assert why.decided_by == "rank"
    assert why.suit_decided is True


@pytest.mark.rule("R-CMP-1")
def test_a_better_category_and_a_better_pair() -> None:
    why = _compared("Qs 6c", ("Qh 7d 2d", "6d Ah 3h"), 0)
    assert (why.kind, why.decided_by, why.suit_decided) == ("battle", "rank", False)
    assert [hand_name(s.value)[0] for s in why.sides] == [Category.ONE_PAIR] * 2
    why = _compared("Qs 6c", ("Qh 7d 2d", "5d Ah 3h"), 0)
    assert why.decided_by == "category"


@pytest.mark.rule("R-CARD-3")
def test_the_same_named_hand_goes_to_the_better_other_cards() -> None:
    why = _compared("Qs 6c", ("Qh 9d 2d", "Qd Qc 8h"), 0)
    assert why.decided_by == "kickers"


@pytest.mark.rule("R-CMP-2")
def test_equal_hands_go_to_more_of_ones_own_banner_suit() -> None:
    # Both make ace high with K, 7, ...: Ann has two spades to Bob's one diamond.
    why = _compared("As Kd", ("Ks 7h 4s", "Ac 7c 4d"), 0)
    assert why.sides[0].value == why.sides[1].value
    assert (why.sides[0].own_suit, why.sides[1].own_suit) == (3, 2)
    assert why.decided_by == "own_suit"


@pytest.mark.rule("R-CMP-3")
@pytest.mark.rule("R-END-3")
def test_a_tie_and_the_quiet_round_of_the_last_two() -> None:
    why = _compared("As Ad", ("Kh 7h 4h", "Kc 7c 4c"), None, called=False)
    assert (why.kind, why.winners, why.decided_by) == ("quiet_round", (), "tie")


@pytest.mark.rule("R-INFO-3")
def test_only_the_battlers_see_the_hands() -> None:
    why = _compared("Qs 6c", ("Qh 7d 2d", "6d Ah 3h"), 0)
    for battler in (0, 1):
        assert explanation_for(why, battler) == why
    for other in (None, 2, 5):
        seen = explanation_for(why, other)
        assert (seen.sides, seen.decided_by, seen.suit_decided) == ((), "unseen", False)
        assert (seen.kind, seen.seats, seen.winners) == (why.kind, why.seats, why.winners)


@pytest.mark.rule("R-INFO-4")
@pytest.mark.rule("R-END-4")
def test_a_showdown_counts_every_card_and_is_shown_to_all() -> None:
    events: list[Event] = [
        BannerDealt(0, Card.parse("Qs")),
        BannerDealt(1, Card.parse("6c")),
        BannerDealt(2, Card.parse("9h")),
        SoldierBought(2, Card.parse("9d"), 2),
        ShowdownRevealed(
            (
                (0, tuple(parse_cards("Qh 2c 3d"))),
                (2, tuple(parse_cards("4s 5s 7c"))),
            )
        ),
    ]
    ((_, why),) = explain(events)
    assert why.kind == "showdown"
    assert why.seats == (0, 2)
    assert all(side.struck == () for side in why.sides)
    assert why.winners == (0,)  # queens over nines
    assert why.decided_by == "rank"
    assert explanation_for(why, None) == why


def test_a_comparison_without_its_palaces_is_not_explained() -> None:
    events = [BannerDealt(0, Card.parse("Qs")), BannerDealt(1, Card.parse("6c"))]
    assert explain([*events, BattleCompared((0, 1), 0, ())]) == []


@pytest.mark.rule("R-CMP-1")
@pytest.mark.rule("R-CMP-2")
@pytest.mark.rule("R-INFO-3")
@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_every_comparison_of_random_hands_is_explained_as_it_was_made(seed: int) -> None:
    rng = random.Random(seed)
    hand = deal(seed)
    banners = list(hand.banners)
    while not hand.over:
        soldiers = [list(s) for s in hand.soldiers]
        start = len(hand.events)
        hand.apply(choose(hand, rng))
        events = hand.events
        for index, why in explain(events, start):
            _check(why, events[start:index], events[index], banners, soldiers)
            assert from_wire(to_wire(why)) == why
            for viewer in [None, *range(hand.n)]:
                assert from_wire(to_wire(explanation_for(why, viewer))) is not None
        comparisons = [
            e for e in events[start:] if isinstance(e, BattleCompared | ShowdownRevealed)
        ]
        assert len(explain(events, start)) == len(comparisons)


def _check(
    why: Explanation,
    before: Sequence[Event],
    event: Event,
    banners: list[Card],
    soldiers: list[list[Card]],
) -> None:
    """One explanation against the hand: the cards as they fought, the winner."""
    for earlier in before:  # a discard or a capture in the same decision, before it
        if isinstance(earlier, SoldiersDiscarded):
            soldiers[earlier.seat] = [c for c in soldiers[earlier.seat] if c not in earlier.cards]
        if isinstance(earlier, CardsCaptured):
            soldiers[earlier.seat] += earlier.cards
            soldiers[earlier.from_seat] = []
    for side in why.sides:
        assert side.banner == banners[side.seat]
        assert sorted(side.soldiers) == sorted(soldiers[side.seat])
        cards = [side.banner, *side.palace, *side.soldiers]
        assert sorted(side.counted + side.struck) == sorted(cards)
        assert side.value == evaluate(list(side.counted))
    if isinstance(event, BattleCompared):
        assert why.kind in ("battle", "quiet_round")
        a, b = why.sides
        assert (a.palace, b.palace) == event.palaces
        assert {c.suit for c in a.struck} <= {b.banner.suit}
        assert not any(c.suit == b.banner.suit for c in a.counted)
        assert not any(c.suit == a.banner.suit for c in b.counted)
        keys = [(a.value, a.own_suit), (b.value, b.own_suit)]
        winner = None if keys[0] == keys[1] else (a.seat if keys[0] > keys[1] else b.seat)
        assert winner == event.winner
        assert why.winners == (() if winner is None else (winner,))
        assert (why.decided_by == "tie") == (winner is None)
    else:
        assert isinstance(event, ShowdownRevealed)
        assert why.kind == "showdown"
        best = max(side.value for side in why.sides)
        assert why.winners == tuple(s.seat for s in why.sides if s.value == best)


@pytest.mark.rule("R-CMP-1")
@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_players_strength_is_their_best_hand_and_less_against_each_opponent(
    seed: int,
) -> None:
    rng = random.Random(seed)
    hand = deal(seed)
    while not hand.over:
        for seat in range(hand.n):
            if not hand.in_hand[seat]:
                continue
            own = strength(
                seat, hand.banners, hand.palaces[seat], hand.soldiers[seat], hand.in_hand
            )
            cards = [hand.banners[seat], *hand.palaces[seat], *hand.soldiers[seat]]
            assert own.best == evaluate(cards)
            assert [s for s, _ in own.against] == [
                s for s in range(hand.n) if hand.in_hand[s] and s != seat
            ]
            for other, value in own.against:
                assert value <= own.best  # fewer cards never make a better hand
                left = [c for c in cards if c.suit != hand.banners[other].suit]
                assert value == evaluate(left)
            assert from_wire(to_wire(own)) == own
        hand.apply(choose(hand, rng))


@pytest.mark.parametrize(
    "data",
    [
        {"value": 5, "category": "one_pair", "ranks": []},
        {"value": 15 << 16, "category": "high_card", "ranks": []},
        {"value": "x"},
    ],
)
def test_a_hand_on_the_wire_must_name_its_value(data: object) -> None:
    from palace_poker.errors import ParseError  # noqa: PLC0415

    with pytest.raises(ParseError) as err:
        from_wire({"type": "strength", "best": data, "against": []})
    assert err.value.code == "invalid_wire"
