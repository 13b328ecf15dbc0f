"""The ``palace-poker`` command: ``demo`` plays bots, ``replay`` checks records,
``show`` steps through a saved hand, ``rules`` prints a summary of the game.

Every refusal is printed as one line with its error code and rule; the command
never shows a traceback for bad input, nor for a library of an extra that is not
installed: it says which extra to install
(:func:`~palace_poker.terminal.extras.missing_extra`). A file to write is checked
before the first hand is played (:mod:`palace_poker.outputs`): its folder must
exist, and an existing file is replaced only with ``--force`` or added to with
``--append``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from palace_poker.bots import make_bot
from palace_poker.checks import as_mapping, as_text, short
from palace_poker.config import Rules
from palace_poker.errors import ConfigError, PalaceError, RecordError
from palace_poker.game import Game
from palace_poker.narrate import plural
from palace_poker.outputs import add_flags, check_output, mode_of, write_text
from palace_poker.record import dumps, parse_records, replay
from palace_poker.shuffle import SecureShuffle, SeededShuffle, ShuffleSource
from palace_poker.terminal import viewer
from palace_poker.terminal.charset import needs_ascii
from palace_poker.terminal.demo import Pacing, play
from palace_poker.terminal.extras import missing_extra
from palace_poker.terminal.rules_text import summary

#: Modules that add a subcommand: each has ``add_parser(subparsers)``, which sets
#: ``run`` (taking the parsed arguments, returning the exit code) as a default.
COMMAND_MODULES: tuple[str, ...] = (
    "palace_poker.arena.command",
    "palace_poker.terminal.command",
    "palace_poker.server.command",
    "palace_poker.server.admin",
)

#: The demo's default length and pause after each move on a terminal (seconds).
DEMO_HANDS = 3
DEMO_PAUSE = 0.8

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


#: Exit codes: 0 done, 1 a record failed its check, 2 bad arguments or settings
#: (argparse's own code), 130 interrupted by Ctrl-C (128 + SIGINT, as shells do).
EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit code.

    With no command the help is printed and the exit code is 0, as ``pip`` and
    ``git`` do; an unknown command or option exits 2 (argparse). Ctrl-C prints
    ``interrupted`` on stderr and exits 130, never a traceback. A library of an
    extra that is missing is a refusal naming the extra (exit 2).
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except KeyboardInterrupt:  # pragma: no cover - Ctrl-C while a module imports
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    if getattr(args, "run", None) is None:
        parser.print_help()
        return 0
    try:
        with _ctrl_c_interrupts():
            code = _run(args)
    except PalaceError as err:
        print(printable(f"error: {err}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # pragma: no cover - output piped into head
        return 0
    return code


def _run(args: argparse.Namespace) -> int:
    """Run the command; a library of an extra that is not installed is refused as
    :func:`~palace_poker.terminal.extras.missing_extra` says, in one place for
    every command."""
    try:
        code: int = args.run(args)
    except ModuleNotFoundError as err:
        refusal = missing_extra(err, args.command)
        if refusal is None:
            raise
        raise refusal from None
    return code


@contextlib.contextmanager
def _ctrl_c_interrupts() -> Iterator[None]:
    """Ctrl-C (SIGINT) raises KeyboardInterrupt while a command runs, even when the
    program was started with SIGINT ignored (as a shell's background job or a CI
    runner starts it): every command then ends with 130. Restored afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals are the main thread's (main() called from a thread)
        return
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="palace-poker", description="Palace Poker: play, simulate and check hand records."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = commands.add_parser(
        "demo",
        help="watch bots play a few hands, paced, every battle explained",
        description="Bots play a few hands; on a terminal each move is paused so a "
        "person can follow. Every battle shows both hands and why one won.",
    )
    demo.add_argument("--players", type=int, default=4, help="2 to 10 players (default 4)")
    demo.add_argument("--stack", type=int, default=300, help="starting chips (default 300)")
    demo.add_argument("--small-bet", type=int, default=10, help="small bet SB (default 10)")
    demo.add_argument("--betting", choices=["limit", "no-limit"], default="limit")
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
    demo.set_defaults(run=_demo)

    check = commands.add_parser(
        "replay", help="replay hand records (.json or .jsonl) and check them"
    )
    check.add_argument("files", nargs="+", type=Path)
    check.set_defaults(run=_replay)
    viewer.add_parser(commands)
    rules = commands.add_parser("rules", help="print a one-screen summary of the rules")
    rules.add_argument("--ascii", action="store_true", help="suits as c d h s")
    rules.set_defaults(run=_rules)
    for module in COMMAND_MODULES:
        importlib.import_module(module).add_parser(commands)
    return parser


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


def _demo(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    rules = Rules.of(args.small_bet, betting=args.betting)
    names = [NAMES[i] if i < len(NAMES) else f"Player {i}" for i in range(max(0, args.players))]
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


def _positive(text: str) -> int:
    """An argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seconds(text: str) -> float:
    """An argparse type: seconds from 0 to 60."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"must be 0 to 60 seconds, got {text}")
    return value


def _pause_of(args: argparse.Namespace, out: TextIO) -> float:
    """The pause after each move: none with ``--fast`` or ``--quiet``, else
    ``--pause``, else :data:`DEMO_PAUSE` on a terminal and none in a pipe or file."""
    if args.fast or args.quiet:
        return 0.0
    if args.pause is not None:
        return float(args.pause) if out.isatty() else 0.0
    return DEMO_PAUSE if out.isatty() else 0.0


def _rules(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    ascii = args.ascii or needs_ascii(getattr(out, "encoding", None))
    print(summary(ascii=ascii), end="", file=out)
    return 0


def _replay(args: argparse.Namespace) -> int:
    """Check every record of every file, one line each on stdout, then a summary
    line on stderr (stdout stays one line a record, for scripts). A file that
    cannot be read or holds no record is a failure too."""
    out: TextIO = sys.stdout
    tally = {"checked": 0, "passed": 0, "unreadable": 0, "empty": 0}
    for path in args.files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            reason = err.strerror if isinstance(err, OSError) else "not UTF-8 text"
            print(printable(f"{path}: FAIL cannot read: {reason}"), file=out)
            tally["unreadable"] += 1
            continue
        records = parse_records(text, source=str(path), lines=path.suffix == ".jsonl")
        found = 0
        for where, record in records:
            line = _check_one(record)
            tally["passed"] += line.startswith("ok")
            found += 1
            print(printable(f"{where}: {line}"), file=out)
        if not found:
            print(printable(f"{path}: FAIL [invalid_record] the file holds no record"), file=out)
            tally["empty"] += 1
        tally["checked"] += found
    print(replay_summary(**tally), file=sys.stderr)
    clean = tally["passed"] == tally["checked"] and not tally["unreadable"] + tally["empty"]
    return 0 if clean else 1


def replay_summary(*, checked: int, passed: int, unreadable: int = 0, empty: int = 0) -> str:
    """The closing line of ``replay``: records checked, passed, failed, and the
    files that could not be read or held no record.

    >>> replay_summary(checked=3, passed=2, empty=1)
    'replay: 3 records checked: 2 passed, 1 failed; 1 file held no record.'
    """
    line = (
        f"replay: {checked} record{'' if checked == 1 else 's'} checked: "
        f"{passed} passed, {checked - passed} failed"
    )
    notes = []
    if unreadable:
        notes.append(f"{unreadable} file{'' if unreadable == 1 else 's'} could not be read")
    if empty:
        notes.append(f"{empty} file{'' if empty == 1 else 's'} held no record")
    return line + ("; " + ", ".join(notes) if notes else "") + "."


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
