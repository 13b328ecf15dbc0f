"""The files the commands write: checked before anything is played, never half-written.

Every file a command was asked to write (``demo --save``, ``play --save``, the
arena's ``--out``, ``--summary``, ``--records`` and ``--plot``) goes through
:func:`check_output` before the first hand is dealt, so that a mistyped folder or
an existing file stops the command at once, with nothing played and nothing on
disk touched. A refusal is an :class:`OutputError` with a stable code:

* ``output_folder_missing``: the file's folder does not exist (it is never created
  behind the user's back), or is not a folder;
* ``output_is_directory``: the path names a folder, not a file;
* ``output_exists``: the file exists and the user said neither ``--force``
  (replace it) nor, where a command offers it, ``--append`` (add to its end);
* ``output_unwritable``: the folder or the file cannot be written (permissions, a
  read-only file system, a full disk).

Writing then never destroys what was there: a new or replaced file is written to
a temporary file in the same folder and renamed over the target only once it is
complete (:func:`staged`, :func:`write_text`); an appended file only grows.

The mode of a write is one of ``"new"`` (the file must not exist), ``"replace"``
(``--force``) and ``"append"`` (``--append``).

>>> from pathlib import Path
>>> check_output(Path("no/such/folder/game.jsonl"), "new", option="--save")
Traceback (most recent call last):
...
palace_poker.outputs.OutputError: [output_folder_missing] --save no/such/folder/game.jsonl: \
the folder no/such/folder does not exist (create it first)
>>> mode_of(force=True), mode_of(append=True), mode_of()
('replace', 'append', 'new')
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from palace_poker.errors import PalaceError

Mode = Literal["new", "replace", "append"]
MODES: tuple[Mode, ...] = ("new", "replace", "append")


class OutputError(PalaceError):
    """A file a command was asked to write that cannot, or may not, be written.

    ``details`` holds ``path`` (and ``option``, the command-line option that named
    it, when there is one).
    """


def add_flags(parser: argparse.ArgumentParser, *, append: bool, files: str = "FILE") -> None:
    """Add ``--force`` (and with ``append``, ``--append``, excluding each other): what
    the command does to an output file that exists already."""
    flags = parser.add_mutually_exclusive_group()
    flags.add_argument("--force", action="store_true", help=f"replace {files} if it exists")
    if append:
        flags.add_argument(
            "--append",
            action="store_true",
            help=f"add the new hands to the end of {files}, keeping the hands in it",
        )


def mode_of(*, force: bool = False, append: bool = False) -> Mode:
    """The mode that the ``--force`` and ``--append`` flags ask for."""
    if force and append:
        raise ValueError("--force and --append exclude each other")
    return "replace" if force else "append" if append else "new"


def _refuse(code: str, path: Path, option: str | None, why: str) -> OutputError:
    named = f"{option} {path}" if option else str(path)
    details: dict[str, str] = {"path": str(path)}
    if option:
        details["option"] = option
    return OutputError(code, f"{named}: {why}", details=details)


def _unwritable(path: Path, option: str | None, err: OSError) -> OutputError:
    return _refuse("output_unwritable", path, option, f"cannot write: {err.strerror}")


def check_output(
    path: Path, mode: Mode = "new", *, option: str | None = None, append_flag: bool = False
) -> Path:
    """Refuse an output that could not be written or would destroy a file; return it.

    Checked: the folder exists and is a folder (it is not created); the path is
    not a folder; an existing file is replaced only with mode ``"replace"`` and
    added to only with ``"append"``; the folder (or the file, when appending)
    accepts writing (a probe file is made and removed). Nothing else is made or
    changed. ``option`` names the
    command-line option in the message; ``append_flag`` says the command offers
    ``--append``, which the refusal of an existing file then mentions.
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    folder = path.parent
    if not folder.exists():
        raise _refuse(
            "output_folder_missing",
            path,
            option,
            f"the folder {folder} does not exist (create it first)",
        )
    if not folder.is_dir():
        raise _refuse("output_folder_missing", path, option, f"{folder} is not a folder")
    if path.is_dir():
        raise _refuse("output_is_directory", path, option, "it is a folder, not a file")
    exists = path.exists() or path.is_symlink()
    if exists and not _regular(path):
        return path  # a device or a pipe (/dev/null, a FIFO): written to, never replaced
    if exists and mode == "new":
        how = "--force replaces it" + (", --append adds to its end" if append_flag else "")
        raise _refuse("output_exists", path, option, f"the file exists already ({how})")
    try:
        if mode == "append" and exists:
            with path.open("a", encoding="utf-8"):
                pass  # opening to append changes nothing
        else:
            _probe(_target(path).parent)
    except OSError as err:
        raise _unwritable(path, option, err) from err
    return path


