"""The invariants every hand keeps, checked at every step of a random hand (the
property tests of the standard game and of the variants): chips conserved and never
negative (R-POT-1), every card of the deck in exactly one place, the hand ends, the
listed actions are legal and random other actions refused with the state unchanged,
and no view shows a hidden card (R-INFO-1..4)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings

from examples import examples
from helpers import snapshot
from palace_poker import Card, Hand, PalaceError
from palace_poker.events import (
    BannerCardSetAside,
    BannerDealt,
    BattleCompared,
    CardsCaptured,
    ShowdownRevealed,
    SoldierBought,
    SoldiersDiscarded,
)
from random_hands import choose, deal, locations, matches, random_action

MAX_STEPS = 5000
CARD_TOKEN = re.compile(r"\b[2-9TJQKA][cdhs]\b")

PROPERTY = settings(
    max_examples=examples(400),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def hidden_from(hand: Hand, viewer: int | None) -> set[Card]:
    """Palace cards the viewer was never shown, judged from the events alone."""
    public: set[Card] = set()
    shown: set[int] = set()
    for event in hand.events:
        if isinstance(event, BannerDealt | BannerCardSetAside | SoldierBought):
            public.add(event.card)
        elif isinstance(event, CardsCaptured | SoldiersDiscarded):
            public.update(event.cards)
        elif isinstance(event, BattleCompared) and viewer in event.seats:
            shown.update(event.seats)
        elif isinstance(event, ShowdownRevealed):
            shown.update(seat for seat, _ in event.palaces)
    hidden: set[Card] = set()
    for seat in range(hand.n):
        if seat != viewer and seat not in shown:
            hidden.update(hand.palaces[seat])
    return hidden - public


def check_views(hand: Hand) -> None:
    """R-INFO-1..4: no view contains a card hidden from its viewer."""
    for viewer in [None, *range(hand.n)]:
        view = hand.observe(viewer)
        hidden = hidden_from(hand, viewer)
        text = json.dumps(view.to_dict())
        leaked = {Card.parse(t) for t in CARD_TOKEN.findall(text)} & hidden
        assert not leaked, f"viewer {viewer} sees {leaked}"
        assert not set(view.visible_cards()) & hidden
        told = {Card.parse(t) for t in CARD_TOKEN.findall(repr(hand.events_for(viewer)))}
        assert not told & hidden, f"events tell viewer {viewer} of {told & hidden}"
        if viewer is not None:
            assert view.palace == hand.palaces[viewer]


def play_checked(
    seed: int, *, probe: int = 2, views: bool = True, dealt: Callable[[int], Hand] = deal
) -> Hand:
    """Play a random hand (``dealt(seed)``), checking the invariants at every step."""
    rng = random.Random(seed ^ 0x5EED)
    hand = dealt(seed)
    deck = sorted(hand.rules.variant.deck)
    total = sum(hand.start_stacks)
    for _ in range(MAX_STEPS):
        assert sum(hand.stacks) + (0 if hand.over else hand.pot) == total
        assert min(hand.stacks) >= 0
        assert min(hand.contributions) >= 0
        assert sorted(locations(hand)) == deck
        if views:
            check_views(hand)
        if hand.over:
            return hand
        options = hand.legal_options()
        assert options, "a decision is due but nothing is legal"
        for action in (a for o in options for a in o.actions()):
            assert hand.can(action), action
        for _ in range(probe):
            probe_action = random_action(hand, rng)
            legal = any(matches(o, probe_action) for o in options)
            before = snapshot(hand)
            assert hand.can(probe_action) == legal, probe_action
            if not legal:
                with pytest.raises(PalaceError):
                    hand.apply(probe_action)
                assert snapshot(hand) == before
        hand.apply(choose(hand, rng))
    raise AssertionError("the hand did not end")
