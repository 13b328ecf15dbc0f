"""Chance steps: a hand (and a game's dealer draw) driven one chance outcome at a time.

The central check: a hand dealt with explicit chance and given, step by step, the
cards a seeded hand drew is the seeded hand: the same events, the same view for
every viewer after every step, the same result, and the same record except for the
cards no outcome ever drew, which an explicit hand lists in card order.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golden
from examples import examples
from helpers import snapshot
from palace_poker import (
    DECK,
    Card,
    Hand,
    IllegalActionError,
    Phase,
    RecordedShuffle,
    Rules,
    SeededShuffle,
    parse_cards,
    replay,
)
from palace_poker.dealer import DealerDrawing, draw_for_dealer
from palace_poker.events import (
    BannerCardSetAside,
    BannerDealt,
    CardsShuffled,
    Event,
    SoldierBought,
)
from palace_poker.game import Game
from random_hands import choose, deal


def outcomes_of(hand: Hand) -> dict[str, deque[Card]]:
    """The chance outcomes a hand drew, by kind, in the order they were drawn."""
    banner = deque(e.card for e in hand.events if isinstance(e, BannerDealt | BannerCardSetAside))
    order = hand.dealing_order()
    palace = deque(hand.palaces[seat][r] for r in range(3) for seat in order)
    soldier = deque(e.card for e in hand.events if isinstance(e, SoldierBought))
    return {"banner": banner, "palace": palace, "soldier": soldier}


def drawn_per_shuffle(events: list[Event], n: int) -> list[int]:
    """How many cards each shuffle's pile gave, from the events."""
    counts: list[int] = []
    for event in events:
        if isinstance(event, CardsShuffled):
            counts.append(3 * n if event.what == "stock" else 0)
        elif isinstance(event, BannerDealt | BannerCardSetAside | SoldierBought):
            counts[-1] += 1
    return counts


def resolve(explicit: Hand, outcomes: dict[str, deque[Card]]) -> None:
    while explicit.chance is not None:
        step = explicit.chance
        card = outcomes[step.kind].popleft()
        assert card in step.outcomes
        explicit.apply_chance(card)


def views(hand: Hand) -> list[object]:
    """Every viewer's observation; the version aside: an explicit hand counts each
    chance outcome as a change, a seeded hand counts only the actions."""
    return [hand.observe(viewer)._replace(version=0) for viewer in [None, *range(hand.n)]]


def check_identity(seeded: Hand) -> None:
    """Drive an explicit hand with ``seeded``'s outcomes and actions; check at every
    step that it is ``seeded`` replayed (from its record)."""
    outcomes = outcomes_of(seeded)
    explicit = Hand.deal(
        seeded.rules,
        seeded.start_stacks,
        dealer=seeded.dealer,
        names=seeded.names,
        explicit_chance=True,
    )
    again = Hand.deal(
        seeded.rules,
        seeded.start_stacks,
        dealer=seeded.dealer,
        names=seeded.names,
        shuffle=RecordedShuffle(seeded.to_record()["shuffles"]),
    )
    resolve(explicit, outcomes)
    assert explicit.events == again.events
    assert views(explicit) == views(again)
    for action in seeded.actions:
        again.apply(action)
        explicit.apply(action)
        resolve(explicit, outcomes)
        assert explicit.events == again.events
        assert views(explicit) == views(again)
    assert explicit.result == seeded.result
    assert not any(outcomes.values())
    # The record: each shuffle lists the cards drawn from it, in the order drawn,
    # then the cards never drawn, in card order.
    counts = drawn_per_shuffle(seeded.events, seeded.n)
    for mine, theirs, drawn in zip(explicit.shuffles, seeded.shuffles, counts, strict=True):
        assert mine == theirs[:drawn] + tuple(sorted(theirs[drawn:]))
    record = explicit.to_record()
    assert replay(record).events == explicit.events
    assert {k: v for k, v in record.items() if k != "shuffles"} == {
        k: v for k, v in seeded.to_record().items() if k != "shuffles"
    }


@pytest.mark.rule("R-BANNER-2", "R-PALACE-1", "R-BUY-1")
@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_outcome_by_outcome_is_the_seeded_hand(seed: int) -> None:
    rng = random.Random(seed)
    seeded = deal(seed)
    while not seeded.over:
        seeded.apply(choose(seeded, rng))
    check_identity(seeded)


@pytest.mark.rule("R-BANNER-3", "R-BANNER-4", "R-BUY-2")
@pytest.mark.parametrize("spec", golden.all_specs(), ids=lambda spec: spec.name)
def test_outcome_by_outcome_is_each_golden_hand(spec: golden.Spec) -> None:
    """The golden hands include a set-aside and a discard-pile reshuffle."""
    check_identity(golden.play(spec))


