"""The ``palace-hand/1`` record format: a state as a record, and a record's fields
read and checked (see ``docs/hand-records.md``). Playing a record (``replay``,
``resume``) is in :mod:`palace_poker.record`.

>>> print(dumps({"name": "Ann\\u2028Bob"}))
{"name": "Ann\\u2028Bob"}
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from palace_poker.cards import DECK, format_cards
from palace_poker.checks import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    as_int,
    as_items,
    as_mapping,
    as_text,
    chips,
    flag,
    name,
    short,
    total,
)
from palace_poker.config import Rules
from palace_poker.errors import PalaceError, RecordError
from palace_poker.fair import FairProof
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
    fair: FairProof | None = None  # the optional ``fair`` field (palace-fair/1)


def _bad(message: str, rule: str = "palace-hand/1 Fields", **details: object) -> RecordError:
    return RecordError("invalid_record", message, rule=rule, details=dict(details))


def read_setup(record: object, *, finished: bool = True) -> Setup:
    """Check a record's fields (not yet its play) and return them; with
    ``finished=False`` the ``result`` may be missing (a hand in progress).

    Every field is read as a plain object and refused with ``RecordError``
    (``invalid_record``) unless it has its type and range: no bool for a count or a
    seat, no float for chips, names that UTF-8 can write, stacks of at most
    ``MAX_CHIPS`` together. The optional ``fair`` field, when present, must be a
    ``palace-fair/1`` proof whose contributions name seats of the record's players
    (else ``RecordError('invalid_fair')``); whether it agrees with the shuffles is
    checked when the record is played (:func:`palace_poker.fair.verify`)."""
    done = flag(finished, "finished", error=RecordError, code="invalid_record")
    fields = as_mapping(record)
    if fields is None:
        raise _bad(f"a record must be a JSON object, got {short(record, 40)}")
    given = fields.get("format")
    if as_text(given) != FORMAT:
        raise _bad(f"format must be {FORMAT!r}, got {short(given)}")
    for key in ("rules", "players", "dealer", "shuffles", "actions", "result"):
        if key not in fields and (done or key != "result"):
            raise _bad(f"the record lacks {key!r}")
    try:
        rules = Rules.from_dict(fields["rules"])
    except PalaceError as err:
        raise _bad(f"rules: {err.message}", err.rule or "palace-hand/1 Fields") from err
    names, stacks = _read_players(fields["players"])
    dealer = as_int(fields["dealer"])
    if dealer is None or not 0 <= dealer < len(stacks):
        raise _bad(f"dealer must be a seat 0..{len(stacks) - 1}, got {short(fields['dealer'])}")
    shuffles = _read_strings(fields["shuffles"], "shuffles")
    actions = _read_strings(fields["actions"], "actions")
    result = fields.get("result")
    read = None
    if result is not None or done:
        read = _read_result(result, len(stacks))
    proof = _read_fair(fields["fair"], len(stacks)) if "fair" in fields else None
    return Setup(rules, names, stacks, dealer, shuffles, actions, read, proof)


def _read_fair(value: object, players: int) -> FairProof:
    """The ``fair`` field: a proof (strictly of its form) whose contributions come
    from seats of this hand."""
    proof = FairProof.from_json(value)
    for seat, _ in proof.contributions:
        if seat >= players:
            raise RecordError(
                "invalid_fair",
                f"fair: contribution from seat {seat}, but the hand has seats 0..{players - 1}",
                rule="palace-fair/1 contributions",
                details={"seat": seat},
            )
    return proof


def _read_players(players: object) -> tuple[tuple[str, ...], tuple[int, ...]]:
    listed = as_items(players) if isinstance(players, list | tuple) else None
    if listed is None or not MIN_PLAYERS <= len(listed) <= MAX_PLAYERS:
        raise _bad(f"players must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} players")
    names: list[str] = []
    stacks: list[int] = []
    for seat, player in enumerate(listed):
        fields = as_mapping(player)
        if fields is None or "name" not in fields:
            raise _bad(f"player {seat} must be an object with a string 'name'")
        names.append(name(fields["name"], seat, error=RecordError, code="invalid_record"))
        stacks.append(
            chips(
                fields.get("stack"),
                f"player {seat}'s stack",
                minimum=1,
                error=RecordError,
                code="invalid_record",
                rule="R-ANTE-2",
                details={"seat": seat},
            )
        )
    total(tuple(stacks), error=RecordError, code="invalid_record")
    return tuple(names), tuple(stacks)


def _read_strings(value: object, key: str) -> tuple[str, ...]:
    listed = as_items(value) if isinstance(value, list | tuple) else None
    texts = [] if listed is None else [as_text(item) for item in listed]
    if listed is None or None in texts:
        raise _bad(f"{key} must be a list of strings")
    return tuple(texts)  # type: ignore[arg-type]


def _read_result(result: object, players: int) -> dict[str, Any]:
    fields = as_mapping(result)
    end = None if fields is None else as_text(fields.get("end"))
    if fields is None or end not in ENDS:
        raise _bad(f"result.end must be one of {', '.join(ENDS)}")
    listed = fields.get("stacks")
    stacks = as_items(listed) if isinstance(listed, list | tuple) else None
    if stacks is None or len(stacks) != players:
        raise _bad(f"result.stacks must list {players} integers")
    counted = [
        chips(stack, "result.stacks", error=RecordError, code="invalid_record") for stack in stacks
    ]
    return {"end": end, "stacks": counted}


def result_rule(end: str) -> str:
    """The rule of an ending."""
    return {"last": "R-END-1", "same-suit": "R-END-2", "showdown": "R-END-4", "tie": "R-CMP-3"}[end]


def parse_records(text: object, *, source: object, lines: object) -> Iterator[tuple[str, object]]:
    """The records in ``text``: one JSON object, or with ``lines`` one a line (JSONL).

    Yields ``(where, record)`` with ``where`` as ``source`` or ``source:line``; a
    line that is not JSON (or JSON nested too deeply, or holding an integer too long
    to read) yields a RecordError in place of the record, and the next lines are
    still read. Lines end at ``\\n`` only (JSON Lines), so text holding other line
    breaks stays one record. ``text`` and ``source`` are text, ``lines`` True or
    False (else ``RecordError('invalid_record')``, at the call).

    >>> [where for where, _ in parse_records('{}\\n\\n{}\\n', source="g.jsonl", lines=True)]
    ['g.jsonl:1', 'g.jsonl:3']
    >>> [type(r).__name__ for _, r in parse_records('[' * 100000, source="x", lines=False)]
    ['RecordError']
    """
    body = as_text(text)
    if body is None:
        raise _bad(f"records are read from text, got {short(text)}", "palace-hand/1")
    where = as_text(source)
    if where is None:
        raise _bad(f"source must be text (a file name), got {short(source)}", "palace-hand/1")
    split = flag(lines, "lines", error=RecordError, code="invalid_record")
    return _records(body, where, split)


def _records(text: str, source: str, lines: bool) -> Iterator[tuple[str, object]]:
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
    ``str.splitlines`` among them) would cut the line there; and a lone surrogate,
    which UTF-8 cannot write, is escaped too (``\\ud800``: JSON reads it back).
    Anything that is not JSON data (an object of its own, NaN, an integer too long
    to write, nesting too deep) raises ``RecordError('invalid_record')``.
    """
    if as_mapping(record) is None:
        raise _bad(f"a record is a JSON object, got {short(record, 40)}", "palace-hand/1")
    try:
        text = json.dumps(record, separators=(", ", ": "), ensure_ascii=False, allow_nan=False)
    except Exception as err:  # TypeError, ValueError, RecursionError, or a subclass's own
        raise _bad(f"the record is not JSON data: {short(err, 120)}", "palace-hand/1") from None
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return _SURROGATE.sub(_escaped, text)


_SURROGATE = re.compile("[\ud800-\udfff]")


def _escaped(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"
