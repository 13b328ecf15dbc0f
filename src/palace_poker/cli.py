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

from palace_poker.checks import as_mapping, as_text, short
from palace_poker.errors import PalaceError, RecordError
from palace_poker.record import parse_records, replay
from palace_poker.terminal import demo_command, viewer
from palace_poker.terminal.charset import needs_ascii
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
    demo_command.add_parser(commands)
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
