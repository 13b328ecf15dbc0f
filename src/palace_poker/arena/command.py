"""``palace-poker arena``: bots play seat-rotated hands; a table of results per bot.

Bad input (an unknown bot, a number out of range, an output file that cannot be
written or exists already, an unreachable scheduler) is refused before any hand is
played, as one line with its error code; the command exits 2. Ctrl-C stops the
workers and exits 130, even when the program was started with SIGINT ignored.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib.util
import itertools
import json
import os
import secrets
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

from palace_poker.arena.backends import BACKENDS, Backend
from palace_poker.arena.journal import Journal, read_seed
from palace_poker.arena.ladder import Ladder, run_ladder
from palace_poker.arena.plan import ArenaConfig, default_stack
from palace_poker.arena.runner import ArenaResult, run_arena
from palace_poker.arena.stats import time_percentile
from palace_poker.bots import make_bot, offered
from palace_poker.config import Rules
from palace_poker.errors import ConfigError
from palace_poker.outputs import Mode, OutputError, add_flags, check_output, staged, write_text

DEFAULT_HANDS = 1000
#: File names inside ``--out DIR``.
OUT_FILES = {"summary": "summary.json", "records": "hands.jsonl", "plot": "winnings.png"}


def add_parser(subparsers: Any) -> None:
    """Add the ``arena`` subcommand to ``palace-poker``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "arena",
        help="pit bots against each other over many seat-rotated hands",
        description=(
            "Bots play independent hands with fixed equal stacks, rotated round the table "
            "in blocks dealt from the same cards; reports chips won per hand with a 95% "
            "confidence interval, hands won and battles per bot. See docs/arena.md."
        ),
    )
    add = parser.add_argument
    bots = ", ".join(offered())
    add("--seats", metavar="BOTS", help=f"one bot per seat, 2 to 10: {bots}")
    add(
        "--ladder",
        metavar="BOTS",
        help="instead of --seats: play every pair of these bots (a,b,a,b) and rate them",
    )
    add(
        "--hands",
        default=str(DEFAULT_HANDS),
        metavar="N",
        help="hands (default 1000), rounded up to whole blocks",
    )
    add("--seed", metavar="N", help="seed of every deck and bot (default: a random one)")
    add("--workers", metavar="N", help="local worker processes (default: one per CPU)")
    add("--betting", default="limit", metavar="limit|no-limit", help="(default limit)")
    add("--small-bet", default="10", metavar="N", help="small bet SB (default 10; BB = 2 SB)")
    add("--stack", metavar="N", help="every player's chips at the start of every hand (100 BB)")
    add(
        "--out",
        type=Path,
        metavar="DIR",
        help="write summary.json, hands.jsonl, winnings.png in DIR (made if missing; "
        "its parent must exist)",
    )
    add("--summary", type=Path, metavar="FILE", help="write the JSON summary here")
    add("--records", type=Path, metavar="FILE", help="write every hand as palace-hand/1 JSONL")
    add(
        "--journal",
        type=Path,
        metavar="FILE",
        help="keep every finished chunk in FILE; run the same command again to go on "
        "where an interrupted match stopped (made if missing)",
    )
    add("--plot", type=Path, metavar="FILE", help="write a PNG of cumulative winnings")
    add("--backend", default="local", metavar="local|dask", help="(default local)")
    add("--scheduler", metavar="ADDR", help="the Dask scheduler, tcp://HOST:PORT")
    add("--chunk", metavar="N", help="hands per task (default: about 20 tasks per worker)")
    add("--quiet", action="store_true", help="no progress bar")
    add_flags(parser, append=False, files="output files that exist already")
    parser.set_defaults(run=run)


def _integer(text: str, name: str, minimum: int, code: str = "invalid_arena") -> int:
    try:
        value = int(text.strip())
    except ValueError:
        value = None
    if value is None or value < minimum:
        raise ConfigError(
            code,
            f"--{name} must be an integer >= {minimum}, got {text!r}",
            details={"field": name, "input": text},
        )
    return value


