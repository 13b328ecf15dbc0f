"""The arena's journal (``--journal``): a long match interrupted and run again goes
on where it stopped, and its summary and records are those of one whole run."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from examples import examples
from palace_poker import Rules
from palace_poker.arena import ArenaConfig, run_arena
from palace_poker.arena.journal import FORMAT, Journal
from palace_poker.arena.play import Chunk, play_chunk
from palace_poker.cli import main
from palace_poker.errors import ConfigError

SEATS = "heuristic,random,random"
#: A match of 60 hands in chunks of 6 (two blocks of three).
MATCH = ["arena", "--seats", SEATS, "--hands", "60", "--seed", "4", "--chunk", "6", "--quiet"]


def deterministic(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary without the run's timing."""
    return {key: value for key, value in summary.items() if key != "run"}


def _whole(tmp_path: Path, match: list[str] = MATCH) -> tuple[dict[str, Any], str]:
    """The summary and records of the match played at once, without a journal."""
    summary, records = tmp_path / "whole.json", tmp_path / "whole.jsonl"
    args = ["--workers", "1", "--summary", str(summary), "--records", str(records)]
    assert main([*match, *args]) == 0
    return json.loads(summary.read_text()), records.read_text()


def test_an_interrupted_match_goes_on_where_it_stopped(tmp_path: Path) -> None:
    """A real Ctrl-C (SIGINT to the process) after a few chunks, then the same
    command again: the summary and the records are the whole match's."""
    # slow enough to be stopped half-way: a searching bot (bounded by a count, so
    # that its play does not depend on the machine) in one seat
    # (16 chunks of 6 hands: a few seconds even on the compiled engine, so that
    # the interrupt comes long before the end)
    seats = "montecarlo:16,heuristic,heuristic"
    match = [*MATCH, "--seats", seats, "--hands", "96", "--chunk", "6"]
    whole, whole_records = _whole(tmp_path, match)
    journal = tmp_path / "match.journal"
    summary, records = tmp_path / "s.json", tmp_path / "r.jsonl"
    args = [*match, "--workers", "2", "--journal", str(journal)]
    args += ["--summary", str(summary), "--records", str(records)]
    process = subprocess.Popen([sys.executable, "-m", "palace_poker", *args])
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _lines(journal) < 3:  # the header and 2 chunks
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=30) == 130
    kept = _lines(journal)
    assert 3 <= kept < 17, kept  # some chunks kept, not all sixteen
    assert not summary.exists()  # nothing half-written
    assert not records.exists()
    assert main(args) == 0  # the same command again
    resumed = json.loads(summary.read_text())
    assert deterministic(resumed) == deterministic(whole)
    assert records.read_text() == whole_records
    assert resumed["run"]["resumed_hands"] == 6 * (kept - 1)
    assert _lines(journal) == 17
    summary.unlink()
    records.unlink()
    assert main(args) == 0  # and once more: nothing is left to play
    assert deterministic(json.loads(summary.read_text())) == deterministic(whole)
    assert json.loads(summary.read_text())["run"]["resumed_hands"] == 96


def test_chunks_read_back_are_not_played_again(tmp_path: Path) -> None:
    whole, whole_records = _whole(tmp_path)
    config = ArenaConfig(
        tuple(SEATS.split(",")), hands=60, seed=4, rules=Rules.of(10), stack=2000, records=True
    )
    journal = tmp_path / "match.journal"
    kept = Journal.open(journal, config)
    for start in (12, 30, 36):  # three chunks out of order, with gaps between
        kept.add(play_chunk(Chunk(config, start, start + 6)))
    assert Journal.open(journal, config).missing(config.plan, 6) == [
        (0, 6), (6, 12), (18, 24), (24, 30), (42, 48), (48, 54), (54, 60)
    ]  # fmt: skip
    summary, records = tmp_path / "s.json", tmp_path / "r.jsonl"
    args = ["--journal", str(journal), "--summary", str(summary), "--records", str(records)]
    assert main([*MATCH, "--workers", "1", *args]) == 0
    assert deterministic(json.loads(summary.read_text())) == deterministic(whole)
    assert records.read_text() == whole_records
    assert json.loads(summary.read_text())["run"]["resumed_hands"] == 18
    assert _lines(journal) == 1 + 3 + 7


