"""A ladder: every pair of bots in a seat-rotated match, and one rating for each.

Each pair ``a, b`` plays the arena's match ``a, b, a, b`` (two seats each, the
four rotated round the table over hands dealt from the same cards, fresh stacks
every hand), every pair from the same seed, so every pair meets the same deals.
A match is zero-sum between its two bots: ``a`` wins ``m`` chips per hand per
player, with a 95% interval over block means, and ``b`` wins ``-m``.

The ratings are a paired-comparison model on that chip scale (the least-squares
model of Thurstone and Mosteller, the linear relative of Bradley-Terry): bot ``i``
has a rating ``r_i``, the first bot's is 0, and each match is read as one noisy
measurement ``m_ab = r_a - r_b``, weighted by the inverse of its variance. The
ratings solve the weighted normal equations; their 95% intervals come from the
same matches (the inverse of the normal matrix is the ratings' covariance). With
only two bots the rating is the match itself.

>>> ratings = fit_ratings(["a", "b", "c"], {("a", "b"): (-5.0, 1.0), ("a", "c"): (-9.0, 1.0),
...                                         ("b", "c"): (-4.0, 1.0)})
>>> [(name, round(r.rating, 2)) for name, r in ratings.items()]
[('a', 0.0), ('b', 5.0), ('c', 9.0)]
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from palace_poker.arena.plan import ArenaConfig
from palace_poker.arena.runner import ArenaResult, run_arena
from palace_poker.arena.stats import t_quantile

#: A match's estimate and its standard error: chips per hand per player of the
#: first bot against the second.
Margin = tuple[float, float]


@dataclass(frozen=True)
class Rating:
    """A bot's rating (chips per hand per player against the first bot of the
    ladder) and its 95% interval (None for the anchor, which is 0 by definition)."""

    rating: float
    half_width: float | None


@dataclass(frozen=True)
class Ladder:
    """Every pair's match, and the ratings fitted to them."""

    bots: tuple[str, ...]
    matches: dict[tuple[str, str], ArenaResult]
    ratings: dict[str, Rating]

    def margin(self, pair: tuple[str, str]) -> Margin:
        return _margin(self.matches[pair], pair[0])


def run_ladder(
    config: ArenaConfig,
    *,
    run: Callable[[ArenaConfig], ArenaResult] = run_arena,
) -> Ladder:
    """Play every pair of ``config.bots`` (each pair's match ``a, b, a, b`` with
    the rest of ``config``) and fit the ratings; ``run`` plays one match."""
    bots = tuple(dict.fromkeys(config.bots))
    matches = {
        (a, b): run(dataclasses.replace(config, bots=(a, b, a, b)))
        for a, b in combinations(bots, 2)
    }
    margins = {pair: _margin(result, pair[0]) for pair, result in matches.items()}
    return Ladder(bots, matches, fit_ratings(bots, margins))


def _margin(result: ArenaResult, bot: str) -> Margin:
    """The first bot's chips per hand per player and its standard error (the
    interval's half-width over its t quantile)."""
    interval = result.interval(result.bots()[bot])
    if interval.half_width is None:
        return interval.mean, math.inf
    return interval.mean, interval.half_width / t_quantile(0.975, interval.count - 1)


def fit_ratings(bots: Sequence[str], margins: dict[tuple[str, str], Margin]) -> dict[str, Rating]:
    """The weighted least-squares ratings of ``bots`` (the first fixed at 0) from
    each pair's margin and standard error (see the module's text)."""
    free = list(bots[1:])
    index = {bot: i for i, bot in enumerate(free)}
    size = len(free)
    normal = [[0.0] * size for _ in range(size)]
    right = [0.0] * size
    for (a, b), (margin, error) in margins.items():
        weight = 0.0 if not math.isfinite(error) or error <= 0 else 1 / error**2
        row = [0.0] * size  # the measurement's coefficients: +1 for a, -1 for b
        if a in index:
            row[index[a]] += 1.0
        if b in index:
            row[index[b]] -= 1.0
        for i in range(size):
            right[i] += weight * row[i] * margin
            for j in range(size):
                normal[i][j] += weight * row[i] * row[j]
    covariance = _inverse(normal)
    quantile = 1.959964  # the normal's: a rating combines matches of many blocks each
    out = {bots[0]: Rating(0.0, None)}
    for bot, i in index.items():
        rating = sum(covariance[i][j] * right[j] for j in range(size))
        out[bot] = Rating(rating, quantile * math.sqrt(max(covariance[i][i], 0.0)))
    return out


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive definite matrix (Gauss-Jordan with pivoting).

    >>> _inverse([[2.0, 0.0], [0.0, 4.0]])
    [[0.5, 0.0], [0.0, 0.25]]
    """
    size = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        if abs(work[pivot][column]) < 1e-300:
            raise ValueError("the matches do not connect every bot to the first")
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [value / lead for value in work[column]]
        for r in range(size):
            if r != column and work[r][column] != 0.0:
                factor = work[r][column]
                work[r] = [v - factor * p for v, p in zip(work[r], work[column], strict=True)]
    return [row[size:] for row in work]
