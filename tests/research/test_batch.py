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
from palace_poker._enginec import Batch, Hand
from palace_poker.encoding.ids import BUY, FOLD, NUM_ACTIONS
from palace_poker.env import compact, observe
from palace_poker.env.batch import WAIT, HandBatch, Table
from palace_poker.env.fast import new_hand
from palace_poker.env.state import CHANCE, TERMINAL, EnvState
from palace_poker.errors import IllegalActionError
from random_hands import random_table, styled_choice

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


def _same_observation(state: EnvState, hand: Hand, seat: int, where: str) -> NDArray[np.float32]:
    written = np.full(observe.SIZE, -1.0, np.float32)  # (every entry must be written)
    hand.write_observation(seat, written)
    expected = np.asarray(observe.vector(state, seat), np.float32)
    wrong = np.flatnonzero(written != expected)
    assert wrong.size == 0, (where, seat, wrong[:10], written[wrong[:10]], expected[wrong[:10]])
    return written


def _compare(seed: int, family: str, tally: Tally) -> None:
    """Step one random hand in EnvState and in C; the written arrays are Python's."""
    rng = random.Random(seed)
    rules, stacks, dealer = random_table(rng, family)
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
            action = styled_choice(rng, state.legal_actions(), policy, FOLD, BUY)
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


# ---------------------------------------------------------------- the batch

MASK64 = 2**64 - 1


