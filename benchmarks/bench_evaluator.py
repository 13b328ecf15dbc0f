"""The evaluator benchmark: our evaluator beside eval7, phevaluator, treys and PokerKit.

Every library gets the same random hands, converted beforehand to its own card type
(the conversion is not timed), and is called the way its users call it, once per hand
from a Python loop; rates are the best of a few repeats. The batch row times
:func:`palace_poker.evaluator.evaluate_batch` on a NumPy array beside eval7's own
compiled Monte Carlo loop (see :func:`eval7_monte_carlo_rate`).

:func:`check_agreement` is the correctness half: on the same hands, every library
must rank the hands in the same order as ours (ties included), and our three entry
points (compiled, pure Python, batch) must give identical values.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import eval7
import numpy as np
import phevaluator
import pokerkit
import treys

from palace_poker import evaluator
from palace_poker.cards import Card
from palace_poker.evaluator import NO_CARD, NO_SUIT, evaluate, evaluate_batch

Hand = list[int]
_RANKS, _SUITS = "23456789TJQKA", "cdhs"


def card_text(card: int) -> str:
    return _RANKS[card >> 2] + _SUITS[card & 3]


@dataclass(frozen=True)
class Hands:
    """Random hands of one size; ``excluded`` is a suit per hand, or all ``None``."""

    cards: list[Hand]
    excluded: list[int | None]

    @classmethod
    def deal(cls, seed: int, count: int, size: int, *, exclude: bool = False) -> Hands:
        rng = random.Random(seed)
        cards = [rng.sample(range(52), size) for _ in range(count)]
        excluded = [rng.randrange(4) if exclude else None for _ in range(count)]
        return cls(cards, excluded)

    def usable(self) -> list[Hand]:
        """Each hand without its excluded suit's cards: what the anchors are given."""
        return [
            [card for card in hand if card & 3 != suit]
            for hand, suit in zip(self.cards, self.excluded, strict=True)
        ]

    def array(self) -> tuple[np.ndarray, np.ndarray]:
        """The batch form: uint8 rows (NO_CARD padding) and a uint8 suit per row."""
        width = max((len(hand) for hand in self.cards), default=0)
        rows = np.full((len(self.cards), width), NO_CARD, dtype=np.uint8)
        for index, hand in enumerate(self.cards):
            rows[index, : len(hand)] = hand
        suits = np.array(
            [NO_SUIT if suit is None else suit for suit in self.excluded], dtype=np.uint8
        )
        return rows, suits