def _workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def config_from_args(args: argparse.Namespace) -> tuple[ArenaConfig, Backend, int, int | None]:
    """The arena, backend, workers and chunk size the options ask for (checked)."""
    if (args.seats is None) == (args.ladder is None):
        both = "not both" if args.seats is not None else "one of the two is needed"
        raise ConfigError(
            "invalid_arena",
            f"name the bots with --seats (one per seat) or --ladder (every pair): {both}",
            details={"field": "seats"},
        )
    bots = tuple(name.strip() for name in (args.seats or args.ladder).split(","))
    if args.ladder is not None and len(set(bots)) < 2:
        raise ConfigError(
            "invalid_arena",
            f"--ladder needs at least two different bots, got {args.ladder!r}",
            details={"field": "ladder", "input": args.ladder},
        )
    for name in dict.fromkeys(bots):
        make_bot(name, 0)  # raises unknown_bot
    # Rules.of refuses a --betting other than limit or no-limit (invalid_rules).
    rules = Rules.of(
        _integer(args.small_bet, "small-bet", 1, "invalid_rules"), betting=args.betting
    )
    stack = (
        default_stack(rules)
        if args.stack is None
        else _integer(args.stack, "stack", 1, "invalid_players")
    )
    seed = secrets.randbelow(2**31) if args.seed is None else _integer(args.seed, "seed", 0)
    config = ArenaConfig(bots, _integer(args.hands, "hands", 1), seed, rules, stack)
    if args.backend not in BACKENDS:
        raise ConfigError(
            "invalid_arena",
            f"--backend must be local or dask, got {args.backend!r}",
            details={"field": "backend", "input": args.backend},
        )
    backend: Backend = args.backend
    if backend == "dask" and not args.scheduler:
        raise ConfigError(
            "invalid_arena", "--backend dask needs --scheduler tcp://HOST:PORT", details={}
        )
    if backend == "dask" and args.workers is not None:
        raise ConfigError(
            "invalid_arena",
            "--workers is for --backend local (a Dask cluster brings its own workers)",
            details={"field": "workers"},
        )
    if backend == "local" and args.scheduler:
        raise ConfigError(
            "invalid_arena", "--scheduler is for --backend dask", details={"field": "scheduler"}
        )
    workers = _workers() if args.workers is None else _integer(args.workers, "workers", 1)
    chunk = None if args.chunk is None else _integer(args.chunk, "chunk", 1)
    return config, backend, workers, chunk


def _paths(args: argparse.Namespace) -> dict[str, Path | None]:
    paths: dict[str, Path | None] = {
        key: getattr(args, key) or (args.out / name if args.out is not None else None)
        for key, name in OUT_FILES.items()
    }
    if paths["plot"] is not None and importlib.util.find_spec("matplotlib") is None:
        raise ConfigError(
            "backend_unavailable",
            "--plot needs matplotlib: install the extra palace-poker[plot]",
            details={"plot": str(paths["plot"])},
        )
    return paths


def _check_outputs(args: argparse.Namespace, paths: dict[str, Path | None], mode: Mode) -> bool:
    """Refuse, before any hand, an output that cannot be written or would replace a
    file without ``--force``; return whether the ``--out`` folder must be made.

    ``--out DIR`` makes DIR itself (never its parents) once everything is checked.
    """
    make_out = False
    out: Path | None = args.out
    if out is not None and any(p is not None and p.parent == out for p in paths.values()):
        if out.exists() and not out.is_dir():
            raise OutputError(
                "output_folder_missing",
                f"--out {out}: it is a file, not a folder",
                details={"path": str(out), "option": "--out"},
            )
        if not out.exists():
            check_output(out, "new", option="--out")  # its parent exists and takes it
            make_out = True
    for key, path in paths.items():
        if path is None:
            continue
        option = f"--{key}" if getattr(args, key) is not None else "--out"
        if not (make_out and path.parent == out):
            check_output(path, mode, option=option)
    _refuse_shared_files(paths)
    return make_out


def _refuse_shared_files(paths: dict[str, Path | None]) -> None:
    """Refuse two of the named files (by option, without its dashes) that are one
    file: the later would overwrite the earlier."""
    seen: dict[str, str] = {}
    for key, path in paths.items():
        if path is None:
            continue
        real = os.path.realpath(path)
        if real in seen:
            raise ConfigError(
                "invalid_arena",
                f"--{seen[real]} and --{key} name the same file {path}",
                details={"path": str(path)},
            )
        seen[real] = key


@contextlib.contextmanager
def _outputs_made(out: Path | None, make: bool) -> Iterator[None]:
    """Make the ``--out`` folder; remove it again if the run fails and it is empty."""
    if not make or out is None:
        yield
        return
    try:
        out.mkdir(exist_ok=True)
    except OSError as err:
        raise OutputError(
            "output_unwritable",
            f"--out {out}: cannot make the folder: {err.strerror}",
            details={"path": str(out), "option": "--out"},
        ) from err
    try:
        yield
    except BaseException:
        with contextlib.suppress(OSError):
            out.rmdir()  # only when empty: nothing of the run was written
        raise


@contextlib.contextmanager
def _records(path: Path | None, mode: Mode, option: str) -> Iterator[TextIO | None]:
    """The records file to stream the hands to: a temporary file that replaces
    ``path`` only when the whole run has been written."""
    if path is None:
        yield None
        return
    with staged(path, mode, option=option) as temporary:
        try:
            handle = temporary.open("w", encoding="utf-8")
        except OSError as err:
            raise OutputError(
                "output_unwritable",
                f"{option} {path}: cannot write: {err.strerror}",
                details={"path": str(path), "option": option},
            ) from err
        with handle:
            yield handle


