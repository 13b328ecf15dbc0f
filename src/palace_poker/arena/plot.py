"""The PNG plot of cumulative winnings, with 95% confidence bands (matplotlib).

For each bot, the line is the chips won so far by one player of that bot (its
entries averaged) after each block (for each entry when every seat holds the same
bot, where the bot's own line is zero); the band around it is ±t·s·√k block totals
after k blocks, where s is the standard deviation of the bot's block totals over
the whole run. A band clear of zero at the end is the interval of the table clear
of zero. Drawn with matplotlib's object API on the Agg canvas: no pyplot, no
display, no global backend switch.
"""

from __future__ import annotations

import math
import statistics
from pathlib import Path

from palace_poker.arena.runner import ArenaResult
from palace_poker.arena.stats import bot_block_means, t_quantile
from palace_poker.errors import ConfigError

#: At most this many points per line (blocks are sampled evenly beyond it).
MAX_POINTS = 2000


def write_plot(result: ArenaResult, path: Path) -> None:
    """Write the plot of ``result`` to ``path`` as a PNG."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
        from matplotlib.figure import Figure  # noqa: PLC0415
    except ImportError as err:
        raise ConfigError(
            "backend_unavailable",
            "the plot needs matplotlib: install the extra palace-poker[plot]",
            details={"plot": str(path)},
        ) from err
    plan = result.plan
    figure = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    blocks = len(result.block_nets)
    step = max(1, math.ceil(blocks / MAX_POINTS))
    ks = sorted({0, *range(step, blocks + 1, step), blocks})
    xs = [k * plan.size for k in ks]
    t = t_quantile(0.975, blocks - 1) if blocks > 1 else 0.0
    lines = result.bots()
    if len(lines) == 1:  # a mirror match: one line per entry
        lines = {label: [entry] for entry, label in enumerate(plan.labels)}
    for bot, entries in lines.items():
        totals = [m * plan.size for m in bot_block_means(result.block_nets, entries, plan.size)]
        running: list[float] = [0.0]
        acc = 0.0
        for value in totals:
            acc += value
            running.append(acc)
        ys = [running[k] for k in ks]
        label = bot if len(entries) == 1 else f"{bot} ({len(entries)} seats, per player)"
        (line,) = axes.plot(xs, ys, label=label, linewidth=1.4)
        if blocks > 1:
            spread = t * statistics.stdev(totals)
            widths = [spread * math.sqrt(k) for k in ks]
            axes.fill_between(
                xs,
                [y - w for y, w in zip(ys, widths, strict=True)],
                [y + w for y, w in zip(ys, widths, strict=True)],
                color=line.get_color(),
                alpha=0.18,
                linewidth=0,
            )
    axes.axhline(0, color="black", linewidth=0.8)
    rules = result.config.rules
    axes.set_title(
        f"Palace Poker arena: {plan.hands} hands, {rules.betting}, "
        f"SB {rules.small_bet}, stacks {result.config.stack}, seed {result.config.seed}",
        fontsize=10,
    )
    axes.set_xlabel("hands played")
    axes.set_ylabel("chips won (95% bands)")
    axes.grid(alpha=0.3)
    axes.legend(loc="best", fontsize=9)
    figure.tight_layout()
    figure.savefig(path, format="png")