# --- Timing --------------------------------------------------------------------------------
def best_rate(loop: Callable[[], object], items: int, repeats: int) -> float:
    """Items per second of ``loop`` (which handles ``items`` items): best of ``repeats``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        loop()
        best = min(best, time.perf_counter() - start)
    return items / best


def _per_call(
    function: Callable[..., object], inputs: Sequence[tuple[Any, ...]]
) -> Callable[[], None]:
    def loop() -> None:
        for args in inputs:
            function(*args)

    return loop


# --- Each library, called as its users call it ----------------------------------------------
# Each ``*_calls`` gives the arguments of one call per hand, prepared before timing.
def ours_calls(hands: Hands) -> list[tuple[Any, ...]]:
    return [
        ([Card(card) for card in hand], suit)
        for hand, suit in zip(hands.cards, hands.excluded, strict=True)
    ]


_EVAL7_DECK = [eval7.Card(card_text(card)) for card in range(52)]
_TREYS_DECK = [treys.Card.new(card_text(card)) for card in range(52)]
_POKERKIT_DECK = [next(iter(pokerkit.Card.parse(card_text(card)))) for card in range(52)]
_TREYS = treys.Evaluator()


def eval7_calls(cards: list[Hand]) -> list[tuple[Any, ...]]:
    return [([_EVAL7_DECK[card] for card in hand],) for hand in cards]


def phevaluator_calls(cards: list[Hand]) -> list[tuple[Any, ...]]:
    return [tuple(hand) for hand in cards]  # its card ids are ours: rank * 4 + suit


def treys_calls(cards: list[Hand]) -> list[tuple[Any, ...]]:
    converted = [[_TREYS_DECK[card] for card in hand] for hand in cards]
    return [(hand[:2], hand[2:]) for hand in converted]  # its API: board, hand


def pokerkit_calls(cards: list[Hand]) -> list[tuple[Any, ...]]:
    converted = [[_POKERKIT_DECK[card] for card in hand] for hand in cards]
    return [(hand[:2], hand[2:]) for hand in converted]  # hole cards, board


# The call of each library, and its value turned into "higher is better".
def eval7_value(cards: list[Any]) -> int:
    return int(eval7.evaluate(cards))


def phevaluator_value(*cards: int) -> int:
    return -int(phevaluator.evaluate_cards(*cards))


def treys_value(board: list[int], hand: list[int]) -> int:
    return -int(_TREYS.evaluate(board, hand))


def pokerkit_value(hole: list[Any], board: list[Any]) -> int:
    return int(pokerkit.StandardHighHand.from_game(hole, board).entry.index)


LIBRARIES: dict[
    str, tuple[Callable[[list[Hand]], list[tuple[Any, ...]]], Callable[..., object]]
] = {
    "eval7": (eval7_calls, eval7.evaluate),
    "phevaluator": (phevaluator_calls, phevaluator.evaluate_cards),
    "treys": (treys_calls, _TREYS.evaluate),
    "pokerkit": (pokerkit_calls, pokerkit.StandardHighHand.from_game),
}
VALUES: dict[str, Callable[..., int]] = {
    "eval7": eval7_value,
    "phevaluator": phevaluator_value,
    "treys": treys_value,
    "pokerkit": pokerkit_value,
}


def ours_rate(hands: Hands, repeats: int, *, pure: bool = False) -> float:
    function = evaluator._evaluate_python if pure else evaluate
    return best_rate(_per_call(function, ours_calls(hands)), len(hands.cards), repeats)


def library_rate(name: str, cards: list[Hand], repeats: int) -> float:
    """Calls per second of library ``name`` on these (already filtered) hands."""
    prepare, function = LIBRARIES[name]
    return best_rate(_per_call(function, prepare(cards)), len(cards), repeats)


def batch_rate(hands: Hands, repeats: int) -> float:
    rows, suits = hands.array()
    excluded = suits if any(suit is not None for suit in hands.excluded) else None
    return best_rate(lambda: evaluate_batch(rows, excluded), len(rows), repeats)


def eval7_monte_carlo_rate(iterations: int, repeats: int) -> float:
    """Hands per second inside eval7's compiled loop ``py_hand_vs_range_monte_carlo``.

    Hero As Kd against the full range of 1,326 two-card hands, empty board: each
    iteration picks the villain's hand, deals five board cards with eval7's own
    generator and evaluates two seven-card hands in C, so hands/s = 2 x iterations /
    seconds (the dealing is counted in eval7's time).
    """
    hero = [eval7.Card("As"), eval7.Card("Kd")]
    villain = eval7.HandRange(
        "22+,A2s+,K2s+,Q2s+,J2s+,T2s+,92s+,82s+,72s+,62s+,52s+,42s+,32s,"
        "A2o+,K2o+,Q2o+,J2o+,T2o+,92o+,82o+,72o+,62o+,52o+,42o+,32o"
    )
    assert len(villain) == 1326
    return best_rate(
        lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], iterations),
        2 * iterations,
        repeats,
    )


# --- Agreement -------------------------------------------------------------------------------
def assert_same_order(name: str, hands: list[Hand], ours: list[int], theirs: list[int]) -> None:
    """Equal values for the same hands, and higher for the same hands, as ours."""
    first: dict[int, int] = {}  # our value -> the first hand's index with it
    their_first: dict[int, int] = {}
    for index, (value, other) in enumerate(zip(ours, theirs, strict=True)):
        earlier = first.setdefault(value, index)
        if theirs[earlier] != other:
            _disagree(name, hands, earlier, index, "we tie them")
        earlier = their_first.setdefault(other, index)
        if ours[earlier] != value:
            _disagree(name, hands, earlier, index, f"{name} ties them")
    by_value = sorted(first)
    for lower, higher in pairwise(by_value):
        if theirs[first[lower]] >= theirs[first[higher]]:
            _disagree(name, hands, first[lower], first[higher], "we rank the second higher")


def _disagree(name: str, hands: list[Hand], a: int, b: int, why: str) -> None:
    shown = [" ".join(card_text(card) for card in hands[i]) for i in (a, b)]
    raise AssertionError(f"{name} disagrees on [{shown[0]}] vs [{shown[1]}]: {why}")


@dataclass
class Agreement:
    """How many hands each comparison covered."""

    checked: dict[str, int]


def check_agreement(hands: Hands, *, pokerkit_sample: int) -> Agreement:
    """Check every library's order against ours on ``hands`` (raises on a difference).

    Ours is checked for identical values across the compiled call, the pure Python
    call and the batch. The anchors see the usable cards (the excluded suit filtered
    out) of the hands that hold at least five, what they all need: eval7 any number
    of those (it documents 5 to 7 but ranks 8 and 9 right), phevaluator and treys
    those of 5 to 7 cards (their limit), PokerKit the first ``pokerkit_sample``.
    """
    compiled = [
        evaluate(hand, suit) for hand, suit in zip(hands.cards, hands.excluded, strict=True)
    ]
    pure = [
        evaluator._evaluate_python(hand, suit)
        for hand, suit in zip(hands.cards, hands.excluded, strict=True)
    ]
    rows, suits = hands.array()
    batch = evaluate_batch(rows, suits).tolist()
    if not compiled == pure == batch:
        raise AssertionError("our compiled, pure Python and batch values differ")
    checked = {"ours (compiled = pure = batch)": len(compiled)}
    usable = hands.usable()
    five_or_more = [i for i, hand in enumerate(usable) if len(hand) >= 5]
    picks = {
        "eval7": five_or_more,
        "phevaluator": [i for i in five_or_more if len(usable[i]) <= 7],
        "treys": [i for i in five_or_more if len(usable[i]) <= 7],
        "pokerkit": five_or_more[:pokerkit_sample],
    }
    for name, indexes in picks.items():
        cards = [usable[i] for i in indexes]
        prepare, _ = LIBRARIES[name]
        theirs = [VALUES[name](*args) for args in prepare(cards)]
        assert_same_order(name, cards, [compiled[i] for i in indexes], theirs)
        checked[name] = len(indexes)
    return Agreement(checked)
