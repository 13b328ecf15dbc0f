"""The ``palace-poker play`` subcommand: you and bots at one table, in the terminal.

Registered in :data:`palace_poker.cli.COMMAND_MODULES`. Building the parser
needs nothing beyond the standard library; running the game needs ``rich``
(the ``cli`` extra), imported only then: without it the command says which
extra to install (:mod:`~palace_poker.terminal.extras`) and exits 2.

Everything is checked before the first hand: the settings (a bad one exits 2
with one line naming it) and the ``--save`` file (its folder must exist: none is
made). Cards are drawn without suit symbols with ``--ascii``, or when the
output's encoding cannot print them (:mod:`~palace_poker.terminal.charset`);
colours are off when ``NO_COLOR`` is set (https://no-color.org). Exit codes:
0 done, 1 the save failed, 2 bad arguments or settings, 130 Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from palace_poker.bots import offered
from palace_poker.outputs import add_flags, check_output, mode_of
from palace_poker.terminal.charset import needs_ascii
from palace_poker.terminal.house_rules import add_options, chosen


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``play`` to the command's subparsers."""
    play: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Sit at a table with bots and play Palace Poker in the terminal. "
        "A name too long for the table is shortened with an ellipsis. "
        "Needs rich: pip install 'palace-poker[cli]'.",
    )
    play.add_argument(
        "--players", type=int, default=3, metavar="N", help="seats in all, 2 to 10 (default 3)"
    )
    play.add_argument(
        "--bots",
        default="random",
        metavar="NAMES",
        help="one bot kind for every bot seat, or one a bot seat separated by commas, "
        f"e.g. heuristic,random (default random; kinds: {', '.join(offered())})",
    )
    play.add_argument(
        "--stack", type=int, default=300, metavar="CHIPS", help="starting chips (default 300)"
    )
    play.add_argument(
        "--small-bet", type=int, default=10, metavar="SB", help="small bet (default 10)"
    )
    play.add_argument(
        "--big-bet", type=int, default=None, metavar="BB", help="big bet (default 2 x SB)"
    )
    play.add_argument(
        "--ante",
        type=int,
        default=None,
        metavar="CHIPS",
        help="ante (default SB / 2, rounded down)",
    )
    play.add_argument(
        "--betting",
        choices=["limit", "no-limit"],
        default="limit",
        help="betting structure (default limit)",
    )
    add_options(play)
    play.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    play.add_argument("--name", default="You", help="your name at the table (default You)")
    play.add_argument(
        "--save",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the finished hands as palace-hand/1 JSONL (palace-poker replay reads it); "
        "FILE must not exist unless --force or --append is given",
    )
    add_flags(play, append=True, files="the --save FILE")
    play.add_argument(
        "--delay",
        type=float,
        default=0.3,
        metavar="SECONDS",
        help="seconds to pause before each bot move (default 0.3; 0 for none)",
    )
    play.add_argument(
        "--auto-continue",
        action="store_true",
        help="deal the next hand without asking",
    )
    play.add_argument(
        "--ascii",
        action="store_true",
        help="draw cards as Ts and 9h, without suit symbols (automatic when the "
        "terminal cannot print them)",
    )
    play.set_defaults(run=run)
    return play


def run(args: argparse.Namespace) -> int:
    """Play the game; returns the exit code."""
    from rich.console import Console  # noqa: PLC0415 - the optional 'cli' extra

    from palace_poker.terminal.session import Session, Settings  # noqa: PLC0415

    name = " ".join(str(args.name).split())
    if not name:
        print("error: --name must not be empty")
        return 2
    rules = chosen(args).rules(
        args.small_bet, big_bet=args.big_bet, ante=args.ante, betting=args.betting
    )
    save_mode = mode_of(force=args.force, append=args.append)
    ascii = bool(args.ascii) or needs_ascii(getattr(sys.stdout, "encoding", None))
    settings = Settings(
        rules=rules,
        players=args.players,
        bots=tuple(word.strip() for word in str(args.bots).split(",")),
        stack=args.stack,
        seed=args.seed,
        name=name,
        save=args.save,
        save_mode=save_mode,
        delay=max(0.0, args.delay),
        auto_continue=args.auto_continue,
        ascii=ascii,
    )
    if ascii:  # whatever else is printed, never a UnicodeEncodeError
        _replace_unprintable(sys.stdout)
    console = Console(
        highlight=False, emoji=False, safe_box=True, no_color=bool(os.environ.get("NO_COLOR"))
    )
    session = Session(settings, console)  # checks the players and the bots
    if args.save is not None:  # before the first hand, not after a game to be lost
        check_output(args.save, save_mode, option="--save", append_flag=True)
    return session.run()


def _replace_unprintable(stream: object) -> None:
    """Let ``stream`` print a character its encoding lacks as ``?`` (rich's own
    marks, a name typed in another script) instead of raising."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
