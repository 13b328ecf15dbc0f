"""The palace-poker command, run in-process (the subprocess runs are in test_record)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from palace_poker.cli import main

EXAMPLE = Path(__file__).parent / "data" / "format_example.json"


def test_demo_narrates_every_kind_of_event(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "5", "--players", "6", "--betting", "no-limit"]) == 0
    out = capsys.readouterr().out
    for phrase in ("antes", "flies the", "buys", "attacks", "calls", "wins the battle", "takes"):
        assert phrase in out, phrase
    assert "Game over after" in out


def test_demo_quiet_prints_a_line_a_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "g.jsonl"
    assert main(["demo", "--seed", "2", "--quiet", "--max-hands", "5", "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert out.count("== Hand") == 5
    assert len(saved.read_text().splitlines()) == 5
    assert main(["replay", str(saved)]) == 0


def test_replay_reports_ok_and_failures(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["actions"][3] = "2 bet 2"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    assert main(["replay", str(EXAMPLE), str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("ok 3 players, 12 actions, end last, stacks 1090 965 945")
    assert "FAIL action 3 '2 bet 2': [bad_target]" in lines[1]
    assert lines[1].endswith("(rule R-BET-1)")


def test_bad_settings_exit_2_with_the_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "11"]) == 2
    assert "[invalid_players]" in capsys.readouterr().err


def test_replay_of_unreadable_and_empty_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    record = json.loads(EXAMPLE.read_text())
    record["actions"] = []
    empty = tmp_path / "empty.json"
    empty.write_text(json.dumps(record))
    assert main(["replay", str(binary), str(empty)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("bin.json: FAIL cannot read: not UTF-8 text")
    assert "FAIL [record_incomplete]" in lines[1]
