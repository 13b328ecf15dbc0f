"""The variants as the engine plays them (docs/rules.md, *Variants*): one scenario per
variant rule (V-*), each on a stacked deal, and property tests over random hands of
random variants (every parameter and reading drawn at once) holding the invariants
the standard game's property tests hold, and replaying from their records.

The standard game's own tests (the golden playthroughs above all) are unchanged:
that they still pass is the check that a variant parameter at its standard value
changes nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import play, snapshot, stacked
from invariants import PROPERTY, play_checked
from palace_poker import (
    Card,
    Hand,
    PalaceError,
    Rules,
    SeededShuffle,
    Verb,
    evaluate,
    parse_cards,
    replay,
)
from palace_poker.events import BattleCalled, CardsCaptured, HandEnded
from palace_poker.variant import Variant
from random_hands import choose, deal_variant


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def options(hand: Hand) -> list[str]:
    return [str(o) for o in hand.legal_options()]


def refused(hand: Hand, action: str, code: str, rule: str) -> PalaceError:
    """``action`` is refused with this code and rule, and the hand is unchanged."""
    before = snapshot(hand)
    assert not hand.can(action)
    with pytest.raises(PalaceError) as info:
        hand.apply(action)
    assert (info.value.code, info.value.rule) == (code, rule), str(info.value)
    assert snapshot(hand) == before
    return info.value


def rules(**variant: object) -> Rules:
    return Rules.of(10, variant=Variant(**variant))  # type: ignore[arg-type]


# ------------------------------------------------------------------- V-CARD-1


@pytest.mark.rule("V-CARD-1")
def test_a_short_deck_deals_and_draws_only_its_own_cards() -> None:
    short = rules(ranks=9, suits=3)
    assert [str(c) for c in short.variant.deck[:4]] == ["6c", "6d", "6h", "7c"]
    assert len(short.variant.deck) == 27
    for seed in range(30):
        hand = Hand.deal(short, [200] * 5, dealer=0, shuffle=SeededShuffle(seed))
        rng = random.Random(seed)
        while not hand.over:
            hand.apply(choose(hand, rng))
        seen = {*hand.banners, *(c for p in hand.palaces for c in p)}
        seen.update(c for shuffle in hand.shuffles for c in shuffle)
        assert seen <= set(short.variant.deck)
    explicit = Hand.deal(short, [100, 100], dealer=0, explicit_chance=True)
    with pytest.raises(PalaceError) as info:
        explicit.apply_chance(Card.parse("2c"))
    assert info.value.code == "invalid_outcome"


@pytest.mark.rule("V-CARD-1")
def test_a_short_deck_keeps_the_full_decks_hand_order() -> None:
    # Decision: the evaluator is the standard one. A-6-7-8-9 is no straight (the ace
    # is low only in A-2-3-4-5), and a flush still ranks below a full house.
    from palace_poker import describe, evaluate  # noqa: PLC0415 - the one use

    assert describe(evaluate(cards("Ah 6c 7d 8h 9s"))) == "high card ace"
    assert evaluate(cards("Ah Kh 9h 7h 6h")) < evaluate(cards("6c 6d 6h 7c 7d"))


# ------------------------------------------------------------------- V-PALACE-1


@pytest.mark.rule("V-PALACE-1")
def test_each_player_is_dealt_the_variants_count_of_palace_cards() -> None:
    two = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d", "Ah Ad", "Ks Kd"],
        rules=rules(palace=2),
    )
    assert two.palaces == [tuple(cards(p)) for p in ("2d 5d", "Ah Ad", "Ks Kd")]
    assert len(two.stock) == 52 - 3 - 6
    four = Hand.deal(rules(palace=4), [100] * 4, dealer=1, shuffle=SeededShuffle(4))
    assert [len(p) for p in four.palaces] == [4, 4, 4, 4]


# ------------------------------------------------------------------- V-BUY-3


@pytest.mark.rule("V-BUY-3")
def test_a_trim_keeps_at_most_the_variants_soldiers() -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        stock="9d 8d",
        rules=rules(soldiers=1),
    )
    play(hand, "1 buy", "1 trim", "2 stay", "0 stay", "1 buy")
    assert options(hand) == ["1 trim <1..2 of 9d 8d>"]
    error = refused(hand, "1 trim", "too_many_soldiers", "R-BUY-3")
    assert "at most 1 may be kept" in error.message
    assert hand.default_action() == hand.legal_options()[0].action(cards=cards("8d"))
    play(hand, "1 trim 9d")
    assert hand.soldiers[1] == cards("8d")


# ------------------------------------------------------------------- V-BANNER-1


@pytest.mark.rule("V-BANNER-1")
@pytest.mark.rule("R-END-2")
def test_banner_groups_of_two_let_two_of_four_players_fly_one_suit() -> None:
    # Dealer 0: dealing order 1, 2 | 3, 0. Seats 1 and 3 are in different groups of
    # two, so both fly clubs (in groups of four, seat 3's Qc would be set aside).
    hand = stacked(
        banners=["Ad", "Kc", "Kd", "Qc"],
        palaces=["2d 5d 7s", "Ah 9d 3s", "Ks 8d 4c", "2h 3h 4h"],
        rules=rules(group=2),
    )
    assert list(hand.banners) == cards("Ad Kc Kd Qc")
    assert "1 bet 3" not in options(hand)  # R-BET-1: the same suit
    play(hand, "1 stay", "2 fold", "3 stay")
    events = hand.apply("0 fold")
    assert hand.over
    assert hand.result is not None
    assert hand.result.end == "same-suit"  # R-END-2: seats 1 and 3, both clubs
    assert isinstance(events[-1], HandEnded)


# ------------------------------------------------------------------- V-CMP-1


def struck_battle(struck: str) -> Hand:
    # Seat 0 flies As and holds two kings; seat 1 flies Kd and holds two aces.
    hand = stacked(
        banners=["As", "Kd"],
        palaces=["Kh Kc 2d", "Ah Ac 3c"],
        rules=rules(struck=struck),
    )
    return play(hand, "1 bet 0", "0 call")


@pytest.mark.rule("V-CMP-1")
@pytest.mark.rule("R-CMP-1")
def test_the_opponents_banner_strikes_its_rank_in_the_rank_reading() -> None:
    by_suit = struck_battle("suit")  # R-CMP-1: seat 1's aces beat seat 0's kings
    assert by_suit.result is not None
    assert by_suit.result.payouts[1] > 0
    by_rank = struck_battle("rank")  # V-CMP-1: seat 0's ace beats seat 1's king
    assert by_rank.usable_cards(0, against=1) == cards("As 2d")
    assert by_rank.usable_cards(1, against=0) == cards("Kd 3c")
    assert by_rank.result is not None
    assert by_rank.result.payouts[0] > 0


# ------------------------------------------------------------------- V-BET-2


@pytest.mark.rule("V-BET-2")
def test_the_attackers_army_sizes_both_entries() -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        stock="9d 8d",
        rules=rules(entry="attacker"),
    )
    play(hand, "1 buy", "1 trim", "2 stay", "0 stay", "1 buy", "1 trim")
    small = hand.copy()  # seat 2 (no soldier) attacks seat 1 (two): 10 each
    small.apply("2 bet 1")
    assert options(small)[1] == "1 call (costs 10)"
    assert small.apply("1 call")[0] == BattleCalled(1, 10)
    big = play(hand.copy(), "2 stay", "0 stay", "1 bet 2")  # seat 1 attacks: 30 each
    assert options(big)[1] == "2 call (costs 30)"
    assert big.entry(2) == 30
    assert big.apply("2 call")[0] == BattleCalled(2, 30)


# ------------------------------------------------------------------- V-FOLD-1


@pytest.mark.rule("V-FOLD-1")
@pytest.mark.rule("R-CAPT-1")
def test_a_fold_on_ones_turn_is_captured_by_the_next_player() -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        stock="9d 8d",
        rules=rules(fold="captured", soldiers=1),
    )
    play(hand, "1 buy", "1 trim", "2 stay", "0 buy", "0 trim")
    events = hand.apply("1 fold")
    assert CardsCaptured(2, 1, tuple(cards("Ac 9d"))) in events
    assert hand.soldiers[2] == cards("Ac 9d")
    assert options(hand) == ["2 trim <1..2 of Ac 9d>"]  # the captor trims (V-BUY-3 too)
    play(hand, "2 trim Ac")
    assert hand.to_act == 2
    assert hand.phase == "turn"
    assert set(cards("Ah Ad 3s")) <= set(hand.discard_pile)


# ------------------------------------------------------------------- V-END-3


@pytest.mark.rule("V-END-3")
def test_the_last_two_must_battle_at_once() -> None:
    hand = stacked(
        banners=["Qs", "Ac", "Kh"],
        palaces=["2d 5d 7s", "Ah Ad 3s", "Ks Kd 4c"],
        rules=rules(last_two="battle"),
    )
    assert "1 stay" in options(hand)  # three players: a turn as usual
    play(hand, "1 fold")
    assert options(hand) == ["2 bet 0 (costs 10)", "2 fold"]
    refused(hand, "2 stay", "illegal_action", "V-END-3")
    refused(hand, "2 buy", "illegal_action", "V-END-3")
    assert hand.default_action() == hand.legal_options()[0].action()
    play(hand, "2 bet 0", "0 call")
    assert hand.over


# ------------------------------------------------------------------- properties


@pytest.mark.rule("V-CARD-1")
@pytest.mark.rule("V-PALACE-1")
@PROPERTY
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_hands_of_random_variants_keep_every_invariant(seed: int) -> None:
    hand = play_checked(seed, dealt=deal_variant)
    assert hand.result is not None
    assert sum(hand.result.stacks) == sum(hand.start_stacks)


@PROPERTY
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_variants_record_replays_the_same_hand(seed: int) -> None:
    rng = random.Random(seed)
    hand = deal_variant(seed)
    while not hand.over:
        hand.apply(choose(hand, rng))
    record = json.loads(json.dumps(hand.to_record()))
    assert record["rules"]["variant"] == hand.rules.variant.to_dict()
    again = replay(record)
    assert again.rules == hand.rules
    assert again.to_record() == record
    assert [str(e) for e in again.events] == [str(e) for e in hand.events]


def test_every_verb_of_a_turn_is_reached_in_random_variants() -> None:
    verbs: set[Verb] = set()
    for seed in range(200):
        hand = deal_variant(seed)
        rng = random.Random(seed)
        while not hand.over:
            action = choose(hand, rng)
            verbs.add(action.verb)
            hand.apply(action)
    assert verbs == set(Verb)


@pytest.mark.rule("V-CMP-1")
def test_a_battle_is_explained_by_the_variants_reading() -> None:
    from palace_poker.explain import explain, strength  # noqa: PLC0415 - this test's own

    by_rank = struck_battle("rank")
    ((_, why),) = explain(by_rank.events, struck="rank")
    assert [[str(c) for c in side.struck] for side in why.sides] == [
        ["Ah", "Ac"],
        ["Kh", "Kc"],
    ]  # seat 1 first
    assert why.winners == (0,)
    ((_, by_suit),) = explain(struck_battle("suit").events)
    assert [[str(c) for c in side.struck] for side in by_suit.sides] == [[], ["2d"]]
    mine = strength(0, by_rank.banners, by_rank.palaces[0], (), (True, True), struck="rank")
    assert mine.against[0][1] == evaluate(cards("As 2d"))
