"""The ``palace-poker demo`` subcommand: bots play a few hands, told so a person
can follow (:mod:`~palace_poker.terminal.demo` tells them).

Registered by :func:`palace_poker.cli.main`'s parser, first among the commands.
Everything is checked before the first hand: the settings and the ``--save`` file
(its folder must exist, an existing file is replaced only with ``--force`` or
added to with ``--append``). Each move is followed by a pause on a terminal
(:data:`DEMO_PAUSE`, or ``--pause``) and none into a pipe or a file; cards are
written as letters with ``--ascii`` or when the output cannot print the suits
(:func:`~palace_poker.terminal.charset.needs_ascii`). Needs nothing beyond the
standard library.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from palace_poker.arguments import number
from palace_poker.bots import make_bot
from palace_poker.errors import ConfigError
from palace_poker.game import Game
from palace_poker.narrate import plural
from palace_poker.outputs import add_flags, check_output, mode_of, write_text
from palace_poker.record import dumps
from palace_poker.shuffle import SecureShuffle, SeededShuffle, ShuffleSource
from palace_poker.terminal.charset import needs_ascii
from palace_poker.terminal.demo import Pacing, play
from palace_poker.terminal.house_rules import add_options, chosen, variant_line

#: The demo's default length and pause after each move on a terminal (seconds).
DEMO_HANDS = 3
DEMO_PLAYERS = 4
DEMO_PAUSE = 0.8

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``demo`` to the command's subparsers."""
    demo: argparse.ArgumentParser = subparsers.add_parser(
        "demo",
        help="watch bots play a few hands, paced, every battle explained",
        description="Bots play a few hands; on a terminal each move is paused so a "
        "person can follow. Every battle shows both hands and why one won.",
    )
    demo.add_argument(
        "--players",
        type=int,
        default=None,
        help=f"2 to 10 players (default {DEMO_PLAYERS}, or as many as a --variant's deck deals)",
    )
    demo.add_argument("--stack", type=int, default=300, help="starting chips (default 300)")
    demo.add_argument("--small-bet", type=int, default=10, help="small bet SB (default 10)")
    demo.add_argument("--betting", choices=["limit", "no-limit"], default="limit")
    add_options(demo)
    demo.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    demo.add_argument(
        "--hands",
        "--max-hands",
        dest="hands",
        type=_positive,
        default=DEMO_HANDS,
        metavar="N",
        help=f"stop the game after N hands (default {DEMO_HANDS}; --max-hands is the old name)",
    )
    demo.add_argument(
        "--fast", action="store_true", help="no pause between moves, even on a terminal"
    )
    demo.add_argument(
        "--pause",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help=f"pause after each move (default {DEMO_PAUSE} on a terminal, 0 otherwise)",
    )
    demo.add_argument("--ascii", action="store_true", help="cards as Ts 9h, no suit symbols")
    demo.add_argument(
        "--save",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the hands as palace-hand/1 JSONL (FILE must not exist: see --force, --append)",
    )
    add_flags(demo, append=True, files="the --save FILE")
    demo.add_argument("--quiet", action="store_true", help="print each hand's result only")
    demo.add_argument(
        "--bots",
        default=None,
        metavar="NAMES",
        help="one bot kind for every seat, or one a seat in seat order, as in play "
        "(default: heuristic, then random in the other seats)",
    )
    demo.set_defaults(run=run)
    return demo


def demo_bots(text: str | None, players: int) -> list[str]:
    """The demo's bot kind for each seat: ``--bots`` as ``play`` reads it, one kind
    for every seat or one a seat (by default a heuristic bot among random ones).

    >>> demo_bots(None, 3), demo_bots("medium", 2), demo_bots(" easy, hard ", 2)
    (['heuristic', 'random', 'random'], ['medium', 'medium'], ['easy', 'hard'])
    >>> demo_bots("easy,hard", 3)
    Traceback (most recent call last):
    ...
    palace_poker.errors.ConfigError: [invalid_players] --bots names 2 bots for 3 seats; ...
    """
    if text is None:
        return ["heuristic", *["random"] * max(players - 1, 0)]
    kinds = [kind.strip() for kind in text.split(",")]
    if len(kinds) == 1:
        return kinds * players
    if len(kinds) != players:
        raise ConfigError(
            "invalid_players",
            f"--bots names {plural(len(kinds), 'bot')} for {plural(players, 'seat')}; "
            "name one bot for all, or one a seat",
            details={"input": text},
        )
    return kinds


def run(args: argparse.Namespace) -> int:
    """Play the demo; returns the exit code (0; a bad setting or output is refused
    before the first hand by the error it raises)."""
    out: TextIO = sys.stdout
    rules = chosen(args).rules(args.small_bet, betting=args.betting)
    # By default as many players as the game's deck serves, up to DEMO_PLAYERS
    # (V-CARD-1: the research presets deal fewer).
    players = (
        min(DEMO_PLAYERS, rules.variant.most_players()) if args.players is None else args.players
    )
    names = [NAMES[i] if i < len(NAMES) else f"Player {i}" for i in range(max(0, players))]
    shuffle: ShuffleSource = SeededShuffle(args.seed) if args.seed is not None else SecureShuffle()
    game = Game(rules, [(name, args.stack) for name in names], shuffle=shuffle)
    kinds = demo_bots(args.bots, len(names))
    bots = [
        make_bot(kind, seed=None if args.seed is None else args.seed * 100 + i)
        for i, kind in enumerate(kinds)
    ]
    mode = mode_of(force=args.force, append=args.append)
    if args.save is not None:  # before any hand: a game is never played to be lost
        check_output(args.save, mode, option="--save", append_flag=True)
    seats = ", ".join(f"{name} ({kind})" for name, kind in zip(names, kinds, strict=True))
    line = (
        f"Palace Poker: {seats}; {rules.betting}, SB {rules.small_bet}, "
        f"BB {rules.big_bet}, ante {rules.ante}, {args.stack} chips each."
    )
    print(line, file=out)
    if variant_line(rules):  # the game is not the standard one: say how
        print(variant_line(rules), file=out)
    ascii_cards = args.ascii or needs_ascii(getattr(out, "encoding", None))
    pause = _pause_of(args, out)
    pacing = Pacing(pause=pause, quiet=args.quiet, ascii=ascii_cards)
    play(game, bots, hands=args.hands, out=out, pacing=pacing)
    if args.save is not None:
        text = "".join(dumps(r) + "\n" for r in game.records)
        write_text(args.save, text, mode, option="--save")
        done = "Added" if mode == "append" else "Saved"
        print(f"{done} {plural(len(game.records), 'hand')} to {args.save}.", file=out)
    return 0


#: An argparse type: an integer of at least 1.
_positive = number(int, "a whole number", lambda n: n >= 1, "at least 1")
#: An argparse type: seconds from 0 to 60.
_seconds = number(float, "a number of seconds", lambda s: 0 <= s <= 60, "0 to 60 seconds")


def _pause_of(args: argparse.Namespace, out: TextIO) -> float:
    """The pause after each move: none with ``--fast`` or ``--quiet``, else
    ``--pause``, else :data:`DEMO_PAUSE` on a terminal and none in a pipe or file."""
    if args.fast or args.quiet:
        return 0.0
    if args.pause is not None:
        return float(args.pause) if out.isatty() else 0.0
    return DEMO_PAUSE if out.isatty() else 0.0
