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

from palace_poker.errors import PalaceError
from palace_poker.terminal import demo_command, replay_command, rules_text, viewer
from palace_poker.terminal.charset import printable
from palace_poker.terminal.extras import missing_extra

#: Modules that add a subcommand: each has ``add_parser(subparsers)``, which sets
#: ``run`` (taking the parsed arguments, returning the exit code) as a default.
COMMAND_MODULES: tuple[str, ...] = (
    "palace_poker.arena.command",
    "palace_poker.lab.command",
    "palace_poker.env.command",
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
    replay_command.add_parser(commands)
    viewer.add_parser(commands)
    rules_text.add_parser(commands)
    for module in COMMAND_MODULES:
        importlib.import_module(module).add_parser(commands)
    return parser


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
