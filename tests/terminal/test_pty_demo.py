"""The demo's pacing and the viewer's keys, through a pseudo-terminal (POSIX).

Timings are asserted one way only: a pause is never shorter than asked, so a run
on a terminal takes at least the pauses it owes; a run into a pipe, asked for
long pauses, must end long before them. The viewer's screens are read on
terminals of 100 x 30, 80 x 24 and 40 x 24, from a file at a path of 200
characters: whatever the clone's folder, every screen keeps its counters and keys.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from rich.cells import cell_len

from paths import EXAMPLE
from terminal_helpers import LONG_NAME, long_named_record, saved_at

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pty")

COMMAND = [sys.executable, "-m", "palace_poker"]
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07")


class Terminal:
    """A process whose stdin and stdout are a pseudo-terminal (100 x 30 unless
    told), started in ``cwd``; the size is the terminal's, not ``COLUMNS``'."""

    def __init__(
        self, *args: str, columns: int = 100, rows: int = 30, cwd: Path | None = None
    ) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        base = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env = {**base, "PYTHONIOENCODING": "utf-8", "TERM": "xterm"}
        self.process = subprocess.Popen(
            [*COMMAND, *args], stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env, cwd=cwd
        )
        os.close(slave)
        self.seen = ""

    def read_until(self, pattern: str, timeout: float = 30) -> str:
        """Output until ``pattern`` (a regex) is seen in what is new; return it all."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.seen[start:]):
            left = deadline - time.monotonic()
            assert left > 0, f"{pattern!r} not seen in {self.seen[start:][-500:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the process ended and closed the terminal
                    chunk = b""
                if not chunk:
                    assert re.search(pattern, self.seen[start:]), self.seen[start:][-500:]
                    break
                self.seen += chunk.decode("utf-8", "replace")
        return self.seen[start:]

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def finish(self, timeout: float = 30) -> tuple[int, str]:
        try:
            while True:
                ready, _, _ = select.select([self.master], [], [], 0.2)
                if not ready and self.process.poll() is not None:
                    break
                if ready and not os.read(self.master, 65536):
                    break
        except OSError:
            pass
        code = self.process.wait(timeout=timeout)
        assert self.process.stderr is not None
        err = self.process.stderr.read().decode()
        self.process.stderr.close()
        os.close(self.master)
        return code, err


def _actions(saved: Path) -> int:
    return sum(len(json.loads(line)["actions"]) for line in saved.read_text().splitlines())


def test_the_demo_pauses_between_moves_on_a_terminal(tmp_path: Path) -> None:
    saved = tmp_path / "g.jsonl"
    started = time.monotonic()
    term = Terminal("demo", "--seed", "2", "--hands", "1", "--pause", "0.1", "--save", str(saved))
    term.read_until(r"Battles won")
    code, err = term.finish()
    elapsed = time.monotonic() - started
    assert code == 0, err
    assert elapsed >= 0.1 * _actions(saved)  # at least one pause a move


def test_the_demo_does_not_pause_in_a_pipe(tmp_path: Path) -> None:
    saved = tmp_path / "g.jsonl"
    started = time.monotonic()
    done = subprocess.run(
        [*COMMAND, "demo", "--seed", "2", "--hands", "1", "--pause", "3", "--save", str(saved)],
        capture_output=True,
        check=False,
        timeout=120,
    )
    elapsed = time.monotonic() - started
    assert done.returncode == 0
    assert elapsed < 3 * _actions(saved) / 2  # the pauses would take far longer


def test_ctrl_c_in_the_demo_exits_130_without_a_traceback() -> None:
    term = Terminal("demo", "--seed", "2", "--pause", "2")
    term.read_until(r"== Hand 1")
    term.process.send_signal(signal.SIGINT)
    code, err = term.finish()
    assert code == 130
    assert err.strip() == "interrupted"


def _step(screen: str) -> int:
    steps = re.findall(r"step (\d+) \(", screen)
    assert steps, screen[-300:]
    return int(steps[-1])


def test_the_viewer_keys_move_through_the_hand() -> None:
    last = len(json.loads(EXAMPLE.read_text())["actions"])
    term = Terminal("show", str(EXAMPLE))
    assert _step(term.read_until(r"q quit")) == 0
    term.send("n")
    assert _step(term.read_until(r"q quit")) == 1
    term.send(" ")
    assert _step(term.read_until(r"q quit")) == 2
    term.send("\x1b[D")  # left arrow: back
    assert _step(term.read_until(r"q quit")) == 1
    term.send("G")
    assert _step(term.read_until(r"q quit")) == last
    term.send("b")
    assert _step(term.read_until(r"q quit")) == last - 1
    term.send("q")
    code, err = term.finish()
    assert code == 0, err


def _screen(output: str) -> list[str]:
    """The last screen drawn in ``output`` (after its last clearing), as plain lines."""
    return ANSI.sub("", output.rpartition("\x1b[2J")[2]).splitlines()


@pytest.mark.parametrize(("columns", "rows"), [(80, 24), (40, 24)])
def test_the_viewer_fits_a_small_terminal_whatever_the_path(
    columns: int, rows: int, tmp_path: Path
) -> None:
    path = saved_at(tmp_path, 200, json.dumps(long_named_record()))
    term = Terminal("show", path, "--as", LONG_NAME, columns=columns, rows=rows, cwd=tmp_path)
    for key in ("n", "G", "b"):
        lines = _screen(term.read_until(r"q quit"))
        assert len(lines) < rows, lines  # nothing scrolled off the top
        assert max(cell_len(line) for line in lines) <= columns, lines
        assert any("hand 1 of 1" in line for line in lines), lines
        assert any(re.search(r"\bstep \d+ \(", line) for line in lines), lines
        term.send(key)
    term.read_until(r"q quit")
    term.send("q")
    code, err = term.finish()
    assert code == 0, err
