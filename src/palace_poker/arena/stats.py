"""Statistics of an arena: block means, Student's t intervals, per-bot summaries.

Hands of one block share their cards, so they are correlated; blocks are
independent (their seeds are). A bot's chips won per hand is therefore estimated
from its *block means* (chips won per hand per player of that bot, over one
block): the estimate is their mean, and the 95% confidence interval is
``mean ± t(0.975, B-1) · sd / √B`` over the ``B`` block means.

>>> ci = mean_interval([1.0, 2.0, 3.0, 4.0])
>>> ci.mean, round(ci.half_width, 4)
(2.5, 2.0543)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

#: Above this many degrees of freedom the t quantile uses its asymptotic series.
_SERIES_DF = 200


def t_cdf_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom (t >= 0).

    The finite series of Abramowitz & Stegun 26.7.3-4, exact for integer ``df``.

    >>> round(t_cdf_two_sided(12.7062047, 1), 6), round(t_cdf_two_sided(2.2281389, 10), 6)
    (0.95, 0.95)
    """
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2 == 0:
        term = total = 1.0
        for k in range(2, df, 2):  # 1, c2/2, 1·3·c2²/(2·4), ...
            term *= c2 * (k - 1) / k
            total += term
        return math.sin(theta) * total
    if df == 1:
        return 2 * theta / math.pi
    term = total = 1.0
    for k in range(3, df, 2):  # 1, 2/3 c2, 2·4/(3·5) c2², ...
        term *= c2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * total)


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (p > 0.5) of Student's t with ``df`` degrees of freedom.

    >>> [round(t_quantile(0.975, df), 3) for df in (1, 2, 3, 10, 30, 1000)]
    [12.706, 4.303, 3.182, 2.228, 2.042, 1.962]
    """
    if df < 1:
        raise ValueError(f"df must be >= 1, got {df}")
    if df > _SERIES_DF:
        # Cornish-Fisher expansion about the normal quantile (A&S 26.7.5).
        x = statistics.NormalDist().inv_cdf(p)
        g1 = (x**3 + x) / 4
        g2 = (5 * x**5 + 16 * x**3 + 3 * x) / 96
        g3 = (3 * x**7 + 19 * x**5 + 17 * x**3 - 15 * x) / 384
        return x + g1 / df + g2 / df**2 + g3 / df**3
    target = 2 * p - 1
    low, high = 0.0, 1.0
    while t_cdf_two_sided(high, df) < target:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        if t_cdf_two_sided(mid, df) < target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with its confidence interval; ``half_width`` is None for one value."""

    mean: float
    half_width: float | None
    count: int

    @property
    def low(self) -> float | None:
        return None if self.half_width is None else self.mean - self.half_width

    @property
    def high(self) -> float | None:
        return None if self.half_width is None else self.mean + self.half_width


def mean_interval(values: Sequence[float], level: float = 0.95) -> Interval:
    """Mean of independent ``values`` and its Student's t interval at ``level``."""
    count = len(values)
    if count == 0:
        raise ValueError("no values")
    mean = math.fsum(values) / count
    if count < 2:
        return Interval(mean, None, count)
    sd = statistics.stdev(values, mean)
    return Interval(mean, t_quantile(0.5 + level / 2, count - 1) * sd / math.sqrt(count), count)


def bot_block_means(
    block_nets: Sequence[Sequence[int]], entries: Sequence[int], block_size: int
) -> list[float]:
    """A bot's chips won per hand per player in each block; ``entries`` are its
    entries (the seats of ``--seats`` it fills), ``block_nets`` each block's nets
    by entry."""
    per = block_size * len(entries)
    return [sum(nets[e] for e in entries) / per for nets in block_nets]


#: Bins of decision times per decade (a bin is 12% wide: 10 ** (1/20) = 1.122).
BINS_PER_DECADE = 20


def time_bin(seconds: float) -> int:
    """The histogram bin of a decision that took ``seconds`` (bin 0: up to 1 µs).

    Decision times are kept as counts per bin, so that a worker sends a few numbers
    per bot however many decisions it timed; a percentile read from the bins is
    within 6% of the exact one.

    >>> time_bin(0.001), time_bin(0.0011), time_bin(1.0), time_bin(0.0)
    (60, 60, 120, 0)
    """
    micro = seconds * 1e6
    return 0 if micro <= 1 else int(BINS_PER_DECADE * math.log10(micro))


def bin_seconds(index: int) -> float:
    """The middle of a bin in seconds (its geometric middle).

    >>> round(bin_seconds(60) * 1000, 3)
    1.059
    """
    return 10 ** ((index + 0.5) / BINS_PER_DECADE) / 1e6


def time_percentile(histogram: dict[int, int], share: float) -> float | None:
    """The ``share`` quantile (0.5: the median) of the timed decisions, in seconds.

    >>> round(time_percentile({60: 98, 80: 2}, 0.5) * 1000, 2)
    1.06
    >>> round(time_percentile({60: 98, 80: 2}, 0.99) * 1000, 2)
    10.59
    >>> time_percentile({}, 0.5) is None
    True
    """
    total = sum(histogram.values())
    if total == 0:
        return None
    rank = share * total
    seen = 0
    for index in sorted(histogram):
        seen += histogram[index]
        if seen >= rank:
            return bin_seconds(index)
    return bin_seconds(max(histogram))  # pragma: no cover - the loop always returns
