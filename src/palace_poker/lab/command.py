"""``palace-poker lab``: play a study over one or more variants and write its report.

A variant is named as ``NAME`` (a preset: standard, short-deck, quick, tiny, small),
``KEY=VALUE[,KEY=VALUE...]`` (house rules over the standard game, e.g.
``struck=rank``) or ``NAME+KEY=VALUE[,...]`` (house rules over a preset); each is
checked as a :class:`~palace_poker.variant.Variant` is, and refused with
``invalid_variant`` naming the parameter and the rule it changes.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from palace_poker.config import Rules
from palace_poker.errors import ConfigError
from palace_poker.lab.report import write_report
from palace_poker.lab.study import LabConfig, figures, run_study
from palace_poker.presets import preset
from palace_poker.terminal.extras import require
from palace_poker.variant import Variant

#: The variants of a study when none is named.
DEFAULT_VARIANTS = ("standard", "short-deck", "quick")


def add_parser(subparsers: Any) -> None:
    """Add the ``lab`` subcommand to ``palace-poker``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "lab",
        help="measure what each variant does: balance, length, skill, restricted play",
        description=(
            "Bots play each variant (self-play, a weak against a strong bot, and a bot "
            "forbidden to buy, raise or attack against itself); writes lab.md (tables and "
            "plots, side by side) and lab.json (every figure). See docs/lab.md."
        ),
    )
    add = parser.add_argument
    add(
        "--variant",
        action="append",
        metavar="SPEC",
        help="a preset (standard, short-deck, quick, tiny, small), KEY=VALUE,... house "
        "rules, or PRESET+KEY=VALUE,...; repeat for each (default: standard, short-deck, quick)",
    )
    add("--hands", default="400", metavar="N", help="hands of each experiment (default 400)")
    add("--players", default="4", metavar="N", help="seats of the self-play (default 4)")
    add("--seed", default="0", metavar="N", help="seed of every deck and bot (default 0)")
    add("--bot", default="medium", help="the self-play and restricted bot (default medium)")
    add("--weak", default="easy", help="the skill trace's weak bot (default easy)")
    add("--strong", default="hard", help="the skill trace's strong bot (default hard)")
    add("--small-bet", default="10", metavar="N", help="small bet SB (default 10)")
    add("--workers", metavar="N", help="local worker processes (default: one per CPU)")
    add("--scheduler", metavar="ADDR", help="play on the Dask cluster at tcp://HOST:PORT")
    add("--out", type=Path, default=Path("lab"), metavar="DIR", help="(default ./lab)")
    add("--no-plots", action="store_true", help="no PNG plots (no matplotlib needed)")
    parser.set_defaults(run=run)


def parse_variant(spec: str, small_bet: int) -> tuple[str, Rules]:
    """A variant spec (see the module's docstring) as its name and rules."""
    base, plus, house = spec.partition("+")
    if not plus and "=" in base:
        base, house = "standard", base
    named = preset(base)
    fields: dict[str, Any] = dict(named.variant.to_dict())
    for item in filter(None, house.split(",")):
        key, equals, value = item.partition("=")
        if not equals:
            raise ConfigError(
                "invalid_variant",
                f"house rule {item!r} must be KEY=VALUE",
                details={"input": item},
            )
        fields[key.strip()] = int(value) if value.strip().isdigit() else value.strip()
    variant = Variant.from_dict(fields)
    rules = named.rules(small_bet)
    return spec, Rules.of(small_bet, max_raises=rules.max_raises, variant=variant)


def _integer(text: str, name: str, low: int) -> int:
    try:
        value = int(text)
    except ValueError:
        value = low - 1
    if value < low:
        raise ConfigError(
            "invalid_arena",
            f"--{name} must be an integer >= {low}, got {text!r}",
            details={"field": name, "input": text},
        )
    return value


def config_from_args(args: argparse.Namespace) -> LabConfig:
    """The study the arguments ask for (every value checked)."""
    small_bet = _integer(args.small_bet, "small-bet", 1)
    specs = args.variant or list(DEFAULT_VARIANTS)
    return LabConfig(
        variants=tuple(parse_variant(spec, small_bet) for spec in specs),
        hands=_integer(args.hands, "hands", 2),
        players=_integer(args.players, "players", 2),
        seed=_integer(args.seed, "seed", 0),
        bot=args.bot,
        weak=args.weak,
        strong=args.strong,
    )


def run(args: argparse.Namespace) -> int:
    """Play the study and write its report."""
    config = config_from_args(args)
    if not args.no_plots:
        require("matplotlib")  # before the study is played, not after
    workers = _integer(args.workers, "workers", 1) if args.workers else os.cpu_count() or 1
    total = len(config.variants) * len(config.experiments()) * config.hands
    played = 0

    def progress(hands: int) -> None:
        nonlocal played
        played += hands
        print(f"\r{played}/{total} hands", end="", file=sys.stderr, flush=True)

    facts = run_study(config, workers=workers, scheduler=args.scheduler, progress=progress)
    print(file=sys.stderr)
    written = write_report(figures(config, facts), args.out, plots=not args.no_plots)
    for path in written:
        print(path)
    return 0
