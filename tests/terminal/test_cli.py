"""The palace-poker command, run in-process (the subprocess runs are in test_record)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from palace_poker.cli import main
from paths import EXAMPLE


def test_demo_narrates_every_kind_of_event(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["demo", "--seed", "5", "--players", "6", "--betting", "no-limit", "--hands", "20"])
        == 0
    )
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


# ------------------------------------------------------------- the save file


def _demo(*args: str) -> int:
    return main(["demo", "--seed", "3", "--quiet", "--max-hands", "3", *args])


def test_demo_save_into_a_missing_folder_is_refused_before_any_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "missing" / "dir" / "game.jsonl"
    assert _demo("--save", str(target)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing played, not even the table announced
    assert captured.err == (
        f"error: [output_folder_missing] --save {target}: the folder {target.parent} "
        "does not exist (create it first)\n"
    )
    assert list(tmp_path.iterdir()) == []  # no folder created either


def test_demo_save_refuses_an_existing_file_and_keeps_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.jsonl"
    saved.write_bytes(b"precious\r\n\xff")
    assert _demo("--save", str(saved)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"error: [output_exists] --save {saved}: the file exists")
    assert "--force replaces it, --append adds to its end" in captured.err
    assert captured.err.count("\n") == 1
    assert saved.read_bytes() == b"precious\r\n\xff"
    assert list(tmp_path.iterdir()) == [saved]


def test_demo_save_with_force_replaces_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.jsonl"
    saved.write_text("an older game\n")
    saved.chmod(0o640)
    assert _demo("--save", str(saved), "--force") == 0
    assert f"Saved 3 hands to {saved}." in capsys.readouterr().out
    assert len(saved.read_text().splitlines()) == 3
    assert "an older game" not in saved.read_text()
    assert saved.stat().st_mode & 0o777 == 0o640  # the file's permissions are kept
    assert list(tmp_path.iterdir()) == [saved]  # no temporary file left behind
    assert main(["replay", str(saved)]) == 0


def test_demo_save_with_append_adds_hands_that_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    saved = tmp_path / "game.jsonl"
    assert _demo("--save", str(saved)) == 0
    first = saved.read_text()
    assert len(first.splitlines()) == 3
    # A file whose last line lost its newline still gets the new hands on lines of their own.
    saved.write_text(first.rstrip("\n"))
    assert main(["demo", "--seed", "4", "--quiet", "--max-hands", "2", "--save", str(saved)]) == 2
    assert (
        main(
            ["demo", "--seed", "4", "--quiet", "--max-hands", "2", "--save", str(saved), "--append"]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert f"Added 2 hands to {saved}." in out
    text = saved.read_text()
    assert text.startswith(first)
    assert len(text.splitlines()) == 5
    assert main(["replay", str(saved)]) == 0
    assert capsys.readouterr().out.count(": ok ") == 5
    # --append to a file that does not exist yet starts it.
    fresh = tmp_path / "fresh.jsonl"
    assert _demo("--save", str(fresh), "--append") == 0
    assert len(fresh.read_text().splitlines()) == 3


def test_demo_save_to_a_folder_or_below_a_file_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert _demo("--save", str(tmp_path), "--force") == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"error: [output_is_directory] --save {tmp_path}: ")
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert _demo("--save", str(blocker / "game.jsonl")) == 2
    assert capsys.readouterr().err.startswith(
        f"error: [output_folder_missing] --save {blocker / 'game.jsonl'}: {blocker} is not a folder"
    )
    assert blocker.read_text() == "x"


def test_demo_force_and_append_exclude_each_other(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit) as stopped:
        _demo("--save", str(tmp_path / "g.jsonl"), "--force", "--append")
    assert stopped.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_demo_missing_folder_as_a_subprocess_plays_nothing(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "dir" / "game.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "palace_poker", "demo", "--seed", "1", "--save", str(target)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: [output_folder_missing] ")
    assert done.stderr.count("\n") == 1  # one line, no traceback
    assert not (tmp_path / "missing").exists()
