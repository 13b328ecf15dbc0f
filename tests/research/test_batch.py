"""The C engine's observation writer and its batch of hands (issue 33, the batch API).

``Hand.write_observation`` and ``Hand.write_mask`` write exactly
:func:`palace_poker.env.observe.vector` and :meth:`EnvState.legal_mask
<palace_poker.env.state.EnvState.legal_mask>`: random hands are stepped in
:class:`~palace_poker.env.state.EnvState` and in C side by side (the standard game,
the presets, random variants; 2 to 10 players; limit and no-limit; short and deep
stacks; players who play at random, rarely fold, or buy whenever they can), and at
every decision the acting seat's written observation and mask equal Python's, array
for array (at some decisions, and at the end, every seat's observation too).

:class:`palace_poker.env.batch.HandBatch` steps hands of mixed tables in C with
their own seeded random numbers; the same hands are replayed here in EnvState with
the chance cards drawn from a Python copy of that generator, and every array the
batch writes (observation, mask, player, returns, done) is what EnvState gives, over
several deals of each hand (the automatic new deal, the dealer moving on).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import pytest
from numpy.typing import NDArray

pytest.importorskip("palace_poker._enginec")

from palace_poker import Rules
from palace_poker._enginec import Hand
from palace_poker.config import Betting
from palace_poker.env import observe
from palace_poker.env.actions import BUY, FOLD, NUM_ACTIONS
from palace_poker.env.fast import new_hand
from palace_poker.env.state import CHANCE, TERMINAL, EnvState
from palace_poker.presets import preset
from palace_poker.variant import STANDARD, Variant
from random_hands import STACK_CHOICES, random_variant

#: Each family of games compared, and how many hands of it.
HANDS = {"standard": 500, "short-deck": 250, "quick": 250, "tiny": 250, "small": 250, "random": 800}
#: Where the observer's choice in progress starts (observe.py's layout).
CHOOSING = observe.SIZE - 52 - len(observe.PENDING)


@dataclass
class Tally:
    """What the compared observations held (so that a test sees it was tested)."""

    hands: int = 0
    decisions: int = 0
    choosing: Counter[str | None] = field(default_factory=Counter)
    known_stock: int = 0
    shown: int = 0
    players: set[int] = field(default_factory=set)


def _variant(rng: random.Random, family: str) -> Variant:
    if family == "standard":
        return STANDARD
    if family != "random":
        return preset(family).variant
    variant = random_variant(rng)
    while variant.most_players() < 2:
        variant = random_variant(rng)
    return variant


def _table(rng: random.Random, family: str) -> tuple[Rules, list[int], int]:
    """Random stakes, structure, raise cap, players and stacks for a game family."""
    variant = _variant(rng, family)
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


def _same_observation(state: EnvState, hand: Hand, seat: int, where: str) -> NDArray[np.float32]:
    written = np.full(observe.SIZE, -1.0, np.float32)  # (every entry must be written)
    hand.write_observation(seat, written)
    expected = np.asarray(observe.vector(state, seat), np.float32)
    wrong = np.flatnonzero(written != expected)
    assert wrong.size == 0, (where, seat, wrong[:10], written[wrong[:10]], expected[wrong[:10]])
    return written


def _choose(rng: random.Random, legal: list[int], policy: int) -> int:
    choices = legal
    if policy == 1 and rng.random() > 0.03:
        choices = [a for a in legal if a != FOLD] or legal
    elif policy == 2 and BUY in legal and rng.random() < 0.8:
        choices = [BUY]
    return rng.choice(choices)


def _compare(seed: int, family: str, tally: Tally) -> None:
    """Step one random hand in EnvState and in C; the written arrays are Python's."""
    rng = random.Random(seed)
    rules, stacks, dealer = _table(rng, family)
    policy = seed % 3  # 0: uniform; 1: rarely folds; 2: buys when it can
    state = EnvState.new(rules, stacks, dealer=dealer)
    hand = new_hand(rules, stacks, dealer=dealer)
    mask = np.full(NUM_ACTIONS, -1, np.int8)
    taken: list[int] = []
    while True:
        where = f"{family} seed {seed}: {rules!r}, stacks {stacks}, dealer {dealer}, ids {taken}"
        player = state.current_player()
        assert hand.current_player() == player, where
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = rng.choice(state.chance_outcomes())[0]
        else:
            written = _same_observation(state, hand, player, where)
            hand.write_mask(mask)
            assert mask.tolist() == state.legal_mask(), where
            kind = int(np.flatnonzero(written[CHOOSING : CHOOSING + 4])[0])
            tally.choosing[observe.PENDING[kind]] += 1
            tally.decisions += 1
            if rng.random() < 0.1:
                for seat in range(len(stacks)):
                    _same_observation(state, hand, seat, where)
            action = _choose(rng, state.legal_actions(), policy)
        taken.append(action)
        state.apply(action)
        hand.apply(action)
    for seat in range(len(stacks)):  # the end: phase over, the final stacks
        written = _same_observation(state, hand, seat, where)
        tally.known_stock += bool(state.hand.observe(seat).known_stock)
        tally.shown += bool(state.hand.observe(seat).known_palaces)
    hand.write_mask(mask)
    assert not mask.any(), where
    tally.hands += 1
    tally.players.add(len(stacks))


@pytest.mark.rule("R-INFO-1")
@pytest.mark.rule("R-INFO-3")
@pytest.mark.rule("R-INFO-4")
@pytest.mark.rule("R-BUY-2")
@pytest.mark.parametrize("family", list(HANDS))
def test_the_written_observation_and_mask_are_pythons(family: str) -> None:
    tally = Tally()
    for seed in range(HANDS[family]):
        _compare(seed, family, tally)
    assert tally.hands == HANDS[family]
    # Every kind of choice in progress was written (a no-limit opening raise, a
    # discard's and a trim's cards: in the standard game and the random variants,
    # where armies grow), palaces were shown and, where the deck is not all dealt,
    # reshuffled cards were known in the stock.
    kinds = set(observe.PENDING) if family in ("standard", "random") else {None, "open"}
    assert kinds <= set(tally.choosing), tally.choosing
    assert tally.shown > 0
    assert (tally.known_stock > 0) == (family != "tiny")
    assert len(tally.players) > 1 or family in ("tiny",)


def test_every_table_size_is_written() -> None:
    tally = Tally()
    for seed in range(300):
        _compare(seed, "standard", tally)
    assert tally.players == set(range(2, 11))


def test_the_writers_refuse_a_wrong_buffer() -> None:
    hand = new_hand(Rules.of(10), [100, 100])
    with pytest.raises(ValueError, match="1887 items of float32"):
        hand.write_observation(0, np.zeros(1886, np.float32))
    with pytest.raises(ValueError, match="float32"):
        hand.write_observation(0, np.zeros(observe.SIZE, np.float64))
    with pytest.raises(ValueError, match="writable"):
        hand.write_observation(0, b"\0" * (4 * observe.SIZE))
    with pytest.raises(ValueError, match="no seat 2"):
        hand.write_observation(2, np.zeros(observe.SIZE, np.float32))
    with pytest.raises(ValueError, match="70 items of int8"):
        hand.write_mask(np.zeros(70, np.uint8))