def _probe(folder: Path) -> None:
    """Create and remove a file in ``folder``: it accepts new files (and renames)."""
    probe = _temporary(folder / "probe")
    os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    os.unlink(probe)


def _target(path: Path) -> Path:
    """The file a write lands in: a symbolic link's target, not the link."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _temporary(path: Path) -> Path:
    """A hidden name beside ``path`` that no file has."""
    while True:
        candidate = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
        if not candidate.exists():
            return candidate


def _regular(path: Path) -> bool:
    """Whether ``path`` is a regular file or nothing yet (not a device, a pipe, ...)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:  # nothing there (or a dangling link): a regular file will be
        return True


@contextlib.contextmanager
def staged(path: Path, mode: Mode = "new", *, option: str | None = None) -> Iterator[Path]:
    """A temporary file beside ``path`` to write; it becomes ``path`` when the block
    ends without an error, and is removed when the block raises.

    Until then an existing ``path`` is untouched, so a run that fails or is
    interrupted half-way destroys nothing. With mode ``"new"``, a file that appeared
    at ``path`` meanwhile is not replaced: the refusal names the temporary file,
    which is kept. A path that is not a regular file (``/dev/null``, a named pipe)
    is written in place. Mode ``"append"`` is for :func:`write_text`.
    """
    if mode == "append":
        raise ValueError("staged() writes whole files; append with write_text()")
    target = _target(path)
    if not _regular(target):
        yield target
        return
    temporary = _temporary(target)
    try:
        os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except OSError as err:
        raise _unwritable(path, option, err) from err
    try:
        yield temporary
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    try:
        if target.exists():
            if mode == "new":
                raise _refuse(
                    "output_exists",
                    path,
                    option,
                    "a file appeared there while it was being written; the new one is "
                    f"kept as {temporary}",
                )
            os.chmod(temporary, stat.S_IMODE(target.stat().st_mode))
        os.replace(temporary, target)
    except OSError as err:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise _unwritable(path, option, err) from err


def write_text(path: Path, text: str, mode: Mode = "new", *, option: str | None = None) -> None:
    """Write ``text`` to ``path``: whole (through :func:`staged`) or, with mode
    ``"append"``, at the end of the file, on a new line.

    A failure is an :class:`OutputError` (``output_unwritable``); the file as it was
    is kept (an append that fails half-way may leave part of ``text`` at its end).
    """
    if mode != "append":
        with staged(path, mode, option=option) as temporary:
            try:
                temporary.write_text(text, encoding="utf-8")
            except OSError as err:
                raise _unwritable(path, option, err) from err
        return
    if not _regular(path):
        try:
            with path.open("a", encoding="utf-8") as stream:
                stream.write(text)
        except OSError as err:
            raise _unwritable(path, option, err) from err
        return
    try:
        with path.open("a+b") as handle:
            if text and handle.tell() > 0:
                handle.seek(-1, os.SEEK_END)
                if handle.read(1) != b"\n":
                    text = "\n" + text  # a last line without its newline stays a line
            handle.write(text.encode("utf-8"))
    except OSError as err:
        raise _unwritable(path, option, err) from err
