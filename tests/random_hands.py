"""Random hands for property tests: a hand dealt from a seed (2-10 players, random
stakes, structure and stacks, short stacks included so that all-ins and side pots
happen), a random legal action, a random (usually illegal) one, and where every card
is kept."""

from __future__ import annotations

import random
from typing import Any

from palace_poker import DECK, Action, Card, Hand, Option, Rules, SeededShuffle, Verb
from palace_poker.config import Betting
from palace_poker.variant import READINGS, Variant

STACK_CHOICES = (1, 3, 7, 10, 25, 60, 150, 400, 1000)


def deal(seed: int) -> Hand:
    """A random hand: 2-10 players, random stakes and structure, random stacks."""
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    small = rng.choice((1, 2, 5, 10))
    betting: Betting = rng.choice(("limit", "no-limit"))
    max_raises = rng.choice((None, 0, 1, 3)) if betting == "no-limit" else rng.choice((0, 1, 3))
    rules = Rules.of(
        small,
        big_bet=small * rng.choice((1, 2, 3)),
        ante=rng.choice((0, small // 2, small)),
        betting=betting,
        max_raises=max_raises,
    )
    stacks = [rng.choice(STACK_CHOICES) * small for _ in range(n)]
    return Hand.deal(rules, stacks, dealer=rng.randrange(n), shuffle=SeededShuffle(seed))


def random_variant(rng: random.Random) -> Variant:
    """A random variant: any deck, palace, soldiers and group, any readings."""
    suits = rng.randint(2, 4)
    fields: dict[str, Any] = {
        "ranks": rng.randint(3, 13),
        "suits": suits,
        "palace": rng.randint(1, 4),
        "soldiers": rng.randint(1, 7),
        "group": rng.randint(1, suits),
    }
    fields.update({name: rng.choice(values) for name, (_, values) in READINGS.items()})
    return Variant.from_dict(fields)


def deal_variant(seed: int) -> Hand:
    """A random hand of a random variant (:func:`random_variant`), of 2 players up to
    as many as its deck serves, with random stakes and stacks as :func:`deal`."""
    rng = random.Random(seed)
    variant = random_variant(rng)
    while variant.most_players() < 2:
        variant = random_variant(rng)
    n = rng.randint(2, variant.most_players())
    small = rng.choice((1, 2, 5))
    betting: Betting = rng.choice(("limit", "no-limit"))
    rules = Rules.of(small, betting=betting, max_raises=rng.choice((0, 1, 3)), variant=variant)
    stacks = [rng.choice(STACK_CHOICES) * small for _ in range(n)]
    return Hand.deal(rules, stacks, dealer=rng.randrange(n), shuffle=SeededShuffle(seed))


def choose(hand: Hand, rng: random.Random) -> Action:
    """A random legal action: a uniform option, then a uniform choice within it."""
    option = rng.choice(hand.legal_options())
    if option.min_amount is not None and option.max_amount is not None:
        return option.action(amount=rng.randint(option.min_amount, option.max_amount))
    if option.verb in (Verb.DISCARD, Verb.TRIM):
        size = rng.randint(option.min_cards, option.max_cards)
        return option.action(cards=tuple(rng.sample(option.cards, size)))
    return option.action()


def locations(hand: Hand) -> list[Card]:
    """Every card where the hand keeps it: stock, discard pile, and the banner,
    palace and soldiers of each player still in the hand."""
    cards = list(hand.stock) + list(hand.discard_pile)
    for seat in range(hand.n):
        cards.extend(hand.soldiers[seat])
        if hand.in_hand[seat]:
            cards.append(hand.banners[seat])
            cards.extend(hand.palaces[seat])
    return cards


def matches(option: Option, action: Action) -> bool:
    """Whether ``action`` is one of the choices ``option`` offers."""
    if (option.seat, option.verb, option.target) != (action.seat, action.verb, action.target):
        return False
    if option.min_amount is not None and option.max_amount is not None:
        amount = action.amount
        return (
            amount is not None
            and option.min_amount <= amount <= option.max_amount
            and not action.cards
        )
    if action.amount is not None:
        return False
    if option.verb in (Verb.DISCARD, Verb.TRIM):
        chosen = set(action.cards)
        return (
            len(chosen) == len(action.cards)
            and chosen <= set(option.cards)
            and option.min_cards <= len(chosen) <= option.max_cards
        )
    return not action.cards


def random_action(hand: Hand, rng: random.Random) -> Action:
    """An arbitrary, usually illegal, action near the hand's state."""
    seat = rng.randrange(-1, hand.n + 1)
    verb = rng.choice(list(Verb))
    pool = [c for army in hand.soldiers for c in army] + list(hand.banners) + list(DECK[:4])
    cards = tuple(rng.sample(pool, rng.randint(0, min(3, len(pool)))))
    target = rng.choice((None, rng.randrange(-1, hand.n + 1)))
    amount = rng.choice((None, 0, 1, rng.randint(1, 3000)))
    return Action(seat, verb, target=target, amount=amount, cards=cards)


def family_variant(rng: random.Random, family: str) -> Variant:
    """The variant of a family: ``standard``, a preset's name, or ``random`` (a
    random variant that deals at least two players)."""
    if family == "standard":
        return Variant()
    if family != "random":
        from palace_poker.presets import preset  # noqa: PLC0415

        return preset(family).variant
    variant = random_variant(rng)
    while variant.most_players() < 2:
        variant = random_variant(rng)
    return variant


def random_table(rng: random.Random, family: str) -> tuple[Rules, list[int], int]:
    """Random stakes, structure, raise cap, players and stacks for a game family, and
    the first dealer."""
    variant = family_variant(rng, family)
    n = rng.randint(2, variant.most_players())
    small = rng.choice((1, 2, 5, 10))
    betting: Betting = rng.choice(("limit", "no-limit"))
    caps = (None, 0, 1, 3) if betting == "no-limit" else (0, 1, 3)
    rules = Rules.of(
        small,
        big_bet=small * rng.choice((1, 2, 3)),
        ante=rng.choice((0, small // 2, small)),
        betting=betting,
        max_raises=rng.choice(caps),
        variant=variant,
    )
    stacks = [rng.choice(STACK_CHOICES) * small for _ in range(n)]
    return rules, stacks, rng.randrange(n)


def styled_choice(rng: random.Random, legal: list[int], style: int, fold: int, buy: int) -> int:
    """An action id for a style of play: 0 uniform; 1 rarely folds (``fold``'s id);
    2 buys (``buy``'s id) when it can, mostly: so that stocks run out and reshuffle."""
    choices = legal
    if style == 1 and rng.random() > 0.03:
        choices = [a for a in legal if a != fold] or legal
    elif style == 2 and buy in legal and rng.random() < 0.8:
        choices = [buy]
    return rng.choice(choices)
