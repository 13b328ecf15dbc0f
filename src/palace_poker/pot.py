"""Awarding the one pot, with the usual side pots for all-in players (R-POT-1..3).

The pot is cut into *layers* at the total contributions of the players who are
all-in and still in the hand when it ends; the top layer runs to the largest
contribution. A layer goes to the eligible players still in the hand (those not
all-in, and those all-in whose contribution reaches the layer's top), as the way
the hand ended says; a layer nobody is eligible for goes back to whoever put
chips in it. Odd chips of a shared layer go one at a time clockwise from the
dealer's left.

>>> award([30, 30, 30], [True, True, False], [False, False, False], lambda e: e, dealer=0)
[45, 45, 0]
>>> # Seat 0 is all-in for 10 and wins alone: it takes 10 from each; the rest goes back.
>>> award([10, 50, 40], [True, False, False], [True, False, False], lambda e: e, dealer=2)
[30, 40, 30]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: Chooses the winners of a layer among its eligible seats (a non-empty list).
Chooser = Callable[[list[int]], list[int]]


def award(
    contributions: Sequence[int],
    in_hand: Sequence[bool],
    all_in: Sequence[bool],
    choose: Chooser,
    *,
    dealer: int,
) -> list[int]:
    """What each seat receives from the pot (R-POT-2, R-POT-3).

    ``contributions`` are each seat's net chips in the pot; ``all_in`` marks the
    seats with no chips behind, judged once before anything is paid.
    """
    n = len(contributions)
    payouts = [0] * n
    caps = sorted({contributions[s] for s in range(n) if in_hand[s] and all_in[s]})
    top = max(contributions, default=0)
    bounds = [c for c in caps if c < top] + [top]
    order = [(dealer + 1 + i) % n for i in range(n)]
    low = 0
    for high in bounds:
        parts = [max(0, min(c, high) - low) for c in contributions]
        total = sum(parts)
        if total:
            eligible = [
                s for s in range(n) if in_hand[s] and (not all_in[s] or contributions[s] >= high)
            ]
            if eligible:
                _share(total, choose(eligible), order, payouts)
            else:
                for s in range(n):
                    payouts[s] += parts[s]
        low = high
    return payouts


def _share(total: int, winners: list[int], order: list[int], payouts: list[int]) -> None:
    """Split ``total`` equally; odd chips one each in clockwise order (R-POT-3)."""
    base, odd = divmod(total, len(winners))
    winning = set(winners)
    for seat in order:
        if seat in winning:
            payouts[seat] += base + (1 if odd > 0 else 0)
            odd -= 1
