"""``palace-poker play`` on a pseudo-terminal of 80 x 24: the table fits without
wrapping at 4 players, an ASCII-only terminal gets ``Ts`` cards instead of a
``UnicodeEncodeError``, and ``NO_COLOR`` turns the colours off."""

from __future__ import annotations

import errno
import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

CSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")
COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-7]|9[0-7]|38;[0-9;]+)m")
PROMPT = re.compile(
    r"(Your move|Your answer|Trim \(Enter keeps all\)|Enter: next hand . q: quit) > "
)
TAKE_TERMINAL = (
    "import fcntl, os, sys, termios; fcntl.ioctl(0, termios.TIOCSCTTY, 0); "
    "os.execv(sys.executable, [sys.executable, '-m', 'palace_poker', *sys.argv[1:]])"
)


def play(
    tmp_path: Path, *args: str, env: dict[str, str], answers: int = 12, rows: int = 24
) -> tuple[int, str]:
    """Run ``play`` on an 80 x ``rows`` pty answering stay/call/keep, ``answers``
    times, then quit; return the exit code and the raw output."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, 80, 0, 0))
    base = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    proc = subprocess.Popen(
        [sys.executable, "-c", TAKE_TERMINAL, "play", "--delay", "0", *args],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        cwd=tmp_path,
        env={**base, "TERM": "xterm-256color", **env},
        start_new_session=True,
    )
    os.close(slave)
    raw = b""
    seen = 0
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError as err:
                    if err.errno != errno.EIO:
                        raise
                    break
                if not chunk:
                    break
                raw += chunk
            text = CSI.sub("", raw.decode("utf-8", "replace")).replace("\r", "")
            found = PROMPT.search(text, seen)
            if found is None:
                continue
            seen = found.end()
            kind = found.group(1)
            if answers == 0:
                os.write(master, b"q\n")
                answers = -1
            elif answers > 0:
                answers -= 1
                reply = {"Your move": "stay", "Your answer": "call"}.get(kind, "")
                os.write(master, reply.encode() + b"\n")
        code = proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return code, raw.decode("utf-8", "replace")


def screens(raw: str) -> list[str]:
    """The lines printed, without escapes (one line of text each: the pty does
    not report a wrap, so a line longer than 80 would have wrapped)."""
    return CSI.sub("", raw).replace("\r", "").split("\n")


def tables(lines: list[str]) -> list[list[str]]:
    """Each table drawn: from its title to the 'Your hand' line."""
    found: list[list[str]] = []
    for i, line in enumerate(lines):
        if re.match(r"Hand \d+ [·-] limit", line):
            end = next(j for j in range(i, len(lines)) if lines[j].startswith("Pot "))
            found.append(lines[i : end + 1])
    return found


def decisions(lines: list[str]) -> list[list[str]]:
    """Each decision's screen: from the table's title to the prompt."""
    found: list[list[str]] = []
    for i, line in enumerate(lines):
        if re.match(r"Hand \d+ [·-] limit", line):
            end = next((j for j in range(i, len(lines)) if PROMPT.search(lines[j])), None)
            if end is not None and not lines[end].startswith("Enter"):
                found.append(lines[i : end + 1])
    return found


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_the_table_fits_80_by_24_at_4_players(tmp_path: Path, encoding: str) -> None:
    code, raw = play(
        tmp_path,
        "--players",
        "4",
        "--bots",
        "random,heuristic,random",
        "--seed",
        "21",
        env={"PYTHONIOENCODING": encoding},
    )
    lines = screens(raw)
    assert code == 0, raw[-2000:]
    assert "Traceback" not in raw
    assert "UnicodeEncodeError" not in raw
    assert max(len(line.rstrip()) for line in lines) <= 80
    drawn = tables(lines)
    assert drawn
    for table in drawn:
        assert len([row for row in table if re.match(r"^[0-3] ", row)]) == 4  # a line a seat
    for screen in decisions(lines):
        assert len(screen) <= 24, "\n".join(screen)  # the table, the menu and the prompt
    if encoding == "ascii":
        raw.encode("ascii")
        card = r"[2-9TJQKA][cdhs]"
        assert re.search(rf"Your palace: {card} {card} {card}\.", CSI.sub("", raw))
    else:
        assert re.search(r"Your palace: (.[♠♥♦♣] ){2}.[♠♥♦♣]\.", CSI.sub("", raw))


def test_ascii_flag_on_a_utf8_terminal_and_no_color(tmp_path: Path) -> None:
    code, raw = play(
        tmp_path,
        "--seed",
        "3",
        "--ascii",
        env={"PYTHONIOENCODING": "utf-8", "NO_COLOR": "1"},
        answers=4,
    )
    assert code == 0, raw[-2000:]
    assert not any(s in raw for s in "♠♥♦♣")
    assert not COLOUR.search(raw)


def test_colours_without_no_color(tmp_path: Path) -> None:
    code, raw = play(tmp_path, "--seed", "3", env={"PYTHONIOENCODING": "utf-8"}, answers=2)
    assert code == 0
    assert COLOUR.search(raw)


def test_ten_players_degrade_gracefully(tmp_path: Path) -> None:
    code, raw = play(
        tmp_path, "--players", "10", "--seed", "8", env={"PYTHONIOENCODING": "utf-8"}, answers=3
    )
    assert code == 0, raw[-2000:]
    lines = screens(raw)
    assert max(len(line.rstrip()) for line in lines) <= 80
    for table in tables(lines):
        assert len([row for row in table if re.match(r"^ ?\d ", row)]) == 10
