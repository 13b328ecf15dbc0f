"""Hand records in format ``palace-hand/1``: export and exact replay.

A record is one JSON object: rules, players and stacks, dealer, the order of
every shuffle, every decision, and the result (see ``docs/hand-records.md``).
:func:`replay` deals from the listed shuffles, applies each action, and checks
that each is legal, that the shuffles are exactly consumed, that the hand is
over after the last action and that the result matches. It raises a
:class:`~palace_poker.errors.RecordError` at the first point where any of this
fails, naming the action's index and text and the rule it breaks.

>>> from palace_poker import Rules, SeededShuffle, Hand
>>> hand = Hand.deal(Rules.of(10), [100, 100], dealer=0, shuffle=SeededShuffle(3))
>>> _ = hand.apply("1 fold")
>>> record = hand.to_record()
>>> record["result"]
{'end': 'last', 'stacks': [105, 95]}
>>> replay(record).result.end
'last'
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from palace_poker.cards import format_cards
from palace_poker.config import Rules
from palace_poker.errors import PalaceError, RecordError
from palace_poker.shuffle import RecordedShuffle

if TYPE_CHECKING:
    from palace_poker.hand import Hand

FORMAT = "palace-hand/1"
ENDS = ("last", "same-suit", "showdown", "tie")


def hand_to_record(hand: Hand) -> dict[str, Any]:
    """The hand as a record; ``result`` is present once the hand is over."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": hand.rules.to_dict(),
        "players": [
            {"name": name, "stack": stack}
            for name, stack in zip(hand.names, hand.start_stacks, strict=True)
        ],
        "dealer": hand.dealer,
        "shuffles": [format_cards(order) for order in hand.shuffles],
        "actions": [str(a) for a in hand.actions],
    }
    if hand.result is not None:
        record["result"] = {"end": hand.result.end, "stacks": list(hand.result.stacks)}
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
    result: dict[str, Any]


def _bad(message: str, rule: str = "palace-hand/1 Fields", **details: object) -> RecordError:
    return RecordError("invalid_record", message, rule=rule, details=dict(details))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def read_setup(record: object) -> Setup:
    """Check a record's fields (not yet its play) and return them."""
    if not isinstance(record, dict):
        raise _bad(f"a record must be a JSON object, got {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise _bad(f"format must be {FORMAT!r}, got {record.get('format')!r}")
    for key in ("rules", "players", "dealer", "shuffles", "actions", "result"):
        if key not in record:
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
    result = record["result"]
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


def replay(record: object) -> Hand:
    """Replay a record exactly; return the finished hand or raise RecordError."""
    from palace_poker.hand import Hand  # noqa: PLC0415 - hand.py imports this module

    setup = read_setup(record)
    shuffle = RecordedShuffle(setup.shuffles)
    try:
        hand = Hand.deal(
            setup.rules, setup.stacks, dealer=setup.dealer, shuffle=shuffle, names=setup.names
        )
    except PalaceError as err:
        raise RecordError(
            err.code, f"dealing: {err.message}", rule=err.rule, details=err.details
        ) from err
    for index, text in enumerate(setup.actions):
        try:
            hand.apply(text)
        except PalaceError as err:
            reason = err.message.removeprefix(f"{text}: ")
            raise RecordError(
                err.code,
                f"action {index} {text!r}: {reason}",
                rule=err.rule,
                details={**err.details, "index": index, "action": text, "reason": reason},
            ) from err
    _check_end(hand, shuffle, setup)
    return hand


def _check_end(hand: Hand, shuffle: RecordedShuffle, setup: Setup) -> None:
    last = len(setup.actions) - 1
    where: dict[str, object] = (
        {"index": last, "action": setup.actions[last]} if setup.actions else {}
    )
    if hand.result is None:
        raise RecordError(
            "record_incomplete",
            f"the hand is not over after the last action; seat {hand.to_act} is still to act",
            rule="R-END-5",
            details=where,
        )
    if shuffle.remaining:
        raise RecordError(
            "shuffles_unused",
            f"the record lists {shuffle.remaining} shuffle(s) more than the hand performs",
            rule="palace-hand/1 shuffles",
            details=where,
        )
    expected = {"end": hand.result.end, "stacks": list(hand.result.stacks)}
    listed = {"end": setup.result["end"], "stacks": setup.result["stacks"]}
    if listed != expected:
        raise RecordError(
            "result_mismatch",
            f"the record's result {json.dumps(listed)} differs from the replay's "
            f"{json.dumps(expected)}",
            rule=_result_rule(hand.result.end),
            details=where,
        )


def _result_rule(end: str) -> str:
    return {"last": "R-END-1", "same-suit": "R-END-2", "showdown": "R-END-4", "tie": "R-CMP-3"}[end]


def parse_records(text: str, *, source: str, lines: bool) -> Iterator[tuple[str, object]]:
    """The records in ``text``: one JSON object, or with ``lines`` one a line (JSONL).

    Yields ``(where, record)`` with ``where`` as ``source`` or ``source:line``; a
    line that is not JSON yields a RecordError in place of the record.

    >>> [where for where, _ in parse_records('{}\\n\\n{}\\n', source="g.jsonl", lines=True)]
    ['g.jsonl:1', 'g.jsonl:3']
    """
    if lines:
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield f"{source}:{number}", _loads(line)
        return
    yield source, _loads(text)


def _loads(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        return RecordError(
            "invalid_record", f"not JSON: {err.msg} at column {err.colno}", rule="palace-hand/1"
        )


def dumps(record: dict[str, Any]) -> str:
    """One record as a single JSON line."""
    return json.dumps(record, separators=(", ", ": "), ensure_ascii=False)
