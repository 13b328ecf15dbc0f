"""The ``palace-poker replay`` subcommand: hand records replayed and checked, one
line a record.

Registered by :func:`palace_poker.cli.main`'s parser. Each record of each file
(``.json``: one record or a list; ``.jsonl``: one a line) is replayed by
:func:`palace_poker.record.replay`, which checks every action and, for a record
with a ``palace-fair/1`` proof, that its shuffles follow from the seed; the line
says ``ok`` or ``FAIL`` at the first failing point. Exit code 1 when any record
failed or a file could not be read or held no record. Needs nothing beyond the
standard library.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from palace_poker.checks import as_mapping, as_text, short
from palace_poker.config import Rules
from palace_poker.errors import PalaceError, RecordError
from palace_poker.record import parse_records, replay
from palace_poker.terminal.charset import printable
from palace_poker.terminal.house_rules import game_name


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``replay`` to the command's subparsers, with :func:`run` as its ``run``."""
    check: argparse.ArgumentParser = subparsers.add_parser(
        "replay", help="replay hand records (.json or .jsonl) and check them"
    )
    check.add_argument("files", nargs="+", type=Path)
    check.set_defaults(run=run)
    return check


def run(args: argparse.Namespace) -> int:
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
        f"end {hand.result.end}, stacks {stacks}{_variant_note(hand.rules)}"
        f"{_fair_note(record, len(hand.shuffles))}"
    )


def _variant_note(rules: Rules) -> str:
    """What a record of a game other than the standard one was played with: its
    rules' variant (the record's ``rules.variant``), or its preset's name."""
    if rules.variant.standard:
        return ""
    name = game_name(rules)
    shown = ", ".join(f"{key}={value}" for key, value in rules.variant.to_dict().items())
    return f"; variant {shown}" if name == "house rules" else f"; variant {name} ({shown})"


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