def run(args: argparse.Namespace) -> int:
    """Run ``palace-poker arena``; returns the exit code. (Ctrl-C raises
    KeyboardInterrupt here even in a background job: ``cli.main`` sees to it.)"""
    config, backend, workers, chunk = config_from_args(args)
    if args.ladder is not None:
        if args.journal is not None:
            raise ConfigError(
                "invalid_arena",
                "--journal keeps one match: it does not go with --ladder",
                details={"field": "journal"},
            )
        return run_ladder_command(args, config, backend, workers, chunk)
    paths = _paths(args)
    mode: Mode = "replace" if args.force else "new"
    make_out = _check_outputs(args, paths, mode)
    kept = _journal(args, paths, config)
    journal = None
    if kept is not None:
        config = dataclasses.replace(config, seed=kept.seed)
        journal = Journal.open(args.journal, kept)  # refused here if not this match's
    out = _Output(quiet=args.quiet)
    plan = config.plan
    where = f"Dask cluster {args.scheduler}" if backend == "dask" else f"{workers} local worker"
    if backend == "local" and workers > 1:
        where += "s"
    rules = config.rules
    out.line(
        f"Arena: {', '.join(config.bots)}; {plan.hands} hands ({plan.blocks} blocks of "
        f"{plan.size}), {rules.betting}, SB {rules.small_bet}/BB {rules.big_bet}, ante "
        f"{rules.ante}, stacks {config.stack}, seed {config.seed}, {where}."
    )
    option = {key: f"--{key}" if getattr(args, key) is not None else "--out" for key in OUT_FILES}
    try:
        with (
            _outputs_made(args.out, make_out),
            _records(paths["records"], mode, option["records"]) as records,
            out.progress(plan.hands) as advance,
        ):
            result = run_arena(
                config,
                backend=backend,
                workers=workers,
                scheduler=args.scheduler,
                chunk_hands=chunk,
                records=records,
                progress=advance,
                journal=journal,
            )
    except KeyboardInterrupt:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C: no traceback
        print("interrupted", file=sys.stderr)
        return 130
    summary = result.summary()
    out.table(result, summary)
    for line in difference_lines(summary):
        out.line(line)
    if paths["summary"] is not None:
        text = json.dumps(summary, indent=2) + "\n"
        write_text(paths["summary"], text, mode, option=option["summary"])
        out.line(f"Summary: {paths['summary']}")
    if paths["records"] is not None:
        out.line(f"Hand records: {paths['records']} (check with palace-poker replay)")
    if paths["plot"] is not None:
        from palace_poker.arena.plot import write_plot  # noqa: PLC0415 (matplotlib is optional)

        with staged(paths["plot"], mode, option=option["plot"]) as temporary:
            write_plot(result, temporary)
        out.line(f"Plot: {paths['plot']}")
    return 0


def _journal(
    args: argparse.Namespace, paths: dict[str, Path | None], config: ArenaConfig
) -> ArenaConfig | None:
    """With ``--journal``: the configuration it is kept for, with the match's seed
    (the journal's own when ``--seed`` is not given, so that the same command goes
    on with the same match)."""
    path: Path | None = args.journal
    if path is None:
        return None
    _refuse_shared_files({"journal": path, **paths})
    if path.is_dir() or not path.exists():  # a journal to make (or a folder: refused)
        check_output(path, "new", option="--journal")
    seed = read_seed(path) if args.seed is None else None
    return dataclasses.replace(
        config, seed=config.seed if seed is None else seed, records=paths["records"] is not None
    )


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


class _Output:
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


def run_ladder_command(
    args: argparse.Namespace,
    config: ArenaConfig,
    backend: Backend,
    workers: int,
    chunk: int | None,
) -> int:
    """``palace-poker arena --ladder A,B,...``: every pair's match, then the ratings."""
    unused = [f"--{key}" for key in ("out", "records", "plot") if getattr(args, key) is not None]
    if unused:
        raise ConfigError(
            "invalid_arena",
            f"--ladder writes a --summary only, not {', '.join(unused)}",
            details={"field": "ladder"},
        )
    mode: Mode = "replace" if args.force else "new"
    if args.summary is not None:
        check_output(args.summary, mode, option="--summary")
    bots = tuple(dict.fromkeys(config.bots))
    rules, plan = config.rules, dataclasses.replace(config, bots=bots[:2] * 2).plan
    print(
        f"Ladder: {', '.join(bots)}; every pair as a,b,a,b over {plan.hands} hands "
        f"({plan.blocks} blocks of {plan.size}), {rules.betting}, stacks {config.stack}, "
        f"seed {config.seed}.",
        flush=True,
    )

    def match(one: ArenaConfig) -> ArenaResult:
        result = run_arena(
            one, backend=backend, workers=workers, scheduler=args.scheduler, chunk_hands=chunk
        )
        a, b = one.bots[:2]
        ci = result.interval(result.bots()[a])
        print(f"  {a} against {b}: {ci.mean:+.2f} chips/hand ({result.seconds:.0f} s)", flush=True)
        return result

    try:
        ladder = run_ladder(config, run=match)
    except KeyboardInterrupt:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("interrupted", file=sys.stderr)
        return 130
    summary = ladder_summary(ladder)
    for line in ladder_lines(summary):
        print(line)
    if args.summary is not None:
        write_text(args.summary, json.dumps(summary, indent=2) + "\n", mode, option="--summary")
        print(f"Summary: {args.summary}")
    return 0


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