class SplitMix:
    """A copy of the batch's generator (splitmix64; a bounded draw by Lemire's
    multiply-and-reject on the high 32 bits), to deal the same cards in Python."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        product = (self.next() >> 32) * bound
        if product & 0xFFFFFFFF < bound:
            threshold = (2**32 - bound) % bound
            while product & 0xFFFFFFFF < threshold:
                product = (self.next() >> 32) * bound
        return product >> 32


@dataclass
class Replay:
    """One hand of a batch replayed in EnvState: its table, generator and deals."""

    table: Table
    random: SplitMix
    rotate: bool
    deals: int = 0
    state: EnvState | None = None

    def deal(self) -> None:
        n = len(self.table.stacks)
        dealer = (self.table.dealer + self.deals * self.rotate) % n
        self.deals += 1
        self.state = EnvState.new(self.table.rules, list(self.table.stacks), dealer=dealer)
        self.chance()

    def chance(self) -> None:
        state = self.state
        assert state is not None
        while state.current_player() == CHANCE:
            cards = state.chance_outcomes()
            state.apply(cards[self.random.below(len(cards))][0])

    def step(self, action: int) -> list[float] | None:
        """Apply the id; the returns if the hand ended (then the next deal is due)."""
        state = self.state
        assert state is not None
        state.apply(action)
        self.chance()
        if not state.is_terminal():
            return None
        returns = state.returns()
        self.deal()
        return returns


def _tables(rng: random.Random, size: int, family: str | None) -> list[Table]:
    """Mixed tables (every family) or tables of one family, table size and variant."""
    if family is not None:
        rules, stacks, dealer = random_table(rng, family)
        return [Table(rules, tuple(stacks), dealer)] * size
    families = list(HANDS)
    tables = []
    for i in range(size):
        rules, stacks, dealer = random_table(rng, families[i % len(families)])
        tables.append(Table(rules, tuple(stacks), dealer))
    return tables


def _same_arrays(batch: HandBatch, replays: list[Replay], ended: list[list[float] | None]) -> None:
    arrays = batch.arrays
    for i, replay in enumerate(replays):
        state = replay.state
        assert state is not None
        player = state.current_player()
        where = (i, replay.table, replay.deals)
        assert arrays.player[i] == player, where
        expected = np.asarray(observe.vector(state, player), np.float32)
        assert np.array_equal(arrays.obs[i], expected), where
        assert arrays.mask[i].tolist() == state.legal_mask(), where
        assert arrays.done[i] == (ended[i] is not None), where
        returns = np.zeros(10, np.float32)
        returns[: len(replay.table.stacks)] = ended[i] or 0.0
        assert np.array_equal(arrays.returns[i], returns), where


def _replay(seed: int, size: int, steps: int, family: str | None, *, rotate: bool) -> int:
    """Step a batch by random legal ids and replay it in EnvState; the hands ended."""
    rng = random.Random(seed)
    tables = _tables(rng, size, family)
    seeds = [rng.getrandbits(64) for _ in tables]
    batch = HandBatch(tables, seeds, rotate_dealer=rotate)
    replays = [Replay(t, SplitMix(s), rotate) for t, s in zip(tables, seeds, strict=True)]
    for replay in replays:
        replay.deal()
    batch.reset()
    _same_arrays(batch, replays, [None] * size)
    ended_hands = 0
    for _ in range(steps):
        actions = batch.random_actions()
        assert batch.arrays.mask[np.arange(size), actions].all()  # legal ids only
        batch.step(actions)
        ended = [r.step(int(a)) for r, a in zip(replays, actions, strict=True)]
        _same_arrays(batch, replays, ended)
        ended_hands += sum(e is not None for e in ended)
        if family is not None:
            expected = [
                compact.compact(r.state, r.state.current_player()) for r in replays if r.state
            ]
            assert np.array_equal(batch.compact(), np.stack(expected))
    for i, replay in enumerate(replays):
        assert batch.deals(i) == replay.deals
    return ended_hands


@pytest.mark.rule("R-DEAL-2")
@pytest.mark.parametrize("rotate", [True, False])
def test_a_batch_of_mixed_tables_is_envstate_dealt_from_its_seeds(rotate: bool) -> None:
    ended = _replay(11 + rotate, size=24, steps=300, family=None, rotate=rotate)
    assert ended > 100  # hands ended, and the next deals were compared too


@pytest.mark.parametrize("family", ["standard", "tiny"])
def test_a_batch_of_one_table_gives_the_compact_observation(family: str) -> None:
    assert _replay(5, size=8, steps=120, family=family, rotate=True) > 8


def test_the_same_seeds_give_the_same_hands() -> None:
    def run(seed: int) -> list[NDArray[np.float32]]:
        batch = HandBatch.of(Rules.of(10, betting="no-limit"), [100, 150, 80], size=16, seed=seed)
        seen = [batch.reset().obs.copy()]
        for _ in range(60):
            seen.append(batch.step(batch.random_actions()).obs.copy())
        again = batch.reset()  # the seeds restart: the first deals again
        assert np.array_equal(again.obs, seen[0])
        return seen

    first, second, other = run(3), run(3), run(4)
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
    assert not np.array_equal(first[0], other[0])


def test_the_arrays_are_written_in_place() -> None:
    batch = HandBatch.of(Rules.of(10), [100, 100], size=3, seed=0)
    arrays = batch.reset()
    assert batch.step(batch.random_actions()) is arrays
    assert arrays.obs.shape == (3, observe.SIZE)
    assert arrays.obs.dtype == np.float32
    assert arrays.mask.dtype == np.int8
    assert arrays.player.dtype == np.int32
    assert arrays.returns.shape == (3, 10)
    assert arrays.done.dtype == np.uint8


def test_an_illegal_id_moves_no_hand() -> None:
    batch = HandBatch.of(Rules.of(10), [100, 100], size=4, seed=0)
    with pytest.raises(ValueError, match="reset"):
        batch.step(np.zeros(4, np.int64))
    arrays = batch.reset()
    before = arrays.obs.copy()
    actions = batch.random_actions().copy()
    actions[2] = int(np.flatnonzero(arrays.mask[2] == 0)[0])
    with pytest.raises(IllegalActionError, match="hand 2: action") as refused:
        batch.step(actions)
    assert refused.value.code == "illegal_action"
    assert np.array_equal(arrays.obs, before)
    with pytest.raises(ValueError, match="actions must hold 4 items"):
        batch.step(np.zeros(3, np.int64))


def test_a_waiting_hand_keeps_its_decision_while_the_others_move() -> None:
    """Hands 0 and 2 wait (id -1) at every step: they stay as they were, with done 0
    and returns zeros, while hands 1 and 3 play on exactly as in a batch of their own
    seeds stepped alone."""
    batch = HandBatch.of(Rules.of(10), [100, 100], size=4, seed=0)
    alone = HandBatch([batch.tables[1], batch.tables[3]], [1, 3])
    arrays, other = batch.reset(), alone.reset()
    waiting = arrays.obs[[0, 2]].copy(), arrays.mask[[0, 2]].copy(), arrays.player[[0, 2]].copy()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(60):
        moving = np.array([rng.choice(np.flatnonzero(m)) for m in other.mask], np.int64)
        actions = np.full(4, WAIT, np.int64)
        actions[[1, 3]] = moving
        batch.step(actions)
        alone.step(moving)
        assert np.array_equal(arrays.obs[[1, 3]], other.obs)
        assert np.array_equal(arrays.returns[[1, 3]], other.returns)
        assert np.array_equal(arrays.done[[1, 3]], other.done)
        assert np.array_equal(arrays.obs[[0, 2]], waiting[0])
        assert np.array_equal(arrays.mask[[0, 2]], waiting[1])
        assert np.array_equal(arrays.player[[0, 2]], waiting[2])
        assert not arrays.done[[0, 2]].any()
        assert not arrays.returns[[0, 2]].any()
        ended += int(other.done.sum())
    assert ended > 0  # hands ended while the others waited
    assert batch.deals(0) == batch.deals(2) == 1


def test_the_c_batch_refuses_wrong_arrays_and_dealt_hands() -> None:
    hand = new_hand(Rules.of(10), [100, 100])
    obs = np.zeros((1, observe.SIZE), np.float32)
    mask = np.zeros((1, NUM_ACTIONS), np.int8)
    player = np.zeros(1, np.int32)
    returns = np.zeros((1, 10), np.float32)
    done = np.zeros(1, np.uint8)
    assert len(Batch([hand], [0], obs, mask, player, returns, done)) == 1
    with pytest.raises(ValueError, match="player must hold 1 items of int32"):
        Batch([hand], [0], obs, mask, np.zeros(1, np.int64), returns, done)
    with pytest.raises(ValueError, match="one integer a hand"):
        Batch([hand], [0, 1], obs, mask, player, returns, done)
    hand.apply(hand.chance_cards()[0])
    with pytest.raises(ValueError, match="before its first card"):
        Batch([hand], [0], obs, mask, player, returns, done)
