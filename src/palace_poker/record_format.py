"""The ``palace-hand/1`` record format: a state as a record, and a record's fields
read and checked (see ``docs/hand-records.md``). Playing a record (``replay``,
``resume``) is in :mod:`palace_poker.record`.

>>> print(dumps({"name": "Ann\\u2028Bob"}))
{"name": "Ann\\u2028Bob"}
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from palace_poker.cards import DECK, format_cards
from palace_poker.config import Rules
from palace_poker.errors import PalaceError, RecordError
from palace_poker.state import HandState

FORMAT = "palace-hand/1"
ENDS = ("last", "same-suit", "showdown", "tie")


def state_to_record(state: HandState) -> dict[str, Any]:
    """The hand as a record; ``result`` is present once the hand is over."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.to_dict(),
        "players": [
            {"name": name, "stack": stack}
            for name, stack in zip(state.names, state.start_stacks, strict=True)
        ],
        "dealer": state.dealer,
        "shuffles": [format_cards([DECK[i] for i in order]) for order in state.shuffles],
        "actions": [str(a) for a in state.actions],
    }
    if state.result is not None:
        record["result"] = {"end": state.result.end, "stacks": list(state.result.stacks)}
    return record


@dataclass(frozen=True)
class Setup:
    """The parts of a record needed to deal the hand."""

    rules: Rules
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    dealer: int
    shuffles: tuple[str, ...]
    actions: tuple[str, ...]
    result: dict[str, Any] | None  # None: a record of a hand in progress


def _bad(message: str, rule: str = "palace-hand/1 Fields", **details: object) -> RecordError:
    return RecordError("invalid_record", message, rule=rule, details=dict(details))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_setup(record: object, *, finished: bool = True) -> Setup:
    """Check a record's fields (not yet its play) and return them; with
    ``finished=False`` the ``result`` may be missing (a hand in progress)."""
    if not isinstance(record, dict):
        raise _bad(f"a record must be a JSON object, got {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise _bad(f"format must be {FORMAT!r}, got {record.get('format')!r}")
    for key in ("rules", "players", "dealer", "shuffles", "actions", "result"):
        if key not in record and (finished or key != "result"):
            raise _bad(f"the record lacks {key!r}")
    try:
        rules = Rules.from_dict(record["rules"])
    except PalaceError as err:
        raise _bad(f"rules: {err.message}", err.rule or "palace-hand/1 Fields") from err
    names, stacks = _read_players(record["players"])
    dealer = record["dealer"]
    if not _is_int(dealer) or not 0 <= dealer < len(stacks):
        raise _bad(f"dealer must be a seat 0..{len(stacks) - 1}, got {dealer!r}")
    shuffles = _read_strings(record["shuffles"], "shuffles")
    actions = _read_strings(record["actions"], "actions")
    result = record.get("result")
    if result is not None or finished:
        _read_result(result, len(stacks))
    return Setup(rules, names, stacks, dealer, shuffles, actions, result)


def _read_players(players: object) -> tuple[tuple[str, ...], tuple[int, ...]]:
    if not isinstance(players, list) or not 2 <= len(players) <= 10:
        raise _bad("players must be a list of 2 to 10 players")
    names: list[str] = []
    stacks: list[int] = []
    for seat, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            raise _bad(f"player {seat} must be an object with a string 'name'")
        stack = player.get("stack")
        if not isinstance(stack, int) or isinstance(stack, bool) or stack < 1:
            raise _bad(f"player {seat}'s stack must be an integer >= 1, got {stack!r}", "R-ANTE-2")
        names.append(player["name"])
        stacks.append(stack)
    return tuple(names), tuple(stacks)


def _read_strings(value: object, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _bad(f"{key} must be a list of strings")
    return tuple(value)


def _read_result(result: object, players: int) -> None:
    if not isinstance(result, dict) or result.get("end") not in ENDS:
        raise _bad(f"result.end must be one of {', '.join(ENDS)}")
    stacks = result.get("stacks")
    if (
        not isinstance(stacks, list)
        or len(stacks) != players
        or not all(_is_int(s) for s in stacks)
    ):
        raise _bad(f"result.stacks must list {players} integers")


def result_rule(end: str) -> str:
    """The rule of an ending."""
    return {"last": "R-END-1", "same-suit": "R-END-2", "showdown": "R-END-4", "tie": "R-CMP-3"}[end]


def parse_records(text: str, *, source: str, lines: bool) -> Iterator[tuple[str, object]]:
    """The records in ``text``: one JSON object, or with ``lines`` one a line (JSONL).

    Yields ``(where, record)`` with ``where`` as ``source`` or ``source:line``; a
    line that is not JSON (or JSON nested too deeply, or holding an integer too long
    to read) yields a RecordError in place of the record, and the next lines are
    still read. Lines end at ``\\n`` only (JSON Lines), so text holding other line
    breaks stays one record.

    >>> [where for where, _ in parse_records('{}\\n\\n{}\\n', source="g.jsonl", lines=True)]
    ['g.jsonl:1', 'g.jsonl:3']
    >>> [type(r).__name__ for _, r in parse_records('[' * 100000, source="x", lines=False)]
    ['RecordError']
    """
    if lines:
        for number, line in enumerate(text.split("\n"), start=1):
            if line.strip():
                yield f"{source}:{number}", _loads(line.removesuffix("\r"))
        return
    yield source, _loads(text)


def _loads(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        return RecordError(
            "invalid_record", f"not JSON: {err.msg} at column {err.colno}", rule="palace-hand/1"
        )
    except RecursionError:
        return RecordError("invalid_record", "JSON nested too deeply to read", rule="palace-hand/1")
    except ValueError as err:  # an integer over the interpreter's digit limit
        return RecordError("invalid_record", f"not readable: {err}", rule="palace-hand/1")


def dumps(record: dict[str, Any]) -> str:
    """One record as a single JSON line.

    Text is written as UTF-8, except the line and paragraph separators U+2028 and
    U+2029, which are escaped: tools that split text into lines (Python's
    ``str.splitlines`` among them) would cut the line there.
    """
    text = json.dumps(record, separators=(", ", ": "), ensure_ascii=False)
    return text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