def test_a_resumed_match_keeps_its_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Begun without --seed (a random one), the same command goes on with the seed
    the journal has."""
    journal = tmp_path / "j"
    config = ArenaConfig(("random", "random", "random"), 60, 77, Rules.of(10), 2000)
    Journal.open(journal, config).add(play_chunk(Chunk(config, 0, 6)))
    args = ["arena", "--seats", "random,random,random", "--hands", "60", "--quiet"]
    assert main([*args, "--journal", str(journal)]) == 0
    assert "seed 77" in capsys.readouterr().out


def test_an_unfinished_last_line_is_cut_and_played_again(tmp_path: Path) -> None:
    config = ArenaConfig(("random", "random"), 8, 3, Rules.of(10), 400)
    journal = tmp_path / "j"
    Journal.open(journal, config).add(play_chunk(Chunk(config, 0, 4)))
    complete = journal.read_bytes()
    journal.write_bytes(complete + b'{"start": 4, "stop"')  # a run killed mid-write
    reopened = Journal.open(journal, config)
    assert journal.read_bytes() == complete
    assert [(r.start, r.stop) for r in reopened.done] == [(0, 4)]
    result = run_arena(config, journal=reopened, chunk_hands=4)
    assert (result.resumed, result.hands) == (4, 8)
    assert _lines(journal) == 3


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (["--seats", "random,heuristic,random"], "journal_mismatch"),
        (["--seed", "5"], "journal_mismatch"),
        (["--hands", "90"], "journal_mismatch"),
        (["--betting", "no-limit"], "journal_mismatch"),
        (["--stack", "500"], "journal_mismatch"),
        (["--variant", "short-deck"], "journal_mismatch"),
        (["--house", "struck=rank"], "journal_mismatch"),
    ],
)
def test_the_journal_of_another_match_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: list[str], code: str
) -> None:
    journal = tmp_path / "j"
    assert main([*MATCH, "--hands", "12", "--workers", "1", "--journal", str(journal)]) == 0
    before = journal.read_bytes()
    capsys.readouterr()
    args = [*MATCH, "--hands", "12", *change, "--journal", str(journal)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: [{code}]")
    assert "Traceback" not in err
    assert journal.read_bytes() == before


def test_records_are_not_made_up_for_a_journal_begun_without_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j"
    assert main([*MATCH, "--hands", "12", "--workers", "1", "--journal", str(journal)]) == 0
    records = tmp_path / "r.jsonl"
    args = ["--journal", str(journal), "--records", str(records)]
    assert main([*MATCH, "--hands", "12", *args]) == 2
    assert "[journal_mismatch]" in capsys.readouterr().err
    assert not records.exists()


def test_bad_journal_options_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    same = tmp_path / "same"
    assert main([*MATCH, "--journal", str(same), "--summary", str(same)]) == 2
    assert "[invalid_arena] --journal and --summary name the same file" in capsys.readouterr().err
    assert main([*MATCH, "--journal", str(tmp_path)]) == 2
    assert "[output_is_directory]" in capsys.readouterr().err
    assert main([*MATCH, "--journal", str(tmp_path / "no" / "j")]) == 2
    assert "[output_folder_missing]" in capsys.readouterr().err
    ladder = ["arena", "--ladder", "random,heuristic", "--hands", "4", "--quiet"]
    assert main([*ladder, "--journal", str(tmp_path / "j")]) == 2
    assert "[invalid_arena]" in capsys.readouterr().err
    not_ours = tmp_path / "notes.txt"
    not_ours.write_text("my notes\n")
    assert main([*MATCH, "--journal", str(not_ours)]) == 2
    assert "[journal_invalid]" in capsys.readouterr().err
    assert not_ours.read_text() == "my notes\n"
    assert not any(p.name.startswith(".") for p in tmp_path.iterdir())


CONFIG = ArenaConfig(("random", "random"), 8, 3, Rules.of(10), 400, records=True)


def _chunk_line() -> dict[str, Any]:
    from palace_poker.arena.journal import _to_json  # noqa: PLC0415 - the line as written

    data: dict[str, Any] = json.loads(json.dumps(_to_json(play_chunk(Chunk(CONFIG, 0, 4)))))
    return data


GOOD = _chunk_line()
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@settings(max_examples=examples(300), deadline=None)
@given(field=st.sampled_from(sorted(GOOD)), value=JSON)
def test_a_damaged_line_is_refused_with_its_number(field: str, value: object) -> None:
    """Any field of a chunk's line replaced by any JSON value: the journal is read
    (the value is a valid one) or refused as ``journal_invalid`` on line 2."""
    line = {**GOOD, field: value}
    text = json.dumps(_header()) + "\n" + json.dumps(line) + "\n"
    path = _scratch(text)
    error = _refusal(lambda: Journal.open(path, CONFIG))
    if error is not None:
        assert error.code == "journal_invalid", error
        assert error.details["line"] == 2
        assert path.read_text() == text


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused(data: bytes) -> None:
    path = _scratch(data)
    error = _refusal(lambda: Journal.open(path, CONFIG))
    if error is not None:
        assert error.code in ("journal_invalid", "journal_mismatch"), error


def _refusal(call: Callable[[], object]) -> ConfigError | None:
    """The ConfigError ``call`` raises, or None (any other exception fails the test)."""
    try:
        call()
    except ConfigError as err:
        return err
    return None


def _header() -> dict[str, Any]:
    from palace_poker.arena.journal import header  # noqa: PLC0415

    return header(CONFIG)


_SCRATCH: list[Path] = []


def _scratch(content: str | bytes) -> Path:
    import tempfile  # noqa: PLC0415

    if not _SCRATCH:
        _SCRATCH.append(Path(tempfile.mkdtemp()) / "journal")
    path = _SCRATCH[0]
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def test_the_header_names_its_format() -> None:
    assert _header()["format"] == FORMAT == "palace-arena-journal/1"
