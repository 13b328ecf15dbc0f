"""What ``palace-poker arena`` prints and writes as its results.

A match: the progress bar on stderr (with ``rich``, on a terminal, unless
``--quiet``), the result table (a row per bot, then its entries' rows when it
holds more than one seat; drawn with ``rich`` when it is installed, aligned plain
text otherwise) with its footer, and with three bots or more each bot against the
next one named (:func:`difference_lines`); its JSON summary is
:meth:`~palace_poker.arena.runner.ArenaResult.summary`. A ladder: its JSON summary
(``palace-ladder/1``, :func:`ladder_summary`) and its two tables
(:func:`ladder_lines`). Running is not done here: the functions take results.
"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import sys
from collections.abc import Callable, Iterator
from typing import Any

from palace_poker.arena.ladder import Ladder
from palace_poker.arena.runner import ArenaResult
from palace_poker.arena.stats import time_percentile
from palace_poker.terminal.house_rules import game_name, variant_line


def _signed(value: float) -> str:
    return f"{value:+.2f}"


def _row(name: str, stats: dict[str, Any], thinking: dict[str, float | None]) -> list[str]:
    ci = stats["ci95"]
    won = stats["battles_won_share"]
    return [
        name,
        str(stats["players"]),
        _signed(stats["chips_per_hand"]),
        "n/a" if ci is None else f"[{_signed(ci[0])}, {_signed(ci[1])}]",
        f"{100 * stats['hands_won_share']:.1f}%",
        f"{stats['battles_fought']:,}",
        "-" if won is None else f"{100 * won:.1f}%",
        *(_ms(thinking.get(key)) for key in ("p50", "p99")),
    ]


def _ms(value: float | None) -> str:
    return "" if value is None else f"{value:.3g}"


def rows(summary: dict[str, Any]) -> list[list[str]]:
    """The result table's cells: a row per bot, then its entries' rows when it
    holds more than one seat (the decision times are the bot's, over its seats)."""
    out = []
    thinking = summary["run"].get("decision_ms", {})
    for bot, stats in summary["bots"].items():
        out.append(_row(bot, stats, thinking.get(bot, {})))
        if stats["players"] > 1:
            for label, entry in summary["entries"].items():
                if label.rpartition("#")[0] == bot:
                    out.append(_row(f"  {label}", entry, {}))
    return out


def difference_lines(summary: dict[str, Any]) -> list[str]:
    """With three bots or more: each bot against the next one named, paired by block
    (all the pairs are in the summary's ``differences``). With two, the table says
    it already: what one wins the other loses."""
    if len(summary["bots"]) < 3:
        return []
    nexts = set(itertools.pairwise(summary["bots"]))
    table = [["pair", "chips/hand (first - second)", "95% interval"]]
    for pair in summary["differences"]:
        a, b = pair["bots"]
        if (a, b) in nexts:
            ci = pair["ci95"]
            interval = "n/a" if ci is None else f"[{_signed(ci[0])}, {_signed(ci[1])}]"
            table.append([f"{a} - {b}", _signed(pair["chips_per_hand"]), interval])
    return [
        "",
        "Each bot against the next, at this table (paired by block):",
        *(f"  {line}" for line in _aligned(table)),
    ]


HEADERS = [
    "bot",
    "seats",
    "chips/hand",
    "95% interval",
    "hands won",
    "battles",
    "won",
    "ms p50",
    "ms p99",
]


class Output:
    """The progress bar (on stderr) and the table: with rich when it is installed."""

    def __init__(self, *, quiet: bool) -> None:
        self.quiet = quiet
        self.rich = importlib.util.find_spec("rich") is not None

    def line(self, text: str) -> None:
        print(text, flush=True)

    @contextlib.contextmanager
    def progress(self, total: int) -> Iterator[Callable[[int], None] | None]:
        if self.quiet or not self.rich or not sys.stderr.isatty():
            yield None
            return
        from rich.console import Console  # noqa: PLC0415
        from rich.progress import (  # noqa: PLC0415
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        bar = Progress(
            TextColumn("hands"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("eta"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        task = bar.add_task("hands", total=total)
        with bar:
            yield lambda done: bar.advance(task, done)

    def table(self, result: ArenaResult, summary: dict[str, Any]) -> None:
        cells = rows(summary)
        run = summary["run"]
        ends = ", ".join(
            f"{end} {100 * count / result.hands:.1f}%" for end, count in summary["ends"].items()
        )
        footer = (
            f"Chips per hand are per player; 95% intervals over {result.plan.blocks} block "
            f"means.\nms: wall time per decision (median, 99th percentile).\n"
            f"Hands ended: {ends}.\n{result.hands - result.resumed} hands in "
            f"{run['seconds']:.1f} s ({run['hands_per_second'] or 0:,.0f} hands/s)"
            + (f"; {result.resumed} read back from the journal." if result.resumed else ".")
        )
        if variant_line(result.config.rules):  # the game these figures are of
            footer += "\n" + variant_line(result.config.rules)
        if self.rich:
            from rich import box  # noqa: PLC0415
            from rich.console import Console  # noqa: PLC0415
            from rich.table import Table  # noqa: PLC0415

            table = Table(
                title="Arena results",
                title_justify="left",
                box=box.SIMPLE_HEAD,
                padding=(0, 1),
                pad_edge=False,
                collapse_padding=True,
            )
            for index, header in enumerate(HEADERS):
                table.add_column(header, justify="left" if index == 0 else "right", no_wrap=True)
            for row in cells:
                table.add_row(*row)
            # In a file or a pipe: wide enough for the table, never wrapped.
            console = Console(file=sys.stdout, width=None if sys.stdout.isatty() else 120)
            console.print(table)
            console.print(footer, highlight=False)
            return
        widths = [max(len(r[i]) for r in [HEADERS, *cells]) for i in range(len(HEADERS))]
        for row in [HEADERS, *cells]:
            print(
                "  ".join(
                    c.rjust(w) if i else c.ljust(w)
                    for i, (c, w) in enumerate(zip(row, widths, strict=True))
                )
            )
        print(footer)


def ladder_summary(ladder: Ladder) -> dict[str, Any]:
    """The ladder as JSON (format ``palace-ladder/1``): each match and each rating."""
    matches = []
    thinking: dict[str, dict[int, int]] = {}
    for (a, b), result in ladder.matches.items():
        margin = result.interval(result.bots()[a])
        matches.append(
            {
                "bots": [a, b],
                "chips_per_hand": round(margin.mean, 4),
                "ci95": None
                if margin.half_width is None
                else [round(margin.low or 0, 4), round(margin.high or 0, 4)],
                "hands": result.hands,
                "seconds": round(result.seconds, 3),
                "decision_ms": {bot: result.decision_ms(e) for bot, e in result.bots().items()},
            }
        )
        for bot, entries in result.bots().items():
            merged = thinking.setdefault(bot, {})
            for entry in entries:
                for index, count in result.thinking[entry].items():
                    merged[index] = merged.get(index, 0) + count
    first = next(iter(ladder.matches.values()))
    ratings = {}
    for bot, rating in sorted(ladder.ratings.items(), key=lambda kv: -kv[1].rating):
        p50, p99 = (time_percentile(thinking.get(bot, {}), share) for share in (0.5, 0.99))
        ratings[bot] = {
            "rating": round(rating.rating, 4),
            "ci95": None
            if rating.half_width is None
            else [
                round(rating.rating - rating.half_width, 4),
                round(rating.rating + rating.half_width, 4),
            ],
            "decision_ms": {
                "p50": None if p50 is None else round(p50 * 1000, 3),
                "p99": None if p99 is None else round(p99 * 1000, 3),
            },
        }
    return {
        "format": "palace-ladder/1",
        "bots": list(ladder.bots),
        "anchor": ladder.bots[0],
        "seed": first.config.seed,
        "rules": first.config.rules.to_dict(),
        "variant": game_name(first.config.rules),
        "stack": first.config.stack,
        "hands_per_match": first.hands,
        "matches": matches,
        "ratings": ratings,
    }


def ladder_lines(summary: dict[str, Any]) -> list[str]:
    """The ladder's two tables as text: the matches, then the ratings."""

    def interval(ci: list[float] | None) -> str:
        return "(anchor)" if ci is None else f"[{_signed(ci[0])}, {_signed(ci[1])}]"

    match_rows = [["match", "chips/hand (first)", "95% interval"]] + [
        [f"{m['bots'][0]} - {m['bots'][1]}", _signed(m["chips_per_hand"]), interval(m["ci95"])]
        for m in summary["matches"]
    ]
    rating_rows = [["bot", "rating", "95% interval", "ms p50", "ms p99"]] + [
        [
            bot,
            _signed(r["rating"]),
            interval(r["ci95"]),
            _ms(r["decision_ms"]["p50"]),
            _ms(r["decision_ms"]["p99"]),
        ]
        for bot, r in summary["ratings"].items()
    ]
    out = [*_aligned(match_rows), ""]
    out += [*_aligned(rating_rows)]
    out.append(
        f"Ratings: chips per hand per player against {summary['anchor']} (0), fitted to every "
        "match;\nintervals 95%. ms: wall time per decision (median, 99th percentile)."
    )
    return out


def _aligned(table: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    return [
        "  ".join(
            c.rjust(w) if i else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in table
    ]
