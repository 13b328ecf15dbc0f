"""The arena's journal: every finished chunk kept on disk, so that a long match
survives an interruption and continues where it stopped.

``palace-poker arena ... --journal FILE`` appends each chunk's result to FILE as
one JSON line as soon as the chunk is played (flushed and synced before the
result is counted), after a first line that names the match: the seats, the
seed, the hands, the rules, the stack and whether records are kept. Run the same
command again and the hands already in FILE are not played again: their results
are read back, only the missing blocks are played, and the summary is that of the
whole match. A hand plays the same whenever it is played (its seeds depend only
on the arena's seed and its index), so for bots bounded by a count the results
are those of one uninterrupted run; bots bounded by time depend on the machine
anyway.

A journal of another match is refused (``journal_mismatch``, naming what
differs), and a line that is not a chunk of this match is refused
(``journal_invalid``, with its number): nothing is changed in either case. Only
an unfinished last line, the mark of a run stopped while writing it, is cut off
before the next line is added.

>>> import tempfile
>>> from pathlib import Path
>>> from palace_poker.config import Rules
>>> from palace_poker.arena.plan import ArenaConfig
>>> from palace_poker.arena.play import Chunk, play_chunk
>>> config = ArenaConfig(("random", "random"), hands=8, seed=3, rules=Rules.of(10), stack=400)
>>> path = Path(tempfile.mkdtemp()) / "match.jsonl"
>>> journal = Journal.open(path, config)
>>> journal.add(play_chunk(Chunk(config, 0, 4)))
>>> [(r.start, r.stop) for r in Journal.open(path, config).done]
[(0, 4)]
>>> Journal.open(path, config).missing(config.plan, 2)
[(4, 6), (6, 8)]
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any

from palace_poker.arena.plan import ArenaConfig, MatchPlan
from palace_poker.arena.play import ChunkResult
from palace_poker.errors import ConfigError
from palace_poker.outputs import OutputError

FORMAT = "palace-arena-journal/1"
#: Characters read for a header when looking for a journal's seed (a header is
#: short; a file that is not a journal may have no line end at all).
HEADER_LIMIT = 1 << 16
#: The header's fields that name a match (a journal resumes only the same match).
MATCH_FIELDS = ("seats", "seed", "hands", "rules", "stack")


def header(config: ArenaConfig) -> dict[str, Any]:
    """The first line of ``config``'s journal."""
    return {
        "format": FORMAT,
        "seats": list(config.bots),
        "seed": config.seed,
        "hands": config.plan.hands,
        "rules": config.rules.to_dict(),
        "stack": config.stack,
        "records": config.records,
    }


def read_seed(path: Path) -> int | None:
    """The seed named by the journal at ``path``, if it is a journal (for a run
    resumed without ``--seed``: the match goes on with the seed it began with)."""
    try:
        with path.open(encoding="utf-8") as handle:
            first = json.loads(handle.readline(HEADER_LIMIT))
    except (OSError, ValueError):
        return None
    seed = first.get("seed") if isinstance(first, dict) else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None


class Journal:
    """An open journal: the chunks read back from it, and :meth:`add` for more."""

    def __init__(self, path: Path, done: list[ChunkResult]) -> None:
        self.path = path
        self.done = done

    @classmethod
    def open(cls, path: Path, config: ArenaConfig) -> Journal:
        """The journal at ``path`` for ``config``: made (with its header) when there
        is no file, else read and checked (see the module's text)."""
        if not path.exists():
            _write(path, json.dumps(header(config)) + "\n", "x")
            return cls(path, [])
        lines, cut = _lines(path)
        done = _check(path, lines, config)
        if cut is not None:
            with path.open("r+b") as handle:
                handle.truncate(cut)
        return cls(path, done)

    def add(self, result: ChunkResult) -> None:
        """Append one chunk's result, durable before it returns."""
        line = json.dumps(_to_json(result), separators=(",", ":")) + "\n"
        _write(self.path, line, "a")

    def missing(self, plan: MatchPlan, hands_per_chunk: int) -> list[tuple[int, int]]:
        """The ``(start, stop)`` chunks still to play: the gaps between the chunks
        done, cut into chunks of about ``hands_per_chunk`` hands (whole blocks)."""
        out: list[tuple[int, int]] = []
        at = 0
        for start, stop in [*sorted((r.start, r.stop) for r in self.done), (plan.hands, 0)]:
            out += plan.chunks(hands_per_chunk, at, start)
            at = max(at, stop)
        return out


