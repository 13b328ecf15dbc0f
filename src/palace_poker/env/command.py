"""``palace-poker evaluate``: the evaluation protocol for one or more agents.

The protocol is :mod:`palace_poker.env.evaluate`'s (docs/research.md,
*Evaluation protocol*); the options change its parts only to look quickly (fewer
hands, fewer opponents), and the report says what was run. NumPy is imported
when the command runs, so that ``--help`` works in a bare install.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from palace_poker.arguments import number
from palace_poker.errors import ConfigError
from palace_poker.outputs import add_flags, check_output, mode_of

#: The protocol's defaults, repeated here so that ``--help`` needs no NumPy (a test
#: holds them equal to :mod:`palace_poker.env.evaluate`'s).
HANDS = 2000
SEED = 33

_hands = number(int, "a whole number", lambda n: n >= 4, "at least 4 (two blocks: an interval)")
_seed = number(int, "a whole number", lambda n: n >= 0, "0 or more")
_workers = number(int, "a whole number", lambda n: n >= 1, "at least 1")


def add_parser(subparsers: Any) -> None:
    """Add the ``evaluate`` subcommand to ``palace-poker``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "evaluate",
        help="the evaluation protocol: an agent's chips a hand against the reference bots",
        description=(
            "Plays each AGENT heads-up against random, easy, medium, hard and expert in "
            "limit and no-limit (2,000 hands a match, the deals paired and the seats "
            "rotated, seed 33) and prints its chips a hand with 95%% intervals. An agent "
            "is a bot's name, python:MODULE:NAME (a bot or a policy of ids) or sb3:PATH "
            "(a saved MaskablePPO). See docs/research.md."
        ),
    )
    add = parser.add_argument
    add("agents", nargs="+", metavar="AGENT")
    add("--opponents", default=None, help="comma-separated (default: the protocol's five)")
    add("--betting", default=None, help="limit, no-limit or both (default: both)")
    add("--hands", type=_hands, default=HANDS, metavar="N", help="hands a match (default 2000)")
    add("--seed", type=_seed, default=SEED, metavar="N", help="(default 33)")
    add("--variant", default=None, help="a preset's name (default: the standard game)")
    add(
        "--workers",
        type=_workers,
        default=None,
        metavar="N",
        help="local processes (default: one per CPU)",
    )
    add("--json", type=Path, default=None, metavar="FILE", help="every figure as JSON")
    add_flags(parser, append=False, files="the JSON file")
    parser.set_defaults(run=run)


def _structures(text: str | None) -> tuple[Any, ...]:
    from palace_poker.env.evaluate import STRUCTURES  # noqa: PLC0415

    if text is None or text == "both":
        return STRUCTURES
    chosen = tuple(part.strip() for part in text.split(",") if part.strip())
    if not chosen or any(part not in STRUCTURES for part in chosen):
        raise ConfigError(
            "invalid_arena",
            f"--betting must be limit, no-limit or both, got {text!r}",
            details={"field": "betting", "input": text},
        )
    return chosen


def run(args: argparse.Namespace) -> int:
    """Run the protocol for each agent; print the table (and write the JSON)."""
    from palace_poker.env import evaluate  # noqa: PLC0415 - needs NumPy

    hands, seed = args.hands, args.seed
    workers = args.workers or os.cpu_count() or 1
    opponents = (
        evaluate.OPPONENTS
        if args.opponents is None
        else tuple(o.strip() for o in args.opponents.split(",") if o.strip())
    )
    structures = _structures(args.betting)
    if args.json is not None:  # refused before any hand, not after them
        check_output(args.json, mode_of(force=args.force), option="--json")
    results = []
    for agent in args.agents:
        progress = _progress(agent, hands)
        results.append(
            evaluate.evaluate(
                agent,
                opponents=opponents,
                structures=structures,
                hands=hands,
                seed=seed,
                variant=args.variant,
                workers=workers,
                progress=progress,
            )
        )
        print(file=sys.stderr)
    print(
        f"Chips a hand (95% intervals), heads-up, {hands:,} hands a match, seed {seed}"
        + (f", variant {args.variant}" if args.variant else "")
        + ":\n"
    )
    print(evaluate.table(results))
    if args.json is not None:
        data = {
            "protocol": _protocol(evaluate, hands, seed, args.variant),
            "agents": [r.to_dict() for r in results],
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


def _progress(agent: str, hands: int) -> Callable[[str, int], None]:
    """A progress line on standard error: the hands played of each match."""
    played: dict[str, int] = {}

    def progress(match: str, done: int) -> None:
        played[match] = played.get(match, 0) + done
        line = f"{agent} vs {match}: {played[match]}/{hands} hands"
        print(f"\r{line:<70}", end="", file=sys.stderr, flush=True)

    return progress


def _protocol(evaluate: Any, hands: int, seed: int, variant: str | None) -> dict[str, Any]:
    return {
        "small_bet": evaluate.SMALL_BET,
        "ante": evaluate.ANTE,
        "stack_big_bets": evaluate.STACK_BIG_BETS,
        "hands": hands,
        "seed": seed,
        "variant": variant,
    }
