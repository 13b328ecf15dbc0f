"""``palace-poker arena``: bots play seat-rotated hands; a table of results per bot.

Bad input (an unknown bot, a number out of range, an output file that cannot be
written or exists already, an unreachable scheduler) is refused before any hand is
played, as one line with its error code; the command exits 2. Ctrl-C stops the
workers and exits 130, even when the program was started with SIGINT ignored.

This module parses and checks the options (:func:`config_from_args`) and wires the
parts together: the output files are checked and made by
:mod:`~palace_poker.arena.files`, the hands are run by
:func:`~palace_poker.arena.runner.run_arena` (a ladder's matches by
:func:`~palace_poker.arena.ladder.run_ladder`), and what is printed and written as
results comes from :mod:`~palace_poker.arena.report`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import secrets
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from palace_poker.arena.backends import BACKENDS, Backend
from palace_poker.arena.files import (
    OUT_FILES,
    check_outputs,
    journal_config,
    outputs_made,
    paths_of,
    records_file,
)
from palace_poker.arena.journal import Journal
from palace_poker.arena.ladder import run_ladder
from palace_poker.arena.plan import ArenaConfig, default_stack
from palace_poker.arena.report import Output, difference_lines, ladder_lines, ladder_summary
from palace_poker.arena.runner import ArenaResult, run_arena
from palace_poker.bots import make_bot, offered
from palace_poker.config import Rules
from palace_poker.errors import ConfigError
from palace_poker.outputs import Mode, add_flags, check_output, staged, write_text
from palace_poker.terminal.house_rules import add_options, chosen, game_name, variant_line

DEFAULT_HANDS = 1000
#: The seats of a ladder's match (a, b, a, b: :mod:`~palace_poker.arena.ladder`).
LADDER_SEATS = 4


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
    add_options(parser)
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
    # Rules.of refuses a --betting other than limit or no-limit (invalid_rules); the
    # --variant and --house are one variant, refused whole (invalid_variant).
    rules = chosen(args).rules(
        _integer(args.small_bet, "small-bet", 1, "invalid_rules"), betting=args.betting
    )
    stack = (
        default_stack(rules)
        if args.stack is None
        else _integer(args.stack, "stack", 1, "invalid_players")
    )
    seed = secrets.randbelow(2**31) if args.seed is None else _integer(args.seed, "seed", 0)
    config = ArenaConfig(bots, _integer(args.hands, "hands", 1), seed, rules, stack)
    # Before any hand: a variant's deck deals fewer players (V-CARD-1); a ladder's
    # matches seat each pair twice.
    rules.variant.check_playable(LADDER_SEATS if args.ladder is not None else len(bots))
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
    paths = paths_of(args)
    mode: Mode = "replace" if args.force else "new"
    make_out = check_outputs(args, paths, mode)
    kept = journal_config(args, paths, config)
    journal = None
    if kept is not None:
        config = dataclasses.replace(config, seed=kept.seed)
        journal = Journal.open(args.journal, kept)  # refused here if not this match's
    out = Output(quiet=args.quiet)
    plan = config.plan
    where = f"Dask cluster {args.scheduler}" if backend == "dask" else f"{workers} local worker"
    if backend == "local" and workers > 1:
        where += "s"
    rules = config.rules
    out.line(
        f"Arena: {', '.join(config.bots)}; {plan.hands} hands ({plan.blocks} blocks of "
        f"{plan.size}), {rules.betting}, SB {rules.small_bet}/BB {rules.big_bet}, ante "
        f"{rules.ante}, stacks {config.stack}, seed {config.seed}, {where}"
        f"{_variant_note(rules)}."
    )

    option = {key: f"--{key}" if getattr(args, key) is not None else "--out" for key in OUT_FILES}
    try:
        with (
            outputs_made(args.out, make_out),
            records_file(paths["records"], mode, option["records"]) as records,
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


def _variant_note(rules: Rules) -> str:
    """``, variant NAME`` when the game is not the standard one."""
    name = game_name(rules)
    return "" if name == "standard" else f", variant {name}"


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
        f"seed {config.seed}{_variant_note(rules)}.",
        flush=True,
    )
    if variant_line(rules):
        print(variant_line(rules), flush=True)

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