def _write(path: Path, text: str, mode: str) -> None:
    try:
        with path.open(mode, encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as err:
        raise _unusable(path, "write", err) from err


def _unusable(path: Path, verb: str, err: OSError) -> OutputError:
    return OutputError(
        "output_unwritable",
        f"--journal {path}: cannot {verb}: {err.strerror}",
        details={"path": str(path), "option": "--journal"},
    )


def _lines(path: Path) -> tuple[list[tuple[int, str]], int | None]:
    """The complete lines (numbered from 1), and where an unfinished last line
    begins (None when the file ends with a newline)."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise _unusable(path, "read", err) from err
    end = data.rfind(b"\n") + 1
    cut = end if end < len(data) else None
    try:
        text = data[:end].decode("utf-8")
    except UnicodeDecodeError as err:
        raise _invalid(path, 0, "it is not UTF-8 text") from err
    return list(enumerate(text.splitlines(), start=1)), cut


def _check(path: Path, lines: list[tuple[int, str]], config: ArenaConfig) -> list[ChunkResult]:
    """The chunks of a journal, refused unless it is ``config``'s match."""
    if not lines:
        raise _invalid(path, 1, "it has no header line")
    first = _json(path, *lines[0])
    if not isinstance(first, dict) or first.get("format") != FORMAT:
        raise _invalid(path, 1, f"its first line is not a {FORMAT} header")
    wanted = header(config)
    for name in MATCH_FIELDS:
        if first.get(name) != wanted[name]:
            raise ConfigError(
                "journal_mismatch",
                f"--journal {path} is the journal of another match: its {name} is "
                f"{first.get(name)!r}, this run's {wanted[name]!r} (give a new --journal, "
                "or the same options)",
                details={"path": str(path), "field": name},
            )
    if config.records and not first.get("records"):
        raise ConfigError(
            "journal_mismatch",
            f"--journal {path} was begun without --records: its hands' records are not in it",
            details={"path": str(path), "field": "records"},
        )
    plan = config.plan
    taken = bytearray(plan.hands)
    done = []
    for number, text in lines[1:]:
        result = _from_json(path, number, _json(path, number, text), plan, config.records)
        if any(taken[result.start : result.stop]):
            raise _invalid(path, number, "its hands are in an earlier line too")
        taken[result.start : result.stop] = b"\x01" * (result.stop - result.start)
        done.append(result)
    return done


def _json(path: Path, number: int, text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError as err:
        raise _invalid(path, number, "it is not JSON") from err


def _invalid(path: Path, number: int, why: str) -> ConfigError:
    where = f"line {number}" if number else "the file"
    return ConfigError(
        "journal_invalid",
        f"--journal {path}: {where} is not part of an arena journal: {why}",
        details={"path": str(path), "line": number},
    )


def _to_json(result: ChunkResult) -> dict[str, Any]:
    data = asdict(result)
    data["thinking"] = [{str(k): v for k, v in row.items()} for row in result.thinking]
    return data


def _from_json(path: Path, number: int, data: Any, plan: MatchPlan, records: bool) -> ChunkResult:
    """A chunk's result read back, every field checked against the plan."""
    n = plan.size
    try:
        _need(isinstance(data, dict))
        start, stop = data["start"], data["stop"]
        _need(all(_count(v) for v in (start, stop)))
        _need(start < stop <= plan.hands and start % n == 0 and stop % n == 0)
        blocks = [tuple(row) for row in data["block_nets"]]
        _need(len(blocks) == (stop - start) // n)
        _need(all(len(row) == n and all(_integer(v) for v in row) for row in blocks))
        rows = [data[key] for key in ("hands_won", "battles", "battles_won", "attacks")]
        _need(all(len(row) == n and all(_count(v) for v in row) for row in rows))
        ends = data["ends"]
        _need(isinstance(ends, dict) and all(_count(v) for v in ends.values()))
        _need(_count(data["decisions"]))
        kept = data["records"]
        _need(isinstance(kept, list) and all(isinstance(line, str) for line in kept))
        _need(not records or len(kept) == stop - start)
        cpu = data["cpu_seconds"]
        _need(isinstance(cpu, (int, float)) and not isinstance(cpu, bool) and cpu >= 0)
        thinking = [{int(k): v for k, v in row.items()} for row in data["thinking"]]
        _need(len(thinking) == n and all(_count(v) for row in thinking for v in row.values()))
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise _invalid(path, number, "it is not a chunk of this match") from err
    hands_won, battles, battles_won, attacks = rows
    return ChunkResult(
        start,
        stop,
        blocks,
        hands_won,
        battles,
        battles_won,
        attacks,
        ends=dict(ends),
        decisions=data["decisions"],
        records=kept,
        cpu_seconds=float(cpu),
        thinking=thinking,
    )


def _need(condition: object) -> None:
    if not condition:
        raise ValueError("a field is not as a chunk's result has it")


def _count(value: object) -> bool:
    return _integer(value) and value >= 0  # type: ignore[operator]


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["FORMAT", "Journal", "header", "read_seed"]
