"""The match plan: who sits where in each hand, and every hand's seeds.

Hands come in *blocks*, one hand per entry (an entry is one of the bots named in
``--seats``; a bot named twice is two entries). Within a block every hand is dealt
from the same shuffles (duplicate style) while the entries move round the table
one seat from hand to hand, so each entry plays each seat's cards, and each seat,
exactly once per block. The entries' order round the table changes from block to
block: with up to 7 seats every order is played once per cycle of ``(n-1)!``
blocks, so that over a cycle every assignment of entries to seats is played
exactly once and no entry always sits to the left of the same opponent.

Everything random about a hand is a function of the arena's seed and the hand's
index alone (:meth:`MatchPlan.deck_seed`, :meth:`MatchPlan.bot_seed`): a hand plays
the same wherever and in whatever order it is played.

>>> plan = MatchPlan(("heuristic", "random", "random"), hands=7, seed=1)
>>> plan.hands, plan.blocks, plan.labels
(9, 3, ('heuristic', 'random#1', 'random#2'))
>>> [plan.seating(i) for i in range(3)]  # entry at each seat, first block
[(0, 2, 1), (2, 1, 0), (1, 0, 2)]
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
from collections import Counter
from dataclasses import dataclass

from palace_poker.config import Rules
from palace_poker.errors import ConfigError
from palace_poker.hand import MAX_PLAYERS, MIN_PLAYERS

#: The dealer's seat in every hand; seat 1 acts first. Position rotates with the
#: entries, not with the button.
DEALER = 0
#: Stacks at the start of every hand, in big bets, unless ``--stack`` says otherwise.
DEFAULT_STACK_BIG_BETS = 100


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """What to play: the bots (one per seat), the hands, the seed and the rules (the
    stakes and the variant: every hand is dealt with them;
    :func:`~palace_poker.arena.runner.run_arena` refuses more bots than the
    variant's deck deals in, ``invalid_variant``, before any hand).

    Every hand starts with ``stack`` chips per player, whatever happened before:
    hands are independent, so they can be played in any order on any worker.
    """

    bots: tuple[str, ...]
    hands: int
    seed: int
    rules: Rules
    stack: int
    records: bool = False

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= len(self.bots) <= MAX_PLAYERS:
            raise ConfigError(
                "invalid_players",
                f"an arena seats {MIN_PLAYERS} to {MAX_PLAYERS} bots, got {len(self.bots)}",
                details={"input": list(self.bots)},
            )
        _positive("hands", self.hands)
        _positive("stack", self.stack, code="invalid_players")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool) or self.seed < 0:
            raise ConfigError(
                "invalid_arena",
                f"seed must be an integer >= 0, got {self.seed!r}",
                details={"field": "seed", "input": self.seed},
            )

    @property
    def plan(self) -> MatchPlan:
        """The seating and seeds of every hand."""
        return MatchPlan(self.bots, self.hands, self.seed)


def _positive(name: str, value: object, *, code: str = "invalid_arena") -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ConfigError(
            code,
            f"{name} must be an integer >= 1, got {value!r}",
            details={"field": name, "input": value},
        )


def default_stack(rules: Rules) -> int:
    """100 big bets."""
    return DEFAULT_STACK_BIG_BETS * rules.big_bet


def labels(bots: tuple[str, ...]) -> tuple[str, ...]:
    """A name per entry: the bot's name, numbered when the bot sits more than once.

    >>> labels(("random", "heuristic", "random"))
    ('random#1', 'heuristic', 'random#2')
    """
    count = Counter(bots)
    seen: Counter[str] = Counter()
    out = []
    for bot in bots:
        seen[bot] += 1
        out.append(f"{bot}#{seen[bot]}" if count[bot] > 1 else bot)
    return tuple(out)


def _derive(*parts: object) -> int:
    """A 64-bit integer from the parts, the same on every machine and process."""
    text = "/".join(str(p) for p in ("palace-arena", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


#: Up to this many orders round the table (7 seats: 6! = 720), cycle through them all.
MAX_CYCLE = 720


@functools.lru_cache(maxsize=4)
def _cycle(seed: int, cycle: int, turn: int) -> tuple[int, ...]:
    """The ranks ``0 .. cycle-1`` in the seeded order of cycle number ``turn``."""
    ranks = list(range(cycle))
    random.Random(_derive(seed, "cycle", cycle, turn)).shuffle(ranks)
    return tuple(ranks)


def _unrank(rank: int, size: int) -> tuple[int, ...]:
    """The permutation of ``1 .. size`` of lexicographic rank ``rank``.

    >>> [_unrank(r, 3) for r in range(6)]
    [(1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)]
    """
    items = list(range(1, size + 1))
    out = []
    for place in range(size, 0, -1):
        index, rank = divmod(rank, math.factorial(place - 1))
        out.append(items.pop(index))
    return tuple(out)


class MatchPlan:
    """Seats and seeds of the hands ``0 .. hands-1`` of an arena.

    The number of hands asked for is rounded up to whole blocks (``hands``).
    """

    __slots__ = ("blocks", "bots", "hands", "labels", "seed", "size")

    def __init__(self, bots: tuple[str, ...], hands: int, seed: int) -> None:
        self.bots = bots
        self.size = len(bots)
        self.blocks = math.ceil(hands / self.size)
        self.hands = self.blocks * self.size
        self.seed = seed
        self.labels = labels(bots)

    def order(self, block: int) -> tuple[int, ...]:
        """The entries round the table (from seat 0) in the first hand of ``block``.

        Entry 0 comes first; the others' order is one of the ``(n-1)!`` cyclic
        orders. Up to :data:`MAX_CYCLE` of them, each run of ``(n-1)!`` blocks (a
        *cycle*) plays each once, in a seeded random order; beyond, each block
        draws one at random.
        """
        rest = self.size - 1
        cycle = math.factorial(rest)
        if cycle > MAX_CYCLE:
            others = list(range(1, self.size))
            random.Random(_derive(self.seed, "order", block)).shuffle(others)
            return (0, *others)
        turn, position = divmod(block, cycle)
        return (0, *_unrank(_cycle(self.seed, cycle, turn)[position], rest))

    def seating(self, index: int) -> tuple[int, ...]:
        """The entry at each seat in hand ``index``."""
        block, rotation = divmod(index, self.size)
        order = self.order(block)
        return tuple(order[(seat + rotation) % self.size] for seat in range(self.size))

    def deck_seed(self, index: int) -> int:
        """The shuffles' seed of hand ``index``: the same for every hand of a block."""
        return _derive(self.seed, "deck", index // self.size)

    def bot_seed(self, index: int, entry: int) -> int:
        """The seed of the bot that ``entry`` plays with in hand ``index``."""
        return _derive(self.seed, "bot", index, entry)

    def chunks(
        self, hands_per_chunk: int, start: int = 0, stop: int | None = None
    ) -> list[tuple[int, int]]:
        """``(start, stop)`` ranges of whole blocks, about ``hands_per_chunk`` hands
        each, covering the hands from ``start`` (a block's first hand) to ``stop``
        (by default the match's end)."""
        end = self.hands if stop is None else stop
        per = max(1, math.ceil(hands_per_chunk / self.size)) * self.size
        return [(first, min(first + per, end)) for first in range(start, end, per)]


def chunk_size(hands: int, block: int, workers: int) -> int:
    """Hands per chunk: about 20 chunks per worker, so that the last chunks leave
    little imbalance and the progress bar moves; at most 1000 hands, so results
    arrive steadily; whole blocks.

    >>> chunk_size(20_000, 4, 2), chunk_size(10, 4, 8), chunk_size(10**6, 3, 2)
    (500, 4, 1002)
    """
    target = min(1000, math.ceil(hands / (20 * workers)))
    return max(1, math.ceil(target / block)) * block
