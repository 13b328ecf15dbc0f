"""The files ``palace-poker arena`` writes, checked before any hand is played.

``--out DIR`` names ``summary.json``, ``hands.jsonl`` and ``winnings.png`` in DIR
(:data:`OUT_FILES`), each of which ``--summary``, ``--records`` and ``--plot`` may
name elsewhere. Every one is checked before the first hand (its folder must exist;
a file that exists is replaced only with ``--force``), no two of them (nor the
``--journal``) may be one file, ``--out`` makes DIR itself (never its parents) and
removes it again if the run fails before writing into it, and the records are
streamed to a temporary file that replaces the named one only when the whole run is
written (:func:`palace_poker.outputs.staged`).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from palace_poker.arena.journal import read_seed
from palace_poker.arena.plan import ArenaConfig
from palace_poker.errors import ConfigError
from palace_poker.outputs import Mode, OutputError, check_output, staged

#: File names inside ``--out DIR``.
OUT_FILES = {"summary": "summary.json", "records": "hands.jsonl", "plot": "winnings.png"}


def paths_of(args: argparse.Namespace) -> dict[str, Path | None]:
    """Each output file by its option (``summary``, ``records``, ``plot``): the one
    its option names, else the one in ``--out DIR``, else none; a plot without
    matplotlib installed is refused here, before any hand."""
    paths: dict[str, Path | None] = {
        key: getattr(args, key) or (args.out / name if args.out is not None else None)
        for key, name in OUT_FILES.items()
    }
    if paths["plot"] is not None and importlib.util.find_spec("matplotlib") is None:
        raise ConfigError(
            "backend_unavailable",
            "--plot needs matplotlib: install the extra palace-poker[plot]",
            details={"plot": str(paths["plot"])},
        )
    return paths


def check_outputs(args: argparse.Namespace, paths: dict[str, Path | None], mode: Mode) -> bool:
    """Refuse, before any hand, an output that cannot be written or would replace a
    file without ``--force``; return whether the ``--out`` folder must be made.

    ``--out DIR`` makes DIR itself (never its parents) once everything is checked.
    """
    make_out = False
    out: Path | None = args.out
    if out is not None and any(p is not None and p.parent == out for p in paths.values()):
        if out.exists() and not out.is_dir():
            raise OutputError(
                "output_folder_missing",
                f"--out {out}: it is a file, not a folder",
                details={"path": str(out), "option": "--out"},
            )
        if not out.exists():
            check_output(out, "new", option="--out")  # its parent exists and takes it
            make_out = True
    for key, path in paths.items():
        if path is None:
            continue
        option = f"--{key}" if getattr(args, key) is not None else "--out"
        if not (make_out and path.parent == out):
            check_output(path, mode, option=option)
    refuse_shared_files(paths)
    return make_out


def refuse_shared_files(paths: dict[str, Path | None]) -> None:
    """Refuse two of the named files (by option, without its dashes) that are one
    file: the later would overwrite the earlier."""
    seen: dict[str, str] = {}
    for key, path in paths.items():
        if path is None:
            continue
        real = os.path.realpath(path)
        if real in seen:
            raise ConfigError(
                "invalid_arena",
                f"--{seen[real]} and --{key} name the same file {path}",
                details={"path": str(path)},
            )
        seen[real] = key


@contextlib.contextmanager
def outputs_made(out: Path | None, make: bool) -> Iterator[None]:
    """Make the ``--out`` folder; remove it again if the run fails and it is empty."""
    if not make or out is None:
        yield
        return
    try:
        out.mkdir(exist_ok=True)
    except OSError as err:
        raise OutputError(
            "output_unwritable",
            f"--out {out}: cannot make the folder: {err.strerror}",
            details={"path": str(out), "option": "--out"},
        ) from err
    try:
        yield
    except BaseException:
        with contextlib.suppress(OSError):
            out.rmdir()  # only when empty: nothing of the run was written
        raise


@contextlib.contextmanager
def records_file(path: Path | None, mode: Mode, option: str) -> Iterator[TextIO | None]:
    """The records file to stream the hands to: a temporary file that replaces
    ``path`` only when the whole run has been written."""
    if path is None:
        yield None
        return
    with staged(path, mode, option=option) as temporary:
        try:
            handle = temporary.open("w", encoding="utf-8")
        except OSError as err:
            raise OutputError(
                "output_unwritable",
                f"{option} {path}: cannot write: {err.strerror}",
                details={"path": str(path), "option": option},
            ) from err
        with handle:
            yield handle


def journal_config(
    args: argparse.Namespace, paths: dict[str, Path | None], config: ArenaConfig
) -> ArenaConfig | None:
    """With ``--journal``: the configuration it is kept for, with the match's seed
    (the journal's own when ``--seed`` is not given, so that the same command goes
    on with the same match)."""
    path: Path | None = args.journal
    if path is None:
        return None
    refuse_shared_files({"journal": path, **paths})
    if path.is_dir() or not path.exists():  # a journal to make (or a folder: refused)
        check_output(path, "new", option="--journal")
    seed = read_seed(path) if args.seed is None else None
    return dataclasses.replace(
        config, seed=config.seed if seed is None else seed, records=paths["records"] is not None
    )
