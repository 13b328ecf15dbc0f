"""The ``palace-poker`` command: ``demo`` plays a game of bots, ``replay`` checks records.

Every refusal is printed as one line with its error code and rule; the command
never shows a traceback for bad input. A file to write is checked before the first
hand is played (:mod:`palace_poker.outputs`): its folder must exist, and an
existing file is replaced only with ``--force`` or added to with ``--append``.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from palace_poker.bots import make_bot
from palace_poker.checks import as_mapping, as_text, short
from palace_poker.config import Rules
from palace_poker.errors import PalaceError, RecordError
from palace_poker.game import Game
from palace_poker.narrate import narrate
from palace_poker.outputs import add_flags, check_output, mode_of, write_text
from palace_poker.record import dumps, parse_records, replay
from palace_poker.redaction import redact
from palace_poker.shuffle import SecureShuffle, SeededShuffle, ShuffleSource

#: Modules that add a subcommand: each has ``add_parser(subparsers)``, which sets
#: ``run`` (taking the parsed arguments, returning the exit code) as a default.
COMMAND_MODULES: tuple[str, ...] = (
    "palace_poker.arena.command",
    "palace_poker.terminal.command",
    "palace_poker.server.command",
)

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except PalaceError as err:
        print(printable(f"error: {err}"), file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - output piped into head
        return 0
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="palace-poker", description="Palace Poker: play, simulate and check hand records."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    demo = commands.add_parser("demo", help="play a complete game of bots, printing every hand")
    demo.add_argument("--players", type=int, default=4, help="2 to 10 players (default 4)")
    demo.add_argument("--stack", type=int, default=300, help="starting chips (default 300)")
    demo.add_argument("--small-bet", type=int, default=10, help="small bet SB (default 10)")
    demo.add_argument("--betting", choices=["limit", "no-limit"], default="limit")
    demo.add_argument("--seed", type=int, default=None, help="seed for a reproducible game")
    demo.add_argument(
        "--max-hands", type=int, default=500, help="stop the game after this many hands"
    )
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
        default="heuristic,random,random,random",
        help="bot kinds, given to the seats in turn (default heuristic,random,random,random)",
    )
    demo.set_defaults(run=_demo)

    check = commands.add_parser(
        "replay", help="replay hand records (.json or .jsonl) and check them"
    )
    check.add_argument("files", nargs="+", type=Path)
    check.set_defaults(run=_replay)
    for module in COMMAND_MODULES:
        importlib.import_module(module).add_parser(commands)
    return parser


def _demo(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    rules = Rules.of(args.small_bet, betting=args.betting)
    names = [NAMES[i] if i < len(NAMES) else f"Player {i}" for i in range(max(0, args.players))]
    shuffle: ShuffleSource = SeededShuffle(args.seed) if args.seed is not None else SecureShuffle()
    game = Game(rules, [(name, args.stack) for name in names], shuffle=shuffle)
    mode = mode_of(force=args.force, append=args.append)
    if args.save is not None:  # before any hand: a game is never played to be lost
        check_output(args.save, mode, option="--save", append_flag=True)
    kinds = [
        kinds_of[i % len(kinds_of)]
        for kinds_of in [args.bots.split(",")]
        for i in range(len(names))
    ]
    bots = [
        make_bot(kind, seed=None if args.seed is None else args.seed * 100 + i)
        for i, kind in enumerate(kinds)
    ]
    seats = ", ".join(f"{name} ({kind})" for name, kind in zip(names, kinds, strict=True))
    print(
        f"Palace Poker: {seats}; {rules.betting}, SB {rules.small_bet}, "
        f"BB {rules.big_bet}, ante {rules.ante}, {args.stack} chips each.",
        file=out,
    )
    number = 0
    while not game.over and number < args.max_hands:
        number += 1
        hand = game.start_hand()
        print(f"\n== Hand {number}: {hand.names[hand.dealer]} deals ==", file=out)
        shown = 0
        while True:
            if not args.quiet:
                for event in hand.events[shown:]:
                    line = narrate(redact(event, None), hand.names)
                    if line:
                        print("  " + line, file=out)
            shown = len(hand.events)
            if hand.over:
                break
            seat = hand.to_act
            assert seat is not None
            hand.apply(bots[game.table_seat(seat)].act(hand.observe(seat)))
        result = game.finish_hand()
        if args.quiet:
            print(
                f"  {result.end}: "
                + ", ".join(f"{n} {s}" for n, s in zip(names, game.stacks, strict=True)),
                file=out,
            )
    leader = max(range(len(names)), key=lambda s: game.stacks[s])
    print(
        f"\nGame over after {number} hands: {names[leader]} "
        + ("wins every chip" if game.over else "leads")
        + f" with {game.stacks[leader]}.",
        file=out,
    )
    if args.save is not None:
        text = "".join(dumps(r) + "\n" for r in game.records)
        write_text(args.save, text, mode, option="--save")
        done = "Added" if mode == "append" else "Saved"
        print(f"{done} {len(game.records)} hands to {args.save}.", file=out)
    return 0


def _replay(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    failures = 0
    for path in args.files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
            print(printable(f"{path}: FAIL cannot read: {reason}"), file=out)
            failures += 1
            continue
        records = parse_records(text, source=str(path), lines=path.suffix == ".jsonl")
        for where, record in records:
            line = _check_one(record)
            failures += line.startswith("FAIL")
            print(printable(f"{where}: {line}"), file=out)
    return 1 if failures else 0


def printable(line: str) -> str:
    """``line`` as text any terminal can be sent: a lone surrogate (a file name that
    is not UTF-8, a record's text) escaped, never an error while printing."""
    return line.encode("utf-8", "backslashreplace").decode("utf-8")


def _check_one(record: object) -> str:
    """One line for one record: ``ok ...`` or ``FAIL ...`` at its first failing point."""
    try:
        if isinstance(record, RecordError):
            raise record
        hand = replay(record)
    except PalaceError as err:
        rule = f" (rule {err.rule})" if err.rule else ""
        if "index" in err.details:
            where = f"action {err.details['index']} {short(err.details['action'])}"
            reason = err.details.get("reason", err.message)
            return f"FAIL {where}: [{err.code}] {reason}{rule}"
        return f"FAIL [{err.code}] {err.message}{rule}"
    assert hand.result is not None
    stacks = " ".join(str(s) for s in hand.result.stacks)
    count = len(hand.actions)
    return (
        f"ok {hand.n} players, {count} action{'' if count == 1 else 's'}, "
        f"end {hand.result.end}, stacks {stacks}{_fair_note(record, len(hand.shuffles))}"
    )


def _fair_note(record: object, shuffles: int) -> str:
    """What a record that replayed says of its ``palace-fair/1`` proof, if it has
    one (replay has checked it): the commitment in full, for the player to compare
    with the one the table showed at the deal."""
    fields = as_mapping(record)
    proof = None if fields is None else as_mapping(fields.get("fair"))
    if proof is None:
        return ""
    commitment = as_text(proof.get("commitment"))
    return f"; fair: {shuffles} shuffles match seed (commitment ok: {commitment})"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