def test_a_hand_with_explicit_chance_stops_at_every_card() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100, 100], dealer=2, explicit_chance=True)
    assert hand.phase is Phase.CHANCE
    assert hand.to_act is None
    step = hand.chance
    assert step is not None
    assert (step.kind, step.seat, step.public, step.rule) == ("banner", 0, True, "R-BANNER-2")
    assert step.outcomes == DECK
    assert step.probability == pytest.approx(1 / 52)
    assert sum(p for _, p in step.probabilities()) == pytest.approx(1)
    assert hand.legal_options() == []
    view = hand.observe(0)
    assert (view.phase, view.banners, view.stock_size, view.to_act) == ("chance", (), 0, None)
    # Banners: seat 0 gets As; seat 1's first card, a spade, is set aside (R-BANNER-2).
    for text in ("As", "Ks", "Kh", "Qd"):
        hand.apply_chance(Card.parse(text))
    assert [str(b) for b in hand.banners] == ["As", "Kh", "Qd"]
    assert [str(c) for c in hand.set_aside] == ["Ks"]
    assert hand.events[-1] == CardsShuffled("stock", 49)
    # Palace cards: private, one a player in dealing order, three rounds.
    palace = hand.chance
    assert palace is not None
    assert (palace.kind, palace.seat, palace.public, len(palace.outcomes)) == (
        "palace",
        0,
        False,
        49,
    )
    cards = parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc")
    for card in cards:
        hand.apply_chance(card)
    assert [[str(c) for c in p] for p in hand.palaces] == [
        ["2c", "5c", "8c"],
        ["3c", "6c", "9c"],
        ["4c", "7c", "Tc"],
    ]
    assert hand.chance is None
    assert hand.observe(None).phase == "turn"
    assert hand.to_act == 0
    assert hand.version == 13  # one a card


def test_a_buy_waits_for_its_card_and_the_card_is_public() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=1, explicit_chance=True)
    for card in parse_cards("As Kh 2c 3c 4c 5c 6c 7c"):
        hand.apply_chance(card)
    assert hand.apply("0 buy") == []
    step = hand.chance
    assert step is not None
    assert (step.kind, step.seat, step.public) == ("soldier", 0, True)
    assert len(step.outcomes) == 52 - 2 - 6
    assert hand.observe(1).phase == "chance"
    with pytest.raises(IllegalActionError) as refused:
        hand.apply("0 trim")
    assert refused.value.code == "chance_due"
    assert [type(e).__name__ for e in hand.apply_chance(Card.parse("Ad"))] == ["SoldierBought"]
    assert hand.phase is Phase.TRIM
    assert hand.soldiers[0] == [Card.parse("Ad")]


@pytest.mark.parametrize("bad", ["As", True, 52, -1, 3.0, None, Card.parse("As")])
def test_an_outcome_the_step_cannot_give_is_refused_and_changes_nothing(bad: object) -> None:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=1, explicit_chance=True)
    hand.apply_chance(Card.parse("As"))  # As is no longer in the deck
    before = snapshot(hand), hand.version
    with pytest.raises(IllegalActionError) as refused:
        hand.apply_chance(bad)  # type: ignore[arg-type]
    assert refused.value.code == "invalid_outcome"
    assert refused.value.rule == "R-BANNER-2"
    assert (snapshot(hand), hand.version) == before


def test_no_outcome_is_taken_when_no_chance_is_due() -> None:
    hand = Hand.deal(Rules.of(10), [100, 100], dealer=1, shuffle=SeededShuffle(1))
    assert hand.chance is None
    with pytest.raises(IllegalActionError) as refused:
        hand.apply_chance(DECK[0])
    assert refused.value.code == "no_chance_due"
    with pytest.raises(Exception) as both:  # noqa: PT011 - ConfigError, checked below
        Hand.deal(
            Rules.of(10), [100, 100], dealer=1, shuffle=SeededShuffle(1), explicit_chance=True
        )
    assert getattr(both.value, "code", None) == "invalid_players"


@pytest.mark.rule("R-BUY-2")
def test_the_discard_pile_becomes_the_stock_and_its_cards_are_the_outcomes() -> None:
    rules = Rules.of(1, ante=0)
    hand = Hand.deal(rules, [1000, 1000], dealer=1, explicit_chance=True)
    while hand.chance is not None:
        hand.apply_chance(hand.chance.outcomes[0])
    # Buy and trim away every card until the stock is empty.
    while hand.observe(None).stock_size:
        seat = hand.to_act
        assert seat is not None
        hand.apply(f"{seat} buy")
        assert hand.chance is not None
        card = hand.chance.outcomes[-1]
        hand.apply_chance(card)
        hand.apply(f"{seat} trim {card}")
    seat = hand.to_act
    discarded = sorted(hand.discard_pile)
    events = hand.apply(f"{seat} buy")
    assert events == [CardsShuffled("discard", len(discarded))]
    step = hand.chance
    assert step is not None
    assert list(step.outcomes) == discarded


@pytest.mark.rule("R-DEAL-1")
@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(2, 10))
def test_the_dealer_draw_outcome_by_outcome_is_the_seeded_draw(seed: int, players: int) -> None:
    seeded = draw_for_dealer(range(players), SeededShuffle(seed))
    drawing = DealerDrawing(range(players))
    for round_ in seeded.rounds:
        for seat, card in round_:
            step = drawing.chance
            assert step is not None
            assert step.seat == seat
            assert card in step.outcomes
            drawing.apply_chance(card)
    assert drawing.result == seeded
    assert drawing.chance is None


@pytest.mark.rule("R-DEAL-1")
def test_a_game_with_explicit_chance_draws_its_dealer_card_by_card() -> None:
    game = Game(Rules.of(10), [("A", 50), ("B", 50)], explicit_chance=True)
    with pytest.raises(IllegalActionError) as early:
        game.start_hand()
    assert early.value.code == "chance_due"
    game.apply_chance(Card.parse("7c"))
    game.apply_chance(Card.parse("Kd"))
    assert game.chance is None
    assert game.dealer == 1
    with pytest.raises(IllegalActionError):
        game.apply_chance(Card.parse("2c"))
    hand = game.start_hand()
    assert hand.chance is not None
    assert hand.chance.kind == "banner"
    assert hand.chance.seat == 0
