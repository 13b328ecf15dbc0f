"""palace_poker.outputs, the check and the writes behind every command's output files
(the commands themselves are tested in test_cli, test_terminal and test_arena)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from palace_poker import ERROR_CODES, PalaceError
from palace_poker.outputs import OutputError, check_output, mode_of, staged, write_text


def test_the_codes_are_listed_and_the_error_is_a_palace_error(tmp_path: Path) -> None:
    for code in ("output_folder_missing", "output_is_directory", "output_exists"):
        assert code in ERROR_CODES
    assert "output_unwritable" in ERROR_CODES
    existing = tmp_path / "a.jsonl"
    existing.write_text("")
    with pytest.raises(PalaceError) as caught:
        check_output(existing, "new", option="--save")
    assert isinstance(caught.value, OutputError)
    assert caught.value.to_dict()["details"] == {"path": str(existing), "option": "--save"}
    assert str(caught.value) == (
        f"[output_exists] --save {existing}: the file exists already (--force replaces it)"
    )


def test_modes_and_their_misuse(tmp_path: Path) -> None:
    assert check_output(tmp_path / "new.txt") == tmp_path / "new.txt"
    assert list(tmp_path.iterdir()) == []  # the check leaves nothing behind
    with pytest.raises(ValueError, match="exclude each other"):
        mode_of(force=True, append=True)
    with pytest.raises(ValueError, match="mode must be one of"):
        check_output(tmp_path / "x", "truncate")  # type: ignore[arg-type]
    appending = staged(tmp_path / "x", "append")
    with pytest.raises(ValueError, match="append with write_text"):
        appending.__enter__()


def test_an_unwritable_folder_is_refused_and_a_failed_write_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.jsonl"
    target.write_text("kept\n")
    real_open = os.open

    def read_only(path: str, flags: int, mode: int = 0o777) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, "Read-only file system")
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", read_only)
    with pytest.raises(OutputError) as caught:
        check_output(target, "replace", option="--save")
    assert caught.value.code == "output_unwritable"
    assert caught.value.message.endswith("cannot write: Read-only file system")
    with pytest.raises(OutputError, match=r"\[output_unwritable\]"):
        write_text(target, "new\n", "replace")
    monkeypatch.undo()

    def full_disk(self: Path, text: str, encoding: str | None = None) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", full_disk)
    with pytest.raises(OutputError, match="No space left on device"):
        write_text(target, "new\n", "replace")
    monkeypatch.undo()
    assert target.read_text() == "kept\n"
    assert list(tmp_path.iterdir()) == [target]  # the temporary file is gone


def test_a_file_that_appears_while_a_new_one_is_written_is_not_replaced(tmp_path: Path) -> None:
    target = tmp_path / "summary.json"

    def write_while_another_appears() -> None:
        with staged(target, "new") as temporary:
            temporary.write_text("the run's summary\n")
            target.write_text("someone else's\n")

    with pytest.raises(OutputError) as caught:
        write_while_another_appears()
    assert caught.value.code == "output_exists"
    assert target.read_text() == "someone else's\n"
    kept = [p for p in tmp_path.iterdir() if p != target]
    assert len(kept) == 1
    assert str(kept[0]) in caught.value.message  # the new content is not lost
    assert kept[0].read_text() == "the run's summary\n"


def test_a_link_is_followed_and_a_device_is_written_in_place(tmp_path: Path) -> None:
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    with pytest.raises(OutputError, match=r"\[output_exists\]"):
        check_output(link, "new")
    check_output(link, "replace")
    write_text(link, "new\n", "replace")
    assert link.is_symlink()
    assert real.read_text() == "new\n"
    write_text(link, "more\n", "append")
    assert real.read_text() == "new\nmore\n"
    write_text(link, "", "append")  # nothing to add: not even a newline
    assert real.read_text() == "new\nmore\n"
    devnull = Path(os.devnull)
    assert check_output(devnull, "new") == devnull  # writing to it destroys nothing
    write_text(devnull, "gone\n", "new")
    write_text(devnull, "gone\n", "append")
    assert devnull.exists()
    assert devnull.is_char_device()
